"""What every decision on a candidate goes through: claim, lock, edit, write, record.

The decision actions (``candidates``, ``bulk``, ``undo``, ``records``) share
these steps so that each decision locks the same way, applies edits the same
way, puts its text into the outbox the same way and leaves one audit event.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from django.utils import timezone

from memory_review.extraction.models import Candidate

from ..errors import ReviewError
from ..models import Claim, ReviewEvent
from .claims import claimed_by_other, release_decided

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
EDITABLE_FIELDS = (
    "name",
    "description",
    "body",
    "type",
    "operation",
    "target_slug",
    "valid_until",
)
REJECT_REASONS = (
    "not true",
    "about one visitor",
    "temporary or task-specific",
    "instruction, not knowledge",
    "personal data",
    "not useful",
    "duplicate",
)


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


class NothingToUndo(ReviewError):
    pass


def snapshot(candidate: Candidate) -> dict[str, Any]:
    """The reviewable state of a candidate, as stored in audit events (JSON-safe)."""
    data: dict[str, Any] = {name: getattr(candidate, name) for name in EDITABLE_FIELDS}
    data["valid_until"] = candidate.valid_until.isoformat() if candidate.valid_until else ""
    data["status"] = candidate.status
    return data


def gate_fields(candidate: Candidate) -> dict[str, Any]:
    """What approving the candidate would commit, as the gate reads it."""
    data = snapshot(candidate)
    data.pop("status")
    return data


def sources_for(candidate: Candidate) -> list[str]:
    """Record sources for the turns a candidate cites: ``<source>/<external id>#<order>``."""
    conversation = candidate.conversation
    prefix = f"{conversation.source.name}/{conversation.external_id}"
    orders = [int(o) for o in candidate.evidence if str(o).lstrip("-").isdigit()]
    return [f"{prefix}#{order}" for order in sorted(set(orders))] or [prefix]


def lock_candidate(
    candidate_id: int, reviewer: Any, statuses: Iterable[str] = OPEN_STATUSES
) -> Candidate:
    """The candidate, row-locked; AlreadyDecided or ClaimedByOther when it is not this reviewer's.

    Only the candidate's row is locked (``FOR UPDATE OF``): its conversation and
    source are read along, and locking them too would queue every decision on
    candidates of the same conversation or source behind each other.
    """
    candidate = (
        Candidate.objects.select_for_update(of=("self",))
        .select_related("conversation__source")
        .get(pk=candidate_id)
    )
    if candidate.status not in statuses:
        raise AlreadyDecided(candidate, last_decision(candidate))
    if candidate.status == Status.AWAITING_SECOND:
        return candidate  # claims never block a second approval
    claim = claimed_by_other(candidate.pk, reviewer)
    if claim is not None:
        raise ClaimedByOther(claim)
    return candidate


def last_decision(candidate: Candidate) -> ReviewEvent | None:
    return (
        ReviewEvent.objects.select_related("user")
        .filter(candidate=candidate, action__in=DECISIONS, undone_by=None)
        .first()
    )


def finish_decision(
    candidate: Candidate,
    reviewer: Any,
    *,
    action: str,
    before: dict[str, Any],
    reason: str = "",
    change: Any = None,
    bulk: bool = False,
) -> ReviewEvent:
    """Save the decided candidate, release its claim and skips, and write the audit event."""
    candidate.save()
    release_decided(candidate.pk)
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


def apply_edits(candidate: Candidate, edits: dict[str, Any] | None) -> bool:
    """Set the editable fields given in `edits` on the candidate; True when any changed."""
    changed = False
    for name, value in (edits or {}).items():
        if name == "valid_until" and isinstance(value, str):
            value = dt.date.fromisoformat(value) if value else None
        if name not in EDITABLE_FIELDS or (value is None and name != "valid_until"):
            continue
        if getattr(candidate, name) != value:
            setattr(candidate, name, value)
            changed = True
    return changed


@contextmanager
def writing_knowledge() -> Iterator[None]:
    """Knowledge-repository refusals become review errors (and roll the decision back)."""
    from knowledge_repo.actions import KnowledgeError

    try:
        yield
    except KnowledgeError as error:
        raise ReviewError(str(error)) from error


def answer_search_keys(candidate: Candidate, *, keep: Sequence[str] = ()) -> list[str]:
    """The group's visitors' wordings (screened, capped) the answer record is found by.

    ``keep`` are the keys the record has already: they come first.
    """
    from memory_review.extraction.groups import wordings_of
    from memory_review.extraction.searchkeys import search_keys

    wordings = wordings_of(candidate.group) if candidate.group is not None else []
    return search_keys([*keep, candidate.question, *wordings], exclude=[candidate.name])


def reanswered_record(candidate: Candidate) -> Any:
    """The live record a gap asked again after its answer is about (None for a new question)."""
    from knowledge_repo.models import Record

    if candidate.kind != Candidate.Kind.GAP or not candidate.still_asked_after:
        return None
    if not candidate.target_slug:
        return None
    return Record.objects.filter(slug=candidate.target_slug, retracted=False).first()


def write_change(
    candidate: Candidate, author: Any, verdict: Any, *, decided_before: bool = True
) -> Any:
    """Put the approved candidate into the knowledge-repository outbox.

    The record names the people who approved this text (``verdict.approvers``)
    and carries the high-risk kinds the gate found as its open flags. A candidate
    never decided before (``decided_before=False``) has no undone record to revive.
    """
    from knowledge_repo import actions as kr

    fields = {
        "author": author,
        "name": candidate.name,
        "description": candidate.description,
        "body": candidate.body,
        "type": candidate.type,
        "sources": tuple(sources_for(candidate)),
        "candidate_id": candidate.pk,
        "open_flags": tuple(verdict.high_risk_kinds) if verdict else (),
        "approvers": tuple(verdict.approvers) if verdict else (author,),
        "valid_until": candidate.valid_until,
    }
    operation = candidate.operation
    with writing_knowledge():
        reanswer = reanswered_record(candidate)
        if reanswer is not None:
            # Asked again after its answer: the reviewer's answer replaces the body of the same
            # record (never a duplicate under the re-asker's generated title), which keeps its
            # name and every wording that selects it, plus this visitor's.
            keys = answer_search_keys(candidate, keep=reanswer.search_keys)
            fields.update(name=reanswer.name, description=reanswer.description)
            return kr.update_record(slug=reanswer.slug, **fields, search_keys=keys)
        if candidate.kind == Candidate.Kind.GAP or operation == Candidate.Operation.CREATE:
            keys = answer_search_keys(candidate) if candidate.kind == Candidate.Kind.GAP else []
            return kr.create_record(
                **fields, context=candidate.question, search_keys=keys, reuse_slug=decided_before
            )
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


def check_target(candidate: Candidate) -> None:
    """An update, supersede or retract proposal must name a live record; ReviewError if not."""
    needs_target = (
        Candidate.Operation.UPDATE,
        Candidate.Operation.SUPERSEDE,
        Candidate.Operation.RETRACT,
    )
    if candidate.operation in needs_target and not candidate.target_slug:
        raise ReviewError(f"A {candidate.get_operation_display()} needs the record it is about.")
