"""What every detector shares: span shape, hidden characters, and folded views of a text.

Detectors do not read the raw text. They read *views* of it:

- the folded view: invisible characters removed (by Unicode property:
  default-ignorable code points, format, private-use and control characters,
  fillers such as U+3164), combining marks dropped, NFKC (full-width letters
  and digits become ASCII), accents of Latin letters dropped (patterns are
  compiled through :func:`fold_pattern` the same way), and look-alike letters
  read by their Unicode confusables prototype (UTS #39 data, from
  ``confusable_homoglyphs``): always for letters of scripts no visitor writes
  in (Cherokee Ꭲ, Lisu ꓲ, small capitals), and for Cyrillic and Greek only in
  a word that mixes them with Latin letters or in mostly-Latin text, so
  Russian stays Russian;
- the same with hidden characters read as spaces, when one joins two words;
- leet folded (1gn0r3 → ignore), for the word detectors only;
- decoded segments (base64, percent-encoding, HTML entities, rot13), see
  :mod:`.decoding`.

Each view keeps, for every character, where it came from, so a span found on a
view is reported at the offsets of the original text.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType

from .invisible import is_hidden, lines, may_hide, word_joins
from .lookalikes import CYR_GREEK, PROTOTYPE, map_lookalikes
from .required import needed_class

Span = dict[str, object]
# A finder's hit on a view: start, end (on the view's text) and the reason shown to people.
Hit = tuple[int, int, str]
Finder = Callable[[str], list[Hit]]


def make_span(kind: str, field: str, start: int, end: int, text: str, reason: str) -> Span:
    """One flag: the kind, the field it is in, offsets into the original text, the snippet, why."""
    return {
        "kind": kind,
        "field": field,
        "start": start,
        "end": end,
        "text": text[start:end],
        "reason": reason,
    }


def _latin_base(ch: str) -> str:
    """A Latin letter without its accents (é -> e); anything else unchanged."""
    decomposed = unicodedata.normalize("NFD", ch)
    base = decomposed[0]
    if base.isascii() and base.isalpha() and len(decomposed) > 1:
        return base
    return ch


# Line and paragraph separators: shown as a new line, and neither hidden nor a control character.
_LINE_BREAKS = "\u2028\u2029"


@functools.lru_cache(maxsize=16384)
def _fold_char(ch: str) -> str:
    # Per character, so every output character has one source.
    if ch in _LINE_BREAKS:  # a line starts after them: (?m)^ and [^\n] read them as a line feed
        return "\n"
    if is_hidden(ch) or unicodedata.category(ch) in ("Mn", "Me"):
        return ""
    out = []
    for c in unicodedata.normalize("NFKC", ch):
        if c.isascii():
            out.append(c)
            continue
        c = _latin_base(c)
        if c in CYR_GREEK:
            out.append(c)
        elif c in PROTOTYPE:
            out.append(PROTOTYPE[c])
        elif unicodedata.name(c, "").startswith("LATIN LETTER SMALL CAPITAL "):
            out.append(unicodedata.name(c)[-1].lower())
        else:
            out.append(c)
    return "".join(out)


def fold_pattern(pattern: str) -> str:
    """A pattern written with accents, as the folded view reads it (accents of Latin letters dropped)."""
    return "".join(_latin_base(c) if not c.isascii() else c for c in pattern)


_INTS: list[int] = []
_SHARED_INTS = 1 << 17  # ~5 MB of int objects at most, kept for the next text


def ints(start: int, end: int) -> list[int]:
    """``list(range(start, end))`` (0 <= start <= end), cut from one shared list of ints.

    A view's offsets are lists of ints; cutting them from one list copies references
    instead of making a new int object per character (~10x faster on a 40 KB line).
    """
    global _INTS
    if end > _SHARED_INTS:
        return list(range(start, end))
    shared = _INTS
    if end > len(shared):  # a new list, not extended in place: another thread may be reading
        shared = _INTS = list(range(min(_SHARED_INTS, max(end, 2 * len(shared)))))
    return shared[start:end]


@dataclass(slots=True)  # not frozen: a frozen one costs ~1 µs more to make, once per text at least
class View:
    """A reading of a text; its character i comes from original characters [starts[i], ends[i]).

    `starts` is None when every character maps to the one at the same offset.
    `ends` is None when each character comes from one original character.
    `words_only` marks readings that only the word detectors use (leet).
    Views are not changed once made (a new one is made instead).
    """

    text: str
    starts: list[int] | None = None
    ends: list[int] | None = None
    words_only: bool = False

    def slice(self, start: int, end: int, text: str | None = None) -> View:
        """The part [start, end) of this view (or `text` read in its place, one character for one)."""
        piece = self.text[start:end] if text is None else text
        if self.starts is None:
            return View(piece, ints(start, end), None, self.words_only)
        ends = None if self.ends is None else self.ends[start:end]  # None: one for one
        return View(piece, self.starts[start:end], ends, self.words_only)

    def original(self, start: int, end: int) -> tuple[int, int]:
        """The original offsets of the view's non-empty [start, end)."""
        if self.starts is None:
            return start, end
        if self.ends is None:
            return self.starts[start], self.starts[end - 1] + 1
        return self.starts[start], self.ends[end - 1]


