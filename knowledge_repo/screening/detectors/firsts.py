"""Look-aheads on the characters a pattern can start with, so that alternatives fail fast.

Python's engine tries every alternative of an alternation at every position,
and an alternative whose first group holds thirty words tries each of them.
Led by a look-ahead on the set of characters it can start with (worked out
from the parsed pattern), it fails on one character-set test at most
positions. A pattern that may start with any character, or match the empty
string, is left as it is.
"""

from __future__ import annotations

import re
import re._constants as sre_c
import re._parser as sre_p
from collections.abc import Callable

# What ``\s`` matches in a str pattern: every character str.isspace() holds (U+2028, U+1680,
# U+0085 … as well as the ASCII spaces); all of them lie below U+3001.
_SPACE = "".join(chr(c) for c in range(0x3001) if chr(c).isspace())
_Firsts = frozenset[str] | None  # None: any character may start a match
_Starts = tuple[str, ...] | None  # what a match can start with, in parts; None: anything
_Leaf = Callable[[object, object], _Starts]


def _starts(items: sre_p.SubPattern | list, leaf: _Leaf) -> tuple[_Starts, bool]:
    """What a match of the parsed items can start with, as `leaf` gives it for each literal or
    class they can start with, and whether they can match empty (a tree walk shared by the
    first characters of :func:`led` and the classes of :func:`quick`)."""
    found: list[str] = []
    for op, av in items:
        parts, empty = _starts_of_item(op, av, leaf)
        if parts is None:
            return None, False
        found += parts
        if not empty:
            return tuple(found), False
    return tuple(found), True


def _starts_of_item(op: object, av: object, leaf: _Leaf) -> tuple[_Starts, bool]:
    if op is sre_c.LITERAL or op is sre_c.IN:
        return leaf(op, av), False
    if op is sre_c.BRANCH:
        found: list[str] = []
        empty = False
        for branch in av[1]:  # type: ignore[index]
            parts, branch_empty = _starts(branch, leaf)
            if parts is None:
                return None, False
            found += parts
            empty = empty or branch_empty
        return tuple(found), empty
    if op is sre_c.SUBPATTERN:
        return _starts(av[3], leaf)  # type: ignore[index]
    if op is sre_c.ATOMIC_GROUP:
        return _starts(av, leaf)  # type: ignore[arg-type]
    if op in (sre_c.MAX_REPEAT, sre_c.MIN_REPEAT, sre_c.POSSESSIVE_REPEAT):
        parts, empty = _starts(av[2], leaf)  # type: ignore[index]
        return parts, empty or av[0] == 0  # type: ignore[index]
    if op in (sre_c.AT, sre_c.ASSERT, sre_c.ASSERT_NOT):
        return (), True  # zero-width
    return None, False


def _firsts_of(items: sre_p.SubPattern | list) -> tuple[_Firsts, bool]:
    """The characters a sequence of parsed items can start with, and whether it can match empty."""
    chars, empty = _starts(items, _first_chars)
    return (None if chars is None else frozenset(chars)), empty


def _first_chars(op: object, av: object) -> _Starts:
    if op is sre_c.LITERAL:
        return (chr(av),)  # type: ignore[arg-type]
    found = _firsts_of_set(av)  # type: ignore[arg-type]
    return None if found is None else tuple(found)


def _firsts_of_set(items: list) -> _Firsts:
    found: set[str] = set()
    for op, av in items:
        if op is sre_c.LITERAL:
            found.add(chr(av))
        elif op is sre_c.RANGE and av[1] - av[0] < 256:
            found.update(chr(c) for c in range(av[0], av[1] + 1))
        elif op is sre_c.CATEGORY and av is sre_c.CATEGORY_SPACE:
            found.update(_SPACE)
        else:
            return None
    return frozenset(found)


def led(pattern: str) -> str:
    """The pattern behind a look-ahead on its first characters, when they can be worked out."""
    firsts, empty = _firsts_of(sre_p.parse(pattern, re.IGNORECASE))
    if firsts is None or empty or not firsts:
        return f"(?:{pattern})"
    return f"(?=[{''.join(re.escape(c) for c in sorted(firsts))}])(?:{pattern})"


def _adds_case(items: sre_p.SubPattern | list) -> bool:
    """Whether a group in the parsed items turns IGNORECASE on (``(?i:…)``)."""
    for op, av in items:
        if op is sre_c.SUBPATTERN and (av[1] & re.IGNORECASE or _adds_case(av[3])):  # type: ignore[index]
            return True
        if op is sre_c.BRANCH and any(_adds_case(b) for b in av[1]):  # type: ignore[index]
            return True
        if op in (sre_c.MAX_REPEAT, sre_c.MIN_REPEAT, sre_c.POSSESSIVE_REPEAT) and _adds_case(
            av[2]  # type: ignore[index]
        ):
            return True
        if op in (sre_c.ASSERT, sre_c.ASSERT_NOT) and _adds_case(av[1]):  # type: ignore[index]
            return True
        if op is sre_c.ATOMIC_GROUP and _adds_case(av):  # type: ignore[arg-type]
            return True
    return False


