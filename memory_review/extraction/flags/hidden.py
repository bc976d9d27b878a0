"""Hidden characters: zero-width, bidirectional controls, tags; read on the original text."""

from __future__ import annotations

import unicodedata

from ._text import MAYBE_HIDDEN, Span, is_hidden, make_span

HIDDEN_CHARS = "hidden_chars"


def hidden_characters(text: str, field: str = "body") -> list[Span]:
    """Zero-width, bidirectional-control and other invisible characters, one span per run."""
    if not MAYBE_HIDDEN.search(text):
        return []
    spans: list[Span] = []
    start = None
    for i, ch in enumerate(text + "a"):
        hidden = i < len(text) and is_hidden(ch)
        if hidden and start is None:
            start = i
        elif not hidden and start is not None:
            names = sorted({unicodedata.name(c, f"U+{ord(c):04X}") for c in text[start:i]})
            spans.append(
                make_span(
                    HIDDEN_CHARS, field, start, i, text, "hidden characters: " + ", ".join(names)
                )
            )
            start = None
    return spans
