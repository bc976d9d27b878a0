"""Exact duplicates of proposals: what makes two proposals the same one.

An exact duplicate has the same fingerprint as a record or an earlier
candidate and is counted, not queued. Near duplicates are the screening
layer's (:mod:`knowledge_repo.screening.duplicates`).
"""

from __future__ import annotations

import hashlib

from knowledge_repo.screening.duplicates import normalise


def fingerprint(
    kind: str, name: str, body: str, question: str = "", conversation: int | None = None
) -> str:
    """What makes two proposals the same: for a gap its question, for a memory name + body.

    A gap is the same only within one conversation: the same question from another
    visitor is not dropped but joins the gap's group and raises its count.
    """
    key = (
        f"gap\x00{conversation or ''}\x00{normalise(question)}"
        if kind == "gap"
        else f"memory\x00{normalise(name)}\x00{normalise(body)}"
    )
    return hashlib.sha256(key.encode("utf-8")).hexdigest()