class _FoldTable(dict[int, str]):
    """str.translate's table, filled as characters are first seen; remembers the irregular ones."""

    irregular: set[str] = set()  # characters that fold to nothing or to several characters

    def __missing__(self, code: int) -> str:
        ch = chr(code)
        folded = ch if ch.isascii() and ch.isprintable() else _fold_char(ch)
        if len(folded) != 1:
            self.irregular.add(ch)
            _irregular_pattern.cache_clear()
        self[code] = folded
        return folded


_TABLE = _FoldTable()


@functools.cache
def _irregular_pattern() -> re.Pattern[str]:
    """The characters that do not fold one for one, as one character class (rebuilt as it grows)."""
    return re.compile("[" + "".join(re.escape(c) for c in sorted(_TABLE.irregular)) + "]")


def fold(text: str, *, hidden_as_space: bool = False) -> View:
    """The detectors' reading of `text` (see the module docstring).

    One C-level translate, then Python work only at the few characters that do
    not fold one for one (combining marks, hidden characters, ligatures); the
    stretches between them are cut from the translated text, not translated again.
    """
    if text.isascii() and not may_hide(text):
        return View(text)
    translated, odd = _translate(text)
    # (a C-level search of the few irregular characters, not a set test per character)
    if not _TABLE.irregular or _irregular_pattern().search(odd) is None:  # one for one
        return View(map_lookalikes(translated))
    out: list[str] = []
    starts: list[int] = []
    at = 0
    t = 0  # where text[at] stands in `translated`: the stretches between are cut from it
    one_for_one = True
    for m in _irregular_pattern().finditer(text):
        i = m.start()
        out.append(translated[t : t + i - at])
        starts += ints(at, i)
        folded = _TABLE[ord(text[i])]
        t += i - at + len(folded)
        if hidden_as_space and not folded and is_hidden(text[i]):
            folded = " "
        one_for_one = one_for_one and len(folded) == 1
        out.append(folded)
        starts.extend([i] * len(folded))
        at = i + 1
    out.append(translated[t:])
    starts += ints(at, len(text))
    folded_text = map_lookalikes("".join(out))  # one character for one: offsets unchanged
    return View(folded_text) if one_for_one else View(folded_text, starts)


# Printable ASCII, tab, line feed and carriage return fold to themselves (_FoldTable.__missing__),
# and so does every character of SAME_BLOCKS. str.translate looks each character of a non-ASCII
# text up in the table (~0.1 us each): only the runs of other characters are translated.
SAME_BLOCKS = (
    "\u0400-\u0482\u048a-\u04ff"  # Cyrillic, without its combining marks
    "\u3041-\u3098\u309d\u309e\u30a0-\u30fe"  # kana, without the sound marks, ゟ and ヿ
    "\u3400-\u4dbf\u4e00-\u9fff"  # CJK ideographs
    "\uac00-\ud7a3"  # Hangul syllables
)
"""Blocks of characters that fold to themselves (a test checks every one), as a class body."""
_ODD_RUNS = re.compile(f"([^\\t\\n\\r\\x20-\\x7e{SAME_BLOCKS}]+)")


def _translate(text: str) -> tuple[str, str]:
    """``text.translate(_TABLE)``, and a string holding every character that may not fold to itself.

    Only the runs of characters outside printable ASCII and SAME_BLOCKS are translated: a
    Chinese sentence translates its punctuation, a Spanish one its accented letters.
    """
    parts = _ODD_RUNS.split(text, 8)
    if len(parts) == 1:  # nothing to translate
        return text, ""
    if len(parts) <= 16:  # a few runs: all of them found by the split
        odd = parts[1::2]
        parts[1::2] = [run.translate(_TABLE) for run in odd]
        return "".join(parts), "".join(odd)
    runs: list[str] = []  # many runs (a long text): each translated as the search meets it

    def one(m: re.Match[str]) -> str:
        runs.append(m.group())
        return runs[-1].translate(_TABLE)

    return _ODD_RUNS.sub(one, text), "".join(runs)


_TOKEN = re.compile(r"[a-z]+(?![^\W\d_])|[^\W\d_]+")  # an ASCII word by the quick range
_ASCII_TOKEN = re.compile(r"[a-z]+")  # _TOKEN on lower-case ASCII text: a range, not categories


@functools.lru_cache(maxsize=1024)
def tokens(text: str) -> frozenset[str]:
    """The lower-cased words of a view's text (computed once, shared by the detectors' gates)."""
    lower = text.lower()
    return frozenset((_ASCII_TOKEN if lower.isascii() else _TOKEN).findall(lower))


# Han, kana, Hangul, CJK punctuation and full-width forms: what CJK patterns are built of.
_WIDE = re.compile(r"[\u2e80-\ua4cf\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]+")
REACH = 60
"""How far a CJK pattern's match may run from its nearest CJK character (its bounded gaps)."""