_Class = tuple[str, ...] | None  # parts of a character class; None: any character


def _class_of(items: sre_p.SubPattern | list) -> tuple[_Class, bool]:
    """A character class (its parts) holding every character a match of the parsed items can
    start with, and whether they can match empty. Categories stay categories (``\\d``, ``\\s``),
    so the class is exact however wide; a negated class or ``.`` gives None."""
    return _starts(items, _class_parts)


_CATEGORIES = {sre_c.CATEGORY_DIGIT: r"\d", sre_c.CATEGORY_SPACE: r"\s", sre_c.CATEGORY_WORD: r"\w"}


def _class_parts(op: object, av: object) -> _Class:
    if op is sre_c.LITERAL:
        return (re.escape(chr(av)),)  # type: ignore[arg-type]
    parts: list[str] = []
    for kind, value in av:  # type: ignore[attr-defined]
        if kind is sre_c.LITERAL:
            parts.append(re.escape(chr(value)))
        elif kind is sre_c.RANGE:
            parts.append(f"{re.escape(chr(value[0]))}-{re.escape(chr(value[1]))}")
        elif kind is sre_c.CATEGORY and value in _CATEGORIES:
            parts.append(_CATEGORIES[value])
        else:
            return None  # a negated class, another category
    return tuple(parts)


def quick(pattern: re.Pattern[str]) -> re.Pattern[str]:
    """`pattern` behind a look-ahead on the characters its matches can start with: the same matches.

    The engine tries a pattern at every position, and an alternation of case-insensitive
    words tries each word there (a letter with case gets no quick first-character test), so
    one class test first fails most positions at a fraction of the cost. The pattern is
    returned as it is when its first characters cannot be worked out (a negated class, any
    character), when it can match the empty string, or when it turns IGNORECASE on inside
    (the class would then miss the other case).
    """
    parsed = sre_p.parse(pattern.pattern, pattern.flags)
    first = parsed.data[0] if len(parsed.data) else None
    while first is not None and first[0] is sre_c.SUBPATTERN and len(first[1][3].data):
        first = first[1][3].data[0]
    if first is not None and first[0] in (sre_c.LITERAL, sre_c.IN):
        return pattern  # the engine tests its first character already (and skips ahead to it)
    parts, empty = _class_of(parsed)
    if parts is None or empty or not parts:
        return pattern
    if not pattern.flags & re.IGNORECASE and _adds_case(parsed):
        return pattern
    head = "".join(dict.fromkeys(parts))
    # Global flags ("(?m)") must stay at the start; they are in pattern.flags already.
    body = _GLOBAL_FLAGS.sub("", pattern.pattern)
    return re.compile(f"(?=[{head}])(?:{body})", pattern.flags)


_GLOBAL_FLAGS = re.compile(r"^(?:\(\?[aiLmsux]+\))+")


_BRANCHING = 3
"""Alternatives per node of :func:`alternation`'s tree (3 measured fastest on CJK text)."""


def _head(firsts: set[str] | frozenset[str]) -> str:
    return "".join(re.escape(c) for c in sorted(firsts))


_Pairs = frozenset[str] | None  # what a match can start with, two characters at a time
_MAX_PAIRS = 20_000


def _pairs_of(items: sre_p.SubPattern | list) -> _Pairs:
    """Every two-character start a match of the parsed items can have, when every match is two
    characters long or more and its first two are literals or classes (else None)."""
    starts = _prefixes(items)
    if starts is None or any(len(start) < 2 for start in starts):
        return None
    return frozenset(starts)


def _prefixes(items: sre_p.SubPattern | list) -> set[str] | None:
    """The strings of up to two characters a match of the items can start with; one shorter
    than two where a match may end there. None when a start cannot be worked out."""
    out = {""}
    for op, av in items:
        if all(len(start) >= 2 for start in out):
            break
        nxt = _prefixes_of_item(op, av)
        if nxt is None:
            return None
        out = {s if len(s) >= 2 else (s + t)[:2] for s in out for t in nxt}
        if len(out) > _MAX_PAIRS:
            return None
    return out


def _prefixes_of_item(op: object, av: object) -> set[str] | None:
    if op is sre_c.LITERAL or op is sre_c.IN:
        chars = _first_chars(op, av)
        return None if chars is None else set(chars)
    if op is sre_c.BRANCH:
        found: set[str] = set()
        for branch in av[1]:  # type: ignore[index]
            starts = _prefixes(branch)
            if starts is None:
                return None
            found |= starts
        return found
    if op is sre_c.SUBPATTERN:
        return _prefixes(av[3])  # type: ignore[index]
    if op in (sre_c.MAX_REPEAT, sre_c.MIN_REPEAT, sre_c.POSSESSIVE_REPEAT):
        low: int = av[0]  # type: ignore[index]
        high: int = av[1]  # type: ignore[index]
        one = _prefixes(av[2])  # type: ignore[index]
        if one is None:
            return None
        found = {""} if low == 0 else set()
        run = {""}
        for times in range(1, min(high, 2) + 1):  # two repeats give every two-character start
            run = {(a + b)[:2] for a in run for b in one}
            if times >= low or times == 2:
                found |= run
        return found
    if op in (sre_c.AT, sre_c.ASSERT, sre_c.ASSERT_NOT):
        return {""}  # zero-width: reads no character of the match
    return None


