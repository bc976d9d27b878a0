"""The set a bulk decision acts on: exactly what the confirmation page lists.

The confirmation page shows every candidate of the filtered list (up to
BULK_MAX) and posts back a signature of their ids; the decision runs only
when the list still has exactly those ids, so a list that changed in
between is shown again instead of being acted on.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from django.db.models import Q

from memory_review.extraction.models import Candidate, high_risk_q

from .queue import QueueFilters, filtered_candidates

BULK_MAX = 200
# Never approved in bulk: each needs its own reading and, at the gate, two people.
HIGH_RISK = high_risk_q() | Q(flag_hidden_chars=True)


@dataclass
class BulkSelection:
    action: str
    rows: list[Candidate]
    high_risk: list[Candidate]
    gaps: list[Candidate]
    total: int

    @property
    def ids(self) -> list[int]:
        return [c.pk for c in self.rows]

    @property
    def too_many(self) -> bool:
        return self.total > BULK_MAX

    @property
    def signature(self) -> str:
        return selection_signature(self.action, self.ids)


def selection_signature(action: str, ids: list[int]) -> str:
    """A short digest of the action and the ids, posted back by the confirmation form."""
    text = action + ":" + ",".join(str(pk) for pk in sorted(ids))
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def bulk_selection(filters: QueueFilters, user: Any, action: str) -> BulkSelection:
    """The candidates a bulk ``action`` over this filtered list would touch, in queue order.

    Approvals leave high-risk candidates and knowledge gaps out (listed separately).
    """
    order = ("created_at", "pk") if filters.order == "oldest" else ("-created_at", "-pk")
    qs = filtered_candidates(filters, user).order_by(*order).select_related("conversation__source")
    total = qs.count()
    rows = list(qs[: BULK_MAX + 1]) if total <= BULK_MAX else []
    high_risk: list[Candidate] = []
    gaps: list[Candidate] = []
    if action == "approve":
        risky = set(qs.filter(HIGH_RISK).values_list("pk", flat=True)[: BULK_MAX + 1])
        high_risk = [c for c in rows if c.pk in risky]
        gaps = [c for c in rows if c.kind == Candidate.Kind.GAP and c.pk not in risky]
        rows = [c for c in rows if c.pk not in risky and c.kind != Candidate.Kind.GAP]
    return BulkSelection(action=action, rows=rows, high_risk=high_risk, gaps=gaps, total=total)
