"""Every decision a reviewer makes, as named actions.

Each action locks the candidate row (``select_for_update``) inside one
transaction and checks its status there, so two decisions on one candidate
can never both win: the loser gets :class:`AlreadyDecided` naming who decided
and what. An approval writes the candidate's new state, the audit event and
the knowledge-repository change (outbox row) in the same transaction; the
git commit runs after it, on commit, in ``knowledge_repo``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from memory_review.extraction.models import Candidate

from .models import Claim, ReviewEvent, Skip

Status = Candidate.Status
Action = ReviewEvent.Action

OPEN_STATUSES = (Status.PENDING, Status.AWAITING_SECOND)
DECISIONS = (
    Action.APPROVE,
    Action.FIRST_APPROVAL,
    Action.REJECT,
    Action.DUPLICATE,
    Action.MERGE,
    Action.ANSWER_GAP,
)
EDITABLE_FIELDS = ("name", "description", "body", "type", "operation", "target_slug")
REJECT_REASONS = (
    "not true",
    "about one visitor",
    "temporary or task-specific",
    "instruction, not knowledge",
    "personal data",
    "not useful",
    "duplicate",
)


class ReviewError(Exception):
    """A decision that cannot be made; the message says why, for the reviewer."""


class AlreadyDecided(ReviewError):
    def __init__(self, candidate: Candidate, event: ReviewEvent | None):
        self.candidate = candidate
        self.event = event
        if event is not None:
            who = event.user.get_full_name() or event.user.get_username()
            at = timezone.localtime(event.at).strftime("%Y-%m-%d %H:%M")
            what = event.get_action_display().lower()
            if event.reason:
                what += f" ({event.reason})"
            text = f"{who} already decided this candidate: {what} at {at}."
        else:
            text = f"This candidate is already {candidate.get_status_display()}."
        super().__init__(text)


class ClaimedByOther(ReviewError):
    def __init__(self, claim: Claim):
        self.claim = claim
        who = claim.user.get_full_name() or claim.user.get_username()
        super().__init__(f"{who} is reviewing this candidate right now.")


class SecondReviewerRequired(ReviewError):
    pass


class NothingToUndo(ReviewError):
    pass


def snapshot(candidate: Candidate) -> dict[str, Any]:
    """The reviewable state of a candidate, as stored in audit events."""
    data: dict[str, Any] = {name: getattr(candidate, name) for name in EDITABLE_FIELDS}
    data["status"] = candidate.status
    return data


def sources_for(candidate: Candidate) -> list[str]:
    """Record sources for the turns a candidate cites: ``<source>/<external id>#<order>``."""
    conversation = candidate.conversation
    prefix = f"{conversation.source.name}/{conversation.external_id}"
    orders = [int(o) for o in candidate.evidence if str(o).lstrip("-").isdigit()]
    return [f"{prefix}#{order}" for order in sorted(set(orders))] or [prefix]


def open_flags_for(candidate: Candidate) -> list[str]:
    """Personal-data flags whose text is still in the approved fields (not redacted)."""
    text = "\n".join([candidate.name, candidate.description, candidate.body])
    kinds = {
        flag.get("kind", "")
        for flag in candidate.flags
        if flag.get("kind") == "personal_data" and flag.get("text") and flag["text"] in text
    }
    return sorted(kinds)


# --- claims -----------------------------------------------------------------


def claim_candidate(*, candidate: Candidate, user: Any) -> Claim:
    """Claim a candidate for REVIEW_CLAIM_SECONDS unless someone else holds a live claim.

    Returns the claim in force: the caller's own, or the other reviewer's.
    """
    now = timezone.now()
    expires = now + timedelta(seconds=settings.REVIEW_CLAIM_SECONDS)
    with transaction.atomic():
        claim = Claim.objects.select_for_update().filter(candidate=candidate).first()
        if claim is None:
            return Claim.objects.create(
                candidate=candidate, user=user, claimed_at=now, expires_at=expires
            )
        if claim.user_id != user.pk and claim.expires_at > now:
            return claim
        if claim.user_id != user.pk:
            claim.claimed_at = now
        claim.user = user
        claim.expires_at = expires
        claim.save(update_fields=["user", "claimed_at", "expires_at"])
        return claim


def _lock(candidate_id: int, reviewer: Any, statuses: Iterable[str] = OPEN_STATUSES) -> Candidate:
    candidate = (
        Candidate.objects.select_for_update()
        .select_related("conversation__source")
        .get(pk=candidate_id)
    )
    if candidate.status not in statuses:
        raise AlreadyDecided(candidate, last_decision(candidate))
    claim = Claim.objects.select_related("user").filter(candidate=candidate).first()
    if claim and claim.user_id != reviewer.pk and claim.expires_at > timezone.now():
        raise ClaimedByOther(claim)
    return candidate


def last_decision(candidate: Candidate) -> ReviewEvent | None:
    return (
        ReviewEvent.objects.select_related("user")
        .filter(candidate=candidate, action__in=DECISIONS, undone_by=None)
        .first()
    )


