"""Exact and near duplicates of records and pending candidates (rapidfuzz).

An exact duplicate has the same fingerprint as a record or an earlier
candidate and is counted, not queued. A near-duplicate is queued with a link
to what it duplicates, so a reviewer can merge it.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field

from rapidfuzz import fuzz, process, utils

_SPACE = re.compile(r"\s+")


def normalise(text: str) -> str:
    return _SPACE.sub(" ", text).strip().casefold()


def fingerprint(kind: str, name: str, body: str, question: str = "") -> str:
    """What makes two proposals the same: for a gap its question, for a memory name + body."""
    key = (
        f"gap\x00{normalise(question)}"
        if kind == "gap"
        else f"memory\x00{normalise(name)}\x00{normalise(body)}"
    )
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def match_text(name: str, description: str, body: str) -> str:
    return f"{name} {description} {body[:300]}"


@dataclass
class NearDuplicateIndex:
    """Texts of pending candidates and records, by kind, to match new candidates against."""

    threshold: float
    keys: dict[str, list[tuple[str, object]]] = field(default_factory=dict)  # ("c"|"r", id|slug)
    texts: dict[str, list[str]] = field(default_factory=dict)

    def add(self, kind: str, source: str, ident: object, text: str) -> None:
        self.keys.setdefault(kind, []).append((source, ident))
        self.texts.setdefault(kind, []).append(utils.default_process(text))

    def best(self, kind: str, text: str) -> tuple[str, object, float] | None:
        """(source, id or slug, similarity 0-1) of the closest entry of the same kind."""
        texts = self.texts.get(kind)
        if not texts:
            return None
        found = process.extractOne(
            utils.default_process(text),
            texts,
            scorer=fuzz.token_set_ratio,
            score_cutoff=self.threshold,
            processor=None,
        )
        if found is None:
            return None
        _, score, index = found
        source, ident = self.keys[kind][index]
        return source, ident, round(score / 100.0, 3)
