"""Input formats. Each module is pure: `NAME`, `detect(obj)`, and `parse(obj)` returning a
`NormalizedConversation` (or, for formats whose conversations span records, a
`Collector`). Adding a format means one new module and one line in `FORMATS`.

Detection tries the formats in this order; the first whose `detect` accepts a record
reads it, so more specific formats come before the generic `native`.
"""

from types import ModuleType
from typing import Any

from . import anthropic, native, openai, sharegpt, transcript
from .base import FormatError, NormalizedConversation, NormalizedMessage

FORMATS: list[ModuleType] = [transcript, sharegpt, openai, anthropic, native]
BY_NAME: dict[str, ModuleType] = {f.NAME: f for f in FORMATS}


def detect(obj: Any) -> ModuleType | None:
    if not isinstance(obj, dict):
        return None
    for module in FORMATS:
        if module.detect(obj):
            return module
    return None


__all__ = [
    "BY_NAME",
    "FORMATS",
    "FormatError",
    "NormalizedConversation",
    "NormalizedMessage",
    "detect",
]
