"""What is invisible: hidden characters by Unicode property, and the lines where one joins two words.

The bottom of screening's text handling: :mod:`.folding` drops these
characters from every view (and reads them as spaces where one joins two
words), :mod:`.detectors.hidden` reports them, :mod:`.normalise` and
:mod:`.contacts` compare texts without them.
"""

from __future__ import annotations

import functools
import re

import regex

# Invisible by property, not by list; tab, line feed and carriage return are ordinary text.
MAYBE_HIDDEN = regex.compile(
    r"[[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Co}\p{Cs}\p{Cc}\u2800\u3164\uffa0\u115f\u1160]"
    r"--[\t\n\r]]",
    regex.V1,
)

# MAYBE_HIDDEN's characters as ranges for the standard engine, which skips ahead to them
# (the regex module's Unicode-property class is tested per character):
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
"""MAYBE_HIDDEN for the standard engine: the same characters, found at C speed."""

_ASCII_HIDDEN = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def may_hide(text: str) -> bool:
    """Whether `text` may hold a hidden character (a quick search; ASCII has only controls)."""
    if text.isascii():
        return _ASCII_HIDDEN.search(text) is not None
    # The standard engine skips ahead to the same characters (~3x faster than the regex module).
    return HIDDEN_RANGES.search(text) is not None


@functools.lru_cache(maxsize=4096)
def is_hidden(ch: str) -> bool:
    """Invisible or formatting characters: default-ignorable, format, private use, controls, fillers."""
    return MAYBE_HIDDEN.match(ch) is not None


_JOINS_WORDS = regex.compile(r"\w" + MAYBE_HIDDEN.pattern + r"+\w", regex.V1)


def word_joins(text: str) -> list[tuple[int, int]]:
    """(start, end) of each line of `text` (or stretch of a long line, :func:`stretches`)
    in which a hidden character joins two words.

    Such a match stays within its line (neither a word character nor a hidden
    one is a line feed) and holds a hidden character: the standard engine skips
    ahead to those, and the regex module's pattern reads only their stretches.
    """
    out: list[tuple[int, int]] = []
    for start, end in stretches(text, HIDDEN_RANGES):
        if _JOINS_WORDS.search(text, start, end) is not None:
            out.append((start, end))
    return out


def lines(text: str, pattern: re.Pattern[str] | regex.Pattern[str]) -> list[tuple[int, int]]:
    """(start, end) of each line of `text` in which `pattern` is found (:func:`stretches`,
    long lines kept whole)."""
    return stretches(text, pattern, long=None)


LONG = 1_000
"""A line longer than this is read around its hits only (see :func:`stretches`)."""
READ = 300
"""How far either side of a hit in a long line its stretch reaches: past the sentence window
(``scan.LINE``) a match through the hit can span, then on to a sentence end."""
# Led by one class of the end marks (the engine skips ahead to them), then what follows
# the one it found: r"[.!?][\"')\]]*\s+|[。！？]+", about 2.5x faster on a long line.
SENTENCE_END = re.compile(r"[.!?。！？](?:(?<=[.!?])[\"')\]]*\s+|(?<=[。！？])[。！？]*)")


def stretches(
    text: str, pattern: re.Pattern[str] | regex.Pattern[str], long: int | None = LONG
) -> list[tuple[int, int]]:
    """(start, end) of the parts of `text` a reading of `pattern`'s hits needs: their lines,
    or in a line longer than `long` the whole sentences within READ characters of a hit.
    After a hit the search resumes at the end of its part, so a line with many hits costs
    one search, not one Python step per hit.

    An extra view (a hidden character read as a space, an encoded segment decoded) covers
    these: a 40 KB body on one line with one trick in it is read again around the
    trick, not whole. Overlapping stretches are joined.
    """
    out: list[tuple[int, int]] = []
    pos = 0
    while (m := pattern.search(text, pos)) is not None:
        start = text.rfind("\n", 0, m.start()) + 1
        end = text.find("\n", m.end())
        end = len(text) if end < 0 else end
        if long is not None and end - start > long:
            start, end = _sentence_start(text, start, m.start()), _sentence_end(text, m.end(), end)
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(end, out[-1][1]))
        else:
            out.append((start, end))
        pos = max(end, m.start() + 1)
    return out


def _sentence_start(text: str, first: int, at: int) -> int:
    """Where the sentence READ characters before `at` starts (or the white space before it),
    no earlier than `first`, the line's start."""
    lo = at - READ
    if lo <= first:
        return first
    ends = [m.end() for m in SENTENCE_END.finditer(text, max(first, lo - READ), lo)]
    if ends:
        return ends[-1]
    return text.rfind(" ", first, lo) + 1 or first


def _sentence_end(text: str, at: int, last: int) -> int:
    """Where the sentence READ characters after `at` ends (or the white space after it), no
    later than `last`, the line's end."""
    hi = at + READ
    if hi >= last:
        return last
    m = SENTENCE_END.search(text, hi, min(last, hi + READ))
    if m is not None:
        return m.end()
    space = text.find(" ", hi, last)
    return last if space < 0 else space