def _lead(firsts: frozenset[str], seconds: frozenset[str] | None) -> str:
    """A look-ahead on the first characters, and on the second ones when they are known."""
    if seconds is None:
        return f"(?=[{_head(firsts)}])"
    return f"(?=[{_head(firsts)}][{_head(seconds)}])"


def alternation(patterns: list[str]) -> str:
    """The patterns as one alternation, each led by its first characters, grouped as a tree.

    Alternatives with like first characters are put side by side (:func:`_clustered`,
    which changes no match), then grouped in threes, each group led by the union
    of their first characters, then the groups in threes again, up to one
    look-ahead on the union of all: at a position where few alternatives can
    start, the engine tests a few look-aheads instead of one per alternative.
    Where every match of every alternative below a node is two characters long or
    more and its first two can be worked out, the node's look-ahead tests the second
    character too (about a quarter of the positions the first lets through on
    Chinese text pass both: 15-25% off the Chinese and Japanese patterns).
    The matches are the same as those of the flat alternation. The tree is left
    out if any pattern may start with any character.
    """
    items: list[tuple[frozenset[str], str]] = []
    seconds_of: dict[str, frozenset[str] | None] = {}
    for pattern in patterns:
        parsed = sre_p.parse(pattern, re.IGNORECASE)
        firsts, empty = _firsts_of(parsed)
        if firsts is None or empty:
            return "|".join(led(p) for p in patterns)
        pairs = _pairs_of(parsed)
        seconds = None if pairs is None else frozenset(pair[1] for pair in pairs)
        leaf = f"{_lead(firsts, seconds)}(?:{pattern})"
        seconds_of[leaf] = seconds
        items.append((firsts, leaf))
    nodes = [(f, r, seconds_of[r]) for f, r in _clustered(items)]
    while len(nodes) > _BRANCHING:
        grouped = []
        for i in range(0, len(nodes), _BRANCHING):
            group = nodes[i : i + _BRANCHING]
            union, seconds = _unions(group)
            body = "|".join(r for _, r, _ in group)
            grouped.append((union, f"{_lead(union, seconds)}(?:{body})", seconds))
        nodes = grouped
    union, seconds = _unions(nodes)
    return _lead(union, seconds) + "(?:" + "|".join(r for _, r, _ in nodes) + ")"


def _unions(
    nodes: list[tuple[frozenset[str], str, frozenset[str] | None]],
) -> tuple[frozenset[str], frozenset[str] | None]:
    """The first characters of any of the nodes; their second ones if every node's are known."""
    union = frozenset().union(*(f for f, _, _ in nodes))
    seconds = [s for _, _, s in nodes if s is not None]
    if len(seconds) < len(nodes):
        return union, None
    return union, frozenset().union(*seconds)


_CASED = "cased"  # stands for every letter with case: IGNORECASE may equate any two


def _clustered(items: list[tuple[frozenset[str], str]]) -> list[tuple[frozenset[str], str]]:
    """The alternatives reordered so that those with like first characters stand together.

    Two alternatives that can start with the same character keep their order: where
    both can match, the first still wins. Two that cannot are never both tried past
    their look-aheads at one position, so their order changes no match. Next comes
    the alternative, among those whose earlier overlapping ones are placed, that adds
    the fewest new first characters to the current group of nine (a tree node's
    grandchildren): the tree's look-aheads then pass at fewer positions (~8% faster
    on Chinese and Japanese text).
    """
    keys = [
        f | {_CASED} if any(c.lower() != c or c.upper() != c or c.casefold() != c for c in f) else f
        for f, _ in items
    ]
    later = [
        [j for j in range(i + 1, len(items)) if not keys[i].isdisjoint(keys[j])]
        for i in range(len(items))
    ]
    waiting = [0] * len(items)
    for after in later:
        for j in after:
            waiting[j] += 1
    ready = {j for j, n in enumerate(waiting) if n == 0}
    out: list[tuple[frozenset[str], str]] = []
    union: frozenset[str] = frozenset()
    while ready:
        if len(out) % (_BRANCHING * _BRANCHING) == 0:
            union = frozenset()
        i = min(ready, key=lambda j: (len(items[j][0] - union), j))
        ready.remove(i)
        out.append(items[i])
        union |= items[i][0]
        for j in later[i]:
            waiting[j] -= 1
            if waiting[j] == 0:
                ready.add(j)
    return out
