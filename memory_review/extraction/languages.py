"""Which language a visitor wrote in, roughly: enough to show a group's languages.

Script first (Hangul, kana, Han, Cyrillic, Arabic, ...), then for Latin text
the language whose common small words it uses most. No dictionary, no model:
a wrong guess shows a wrong label, never changes what is queued.
"""

from __future__ import annotations

import re

_SCRIPTS = (
    ("ko", re.compile(r"[\uac00-\ud7af]")),
    ("ja", re.compile(r"[\u3040-\u30ff]")),
    ("zh", re.compile(r"[\u4e00-\u9fff]")),
    ("ru", re.compile(r"[\u0400-\u04ff]")),
    ("ar", re.compile(r"[\u0600-\u06ff]")),
)
_WORDS = {
    "en": {"the", "is", "are", "do", "does", "what", "how", "can", "you", "my", "i", "of", "a"},
    "es": {"el", "la", "los", "las", "es", "qué", "cómo", "cuánto", "puedo", "hay", "de", "un"},
    "pt": {"o", "os", "é", "não", "posso", "uma", "do", "da", "qual", "quanto", "com", "em"},
    "fr": {"le", "les", "est", "je", "vous", "quel", "quelle", "comment", "des", "du", "une"},
    "de": {"der", "die", "das", "ist", "ich", "kann", "wie", "gibt", "es", "ein", "eine", "mit"},
    "it": {"il", "lo", "gli", "è", "posso", "come", "quanto", "di", "una", "per", "non", "che"},
}
_WORD = re.compile(r"[^\W\d_]+")


def guess_language(text: str) -> str:
    """An ISO 639-1 code for the language `text` is most likely in ("" when unsure)."""
    for code, script in _SCRIPTS:
        if script.search(text):
            return code
    words = [w.casefold() for w in _WORD.findall(text)]
    if not words:
        return ""
    votes = {code: sum(w in common for w in words) for code, common in _WORDS.items()}
    if "¿" in text or "ñ" in text:
        votes["es"] += 2
    best = max(votes, key=lambda code: votes[code])
    return best if votes[best] else ""
