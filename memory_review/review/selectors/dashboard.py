"""The dashboard and the audit log."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any

from django.conf import settings
from django.db.models import Count, Max, Min, Q, QuerySet
from django.db.models.functions import TruncDate
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from conversations.models import Source
from memory_review.extraction.models import ApprovalModel, Candidate, ExtractionRun

from ..actions import DECISIONS
from ..models import Claim, HeldChange, ReviewEvent
from .queue import FLAG_FILTERS


def dashboard(days: int = 14) -> dict[str, Any]:
    """Pending count and age, decisions per day and reviewer, approval rates, runs."""
    now = timezone.now()
    pending = Candidate.objects.filter(status=Candidate.Status.PENDING)
    age = pending.aggregate(oldest=Min("created_at"), newest=Max("created_at"))
    since = now - timedelta(days=days)
    decisions = ReviewEvent.objects.filter(action__in=DECISIONS, at__gte=since, undone_by=None)
    per_day = list(
        decisions.annotate(day=TruncDate("at"))
        .values("day")
        .annotate(n=Count("pk"))
        .order_by("day")
    )
    per_reviewer = list(
        decisions.values("user__username")
        .annotate(
            n=Count("pk"),
            approved=Count("pk", filter=Q(action__in=["approve", "first_approval", "merge"])),
            rejected=Count("pk", filter=Q(action="reject")),
        )
        .order_by("-n")
    )
    closed = [
        Candidate.Status.APPROVED,
        Candidate.Status.REJECTED,
        Candidate.Status.DUPLICATE,
        Candidate.Status.MERGED,
    ]
    accepted = [Candidate.Status.APPROVED, Candidate.Status.MERGED]
    decided = Q(status__in=closed)
    approved = Q(status__in=accepted)
    runs = list(
        ExtractionRun.objects.annotate(
            decided=Count("candidates", filter=Q(candidates__status__in=closed)),
            approved=Count("candidates", filter=Q(candidates__status__in=accepted)),
            open=Count("candidates", filter=Q(candidates__status=Candidate.Status.PENDING)),
        ).order_by("-started_at")[:20]
    )
    for run in runs:
        run.approval_rate = (run.approved / run.decided) if run.decided else None  # type: ignore[attr-defined]
    per_flag = []
    for name, (label, condition) in FLAG_FILTERS.items():
        row = Candidate.objects.filter(condition).aggregate(
            decided=Count("pk", filter=decided), approved=Count("pk", filter=approved)
        )
        row["rate"] = row["approved"] / row["decided"] if row["decided"] else None
        per_flag.append({"name": name, "label": label, **row})
    return {
        "pending": pending.count(),
        "awaiting_second": Candidate.objects.filter(
            status=Candidate.Status.AWAITING_SECOND
        ).count(),
        "oldest": age["oldest"],
        "oldest_age": (now - age["oldest"]) if age["oldest"] else None,
        "per_day": per_day,
        "per_reviewer": per_reviewer,
        "runs": runs,
        "per_flag": per_flag,
        "days": days,
        "claims": Claim.objects.filter(expires_at__gt=now).count(),
        "approval_by": approval_rates(),
        "agreement": reviewer_agreement(),
        "approval_model": ApprovalModel.objects.defer("blob").first(),
        "held_changes": HeldChange.objects.filter(status=HeldChange.Status.WAITING).count(),
        "expiring": expiring_records(settings.REVIEW_EXPIRY_WARNING_DAYS),
        "expiry_days": settings.REVIEW_EXPIRY_WARNING_DAYS,
        "today": timezone.localdate(),
    }


APPROVAL_DIMENSIONS = (
    ("provider", _("Provider")),
    ("kind", _("Kind")),
    ("type", _("Type")),
    ("conversation__source__name", _("Source")),
)
_ACCEPTED = [Candidate.Status.APPROVED, Candidate.Status.MERGED]
_DECIDED = [*_ACCEPTED, Candidate.Status.REJECTED, Candidate.Status.DUPLICATE]


def approval_rates() -> list[dict[str, Any]]:
    """Approved share of decided candidates per provider, kind, type and source."""
    tables = []
    for field, label in APPROVAL_DIMENSIONS:
        rows = list(
            Candidate.objects.filter(status__in=_DECIDED)
            .values(field)
            .annotate(decided=Count("pk"), approved=Count("pk", filter=Q(status__in=_ACCEPTED)))
            .order_by("-decided")[:20]
        )
        for row in rows:
            row["value"] = row.pop(field) or "—"
            row["rate"] = row["approved"] / row["decided"] if row["decided"] else None
        tables.append({"label": label, "rows": rows})
    return tables


_YES = {"approve", "first_approval", "merge", "answer_gap"}
_NO = {"reject", "duplicate"}


def reviewer_agreement() -> dict[str, Any]:
    """On candidates two or more people decided, how often their verdicts were the same.

    Undone decisions count: a second reviewer disagreeing is what undo often records.
    """
    events = (
        ReviewEvent.objects.filter(action__in=sorted(_YES | _NO), candidate__isnull=False)
        .values_list("candidate_id", "user_id", "action")
        .order_by("candidate_id", "at")
    )
    verdicts: dict[int, dict[int, bool]] = {}
    for candidate_id, user_id, action in events.iterator():
        # A reviewer's last word on the candidate is their verdict.
        verdicts.setdefault(candidate_id, {})[user_id] = action in _YES
    shared = [set(v.values()) for v in verdicts.values() if len(v) >= 2]
    agreed = sum(1 for v in shared if len(v) == 1)
    return {
        "seen_by_two": len(shared),
        "agreed": agreed,
        "rate": agreed / len(shared) if shared else None,
    }


def audit_events(
    *,
    candidate_id: int | None = None,
    slug: str = "",
    username: str = "",
    action: str = "",
    since: date | None = None,
    until: date | None = None,
    before: datetime | None = None,
) -> QuerySet[ReviewEvent]:
    """Review events matching every filter given (dates are inclusive, local days)."""
    qs = ReviewEvent.objects.select_related("user", "candidate")
    if candidate_id:
        qs = qs.filter(candidate_id=candidate_id)
    if slug:
        qs = qs.filter(record_slug=slug)
    if username:
        qs = qs.filter(user__username=username)
    if action:
        qs = qs.filter(action=action)
    if since:
        qs = qs.filter(at__date__gte=since)
    if until:
        qs = qs.filter(at__date__lte=until)
    return qs


def expiring_records(days: int) -> list[Any]:
    """Current records whose valid_until falls within ``days`` (or has passed), soonest first."""
    from knowledge_repo.models import Record

    limit = timezone.localdate() + timedelta(days=days)
    return list(
        Record.objects.filter(retracted=False, valid_until__isnull=False, valid_until__lte=limit)
        .order_by("valid_until", "slug")
        .only("slug", "name", "valid_until")[:100]
    )


def sources() -> list[Source]:
    return list(Source.objects.order_by("name")[:200])


AUDITED_FIELDS = ("status", "name", "description", "body", "type", "operation", "target_slug")


def with_changes(events: list[ReviewEvent]) -> list[ReviewEvent]:
    """Attach ``changed``: (field, before, after, word diff) for each field an event changed."""
    from ..worddiff import word_diff

    for event in events:
        keys = [k for k in AUDITED_FIELDS if k in event.before or k in event.after]
        event.changed = [  # type: ignore[attr-defined]
            (
                k,
                event.before.get(k),
                event.after.get(k),
                word_diff(event.before.get(k), event.after.get(k)),
            )
            for k in keys
            if event.before.get(k) != event.after.get(k)
        ]
    return events
