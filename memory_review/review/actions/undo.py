"""Undo a reviewer's last decision."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from memory_review.extraction.models import Candidate

from ..models import ReviewEvent
from .decision import (
    DECISIONS,
    EDITABLE_FIELDS,
    Action,
    NothingToUndo,
    ReviewError,
    apply_edits,
    snapshot,
    writing_knowledge,
)


@transaction.atomic(durable=True)
def undo_last_decision(*, reviewer: Any) -> ReviewEvent:
    """Undo the reviewer's most recent decision that is still in force.

    The candidate reopens with the text the reviewer last gave it (their
    edits stay, as a draft to approve again), not the extractor's; a change
    already committed is reverted by a new commit, never rewritten, and
    approving again reuses the record's slug. When the undone change is in
    the published release, the audit reason says it stays live until the
    next release.
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
    reason = f"undid {event.get_action_display()}"
    if event.change_id is not None:
        from knowledge_repo import actions as kr
        from knowledge_repo.models import Change

        from ..live import change_live_in, live_note

        change = Change.objects.get(pk=event.change_id)
        release = change_live_in(change)
        with writing_knowledge():
            reverted = kr.revert_change(author=reviewer, change=change)
        if release is not None:
            reason += f"; {change.slug} is {live_note(release)}"
    # The reviewer's last text (edits included) comes back as the draft.
    apply_edits(c, {k: v for k, v in event.after.items() if k in EDITABLE_FIELDS})
    c.status = event.before.get("status", Candidate.Status.PENDING)
    c.save()
    undo = ReviewEvent.objects.create(
        candidate=c,
        record_slug=event.record_slug,
        user=reviewer,
        action=Action.UNDO,
        reason=reason,
        before=before,
        after=snapshot(c),
        change_id=getattr(reverted, "pk", None),
        at=timezone.now(),
    )
    event.undone_by = undo
    event.save(update_fields=["undone_by"])
    return undo


def restored_by_undo(candidate: Candidate) -> bool:
    """True when the candidate's text is a reviewer's draft brought back by an undo."""
    last = ReviewEvent.objects.filter(candidate=candidate).order_by("-pk").first()
    return last is not None and last.action == Action.UNDO
