"""Search keys: the wordings visitors used for a question, carried by the record that answers it.

The record of an answered gap group lists its visitors' own questions in
``search_keys`` (front matter; the reader weighs them into selection), so the
next visitor who asks in any of those wordings or languages gets the record.
Wordings are visitors' text: each goes through the screening layer and one
with anything a person must look at (personal data, an instruction, hidden
characters, a claim about a person, forged structure) is left out; the rest
are capped in number and length.
"""

from __future__ import annotations

from collections.abc import Iterable

from knowledge_repo import screening
from knowledge_repo.screening.normalise import normalise_text

MAX_SEARCH_KEYS = 24
KEY_CHARS = 200


def search_keys(wordings: Iterable[str], *, exclude: Iterable[str] = ()) -> list[str]:
    """Screened, distinct, capped wordings (first come first), leaving out `exclude` (a name)."""
    seen = {normalise_text(text) for text in exclude}
    keys: list[str] = []
    for wording in wordings:
        text = " ".join(wording.split())
        if not text or len(text) > KEY_CHARS:
            continue
        norm = normalise_text(text)
        if norm in seen:
            continue
        spans = screening.screen([("search_keys", text)])
        if screening.high_risk(spans) or any(s["kind"] == screening.TEMPORARY for s in spans):
            continue
        seen.add(norm)
        keys.append(text)
        if len(keys) >= MAX_SEARCH_KEYS:
            break
    return keys
