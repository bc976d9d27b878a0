"""The characters a pattern cannot match without: a set test before a costly search.

Worked out from the parsed pattern: every match (look-aheads and look-behinds
included, which read the same text) holds at least one character of the set,
so a text holding none of them has no match and the search is skipped. Only
characters without case are used (CJK, digits, punctuation), so IGNORECASE
cannot make a character match that the set leaves out; where no such set can
be found the answer is None and the search always runs.

Parsing the long Chinese and Japanese alternations takes about 0.4 s, once per
process, on the first CJK text: before the release checks fork their workers,
on the critical path. So the sets of the patterns :func:`.folding.near_wide`
searches are worked out ahead, by ``make screening-tables`` (:func:`write_known`),
into ``required_known.py``, keyed by a hash of the pattern and its flags; a
pattern not found there (one edited since) is parsed as before, and a test says
when the table is out of date.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import json
import re
import re._constants as sre_c
import re._parser as sre_p
from pathlib import Path

from .required_known import KNOWN

__all__ = ["needed_chars", "needed_class"]

# The patterns folding.near_wide searches (module, name): their sets are in required_known.py.
NEAR_WIDE = (
    ("knowledge_repo.screening.detectors.instruction_cjk", "ZH_OTHER"),
    ("knowledge_repo.screening.detectors.instruction_cjk", "JA_OTHER"),
    ("knowledge_repo.screening.detectors.people", "_PRED_CJK"),
    ("knowledge_repo.screening.detectors.people", "_REF_CJK"),
    ("knowledge_repo.screening.detectors.people", "_BARE_NAME_CJK"),
)
PARSED: set[str] = set()
"""Keys of the patterns this process had to parse (not in the table)."""

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


def key(pattern: str, flags: int) -> str:
    """The table's key of a pattern: a hash of its flags and text."""
    return hashlib.blake2b(f"{flags}:{pattern}".encode(), digest_size=16).hexdigest()


def parsed(pattern: str, flags: int) -> _Need:
    """The set worked out from the parsed pattern (what the table holds)."""
    return _of_sequence(sre_p.parse(pattern, flags))


@functools.cache
def _needed(pattern: str, flags: int) -> _Need:
    at = key(pattern, flags)
    if at in KNOWN:
        known = KNOWN[at]
        return None if known is None else frozenset(known)
    PARSED.add(at)
    return parsed(pattern, flags)


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


def near_wide_patterns() -> list[re.Pattern[str]]:
    return [getattr(importlib.import_module(m), name) for m, name in NEAR_WIDE]


TABLE = Path(__file__).with_name("required_known.py")


def write_known(path: Path = TABLE) -> None:
    """Work out the sets of the near_wide patterns and write the table (``make screening-tables``)."""
    lines = [
        '"""The characters every match of each near_wide pattern needs, worked out ahead.',
        "",
        "Generated by ``make screening-tables`` (required.write_known): do not edit.",
        '"""',
        "",
        "KNOWN: dict[str, str | None] = {",
    ]
    for pattern in near_wide_patterns():
        need = parsed(pattern.pattern, pattern.flags)
        value = "None" if need is None else json.dumps("".join(sorted(need)), ensure_ascii=False)
        lines.append(f'    "{key(pattern.pattern, pattern.flags)}": {value},')
    path.write_text("\n".join([*lines, "}", ""]), encoding="utf-8")
