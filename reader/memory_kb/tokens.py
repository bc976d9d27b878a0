"""Search terms of a text: the words a record and a visitor's question are compared on.

Chinese, Japanese and Korean text is split into character bigrams, so a
record about 测试 matches without a dictionary-based word segmenter; a run is
cut where its script changes and at Chinese particles, and Japanese hiragana
(the grammar round a question's words) is left out. Latin words have their
accents folded, and the articles and question words of English, Spanish,
Portuguese, French, German and Italian are left out, so a visitor who asks
in other grammar still meets a record's words.
"""

from __future__ import annotations

import re
import unicodedata
from itertools import chain

__all__ = ["is_cjk_bigram", "tokenize"]

_CJK_RANGES = (
    "\u3040-\u30ff"  # Hiragana, Katakana
    "\u31f0-\u31ff"  # Katakana phonetic extensions
    "\u3400-\u4dbf"  # CJK extension A
    "\u4e00-\u9fff"  # CJK unified ideographs
    "\uf900-\ufaff"  # CJK compatibility ideographs
    "\uff66-\uff9f"  # half-width Katakana
    "\uac00-\ud7af"  # Hangul syllables
)
_TOKEN = re.compile(rf"[{_CJK_RANGES}]+|[^\W_{_CJK_RANGES}]+")
_CJK_CHAR = re.compile(rf"[{_CJK_RANGES}]")
_STOPWORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "but",
        "by",
        "can",
        "do",
        "does",
        "for",
        "from",
        "how",
        "i",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "me",
        "my",
        "no",
        "not",
        "of",
        "on",
        "or",
        "our",
        "so",
        "that",
        "the",
        "their",
        "then",
        "there",
        "these",
        "this",
        "to",
        "was",
        "we",
        "what",
        "when",
        "where",
        "which",
        "who",
        "why",
        "will",
        "with",
        "you",
        "your",
        # Articles, particles and question words of Spanish, Portuguese, French,
        # German and Italian: a visitor's question in those languages shares its
        # content words with a record's keys, not these (accents are folded first).
        "al",
        "como",
        "con",
        "cual",
        "cuando",
        "cuanto",
        "cuantos",
        "cuantas",
        "del",
        "de",
        "donde",
        "el",
        "en",
        "es",
        "hay",
        "la",
        "las",
        "lo",
        "los",
        "mi",
        "mis",
        "para",
        "por",
        "puedo",
        "que",
        "se",
        "su",
        "sus",
        "tiene",
        "tienen",
        "un",
        "una",
        "y",
        "da",
        "das",
        "dos",
        "em",
        "na",
        "os",
        "um",
        "uma",
        "au",
        "aux",
        "ce",
        "comment",
        "combien",
        "des",
        "du",
        "est",
        "il",
        "je",
        "le",
        "les",
        "ou",
        "quel",
        "quelle",
        "vous",
        "der",
        "die",
        "dem",
        "den",
        "ein",
        "eine",
        "ich",
        "ist",
        "sie",
        "und",
        "wie",
        "wo",
        "di",
        "gli",
        "il",
        "nel",
        "nelle",
        "per",
    ]
)


def _stem(word: str) -> str:
    # Deliberately crude: enough that "tests" finds "test" and "testing" finds "test",
    # and the Spanish plural "habitaciones" its singular "habitación" (accents folded).
    if len(word) > 6 and word.endswith("iones"):
        return word[:-2]
    if len(word) > 5 and word.endswith("ing"):
        return word[:-3]
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


# Every byte but a-z and 0-9 becomes a space: ASCII text is split by one
# bytes.translate (a table lookup in C) and str.split, without the regular
# expression, and gives the same runs.
_ASCII_SEPARATORS = bytes(c if (97 <= c <= 122 or 48 <= c <= 57) else 32 for c in range(256))

# Words repeat across records; remembering each run's terms makes indexing
# ten thousand records several times faster.
_RUN_TERMS: dict[str, tuple[str, ...]] = {}


# A run of Chinese, Japanese or Korean is cut where its script changes and at Chinese
# particles; runs of hiragana (Japanese grammar: "ありますか", "できますか") are dropped, so
# a question's bigrams are of its content words ("ホテル", "部屋", "ペット").
_CJK_PIECE = re.compile(
    "[\u3040-\u309f]+|[\u30a0-\u30ff\u31f0-\u31ff\uff66-\uff9f]+|[^\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f吗呢吧的了么]+"
)
_HIRAGANA = re.compile("[\u3040-\u309f]")


def _fold(word: str) -> str:
    # Accents folded ("habitación" = "habitacion"), so a visitor who leaves them off still matches.
    if word.isascii():
        return word
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


def _run_terms(run: str) -> tuple[str, ...]:
    if _CJK_CHAR.match(run):
        terms: list[str] = []
        for piece in _CJK_PIECE.findall(run):
            if _HIRAGANA.match(piece):
                continue
            if len(piece) == 1:
                terms.append(piece)
            else:
                terms.extend(piece[i : i + 2] for i in range(len(piece) - 1))
        return tuple(terms)
    run = _fold(run)
    if run in _STOPWORDS or (len(run) == 1 and not run.isdigit()):
        return ()
    return (_stem(run),)


def tokenize(text: str) -> list[str]:
    """Search terms of ``text``: lower-cased words, Chinese/Japanese/Korean as character bigrams.

    ``帮我写测试`` gives ``帮我 我写 写测 测试``.
    """
    lowered = text.lower()
    if lowered.isascii():
        runs = lowered.encode("ascii").translate(_ASCII_SEPARATORS).decode("ascii").split()
    else:
        runs = _TOKEN.findall(lowered)
    cache = _RUN_TERMS
    try:  # most runs were seen before: no set of the missing ones to build
        return list(chain.from_iterable(map(cache.__getitem__, runs)))
    except KeyError:
        if len(cache) > 500_000:
            cache.clear()
        for run in set(runs).difference(cache):
            cache[run] = _run_terms(run)
        return list(chain.from_iterable(map(cache.__getitem__, runs)))


def is_cjk_bigram(term: str) -> bool:
    """Whether ``term`` is a bigram of Chinese, Japanese or Korean characters."""
    return len(term) == 2 and _CJK_CHAR.match(term) is not None
