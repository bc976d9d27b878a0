"""Where to search a long text: the sentences that hold one of a pattern's gate words.

A pattern of the instruction detectors matches within one sentence and holds one of
its gate words. On a long text (a 40 KB body) running it over the whole text costs
its per-position work everywhere; looking up the few gate words present (str.find)
and searching only their sentences costs a fraction (issue 23, round 20).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from ..folding import Hit

CYRILLIC = re.compile(r"[\u0400-\u04ff]")
"""Whether a text holds Cyrillic letters (the Russian patterns are tried only then)."""
LATIN_WORD = re.compile(r"[A-Za-z]{2}")
"""Whether a text holds a Latin word (the Latin-script languages' patterns are tried only then)."""

_LONG = 400
_ENDS = ".!?\n"
_CJK_ENDS = "。!?\n"


def cjk_sentence_start(text: str, at: int, reach: int = 200) -> int:
    """Where the sentence holding ``text[at]`` starts: after the last 。, !, ? or line break
    within ``reach`` characters before it (the folded view's sentence ends)."""
    return max(text.rfind(mark, max(0, at - reach), at) for mark in _CJK_ENDS) + 1


_REACH = 300


def sentences(lower: str, present: frozenset[str]) -> list[tuple[int, int]]:
    """The sentences of a long lower-cased text that hold one of `present`'s words (merged, in order).

    A sentence reaches at most _REACH characters either side of the word (every match is
    shorter), and runs on over a line break after a comma (a clause that goes on).
    """
    found = []
    for word in present:
        at = lower.find(word)
        while at >= 0:
            end = at + len(word)
            if not (at and lower[at - 1].isalpha()) and not (
                end < len(lower) and lower[end].isalpha()
            ):
                found.append(at)
            at = lower.find(word, end)
    spans: list[tuple[int, int]] = []
    for at in sorted(found):
        if spans and at < spans[-1][1]:
            continue
        low, high = max(0, at - _REACH), min(len(lower), at + _REACH)
        start = max(lower.rfind(c, low, at) for c in _ENDS)
        stop = at
        while True:
            stops = [e for e in (lower.find(c, stop, high) for c in _ENDS) if e >= 0]
            stop = min(stops) + 1 if stops else high
            if (
                stop >= high
                or lower[stop - 1] != "\n"
                or not lower[low:stop].rstrip().endswith(",")
            ):
                break
        spans.append((start + 1 if start >= 0 else low, stop))
    return spans


def spans_of(text: str, present: frozenset[str]) -> list[tuple[int, int]]:
    """Where to search: a short text at once, a long one only in the sentences holding a word."""
    if len(text) <= _LONG:
        return [(0, len(text))]
    lower = _lower(text)
    return sentences(lower, present) if len(lower) == len(text) else [(0, len(text))]


@functools.lru_cache(maxsize=4)
def _lower(text: str) -> str:
    return text.lower()


def gated_hits(
    text: str,
    words: frozenset[str],
    parts: Iterable[tuple[frozenset[str], re.Pattern[str]]],
    reason: str,
) -> list[Hit]:
    """The matches of each (gate words, pattern) part, searched where its gate words are (`spans_of`)."""
    return [
        (m.start(), m.end(), reason)
        for needed, pattern in parts
        for start, end in spans_of(text, words & needed)
        for m in pattern.finditer(text, start, end)
    ]
