"""Look-alike letters (Cyrillic а for Latin a): which they are, and reading them as Latin.

The folded view (:mod:`.folding`) reads a look-alike of a script no visitor
writes in as its ASCII prototype always, and a Cyrillic or Greek one only in a
word that mixes it with Latin letters or in a mostly-Latin line, so Russian
stays Russian (:func:`map_lookalikes`).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import regex

from .invisible import lines


def _confusables() -> dict[str, str]:
    """Look-alike letter -> its ASCII prototype, from the Unicode confusables data."""
    import confusable_homoglyphs

    path = Path(confusable_homoglyphs.__file__).with_name("confusables.json")
    table: dict[str, str] = {}
    for char, homoglyphs in json.loads(path.read_text(encoding="utf-8")).items():
        if len(char) != 1 or char.isascii() or not char.isalpha():
            continue
        ascii_ones = [h["c"] for h in homoglyphs if h["c"].isascii() and h["c"].isalpha()]
        if ascii_ones:
            table[char] = ascii_ones[0]
    return table


PROTOTYPE = _confusables()
"""Look-alike letter -> the ASCII letter it imitates (UTS #39 confusables)."""
_CONTEXTUAL = regex.compile(r"[\p{Script=Cyrillic}\p{Script=Greek}]")
CYR_GREEK = frozenset(c for c in PROTOTYPE if _CONTEXTUAL.match(c))
"""The Cyrillic and Greek look-alikes: mapped only in Latin context (:func:`map_lookalikes`)."""
_CYR_GREEK_TABLE = str.maketrans({c: PROTOTYPE[c] for c in CYR_GREEK})
# The same letters as a class for the standard engine, which skips ahead to them.
_CYR_GREEK_RE = re.compile("[" + "".join(re.escape(c) for c in sorted(CYR_GREEK)) + "]")


_WORD = regex.compile(r"\w+")
_LATIN_LETTER = re.compile(r"[A-Za-z]")


def map_lookalikes(folded: str) -> str:
    """Cyrillic/Greek look-alikes read as Latin in mixed words, or everywhere in a mostly-Latin line.

    Decided line by line, so a Russian line in a long mostly-English body stays Russian. Only
    lines with a look-alike and a Latin letter are read: the others are the same either way.
    """
    out: list[str] = []
    at = 0
    for start, end in lines(folded, _CYR_GREEK_RE):
        line = folded[start:end]
        if _LATIN_LETTER.search(line) is None:
            continue
        out.append(folded[at:start])
        if _latin_letters(line) > sum(map(len, _CONTEXTUAL_RUN.findall(line))):
            out.append(_CYR_GREEK_RUN.sub(_as_latin, line))
        else:
            out.append(_WORD.sub(_mixed, line))
        at = end
    out.append(folded[at:])
    return "".join(out)


# Runs of the characters counted or mapped: a long line is read a run at a time, not a
# character at a time (str.translate looks every character of a non-ASCII text up in a dict).
_CONTEXTUAL_RUN = regex.compile(_CONTEXTUAL.pattern + "+")
_CYR_GREEK_RUN = re.compile(_CYR_GREEK_RE.pattern + "+")
_NOT_LETTER = bytes(c for c in range(128) if not chr(c).isalpha())


def _latin_letters(line: str) -> int:
    """How many ASCII letters `line` holds (``len(_LATIN_LETTER.findall(line))`` at C speed)."""
    return len(line.encode("ascii", "ignore").translate(None, _NOT_LETTER))


def _as_latin(m: re.Match[str]) -> str:
    return m.group().translate(_CYR_GREEK_TABLE)


def _mixed(m: regex.Match[str]) -> str:
    word = m.group()
    return word.translate(_CYR_GREEK_TABLE) if _LATIN_LETTER.search(word) else word
