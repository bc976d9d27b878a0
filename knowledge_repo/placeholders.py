"""Text that is not knowledge yet: placeholders, generated wording, a question for an answer.

One definition that the review gate (before anything is committed) and the
release checks (on every record file of a release) both use, so a placeholder
the gate refuses can never pass a release either.

:func:`problem` reads the record fields alone (what a release check sees);
the gate also passes what it knows of the candidate: the visitor's question or
words (``question``) and the text the extractor generated (``generated``),
which must not be committed as it stands.

Pure Python: no Django, nothing else of the app.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Mapping

# Wording the extractors generate for text that is not knowledge yet: a gap's
# stand-in body, a visitor's claim or a disputed answer "to check", the
# instructions to the reviewer, and the generated descriptions of those.
GENERATED = re.compile(
    r"the visitor needed an answer to\b"
    r"|^\W*to check\s*[(:]"
    r"|a visitor'?s words, not a fact"
    r"|write the answer a (?:later )?visitor should get"
    r"|keep only what a reviewer has verified"
    r"|visitors ask this and the agent had no good answer"
    r"|a visitor asks that this be remembered"
    r"|a visitor disputes what the agent said"
    r"|^\W*visitors? (?:ask|asks|asked|want to know|wants to know)\b"
    r"|^\W*visitor (?:correction|question answered poorly)\b",
    re.IGNORECASE,
)
# The generated names of a visitor's claim and of a disputed answer.
GENERATED_NAME = re.compile(
    r"^\W*(?:visitor claim\b|check:\s|check a disputed answer)", re.IGNORECASE
)
# Markers that say "not written yet" wherever they stand, written in capitals.
MARKER = re.compile(r"(?<![\w-])(?:TODO|TBD|TBA|FIXME|XXX)(?![\w-])")
# A field that is nothing but a placeholder (compared case-folded, punctuation dropped).
_ONLY = {
    "todo",
    "tbd",
    "tba",
    "tbc",
    "fixme",
    "xxx",
    "n a",
    "na",
    "none",
    "null",
    "placeholder",
    "answer",
    "answer here",
    "fill in",
    "fill me in",
    "to do",
    "to be done",
    "to be determined",
    "to be confirmed",
    "to be decided",
    "coming soon",
    "test",
    "asdf",
    "blah",
    "por definir",
    "pendiente",
    "a definir",
    "a completer",
    "a faire",
    "noch offen",
    "folgt",
    "da definire",
    "待定",
    "未定",
    "미정",
    "в разработке",
    "уточняется",
}
LOREM = re.compile(r"\blorem\s+ipsum\b|\bdolor\s+sit\s+amet\b", re.IGNORECASE)
# Every match of a pattern holds one of its gate's words (compared with the pattern's own
# flags), so a text holding none is not searched: most texts hold none, and a gate is a
# few substring tests on ASCII text (see _could_hold).
MARKER_GATE = ("TODO", "TBD", "TBA", "FIXME", "XXX")
LOREM_GATE = ("lorem", "dolor")
GENERATED_GATE = ("visitor", "check", "write the answer", "keep only what")
_PUNCT = re.compile(r"[\W_]+")
_LONGEST_ONLY = max(map(len, _ONLY))
# Text with more ASCII letters and digits than the longest entry of _ONLY: its key is longer
# than any entry, since each of them stays one character of the key (NFKD, dropping marks,
# case folding and _PUNCT leave ASCII letters and digits as they are).
_PAST_ONLY = re.compile(rf"(?:[^A-Za-z0-9]*[A-Za-z0-9]){{{_LONGEST_ONLY + 1}}}")
_TRAILING = re.compile(r"[\s?？!！。.…:;,]+$")


class _NoMarks(dict[int, str | None]):
    """str.translate's table dropping combining marks, filled as characters are first seen."""

    def __missing__(self, code: int) -> str | None:
        kept = None if unicodedata.combining(chr(code)) else chr(code)
        self[code] = kept
        return kept


_NO_MARKS = _NoMarks()


def _key(text: str) -> str:
    """Case-folded, accents and punctuation dropped, spaces collapsed."""
    plain = text  # ASCII has nothing to decompose and no combining marks
    if not text.isascii():
        # One C-level translate instead of a Python step per character.
        plain = unicodedata.normalize("NFKD", text).translate(_NO_MARKS)
    return " ".join(_PUNCT.sub(" ", plain.casefold()).split())


@functools.cache
def _gate_pattern(words: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join(map(re.escape, words)), re.IGNORECASE)


def _could_hold(text: str, words: tuple[str, ...]) -> bool:
    """Whether ``text`` holds one of these lower-case words as an IGNORECASE pattern sees it."""
    if text.isascii():
        # ASCII letters match only their own two cases; "ſ", "ı" or the Kelvin sign are not ASCII.
        low = text.lower()
        return any(word in low for word in words)
    return _gate_pattern(words).search(text) is not None


def _same(a: str, b: str) -> bool:
    def norm(text: str) -> str:
        return _TRAILING.sub("", " ".join(text.split())).casefold()

    return bool(norm(b)) and norm(a) == norm(b)


def field_problem(name: str, value: str) -> str | None:
    """Why one field is not knowledge yet, or None."""
    text = value.strip()
    if not text:
        return f"the {name} is empty" if name == "body" else None
    # Most fields are sentences: their key need not be built to know it is no _ONLY entry.
    if not _PAST_ONLY.match(text):
        key = _key(text)
        if not key:
            return f"the {name} is only punctuation ({text[:20]!r})"
        if key in _ONLY:
            return f"the {name} is a placeholder ({text[:40]!r})"
    marker = MARKER.search(text) if any(m in text for m in MARKER_GATE) else None
    if marker:
        return f"the {name} carries a placeholder marker ({marker.group(0)})"
    if _could_hold(text, LOREM_GATE) and LOREM.search(text):
        return f"the {name} is lorem ipsum filler"
    found = GENERATED.search(text) if _could_hold(text, GENERATED_GATE) else None
    found = found or (GENERATED_NAME.search(text) if name == "name" else None)
    if found:
        return f"the {name} is generated wording, not knowledge ({found.group(0).strip()!r})"
    return None


def problem(
    fields: Mapping[str, object],
    *,
    question: str = "",
    generated: Mapping[str, object] | None = None,
) -> str | None:
    """Why this text cannot be committed or released as knowledge, or None when it can.

    ``fields`` holds ``name``, ``description`` and ``body``. ``question`` is the
    visitor's question (for a gap) or words (for a claim or a correction): the
    body must not just repeat it. ``generated`` is what the extractor proposed
    for a gap, a claim or a correction: its body must be rewritten by a person,
    not approved as it stands (generated descriptions are refused by their
    wording, here and in the release checks).
    """
    for name in ("body", "name", "description"):
        found = field_problem(name, str(fields.get(name) or ""))
        if found:
            return found
    body = str(fields.get("body") or "")
    if question and _same(body, question):
        return "the body repeats the visitor's words; write the answer or the checked fact"
    if question and _same(str(fields.get("description") or ""), question):
        return "the description repeats the visitor's words; say what the record is about"
    proposed = str((generated or {}).get("body") or "")
    if proposed and _same(body, proposed):
        return "the body is still the generated text; rewrite it as a checked fact"
    return None
