"""Text hidden in an encoding, decoded before it is scanned.

An instruction can be written so that no pattern sees it: base64
("SWdub3Jl…"), percent-encoding ("ignore%20all…"), HTML entities
("&#73;gnore"), or rot13 ("Vtaber nyy…"). Each yields one more view of the
text in which the encoded segment is replaced by what it says; a hit inside
a decoded segment is reported over the whole encoded segment. Each decoder
runs only when a cheap search finds its shape, so ordinary text pays nothing.
"""

from __future__ import annotations

import base64
import binascii
import codecs
import html
import re
import urllib.parse
from collections.abc import Iterator

from .folding import View, fold, ints, shifted, tokens, words
from .invisible import LONG, SENTENCE_END, stretches

_BASE64 = re.compile(r"(?<![A-Za-z0-9+/=])[A-Za-z0-9+/]{16,}={0,2}(?![A-Za-z0-9+/=])")
# Led by a literal "%" (not a repeated group), so the engine skips ahead to the next "%".
_PERCENT = re.compile(
    r"%[0-9A-Fa-f]{2}(?:%[0-9A-Fa-f]{2})*(?:[A-Za-z0-9._~-]{0,12}(?:%[0-9A-Fa-f]{2})+)*"
)
_ENTITY = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
_ASCII_WORDS = re.compile(r"[A-Za-z]{2,}")
# Common short words of the Latin-script languages visitors write: text with none of
# them, but with several words, may be rot13.
_COMMON = words(
    """the and to of a is you that in for it with on be are this we at or not your from
    de la que el en y los las un una es por con para del se no le et les des est pas une du
    der die das und ist nicht ein eine zu den mit il di che e per non un una o os um uma do da"""
)


def _printable(text: str) -> bool:
    letters = sum(c.isalpha() for c in text)
    good = sum(c.isprintable() or c in "\n\t" for c in text)
    return bool(text) and good >= 0.95 * len(text) and letters >= 0.5 * len(text.replace(" ", ""))


def _from_base64(segment: str) -> str | None:
    if len(segment) % 4:
        return None
    if segment.isalpha() and (segment.islower() or segment.isupper()):
        return None  # a long plain word, not base64
    try:
        raw = base64.b64decode(segment, validate=True)
        decoded = raw.decode("utf-8")
    except (binascii.Error, ValueError):
        return None
    return decoded if _printable(decoded) else None


def _from_percent(segment: str) -> str | None:
    """The segment's text, or None when it does not decode (invalid UTF-8: "%C3%28", "%FF%FE")."""
    try:
        decoded = urllib.parse.unquote(segment, errors="strict") if "%" in segment else None
    except UnicodeDecodeError:
        return None
    return decoded if decoded and decoded != segment and _printable(decoded) else None


def _replaced(text: str, pieces: list[tuple[int, int, str]]) -> View:
    """`text` with each (start, end, replacement) put in; replacement characters map to the segment."""
    out: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    at = 0
    for start, end, replacement in pieces:
        out.append(text[at:start])
        starts += ints(at, start)
        ends += ints(at + 1, start + 1)
        out.append(replacement)
        starts.extend([start] * len(replacement))
        ends.extend([end] * len(replacement))
        at = end
    out.append(text[at:])
    starts += ints(at, len(text))
    ends += ints(at + 1, len(text) + 1)
    folded = fold("".join(out))  # then read like any text: hidden characters, accents, look-alikes
    if folded.starts is None:
        return View(folded.text, starts, ends)
    # (map at C speed: a long line's decoded view maps tens of thousands of offsets)
    return View(
        folded.text,
        list(map(starts.__getitem__, folded.starts)),
        list(map(ends.__getitem__, folded.starts)),
    )


def _segments(pattern: re.Pattern[str], decode, text: str) -> list[tuple[int, int, str]]:
    pieces = []
    for m in pattern.finditer(text):
        decoded = decode(m.group())
        if decoded:
            pieces.append((m.start(), m.end(), decoded))
    return pieces


_VOWELS = "aeiou"
_ROT_VOWELS = codecs.encode(_VOWELS, "rot13")  # the letters that rot13 turns into vowels
_LETTERS = b"abcdefghijklmnopqrstuvwxyz"


