"""Ranking: BM25 over name, description, body and search keys, with a relevance floor.

Chinese, Japanese and Korean text is split into character bigrams, so a
record about 测试 matches without a dictionary-based word segmenter. The
index is a plain data structure that ``to_bytes``/``from_bytes`` store in
the local cache as plain data (a JSON header and raw arrays, never a pickle),
so a cached release opens without re-tokenising it.
"""

from __future__ import annotations

import math
import re
import sys
import unicodedata
from array import array
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import chain
from typing import Any

__all__ = ["SearchIndex", "tokenize"]

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


_K1 = 1.2
_UNKNOWN_BIGRAM_SHARE = 0.5
_B = 0.75
# 3: accents folded, more languages' stop words, CJK runs cut at script changes.
_FORMAT = 3


class SearchIndex:
    """An inverted index of documents ``0..n-1`` with BM25 scores and a relevance measure.

    ``relevance`` is the share of the query's weight a document matches: the
    BM25 score divided by the score of an ideal document that matched every
    query term fully, where a term no document has counts as rare as the
    rarest known term (a Chinese or Japanese bigram no document has, half as
    much). It lies in [0, 1), does not grow with the size of the
    knowledge base, and drops when most of a question is about something the
    knowledge base does not hold — the basis of the minimum score.
    """

    def __init__(
        self, terms: dict[str, int], offsets: array, pairs: array, norms: array, n: int
    ) -> None:
        # Term t's (doc, tf) pairs are pairs[2*offsets[s] : 2*offsets[s+1]], s = terms[t].
        self._terms = terms
        self._offsets = offsets
        self._pairs = pairs
        self._norms = norms
        self.n = n
        self._idf_unknown = self._idf(1)

    def _idf(self, df: int) -> float:
        return math.log(1 + (self.n - df + 0.5) / (df + 0.5))

    def _df(self, term: str) -> int | None:
        slot = self._terms.get(term)
        return None if slot is None else self._offsets[slot + 1] - self._offsets[slot]

    @classmethod
    def build(cls, fields: Iterable[Sequence[str]]) -> SearchIndex:
        """Index documents given as ``(name, description, body[, search keys])``.

        Name and description weigh more than the body. Search keys (other
        wordings of the question a record answers, one text) count once per
        distinct term, so many wordings do not make a record long.
        """
        postings: dict[str, list[int]] = {}
        lengths: list[int] = []
        for doc, (name, description, body, *keys) in enumerate(fields):
            terms = tokenize(name) * 3 + tokenize(description) * 2 + tokenize(body)
            if keys and keys[0]:
                terms += sorted(set(tokenize(keys[0])) - set(terms)) * 2
            lengths.append(len(terms))
            for term, tf in Counter(terms).items():
                found = postings.get(term)
                if found is None:
                    postings[term] = [doc, tf]
                else:
                    found += (doc, tf)
        n = len(lengths)
        avg = (sum(lengths) / n) if n else 1.0
        norms = array("d", (_K1 * (1 - _B + _B * length / (avg or 1.0)) for length in lengths))
        offsets = array("I", [0])
        for found in postings.values():
            offsets.append(offsets[-1] + len(found) // 2)
        pairs = array("I", chain.from_iterable(postings.values()))
        return cls({t: s for s, t in enumerate(postings)}, offsets, pairs, norms, n)

    def to_data(self) -> tuple[dict[str, Any], bytes]:
        """The index as plain data for the local cache: a JSON-ready header and raw arrays.

        The arrays (offsets, pairs, norms) are little-endian machine words,
        read back with ``from_data`` by a copy, never by running anything.
        """
        parts = [_raw(self._offsets), _raw(self._pairs), _raw(self._norms)]
        header = {
            "format": _FORMAT,
            "n": self.n,
            "terms": list(self._terms),
            "sizes": [len(part) for part in parts],
        }
        return header, b"".join(parts)

    @classmethod
    def from_data(cls, header: Any, blob: bytes) -> SearchIndex:
        """An index stored by ``to_data``; ValueError when the data is not one."""
        try:
            if header["format"] != _FORMAT:
                raise ValueError("search index of another format")
            terms = {t: s for s, t in enumerate(header["terms"])}
            a, b, c = (int(size) for size in header["sizes"])
            if a + b + c != len(blob):
                raise ValueError("the arrays are not of the stored sizes")
            offsets = _unraw("I", blob[:a])
            pairs = _unraw("I", blob[a : a + b])
            norms = _unraw("d", blob[a + b :])
            n = int(header["n"])
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a search index: {exc}") from exc
        if len(offsets) != len(terms) + 1 or offsets[-1] * 2 != len(pairs) or len(norms) != n:
            raise ValueError("not a search index: its parts do not fit together")
        return cls(terms, offsets, pairs, norms, n)

    def scores(self, query: str, allowed: Sequence[bool] | None = None) -> dict[int, float]:
        """BM25 score of each document matching ``query`` (only ``allowed[doc]`` ones if given)."""
        scores: dict[int, float] = {}
        norms = self._norms
        for term in set(tokenize(query)):
            slot = self._terms.get(term)
            if slot is None:
                continue
            pairs = self._pairs[2 * self._offsets[slot] : 2 * self._offsets[slot + 1]]
            if pairs and max(pairs[::2]) >= self.n:  # a damaged cache file: ignore the term
                continue
            boost = self._idf(len(pairs) // 2) * (_K1 + 1)
            for j in range(0, len(pairs), 2):
                doc, tf = pairs[j], pairs[j + 1]
                if allowed is not None and not allowed[doc]:
                    continue
                scores[doc] = scores.get(doc, 0.0) + boost * tf / (tf + norms[doc])
        return scores

    def ideal(self, query: str) -> float:
        """The score of a document that matched every term of ``query`` fully."""
        total = 0.0
        for term in set(tokenize(query)):
            df = self._df(term)
            if df is not None:
                idf = self._idf(df)
            elif len(term) == 2 and _CJK_CHAR.match(term):
                # About half the bigrams of a run of Chinese or Japanese words straddle two
                # words: one no record holds is as likely a seam as a word nobody wrote about.
                idf = self._idf_unknown * _UNKNOWN_BIGRAM_SHARE
            else:
                idf = self._idf_unknown
            total += idf * (_K1 + 1)
        return total


def _raw(values: array) -> bytes:
    # Stored little-endian whatever the machine, so a cache directory can move.
    if sys.byteorder == "big":
        values = array(values.typecode, values)
        values.byteswap()
    return values.tobytes()


def _unraw(typecode: str, data: bytes) -> array:
    values = array(typecode)
    values.frombytes(data)
    if sys.byteorder == "big":
        values.byteswap()
    return values
