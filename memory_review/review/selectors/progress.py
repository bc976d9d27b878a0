"""Progress and pace per reviewer, and agreement on the items two people decided."""

from __future__ import annotations

import statistics
from collections import defaultdict
from datetime import timedelta
from typing import Any

from django.utils import timezone

from ..actions import DECISIONS, EDITABLE_FIELDS
from ..models import Assignment, HeldChange, ReviewEvent
from ..targets import OPEN_STATUSES
from .team import colleagues

Action = ReviewEvent.Action
# Work on an item: the candidate decisions and the decisions on record changes.
WORK = (
    *DECISIONS,
    Action.HOLD,
    Action.REJECT_HELD,
    Action.EDIT_RECORD,
    Action.MERGE_RECORDS,
    Action.REVERT_CHANGE,
    Action.RETRACT_RECORD,
)
# Pauses longer than this are breaks, not time spent on the next decision.
PACE_GAP = timedelta(minutes=30)
AGREED = (Action.APPROVE, Action.ANSWER_GAP, Action.MERGE)
DISAGREED = (Action.REJECT, Action.DUPLICATE)


def median_seconds(times: list[Any]) -> float | None:
    """Median time between one's consecutive decisions, breaks left out (None: too few)."""
    gaps = [
        (b - a).total_seconds() for a, b in zip(times, times[1:], strict=False) if b - a <= PACE_GAP
    ]
    return statistics.median(gaps) if gaps else None


def progress() -> list[dict[str, Any]]:
    """Per reviewer and publisher: decided today and this week, median time per decision,
    and assigned items open and done."""
    now = timezone.localtime()
    today = now.replace(hour=0, minute=0, second=0, microsecond=0)
    week = today - timedelta(days=today.weekday())
    times: dict[int, list[Any]] = defaultdict(list)
    for user_id, at in (
        ReviewEvent.objects.filter(action__in=WORK, undone_by=None, at__gte=week)
        .order_by("at", "pk")
        .values_list("user_id", "at")
    ):
        times[user_id].append(at)
    open_: dict[int, int] = defaultdict(int)
    done: dict[int, int] = defaultdict(int)
    for user_id, status, held_status in Assignment.objects.values_list(
        "assignee_id", "candidate__status", "held__status"
    ):
        is_open = status in OPEN_STATUSES or held_status == HeldChange.Status.WAITING
        (open_ if is_open else done)[user_id] += 1
    rows = []
    for user in colleagues():
        mine = times.get(user.pk, [])
        rows.append(
            {
                "user": user,
                "today": sum(1 for at in mine if at >= today),
                "week": len(mine),
                "median_seconds": median_seconds(mine),
                "assigned_open": open_.get(user.pk, 0),
                "assigned_done": done.get(user.pk, 0),
            }
        )
    return rows


def _edited(before: dict[str, Any], after: dict[str, Any]) -> bool:
    """The decision changed the text (status aside)."""
    return any(before.get(k) != after.get(k) for k in EDITABLE_FIELDS)


def _pairs() -> list[tuple[int, str]]:
    """(first approver id, outcome) for every item a second, different person decided.

    Outcome: ``agreed`` (approved the text as it was), ``edited`` (changed the
    text, which makes a new first approval) or ``disagreed`` (rejected it).
    """
    pairs: list[tuple[int, str]] = []
    firsts = list(
        ReviewEvent.objects.filter(action=Action.FIRST_APPROVAL, undone_by=None)
        .exclude(candidate=None)
        .values_list("candidate_id", "user_id", "pk")
    )
    later: dict[int, list[tuple[int, int, str, bool]]] = defaultdict(list)
    for candidate_id, user_id, pk, action, before, after in (
        ReviewEvent.objects.filter(
            candidate_id__in={c for c, _u, _p in firsts}, action__in=DECISIONS, undone_by=None
        )
        .order_by("pk")
        .values_list("candidate_id", "user_id", "pk", "action", "before", "after")
    ):
        later[candidate_id].append((pk, user_id, action, _edited(before, after)))
    for candidate_id, first_by, first_pk in firsts:
        second = next(
            ((a, e) for pk, u, a, e in later[candidate_id] if pk > first_pk and u != first_by),
            None,
        )
        if second is None:
            continue
        action, edited = second
        if action in DISAGREED:
            outcome = "disagreed"
        elif action in AGREED and not edited:
            outcome = "agreed"
        else:
            outcome = "edited"
        pairs.append((first_by, outcome))
    for first_by, decided_by, status in HeldChange.objects.exclude(
        status=HeldChange.Status.WAITING
    ).values_list("first_by_id", "decided_by_id", "status"):
        if decided_by is not None and decided_by != first_by:
            agreed = status == HeldChange.Status.APPLIED
            pairs.append((first_by, "agreed" if agreed else "disagreed"))
    # An edited held change: the editor became its first approver; who was before is in
    # the event's "before" state only, so the edit counts for the change, not a person.
    edits = ReviewEvent.objects.filter(
        action=Action.HOLD, reason__startswith="edited held change", undone_by=None
    ).count()
    pairs += [(0, "edited")] * edits
    return pairs


def agreement() -> dict[str, Any]:
    """How often the second person agreed with the first: as is, after edits, or not."""
    pairs = _pairs()
    total: dict[str, int] = defaultdict(int)
    per: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for first_by, outcome in pairs:
        total[outcome] += 1
        if first_by:
            per[first_by][outcome] += 1
    n = len(pairs)
    names = {u.pk: u.get_username() for u in colleagues()}
    return {
        "pairs": n,
        "agreed": total["agreed"],
        "edited": total["edited"],
        "disagreed": total["disagreed"],
        "agreed_percent": round(100 * total["agreed"] / n) if n else None,
        "with_edits_percent": round(100 * (total["agreed"] + total["edited"]) / n) if n else None,
        "per_reviewer": [
            {
                "username": names.get(user_id, str(user_id)),
                "pairs": sum(counts.values()),
                "agreed": counts["agreed"],
                "edited": counts["edited"],
                "disagreed": counts["disagreed"],
            }
            for user_id, counts in sorted(per.items(), key=lambda kv: names.get(kv[0], ""))
        ],
    }
