"""Hidden characters: zero-width, bidirectional controls, tags; read on the original text."""

from __future__ import annotations

import unicodedata

from ..folding import Span, make_span
from ..invisible import HIDDEN_RANGES, is_hidden, may_hide

HIDDEN_CHARS = "hidden_chars"


def hidden_characters(text: str, field: str = "body") -> list[Span]:
    """Zero-width, bidirectional-control and other invisible characters, one span per run."""
    # Only the characters the quick pattern finds can be hidden; runs are joined when adjacent.
    runs: list[list[int]] = []
    for m in HIDDEN_RANGES.finditer(text) if may_hide(text) else ():
        i = m.start()
        if not is_hidden(text[i]):
            continue
        if runs and runs[-1][1] == i:
            runs[-1][1] = i + 1
        else:
            runs.append([i, i + 1])
    spans: list[Span] = []
    for start, end in runs:
        names = sorted({unicodedata.name(c, f"U+{ord(c):04X}") for c in text[start:end]})
        spans.append(
            make_span(
                HIDDEN_CHARS, field, start, end, text, "hidden characters: " + ", ".join(names)
            )
        )
    return spans
