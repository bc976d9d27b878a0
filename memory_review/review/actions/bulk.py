"""Bulk decisions over the candidates a reviewer saw."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from memory_review.extraction.models import Candidate

from ..models import ReviewEvent
from .candidates import approve_candidate, reject_candidate
from .decision import (
    ReviewError,
)
from .undo import new_batch


@dataclass
class BulkResult:
    done: int = 0
    refused: dict[str, int] = field(default_factory=dict)


def bulk_decide(
    *, candidate_ids: Iterable[int], reviewer: Any, action: str, reason: str = ""
) -> BulkResult:
    """Approve or reject each listed candidate in its own transaction.

    A candidate someone else claimed or decided meanwhile is left alone and
    counted by reason, so the reviewer sees exactly what happened. A bulk
    approval never includes a high-risk candidate (each needs its own
    reading) nor a knowledge gap (each needs a written answer).
    """
    result = BulkResult()
    done: list[int] = []
    for candidate in Candidate.objects.filter(pk__in=list(candidate_ids)):
        if action == "approve" and (candidate.is_high_risk or candidate.flag_hidden_chars):
            result.refused["high risk"] = result.refused.get("high risk", 0) + 1
            continue
        if action == "approve" and candidate.kind == Candidate.Kind.GAP:
            # A gap is answered in a person's words, one at a time.
            result.refused["knowledge gap"] = result.refused.get("knowledge gap", 0) + 1
            continue
        try:
            if action == "approve":
                event = approve_candidate(candidate=candidate, reviewer=reviewer, bulk=True)
            else:
                event = reject_candidate(
                    candidate=candidate, reviewer=reviewer, reason=reason, bulk=True
                )
        except ReviewError as error:
            key = type(error).__name__
            result.refused[key] = result.refused.get(key, 0) + 1
        else:
            result.done += 1
            done.append(event.pk)
    # One batch: undo takes back the whole bulk action, not its last item.
    ReviewEvent.objects.filter(pk__in=done).update(batch=new_batch())
    return result
