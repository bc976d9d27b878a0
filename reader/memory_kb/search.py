"""Ranking: BM25 over name, description, body and search keys, with a relevance floor.

Terms come from ``tokens.tokenize`` (Chinese, Japanese and Korean as
character bigrams, so a record about 测试 matches without a word segmenter). The
index is a plain data structure that ``to_bytes``/``from_bytes`` store in
the local cache as plain data (a JSON header and raw arrays, never a pickle),
so a cached release opens without re-tokenising it.
"""

from __future__ import annotations

import math
import sys
from array import array
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import chain
from typing import Any

from .tokens import is_cjk_bigram, tokenize

__all__ = ["SearchIndex", "tokenize"]

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
            elif is_cjk_bigram(term):
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
