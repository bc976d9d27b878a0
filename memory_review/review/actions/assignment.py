"""Sharing work out: assign items to reviewers by hand or round-robin."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils import timezone

from memory_review.roles import is_reviewer

from ..errors import ReviewError
from ..models import Assignment, Claim, ReviewEvent
from ..targets import Target
from .decision import Action


@dataclass
class AssignResult:
    """What an assignment did: items per assignee, and the items left alone and why."""

    assigned: Counter = field(default_factory=Counter)
    already_assigned: int = 0
    closed: int = 0

    @property
    def total(self) -> int:
        return sum(self.assigned.values())


def first_approver_ids(targets: Sequence[Target]) -> dict[str, int]:
    """Who gave the first approval of each item awaiting its second one (by target key).

    Round-robin never hands an item to the person whose approval it waits on:
    they cannot give the second one.
    """
    waiting = [t.candidate.pk for t in targets if t.candidate is not None]
    found: dict[str, int] = {}
    events = (
        ReviewEvent.objects.filter(
            candidate_id__in=waiting, action=Action.FIRST_APPROVAL, undone_by=None
        )
        .order_by("pk")
        .values_list("candidate_id", "user_id")
    )
    for candidate_id, user_id in events:
        found[f"candidate:{candidate_id}"] = user_id
    for t in targets:
        if t.held is not None:
            found[t.key] = t.held.first_by_id
        elif t.candidate is not None and t.candidate.status != "awaiting_second":
            found.pop(t.key, None)
    return found


def check_assignees(assignees: Sequence[Any]) -> None:
    if not assignees:
        raise ReviewError("Choose at least one reviewer to assign to.")
    outsiders = [u.get_username() for u in assignees if not is_reviewer(u) or not u.is_active]
    if outsiders:
        raise ReviewError(f"Not a reviewer or publisher: {', '.join(outsiders)}.")


@transaction.atomic(durable=True)
def assign_items(
    *, targets: Sequence[Target], assignees: Sequence[Any], by: Any, reassign: bool = True
) -> AssignResult:
    """Assign each open item to the next of ``assignees`` in turn (one name: by hand).

    Closed items and records are left alone; so are items already assigned
    unless ``reassign``. Each assignment is an audit event, and the assigner's
    claim on an item handed to someone else ends. An item waiting
    for its second approval goes to the next assignee who did not give the
    first one, when there is such an assignee.
    """
    check_assignees(assignees)
    result = AssignResult()
    first = first_approver_ids(targets)
    taken = {
        *(
            f"candidate:{pk}"
            for pk in Assignment.objects.filter(
                candidate_id__in=[t.candidate.pk for t in targets if t.candidate is not None]
            ).values_list("candidate_id", flat=True)
        ),
        *(
            f"held:{pk}"
            for pk in Assignment.objects.filter(
                held_id__in=[t.held.pk for t in targets if t.held is not None]
            ).values_list("held_id", flat=True)
        ),
    }
    now = timezone.now()
    turn = 0
    events = []
    for target in targets:
        if not target.assignable():
            result.closed += 1
            continue
        if target.key in taken and not reassign:
            result.already_assigned += 1
            continue
        person = assignees[turn % len(assignees)]
        for step in range(len(assignees)):
            candidate_person = assignees[(turn + step) % len(assignees)]
            if candidate_person.pk != first.get(target.key):
                person = candidate_person
                turn += step
                break
        turn += 1
        Assignment.objects.update_or_create(
            **target.lookup(), defaults={"assignee": person, "assigned_by": by, "assigned_at": now}
        )
        result.assigned[person.get_username()] += 1
        events.append(
            ReviewEvent(
                candidate=target.candidate,
                record_slug=target.record_slug,
                user=by,
                action=Action.ASSIGN,
                reason=f"assigned {target.label()} to {person.get_username()}",
                bulk=len(targets) > 1,
                at=now,
            )
        )
    ReviewEvent.objects.bulk_create(events)
    # Handing an item to someone else is moving on: the assigner's claim on it ends.
    Claim.objects.filter(
        user=by, candidate_id__in=[e.candidate_id for e in events if e.candidate_id]
    ).exclude(candidate__assignments__assignee=by).delete()
    return result


def unassign(*, target: Target, by: Any) -> bool:
    """Take an item off everyone's list; True when it was assigned."""
    with transaction.atomic():
        deleted, _ = Assignment.objects.filter(**target.lookup()).delete()
        if deleted:
            ReviewEvent.objects.create(
                candidate=target.candidate,
                record_slug=target.record_slug,
                user=by,
                action=Action.ASSIGN,
                reason=f"unassigned {target.label()}",
                at=timezone.now(),
            )
    return bool(deleted)
