"""Hidden characters: zero-width, bidirectional controls, tags; read on the original text."""

from __future__ import annotations

import re
import unicodedata

from ..folding import Span, is_hidden, make_span, may_hide

HIDDEN_CHARS = "hidden_chars"

# folding.MAYBE_HIDDEN's characters as ranges for the standard engine, which skips ahead to
# them (the regex module's Unicode-property class is tested per character):
# tests/screening/test_hidden_ranges.py checks that both hold the same characters.
_RANGES = (
    (0x0, 0x8), (0xB, 0xC), (0xE, 0x1F), (0x7F, 0x9F), (0xAD, 0xAD), (0x34F, 0x34F),
    (0x600, 0x605), (0x61C, 0x61C), (0x6DD, 0x6DD), (0x70F, 0x70F), (0x890, 0x891),
    (0x8E2, 0x8E2), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F),
    (0x202A, 0x202E), (0x2060, 0x206F), (0x2800, 0x2800), (0x3164, 0x3164), (0xD800, 0xF8FF),
    (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFFB), (0x110BD, 0x110BD),
    (0x110CD, 0x110CD), (0x13430, 0x1343F), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF), (0xF0000, 0xFFFFD), (0x100000, 0x10FFFD),
)  # fmt: skip
HIDDEN_RANGES = re.compile("[" + "".join(f"\\U{a:08x}-\\U{b:08x}" for a, b in _RANGES) + "]")


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
