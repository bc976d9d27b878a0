"""Queue orders and their keyset cursors: newest, oldest, most asked, likely approvals first.

Every order is a keyset over (value, id), so a page never costs an OFFSET.
Before any decision has trained the approval model, the default is "most
asked lately": visitors × recency (`Candidate.ask_score`, groups.py), so the
question many visitors asked this week comes before one asked once long ago.
"""

from __future__ import annotations

from django.core.cache import cache
from django.db.models import Q, QuerySet
from django.db.models.functions import Coalesce
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext_lazy as _

from memory_review.extraction.models import ApprovalModel, Candidate

# Sort orders. "likely" (the default once a model exists) puts predicted approvals first,
# with an exploration share mixed in (learning.py); before any model exists the default
# is "recent": visitors × recency.
ORDERS = {
    "recent": _("Most asked lately"),
    "likely": _("Likely approvals first"),
    "asked": _("Most asked"),
    "newest": _("Newest first"),
    "oldest": _("Oldest first"),
}

# Orders by a score: (annotation or column, cursor value of a row).
_SCORED = {
    "recent": "ask_score",
    "likely": "queue_score",
    "asked": "asked",
}


def ordered(qs: QuerySet[Candidate], order: str) -> QuerySet[Candidate]:
    """The candidates in the queue order named `order` (newest, oldest, asked, likely)."""
    if order == "oldest":
        return qs.order_by("created_at", "pk")
    if order == "asked":
        return qs.annotate(asked=Coalesce("group__visitors", 1)).order_by("-asked", "-pk")
    if order == "likely":
        return qs.order_by("-queue_score", "-pk")
    if order == "recent":
        return qs.order_by("-ask_score", "-pk")
    return qs.order_by("-created_at", "-pk")


def default_order() -> str:
    """Likely approvals first once an approval model exists; before that, most asked lately."""
    found = cache.get("review:has-approval-model")
    if found is None:
        found = ApprovalModel.objects.exists()
        cache.set("review:has-approval-model", found, 30)
    return "likely" if found else "recent"


def encode_cursor(candidate: Candidate, order: str = "newest") -> str:
    if order in _SCORED:
        return f"{getattr(candidate, _SCORED[order])!r}_{candidate.pk}"
    return f"{candidate.created_at.isoformat()}_{candidate.pk}"


def after_cursor(qs: QuerySet[Candidate], order: str, cursor: str) -> QuerySet[Candidate]:
    """The candidates after `cursor` in that order (a malformed cursor means from the start)."""
    if order in _SCORED:
        value, _sep, pk = cursor.rpartition("_")
        try:
            score = float(value)
        except ValueError:
            return qs
        if not pk.isdigit():
            return qs
        field = _SCORED[order]
        return qs.filter(Q(**{f"{field}__lt": score}) | Q(**{field: score, "pk__lt": int(pk)}))
    stamp, _sep, pk = cursor.rpartition("_")
    at = parse_datetime(stamp) if stamp else None
    if at is None or not pk.isdigit():
        return qs
    if order == "oldest":
        return qs.filter(created_at__gte=at).filter(Q(created_at__gt=at) | Q(pk__gt=int(pk)))
    # The redundant range lets the database walk the index from the cursor on.
    return qs.filter(created_at__lte=at).filter(Q(created_at__lt=at) | Q(pk__lt=int(pk)))


def cursor_at(pk: int, order: str = "newest") -> str:
    """The cursor that points at candidate `pk` in that order."""
    row = ordered(Candidate.objects.filter(pk=pk), order).get()
    return encode_cursor(row, order)
