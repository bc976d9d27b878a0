"""Decisions on one candidate: approve, reject, duplicate, merge, skip."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from memory_review.extraction.models import Candidate

from ..models import Claim, ReviewEvent, Skip
from ._base import (
    Action,
    SecondReviewerRequired,
    Status,
    _apply_edits,
    _check_target,
    _finish,
    _knowledge,
    _lock,
    _write_change,
    open_flags_for,
    snapshot,
    sources_for,
)

# --- decisions --------------------------------------------------------------


@transaction.atomic(durable=True)
def approve_candidate(
    *, candidate: Candidate, reviewer: Any, edits: dict[str, Any] | None = None, bulk: bool = False
) -> ReviewEvent:
    """Approve (after optional edits). High-risk candidates need two different reviewers.

    The first approval of a high-risk candidate only moves it to
    ``awaiting_second``. A second reviewer who changes the text makes a new
    first approval, so every committed text was approved by two people.
    """
    c = _lock(candidate.pk, reviewer)
    before = snapshot(c)
    edited = _apply_edits(c, edits)
    _check_target(c)
    if c.status == Status.AWAITING_SECOND and not edited:
        first = ReviewEvent.objects.filter(
            candidate=c, action=Action.FIRST_APPROVAL, undone_by=None
        ).first()
        if first is not None and first.user_id == reviewer.pk:
            raise SecondReviewerRequired(
                "You gave the first approval; a different reviewer must give the second."
            )
    elif c.is_high_risk:
        c.status = Status.AWAITING_SECOND
        return _finish(c, reviewer, action=Action.FIRST_APPROVAL, before=before, bulk=bulk)
    change = _write_change(c, reviewer)
    c.status = Status.APPROVED
    action = Action.ANSWER_GAP if c.kind == Candidate.Kind.GAP else Action.APPROVE
    return _finish(c, reviewer, action=action, before=before, change=change, bulk=bulk)


@transaction.atomic(durable=True)
def reject_candidate(
    *, candidate: Candidate, reviewer: Any, reason: str, bulk: bool = False
) -> ReviewEvent:
    """Reject with a reason; nothing is written to the knowledge repository."""
    c = _lock(candidate.pk, reviewer)
    before = snapshot(c)
    c.status = Status.REJECTED
    return _finish(c, reviewer, action=Action.REJECT, before=before, reason=reason, bulk=bulk)


@transaction.atomic(durable=True)
def mark_duplicate(*, candidate: Candidate, reviewer: Any, of: str = "") -> ReviewEvent:
    """Close a candidate as a duplicate of a record or candidate (``of`` names it)."""
    c = _lock(candidate.pk, reviewer)
    before = snapshot(c)
    c.status = Status.DUPLICATE
    reason = (
        of
        or c.duplicate_of_record
        or (f"candidate {c.duplicate_of_id}" if c.duplicate_of_id else "")
    )
    return _finish(c, reviewer, action=Action.DUPLICATE, before=before, reason=reason)


@transaction.atomic(durable=True)
def merge_candidate(
    *, candidate: Candidate, reviewer: Any, target_slug: str, edits: dict[str, Any]
) -> ReviewEvent:
    """Fold the candidate into an existing record, with the merged text the reviewer wrote."""
    from knowledge_repo import actions as kr

    c = _lock(candidate.pk, reviewer)
    before = snapshot(c)
    _apply_edits(c, edits)
    c.target_slug = target_slug
    c.operation = Candidate.Operation.UPDATE
    if c.is_high_risk and c.status == Status.PENDING:
        c.status = Status.AWAITING_SECOND
        return _finish(c, reviewer, action=Action.FIRST_APPROVAL, before=before)
    with _knowledge():
        change = kr.update_record(
            author=reviewer,
            slug=target_slug,
            name=c.name,
            description=c.description,
            body=c.body,
            type=c.type,
            sources=tuple(sources_for(c)),
            candidate_id=c.pk,
            open_flags=tuple(open_flags_for(c)),
        )
    c.status = Status.MERGED
    return _finish(c, reviewer, action=Action.MERGE, before=before, change=change)


def skip_candidate(*, candidate: Candidate, reviewer: Any) -> None:
    """Put the candidate at the end of this reviewer's queue and let others have it."""
    with transaction.atomic():
        Skip.objects.update_or_create(
            candidate=candidate, user=reviewer, defaults={"at": timezone.now()}
        )
        Claim.objects.filter(candidate=candidate, user=reviewer).delete()