def _finish(
    candidate: Candidate,
    reviewer: Any,
    *,
    action: str,
    before: dict[str, Any],
    reason: str = "",
    change: Any = None,
    bulk: bool = False,
) -> ReviewEvent:
    candidate.save()
    Claim.objects.filter(candidate=candidate).delete()
    Skip.objects.filter(candidate=candidate).delete()
    return ReviewEvent.objects.create(
        candidate=candidate,
        record_slug=getattr(change, "slug", "") or candidate.target_slug,
        user=reviewer,
        action=action,
        reason=reason,
        before=before,
        after=snapshot(candidate),
        change_id=getattr(change, "pk", None),
        bulk=bulk,
        at=timezone.now(),
    )


def _apply_edits(candidate: Candidate, edits: dict[str, Any] | None) -> bool:
    changed = False
    for name, value in (edits or {}).items():
        if name in EDITABLE_FIELDS and value is not None and getattr(candidate, name) != value:
            setattr(candidate, name, value)
            changed = True
    return changed


@contextmanager
def _knowledge() -> Iterator[None]:
    """Knowledge-repository refusals become review errors (and roll the decision back)."""
    from knowledge_repo.actions import KnowledgeError

    try:
        yield
    except KnowledgeError as error:
        raise ReviewError(str(error)) from error


def _write_change(candidate: Candidate, author: Any) -> Any:
    """Put the approved candidate into the knowledge-repository outbox."""
    with _knowledge():
        return _change_for(candidate, author)


def _change_for(candidate: Candidate, author: Any) -> Any:
    from knowledge_repo import actions as kr

    fields = {
        "author": author,
        "name": candidate.name,
        "description": candidate.description,
        "body": candidate.body,
        "type": candidate.type,
        "sources": tuple(sources_for(candidate)),
        "candidate_id": candidate.pk,
        "open_flags": tuple(open_flags_for(candidate)),
    }
    operation = candidate.operation
    if candidate.kind == Candidate.Kind.GAP or operation == Candidate.Operation.CREATE:
        return kr.create_record(**fields)
    if operation == Candidate.Operation.UPDATE:
        return kr.update_record(slug=candidate.target_slug, **fields)
    if operation == Candidate.Operation.SUPERSEDE:
        return kr.create_record(supersedes=(candidate.target_slug,), **fields)
    if operation == Candidate.Operation.RETRACT:
        return kr.retract_record(
            author=author,
            slug=candidate.target_slug,
            reason=candidate.description,
            candidate_id=candidate.pk,
        )
    return None


def _check_target(candidate: Candidate) -> None:
    needs_target = (
        Candidate.Operation.UPDATE,
        Candidate.Operation.SUPERSEDE,
        Candidate.Operation.RETRACT,
    )
    if candidate.operation in needs_target and not candidate.target_slug:
        raise ReviewError(f"A {candidate.get_operation_display()} needs the record it is about.")


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
    for name, value in event.before.items():
        if name in EDITABLE_FIELDS or name == "status":
            setattr(c, name, value)
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


@dataclass
class BulkResult:
    done: int = 0
    refused: dict[str, int] = field(default_factory=dict)


def bulk_decide(
    *, candidate_ids: Iterable[int], reviewer: Any, action: str, reason: str = ""
) -> BulkResult:
    """Approve or reject each listed candidate in its own transaction.

    A candidate someone else claimed or decided meanwhile is left alone and
    counted by reason, so the reviewer sees exactly what happened.
    """
    result = BulkResult()
    for candidate in Candidate.objects.filter(pk__in=list(candidate_ids)).only("pk"):
        try:
            if action == "approve":
                approve_candidate(candidate=candidate, reviewer=reviewer, bulk=True)
            else:
                reject_candidate(candidate=candidate, reviewer=reviewer, reason=reason, bulk=True)
        except ReviewError as error:
            key = type(error).__name__
            result.refused[key] = result.refused.get(key, 0) + 1
        else:
            result.done += 1
    return result


# --- records ----------------------------------------------------------------


def _record_event(user: Any, action: str, slug: str, change: Any, **extra: Any) -> ReviewEvent:
    return ReviewEvent.objects.create(
        user=user,
        action=action,
        record_slug=getattr(change, "slug", "") or slug,
        change_id=getattr(change, "pk", None),
        at=timezone.now(),
        **extra,
    )


@transaction.atomic(durable=True)
def edit_record(
    *, user: Any, slug: str, before: dict[str, Any], fields: dict[str, Any]
) -> ReviewEvent:
    """Change a record's text directly (reviewers): a new commit authored by the user."""
    from knowledge_repo import actions as kr

    with _knowledge():
        change = kr.update_record(author=user, slug=slug, **fields)
    return _record_event(user, Action.EDIT_RECORD, slug, change, before=before, after=fields)


@transaction.atomic(durable=True)
def retract_record(*, user: Any, slug: str, reason: str) -> ReviewEvent:
    """Remove a record from the knowledge base; history keeps it."""
    from knowledge_repo import actions as kr

    with _knowledge():
        change = kr.retract_record(author=user, slug=slug, reason=reason)
    return _record_event(user, Action.RETRACT_RECORD, slug, change, reason=reason)


@transaction.atomic(durable=True)
def revert_change(*, user: Any, change: Any) -> ReviewEvent:
    """Undo one committed change with a new commit (publishers)."""
    from knowledge_repo import actions as kr

    with _knowledge():
        reverted = kr.revert_change(author=user, change=change)
    return _record_event(
        user,
        Action.REVERT_CHANGE,
        change.slug,
        reverted,
        reason=f"reverted change {change.pk} ({change.commit_sha[:10]})",
    )
