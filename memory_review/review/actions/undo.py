"""Undo a reviewer's last action: one decision, one skip, or a whole bulk action."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils import timezone

from memory_review.extraction.models import Candidate

from ..models import ReviewEvent, Skip
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
from .samequestion import unjoin

# What ``u`` takes back: decisions and skips (a skip is an action the reviewer sees).
UNDOABLE = (*DECISIONS, Action.SKIP)


@dataclass
class Undone:
    """What one undo took back: the action, and one undo event per candidate."""

    action: str
    events: list[ReviewEvent] = field(default_factory=list)
    bulk: bool = False

    @property
    def last(self) -> ReviewEvent:
        return self.events[-1]


@transaction.atomic(durable=True)
def undo_last_action(*, reviewer: Any) -> Undone:
    """Undo the reviewer's most recent action that is still in force, exactly that one.

    A skip is undone by putting the candidate back where it was in the
    reviewer's queue; a bulk action is undone as a whole (every candidate of
    its batch), or not at all when someone decided one of them since. A
    decision reopens its candidate with the text the reviewer last gave it
    (their edits stay, as a draft to approve again), not the extractor's; a
    change already committed is reverted by a new commit, never rewritten,
    and approving again reuses the record's slug. When the undone change is
    in the published release, the audit reason says it stays live until the
    next release.
    """
    latest = (
        ReviewEvent.objects.select_for_update()
        .filter(user=reviewer, action__in=UNDOABLE, undone_by=None, candidate__isnull=False)
        .first()
    )
    if latest is None:
        raise NothingToUndo("You have no decision to undo.")
    events = [latest]
    if latest.batch is not None:
        events = list(
            ReviewEvent.objects.select_for_update()
            .filter(user=reviewer, batch=latest.batch, undone_by=None)
            .order_by("pk")
        )
    candidates: dict[int | None, Candidate] = {
        c.pk: c
        for c in Candidate.objects.select_for_update().filter(
            pk__in=[e.candidate_id for e in events]
        )
    }
    moved = [e for e in events if candidates[e.candidate_id].status != e.after.get("status")]
    if moved:
        if len(events) == 1:
            raise ReviewError("Someone decided this candidate after you; it cannot be undone here.")
        raise ReviewError(
            f"Someone decided {len(moved)} of these {len(events)} candidates after you; "
            "the bulk action cannot be undone as a whole."
        )
    result = Undone(action=latest.action, bulk=latest.batch is not None)
    for event in events:
        result.events.append(_undo_one(event, candidates[event.candidate_id], reviewer))
    return result


def undo_last_decision(*, reviewer: Any) -> ReviewEvent:
    """Undo the last action (see :func:`undo_last_action`); the last undo event written."""
    return undo_last_action(reviewer=reviewer).last


def _undo_one(event: ReviewEvent, c: Candidate, reviewer: Any) -> ReviewEvent:
    before = snapshot(c)
    reverted = None
    reason = f"undid {event.get_action_display()}"
    if event.action == Action.SKIP:
        _unskip(event, c, reviewer)
    else:
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
        if "joined" in event.before:
            # Two rows of one question joined by this decision: apart again (samequestion).
            unjoin(event)
            c.group_id = event.before["joined"]["from"]
            c.duplicate_of = None
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
        bulk=event.bulk,
        at=timezone.now(),
    )
    event.undone_by = undo
    event.save(update_fields=["undone_by"])
    return undo


def _unskip(event: ReviewEvent, c: Candidate, reviewer: Any) -> None:
    """Put the candidate back where it was before the skip: an earlier skip, or none."""
    earlier = (
        ReviewEvent.objects.filter(
            candidate=c, user=reviewer, action=Action.SKIP, undone_by=None, pk__lt=event.pk
        )
        .order_by("-pk")
        .first()
    )
    if earlier is None:
        Skip.objects.filter(candidate=c, user=reviewer).delete()
    else:
        Skip.objects.filter(candidate=c, user=reviewer).update(at=earlier.at)


def new_batch() -> uuid.UUID:
    """A batch id for the events of one bulk action."""
    return uuid.uuid4()


def restored_by_undo(candidate: Candidate) -> bool:
    """True when the candidate's text is a reviewer's draft brought back by an undo."""
    # Skips, comments and assignments leave the text alone: look past them.
    last = (
        ReviewEvent.objects.filter(candidate=candidate, action__in=[*DECISIONS, Action.UNDO])
        .exclude(undoes__action=Action.SKIP)
        .order_by("-pk")
        .first()
    )
    return last is not None and last.action == Action.UNDO