def near_wide(pattern: re.Pattern[str], text: str) -> list[re.Match[str]]:
    """``pattern.finditer(text)`` for a pattern every match of which holds a CJK character.

    Only the stretches within ``REACH`` of a CJK character (and the white space
    beyond, which ``\\s*`` may take) are searched, with ``pos``/``endpos``, so
    ``^`` and look-behinds still see the real text: a long Latin text with a
    few Chinese words costs the length of those words, not of the text. A text
    holding none of the characters every match needs (:mod:`.required`) is not
    searched at all. A text no longer than ``REACH`` is one stretch.
    """
    need = needed_class(pattern)
    if need is not None and need.search(text) is None:
        return []
    if len(text) <= REACH:  # every character is within REACH of any CJK one
        return list(pattern.finditer(text)) if _WIDE.search(text) else []
    found: list[re.Match[str]] = []
    for start, end in _wide_stretches(text):
        found += pattern.finditer(text, start, end)
    return found


@functools.lru_cache(maxsize=64)
def _wide_stretches(text: str) -> tuple[tuple[int, int], ...]:
    """The (start, end) stretches :func:`near_wide` searches: worked out once per text."""
    out: list[tuple[int, int]] = []
    start = end = -1
    for m in _WIDE.finditer(text):
        a, b = max(0, m.start() - REACH), min(len(text), m.end() + REACH)
        if a > end:  # a new stretch: keep the one before
            if end >= 0:
                out.append((start, end))
            while a > 0 and text[a - 1].isspace():
                a -= 1
            start = a
        end = max(end, b)
        while end < len(text) and text[end].isspace():
            end += 1
    if end >= 0:
        out.append((start, end))
    return tuple(out)


def gate(spec: str) -> frozenset[str]:
    """Words of which at least one must be in a text for a pattern to be worth running."""
    return frozenset(fold_pattern(spec).lower().split())


_LEET_WORD = re.compile(
    r"(?<![\w@$])(?=[\w@$]*[A-Za-z])(?=[\w@$]*[0-9@$])[A-Za-z0-9@$]{3,}(?![\w@$])"
)
_LEET_TABLE = str.maketrans("013457@$", "oieastas")


# A letter beside a digit, @ or $; led by the rarer character class so the engine skips ahead.
_LEET_QUICK = re.compile(r"[0-9@$](?:(?<=[A-Za-z][0-9@$])|(?=[A-Za-z]))")


def leet(view: View) -> list[View]:
    """The lines with leet words, read as letters (t3ll 3v3ry0n3 -> tell everyone)."""
    text = view.text
    if not _LEET_QUICK.search(text):
        return []
    out = []
    # A leet word holds a letter beside a digit, @ or $ and stays within its line: the quick
    # pattern (which the engine skips ahead to) picks the lines, the word pattern reads only them.
    for start, end in lines(text, _LEET_QUICK):
        if _LEET_WORD.search(text, start, end) is None:
            continue
        line = _LEET_WORD.sub(lambda m: m.group().translate(_LEET_TABLE), view.text[start:end])
        piece = view.slice(start, end, line)
        out.append(View(piece.text, piece.starts, piece.ends, words_only=True))
    return out


def views(text: str, parts: Sequence[str] = ()) -> list[View]:
    """Every reading a detector looks at (see the module docstring).

    The first is the whole folded text; the others cover only the lines that
    need them (a hidden character joining words, leet, an encoded segment), so
    a long text with one trick in it is not read seven times over. ``parts``:
    texts of which `text` is a piece, joined by spaces (the fields, for the
    cross-field pass): when they are all :func:`plain`, so is `text`.
    """
    quiet = (bool(parts) and all(map(plain, parts))) or plain(text)
    first = fold(text)
    read = [first]
    # Only a hidden character between two letters can join words; emoji selectors cannot.
    for start, end in word_joins(text) if not quiet and may_hide(text) else ():
        spaced = fold(text[start:end], hidden_as_space=True)
        read.append(shifted(spaced, start))
    for view in list(read):
        read += leet(view)
    read += _decoding().decoded_views(text, first, maybe_encoded=not quiet)
    return read


@functools.lru_cache(maxsize=256)
def plain(text: str) -> bool:
    """Whether `text` holds no hidden character and nothing a decoder reads (``decoding.encoded``).

    Both are characters, or runs of them, that neither joining texts with spaces nor cutting
    a piece out of them can make: a piece of plain texts joined by spaces is plain too.
    """
    return not may_hide(text) and not _decoding().encoded(text)


@functools.cache
def _decoding() -> ModuleType:
    from . import decoding  # decoding folds what it decodes: imported once, late

    return decoding


def shifted(view: View, offset: int) -> View:
    """A view of a piece of a text that starts at `offset`, with offsets into the whole text."""
    if offset == 0:  # the piece is the whole text's start (a long line): its offsets hold
        return view
    n = len(view.text)
    starts = [s + offset for s in (view.starts or range(n))]
    ends = [e + offset for e in view.ends] if view.ends is not None else [s + 1 for s in starts]
    return View(view.text, starts, ends, view.words_only)


def words(text: str) -> frozenset[str]:
    """A set of words written as one space-separated string (long word lists stay readable)."""
    return frozenset(text.split())
