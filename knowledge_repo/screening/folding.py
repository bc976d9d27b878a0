"""What every detector shares: span shape, hidden characters, and folded views of a text.

Detectors do not read the raw text. They read a *view*: the text with
invisible characters removed, NFKC-normalised (full-width letters and
punctuation become ASCII) and with a few look-alike letters mapped to Latin,
so "ig\u200bnore" and "ｉｇｎｏｒｅ" read as "ignore". Each view keeps, for every
character, where it came from, so a span found on a view is reported at the
offsets of the original text.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

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


def is_hidden(ch: str) -> bool:
    """Invisible or formatting characters: zero-width, bidirectional controls, tags, private use."""
    code = ord(ch)
    if ch in "\t\n\r":
        return False
    return (
        unicodedata.category(ch) in {"Cf", "Cc", "Co"}
        or 0xE0000 <= code <= 0xE007F  # tag characters
        or 0xFE00 <= code <= 0xFE0F  # variation selectors
    )


# A superset of what is_hidden accepts, so ordinary text skips the per-character scan.
MAYBE_HIDDEN = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\xad\u0600-\u0605\u061c\u06dd\u070f"
    "\u0890\u0891\u08e2\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff\ufe00-\ufe0f"
    "\ufff9-\ufffb\ue000-\uf8ff\U000110bd\U000110cd\U00013430-\U0001343f"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff"
    "\U000f0000-\U0010ffff]"
)

# Cyrillic and Greek letters that look like Latin ones: "ignоre" with a Cyrillic о
# must still read as "ignore". Only letters that are near-identical in common fonts.
_LOOKALIKES = str.maketrans(
    "аеорсухіјѕԁһӏАВЕКМНОРСТХІЈЅοιαντκΑΒΕΗΙΚΜΝΟΡΤΧΥΖ",
    "aeopcyxijsdhlABEKMHOPCTXIJSoiavtkABEHIKMNOPTXYZ",
)
_LOOKALIKE_CHARS = frozenset("аеорсухіјѕԁһӏАВЕКМНОРСТХІЈЅοιαντκΑΒΕΗΙΚΜΝΟΡΤΧΥΖ")


@dataclass(frozen=True)
class View:
    """A normalised reading of a text; character i of it comes from original character `starts[i]`.

    `starts` is None when every character maps to the one at the same offset (ASCII text,
    or full-width punctuation that NFKC turns into one ASCII character each).
    """

    text: str
    starts: list[int] | None = None

    def original(self, start: int, end: int) -> tuple[int, int]:
        """The original offsets of the view's non-empty [start, end)."""
        if self.starts is None:
            return start, end
        return self.starts[start], self.starts[end - 1] + 1


def _needs_folding(text: str) -> bool:
    if text.isascii():
        return bool(MAYBE_HIDDEN.search(text))
    return (
        not unicodedata.is_normalized("NFKC", text)
        or bool(MAYBE_HIDDEN.search(text))
        or not _LOOKALIKE_CHARS.isdisjoint(text)
    )


@functools.lru_cache(maxsize=8192)
def _fold_char(ch: str) -> str:
    # Per character, so every output character has one source; combining marks stay apart,
    # which no detector depends on.
    if is_hidden(ch):
        return ""
    return unicodedata.normalize("NFKC", ch).translate(_LOOKALIKES)


def fold(text: str, *, hidden_as_space: bool = False) -> View:
    """The detectors' reading of `text`: invisible characters dropped (or read as spaces), NFKC."""
    if not _needs_folding(text):
        return View(text)
    parts = [c if c.isascii() and c.isprintable() else _fold_char(c) for c in text]
    if hidden_as_space:
        parts = [p or " " for p in parts]
    folded = "".join(parts)
    if len(folded) == len(text) and all(len(p) == 1 for p in parts):
        return View(folded)
    starts: list[int] = []
    for i, p in enumerate(parts):
        if len(p) == 1:
            starts.append(i)
        elif p:
            starts.extend([i] * len(p))
    return View(folded, starts)


_JOINS_WORDS = re.compile(r"\w" + MAYBE_HIDDEN.pattern + r"+\w")


def views(text: str) -> list[View]:
    """The views a detector reads: hidden characters removed, and read as spaces when there are any.

    "ig\u200bnore" needs the first; "ignore\u200bprevious\u200binstructions" needs the second.
    """
    first = fold(text)
    # Only a hidden character between two letters can join words; emoji selectors cannot.
    if not _JOINS_WORDS.search(text):
        return [first]
    return [first, fold(text, hidden_as_space=True)]


def run(
    kind: str, finder: Finder, text: str, field: str, read: list[View] | None = None
) -> list[Span]:
    """Spans of one kind over all views of `text`, at original offsets, overlaps reported once."""
    spans: list[Span] = []
    taken: list[tuple[int, int]] = []
    for view in read if read is not None else views(text):
        for hit in finder(view.text):
            start, end, reason = strip(view.text, *hit)
            if end <= start:
                continue
            s, e = view.original(start, end)
            if any(s < te and ts < e for ts, te in taken):
                continue
            taken.append((s, e))
            spans.append(make_span(kind, field, s, e, text, reason))
    spans.sort(key=lambda sp: (sp["start"], sp["end"]))  # type: ignore[arg-type,return-value]
    return spans


def words(text: str) -> frozenset[str]:
    """A set of words written as one space-separated string (long word lists stay readable)."""
    return frozenset(text.split())


def strip(text: str, start: int, end: int, reason: str) -> Hit:
    """The hit without the white space a pattern took in at either end."""
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end, reason
