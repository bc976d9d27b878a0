"""The characters a pattern cannot match without: a set test before a costly search.

Worked out from the parsed pattern: every match (look-aheads and look-behinds
included, which read the same text) holds at least one character of the set,
so a text holding none of them has no match and the search is skipped. Only
characters without case are used (CJK, digits, punctuation), so IGNORECASE
cannot make a character match that the set leaves out; where no such set can
be found the answer is None and the search always runs.
"""

from __future__ import annotations

import functools
import re
import re._constants as sre_c
import re._parser as sre_p

__all__ = ["needed_chars", "needed_class"]

_Need = frozenset[str] | None
_MAX_RANGE = 256


def _caseless(ch: str) -> bool:
    return ch.lower() == ch == ch.upper() and ch.casefold() == ch


def _cost(need: frozenset[str]) -> int:
    """How often a set is likely met in text: its size, ASCII characters (",", ":") counting most."""
    return sum(1 if ord(c) > 0x7F else 100 for c in need)


def _of_sequence(items: sre_p.SubPattern | list) -> _Need:
    """The rarest set among the sequence's mandatory items (each of them must match)."""
    best: _Need = None
    for op, av in items:
        need = _of_item(op, av)
        if need is not None and (best is None or _cost(need) < _cost(best)):
            best = need
    return best


def _of_item(op: object, av: object) -> _Need:
    if op is sre_c.LITERAL:
        ch = chr(av)  # type: ignore[arg-type]
        return frozenset(ch) if _caseless(ch) else None
    if op is sre_c.IN:
        return _of_set(av)  # type: ignore[arg-type]
    if op is sre_c.BRANCH:
        found: set[str] = set()
        for branch in av[1]:  # type: ignore[index]
            need = _of_sequence(branch)
            if need is None:
                return None
            found |= need
        return frozenset(found)
    if op is sre_c.SUBPATTERN:
        return _of_sequence(av[3])  # type: ignore[index]
    if op is sre_c.ATOMIC_GROUP:
        return _of_sequence(av)  # type: ignore[arg-type]
    if op in (sre_c.MAX_REPEAT, sre_c.MIN_REPEAT, sre_c.POSSESSIVE_REPEAT):
        return _of_sequence(av[2]) if av[0] >= 1 else None  # type: ignore[index,operator]
    if op is sre_c.ASSERT:  # a look-ahead or look-behind that must hold reads the text too
        return _of_sequence(av[1])  # type: ignore[index]
    return None  # ASSERT_NOT, anchors, group references, ANY …: nothing required


def _of_set(items: list) -> _Need:
    found: set[str] = set()
    for op, av in items:
        if op is sre_c.LITERAL:
            found.add(chr(av))
        elif op is sre_c.RANGE and av[1] - av[0] < _MAX_RANGE:
            found.update(chr(c) for c in range(av[0], av[1] + 1))
        else:
            return None  # NEGATE, categories, wide ranges
    return frozenset(found) if all(_caseless(c) for c in found) else None


@functools.cache
def _needed(pattern: str, flags: int) -> _Need:
    return _of_sequence(sre_p.parse(pattern, flags))


def needed_chars(pattern: re.Pattern[str]) -> _Need:
    """Characters at least one of which is in every text `pattern` matches, or None if unknown."""
    return _needed(pattern.pattern, pattern.flags)


@functools.cache
def _class(pattern: str, flags: int) -> re.Pattern[str] | None:
    need = _needed(pattern, flags)
    if need is None:
        return None
    return re.compile("[" + "".join(map(re.escape, sorted(need))) + "]" if need else "(?!)")


def needed_class(pattern: re.Pattern[str]) -> re.Pattern[str] | None:
    """:func:`needed_chars` as one character class: searched at C speed, no object per character."""
    return _class(pattern.pattern, pattern.flags)
