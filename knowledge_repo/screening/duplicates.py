"""Near duplicates among texts: records, pending candidates, release files (rapidfuzz).

Extraction attaches a near-duplicate proposal to what it duplicates, so a
reviewer can merge it; the release checks find records that say the same
thing twice. Both match on :func:`match_text` through one
:class:`NearDuplicateIndex`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rapidfuzz import fuzz, process, utils

_SPACE = re.compile(r"\s+")


def normalise(text: str) -> str:
    """White space collapsed and case folded: what "the same text" means for exact duplicates."""
    return _SPACE.sub(" ", text).strip().casefold()


def match_text(name: str, description: str, body: str = "") -> str:
    """What near-duplicates are matched on: the one-line name and description.

    Bodies are left out: they make each comparison ~10x slower and what a
    proposal is about shows in its name and description.
    """
    return f"{name} {description[:300]}"


_CJK_RUN = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]{2,}")


def _tokens(processed: str) -> set[str]:
    """Words, plus character bigrams of Chinese/Japanese/Korean runs (they have no spaces)."""
    tokens = set(processed.split())
    for run in _CJK_RUN.findall(processed):
        tokens.update(run[i : i + 2] for i in range(len(run) - 1))
    return tokens


def match_tokens(processed: str) -> set[str]:
    """The words (and CJK bigrams) of a ``default_process``-ed match text that pick candidates."""
    return _tokens(processed)


@dataclass
class NearDuplicateIndex:
    """Texts of pending candidates and records, by kind, to match new candidates against.

    Scoring every entry would make each new candidate cost more than the last, so
    an inverted index picks the entries sharing most of the query's less common words (or
    CJK bigrams) and only those, at most `pool` of them, are scored with rapidfuzz.
    Two texts at the threshold share most of their words, so none is missed in practice.
    """

    threshold: float
    pool: int = 50
    scorer: Callable[..., Any] = fuzz.token_set_ratio
    entries: dict[str, list[tuple[str, object, str]]] = field(default_factory=dict)
    postings: dict[str, dict[str, list[int]]] = field(default_factory=dict)

    unresolved: list[tuple[str, int]] = field(default_factory=list)

    def add(self, kind: str, source: str, ident: object, text: str) -> None:
        processed = utils.default_process(text)
        entries = self.entries.setdefault(kind, [])
        postings = self.postings.setdefault(kind, {})
        for token in _tokens(processed):
            postings.setdefault(token, []).append(len(entries))
        if not isinstance(ident, int | str):
            self.unresolved.append((kind, len(entries)))
        entries.append((source, ident, processed))

    def resolve(self) -> None:
        """Keep only the pk of candidates saved since they were added (memory stays small)."""
        for kind, i in self.unresolved:
            source, ident, processed = self.entries[kind][i]
            pk = getattr(ident, "pk", None)
            if pk is not None:
                self.entries[kind][i] = (source, pk, processed)
        self.unresolved = []

    def __len__(self) -> int:
        return sum(len(e) for e in self.entries.values())

    def best(self, kind: str, text: str) -> tuple[str, object, float] | None:
        """(source, id/slug/candidate, similarity 0-1) of the closest entry of the same kind."""
        entries = self.entries.get(kind)
        if not entries:
            return None
        query = utils.default_process(text)
        postings = self.postings[kind]
        common = max(50, min(len(entries) // 20, 1000))
        shared: Counter[int] = Counter()
        for token in _tokens(query):
            hits = postings.get(token)
            if hits and len(hits) <= common:
                shared.update(hits)
        if not shared:
            return None
        chosen = [i for i, _ in shared.most_common(self.pool)]
        found = process.extractOne(
            query,
            [entries[i][2] for i in chosen],
            scorer=self.scorer,
            score_cutoff=self.threshold,
            processor=None,
        )
        if found is None:
            return None
        _, score, index = found
        source, ident, _ = entries[chosen[index]]
        return source, ident, round(score / 100.0, 3)