def _reads_like_language(line_words: list[str]) -> bool:
    """Whether the lower-case words, rot13-decoded, read more like language than as written.

    Prose in the Latin-script languages is about two fifths vowels; decoded it
    has far fewer, while decoded rot13 prose has them back. Codes, identifiers
    and random letters are about a fifth vowels either way. Counted at C speed.
    """
    joined = " ".join(line_words)
    letters = len(joined) - len(line_words) + 1
    decoded = sum(map(joined.count, _ROT_VOWELS))
    if 10 * decoded < 3 * letters:  # most lines stop here: the plain vowels need not be counted
        return False
    return decoded > sum(map(joined.count, _VOWELS))


def _few_rot_vowels(lower: str) -> bool:
    """Whether fewer than 3 in 10 letters of a lower-cased line are ones rot13 turns into vowels.

    Most lines stop here, at C speed, before their words are listed: English and random
    letters alike hold about a fifth. (Single letters count too: in rot13 prose they are
    "n" and "v", a and I, so no rot13 line is lost.)
    """
    raw = lower.encode("utf-8", "surrogatepass")  # (bytes.translate deletes at C speed)
    letters = len(raw) - len(raw.translate(None, _LETTERS))
    return 10 * sum(map(lower.count, _ROT_VOWELS)) < 3 * letters


def _lowers_whole(line: str) -> bool:
    # A line is lower-cased whole (one C call) unless it holds one of the two characters
    # lower() turns into ASCII letters ("İ" -> "i̇", the Kelvin sign -> "k"): there the
    # words are lower-cased one by one.
    return line.isascii() or ("\u0130" not in line and "\u212a" not in line)


def _rot13(view: View) -> list[View]:
    text = view.text
    if (
        "\n" not in text
        and len(text) <= LONG
        and (
            # One line: the loop below would stop at its letter count, so count first.
            _lowers_whole(text)
            and _few_rot_vowels(text.lower())
            or not text.isascii()
            and len(_ASCII_WORDS.findall(text)) < 3
            or not _COMMON.isdisjoint(tokens(text))
        )
    ):
        return []
    out = []
    for start, line in _rot_lines(text):
        if _lowers_whole(line):
            lower = line.lower()
            if _few_rot_vowels(lower):
                continue
            words = _ASCII_WORDS.findall(lower)
        else:
            words = [w.lower() for w in _ASCII_WORDS.findall(line)]
        if len(words) >= 3 and _COMMON.isdisjoint(words) and _reads_like_language(words):
            out.append(view.slice(start, start + len(line), codecs.encode(line, "rot13")))
    return out


def _rot_lines(text: str) -> Iterator[tuple[int, str]]:
    """(offset, line) of each line of `text`; a line longer than LONG by its sentences, so a
    rot13 sentence in a long paragraph is judged by its own letters and words."""
    at = 0
    for line in text.split("\n"):
        start, at = at, at + len(line) + 1
        if len(line) <= LONG:
            yield start, line
            continue
        cut = 0
        for m in SENTENCE_END.finditer(line):
            yield start + cut, line[cut : m.end()]
            cut = m.end()
        if cut < len(line):
            yield start + cut, line[cut:]


_DECODERS = (
    ("%", _PERCENT, _from_percent),
    ("&", _ENTITY, html.unescape),
    ("", _BASE64, _from_base64),
)
# Led by a look-behind, so the search tries each run of those characters once, from its start.
_QUICK = {"": re.compile(r"(?<![A-Za-z0-9+/])[A-Za-z0-9+/]{16}")}


def encoded(text: str) -> bool:
    """Whether `text` may hold an encoded segment: one test for the three shapes."""
    return "%" in text or "&" in text or _QUICK[""].search(text) is not None


def decoded_views(text: str, folded: View, *, maybe_encoded: bool = True) -> list[View]:
    """Readings of the lines of `text` with encoded segments, decoded (none for ordinary text).

    ``maybe_encoded`` False: `text` is known to hold no encoded segment (not ``encoded``).
    """
    out: list[View] = []
    # Most texts hold none of the three shapes: one test for all, before the loop.
    if maybe_encoded and encoded(text):
        for marker, pattern, decode in _DECODERS:
            if marker not in text or (marker in _QUICK and not _QUICK[marker].search(text)):
                continue
            for start, end in stretches(text, pattern):
                pieces = _segments(pattern, decode, text[start:end])
                if pieces:
                    out.append(shifted(_replaced(text[start:end], pieces), start))
    if not folded.text.isascii() or _ASCII_WORDS.search(folded.text):
        out += _rot13(folded)
    return out
