"""Undo a reviewer's last decision."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from memory_review.extraction.models import Candidate

from ..models import ReviewEvent
from ._base import (
    DECISIONS,
    EDITABLE_FIELDS,
    Action,
    NothingToUndo,
    ReviewError,
    _apply_edits,
    _knowledge,
    snapshot,
)


@transaction.atomic(durable=True)
def undo_last_decision(*, reviewer: Any) -> ReviewEvent:
    """Undo the reviewer's most recent decision that is still in force.

    The candidate goes back to the state it had before; a change already
    committed is reverted by a new commit, never rewritten.
    """
    event = (
        ReviewEvent.objects.select_for_update()
        .filter(user=reviewer, action__in=DECISIONS, undone_by=None, candidate__isnull=False)
        .first()
    )
    if event is None:
        raise NothingToUndo("You have no decision to undo.")
    assert event.candidate_id is not None
    c = Candidate.objects.select_for_update().get(pk=event.candidate_id)
    if c.status != event.after.get("status"):
        raise ReviewError("Someone decided this candidate after you; it cannot be undone here.")
    before = snapshot(c)
    reverted = None
    if event.change_id is not None:
        from knowledge_repo import actions as kr
        from knowledge_repo.models import Change

        with _knowledge():
            reverted = kr.revert_change(
                author=reviewer, change=Change.objects.get(pk=event.change_id)
            )
    _apply_edits(c, {k: v for k, v in event.before.items() if k in EDITABLE_FIELDS})
    if "status" in event.before:
        c.status = event.before["status"]
    c.save()
    undo = ReviewEvent.objects.create(
        candidate=c,
        record_slug=event.record_slug,
        user=reviewer,
        action=Action.UNDO,
        reason=f"undid {event.get_action_display()}",
        before=before,
        after=snapshot(c),
        change_id=getattr(reverted, "pk", None),
        at=timezone.now(),
    )
    event.undone_by = undo
    event.save(update_fields=["undone_by"])
    return undo
