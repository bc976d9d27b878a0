"""A word diff of two texts, for the audit log: whole texts, the changed words marked."""

from __future__ import annotations

import difflib
import re
from typing import Any

# Words and the whitespace between them, so that joining the pieces gives the text back.
_PIECES = re.compile(r"\s+|[^\s]+")


def word_diff(old: Any, new: Any) -> list[tuple[str, str]]:
    """(op, text) pieces covering both texts whole: op is "same", "del" or "ins"."""
    a = _PIECES.findall("" if old is None else str(old))
    b = _PIECES.findall("" if new is None else str(new))
    pieces: list[tuple[str, str]] = []
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            pieces.append(("same", "".join(a[i1:i2])))
            continue
        if i2 > i1:
            pieces.append(("del", "".join(a[i1:i2])))
        if j2 > j1:
            pieces.append(("ins", "".join(b[j1:j2])))
    return pieces
