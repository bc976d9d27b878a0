"""Decisions on one candidate: approve, reject, duplicate, merge, skip."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from knowledge_repo import placeholders, screening
from memory_review.extraction.groups import close_group_after_answer
from memory_review.extraction.models import Candidate
from memory_review.extraction.rules import FLAG_COLUMNS

from .. import gate
from ..errors import GateRefused
from ..models import Claim, ReviewEvent, Skip
from .decision import (
    Action,
    Status,
    apply_edits,
    check_target,
    finish_decision,
    gate_fields,
    lock_candidate,
    snapshot,
    write_change,
)

# Flags computed from the text (the others, like low confidence, describe the extraction).
TEXT_KINDS = screening.TEXT_KINDS

# --- decisions --------------------------------------------------------------


def _first_event(candidate: Candidate) -> ReviewEvent | None:
    """The first approval in force of a candidate awaiting its second one."""
    if candidate.status != Status.AWAITING_SECOND:
        return None
    return (
        ReviewEvent.objects.select_related("user")
        .filter(candidate=candidate, action=Action.FIRST_APPROVAL, undone_by=None)
        .first()
    )


def _first_approval(event: ReviewEvent | None) -> gate.FirstApproval | None:
    if event is None:
        return None
    state = {k: v for k, v in event.after.items() if k != "status"}
    return gate.FirstApproval(user=event.user, fingerprint=gate.fingerprint(state))


def _refresh_flags(candidate: Candidate, spans: list[dict[str, Any]]) -> None:
    """Text flags recomputed on the text to commit replace those of the extracted text."""
    kept = [f for f in candidate.flags or [] if f.get("kind") not in TEXT_KINDS]
    candidate.flags = kept + spans
    kinds = {str(f.get("kind")) for f in candidate.flags}
    for kind, column in FLAG_COLUMNS.items():
        setattr(candidate, column, kind in kinds)


def _target_records(candidate: Candidate) -> list[Any]:
    from knowledge_repo.models import Record

    if not candidate.target_slug or candidate.operation == Candidate.Operation.CREATE:
        return []
    return list(Record.objects.filter(slug=candidate.target_slug, retracted=False))


def _check_gap_answer(candidate: Candidate, edits: dict[str, Any] | None, original: str) -> None:
    # A gap's first approval must bring the answer a person wrote; the body
    # the extractor proposed is never the answer.
    if candidate.kind != Candidate.Kind.GAP or candidate.status != Status.PENDING:
        return
    if not edits or not str(edits.get("body") or "").strip() or edits["body"] == original:
        raise GateRefused("Write the answer to the visitor's question before approving a gap.")


def _not_yet_knowledge(
    c: Candidate, before: dict[str, Any], first: ReviewEvent | None
) -> tuple[str, dict[str, Any] | None]:
    """The visitor's words and the generated text, for a gap, a claim or a correction.

    What the extractor proposed for them is a question or a claim "to check",
    never a fact: the gate refuses it as it stands, and refuses a body that
    only repeats the visitor. Other candidates return ("", None). ``first`` is
    the candidate's first audit event, if any.
    """
    proposed = first.before if first is not None else before
    generated = {k: str(proposed.get(k) or "") for k in ("name", "description", "body")}
    if c.kind == Candidate.Kind.GAP or any(
        placeholders.field_problem(k, v) for k, v in generated.items()
    ):
        return c.question, generated
    return "", None


def _decide(
    c: Candidate,
    reviewer: Any,
    *,
    before: dict[str, Any],
    edits: dict[str, Any] | None,
    original_body: str,
    bulk: bool = False,
    intent: str = "",
) -> ReviewEvent:
    """Put the candidate's current text through the gate; hold it or commit it."""
    check_target(c)
    first = _first_event(c)
    earliest = None
    if c.operation == Candidate.Operation.RETRACT or c.operation == Candidate.Operation.NONE:
        verdict = None  # no text goes into a record
    else:
        _check_gap_answer(c, edits, original_body)
        earliest = ReviewEvent.objects.filter(candidate=c).order_by("pk").first()
        words, generated = _not_yet_knowledge(c, before, earliest)
        verdict = gate.check(
            reviewer=reviewer,
            fields=gate_fields(c),
            records=_target_records(c),
            first=_first_approval(first),
            bulk=bulk,
            question=words,
            generated=generated,
        )
        _refresh_flags(c, verdict.flags)
        if verdict.held:
            c.status = Status.AWAITING_SECOND
            return finish_decision(
                c,
                reviewer,
                action=Action.FIRST_APPROVAL,
                before=before,
                reason=intent or verdict.message,
                bulk=bulk,
            )
    # No audit event yet: never approved, so no undone record to give its slug back.
    change = write_change(
        c, reviewer, verdict, decided_before=verdict is None or earliest is not None
    )
    merged = intent == "merge" or (first is not None and first.reason == "merge")
    if merged:
        c.status, action = Status.MERGED, Action.MERGE
    else:
        c.status = Status.APPROVED
        action = Action.ANSWER_GAP if c.kind == Candidate.Kind.GAP else Action.APPROVE
    return finish_decision(c, reviewer, action=action, before=before, change=change, bulk=bulk)


@transaction.atomic(durable=True)
def approve_candidate(
    *, candidate: Candidate, reviewer: Any, edits: dict[str, Any] | None = None, bulk: bool = False
) -> ReviewEvent:
    """Approve (after optional edits); the gate decides whether one person is enough.

    The gate reads the text that will be committed. When a high-risk flag is on
    it (or on the record it changes), the approval is a first approval and the
    candidate waits in ``awaiting_second``; a different reviewer approving the
    same text commits it, and one who changes the text makes a new first
    approval. A gap needs an answer a person wrote.
    """
    c = lock_candidate(candidate.pk, reviewer)
    before = snapshot(c)
    original_body = c.body
    apply_edits(c, edits)
    event = _decide(c, reviewer, before=before, edits=edits, original_body=original_body, bulk=bulk)
    return close_group_after_answer(candidate=c, event=event)


@transaction.atomic(durable=True)
def reject_candidate(
    *, candidate: Candidate, reviewer: Any, reason: str, bulk: bool = False
) -> ReviewEvent:
    """Reject with a reason; nothing is written to the knowledge repository."""
    c = lock_candidate(candidate.pk, reviewer)
    before = snapshot(c)
    c.status = Status.REJECTED
    return finish_decision(
        c, reviewer, action=Action.REJECT, before=before, reason=reason, bulk=bulk
    )


@transaction.atomic(durable=True)
def mark_duplicate(*, candidate: Candidate, reviewer: Any, of: str = "") -> ReviewEvent:
    """Close a candidate as a duplicate of a record or candidate (``of`` names it)."""
    c = lock_candidate(candidate.pk, reviewer)
    before = snapshot(c)
    c.status = Status.DUPLICATE
    reason = (
        of
        or c.duplicate_of_record
        or (f"candidate {c.duplicate_of_id}" if c.duplicate_of_id else "")
    )
    return finish_decision(c, reviewer, action=Action.DUPLICATE, before=before, reason=reason)


@transaction.atomic(durable=True)
def merge_candidate(
    *, candidate: Candidate, reviewer: Any, target_slug: str, edits: dict[str, Any]
) -> ReviewEvent:
    """Fold the candidate into an existing record, with the merged text the reviewer wrote.

    The merged text goes through the gate like any approval, whatever state the
    candidate is in: a merge never skips a second reviewer.
    """
    c = lock_candidate(candidate.pk, reviewer)
    before = snapshot(c)
    original_body = c.body
    apply_edits(c, {**edits, "target_slug": target_slug, "operation": Candidate.Operation.UPDATE})
    return _decide(
        c,
        reviewer,
        before=before,
        edits={**edits, "body": edits.get("body", c.body)},
        original_body=original_body,
        intent="merge",
    )


def skip_candidate(*, candidate: Candidate, reviewer: Any) -> ReviewEvent:
    """Put the candidate at the end of this reviewer's queue and let others have it.

    The skip is an audit event like a decision, so that undo takes back the skip
    itself rather than the decision before it.
    """
    now = timezone.now()
    with transaction.atomic():
        Skip.objects.update_or_create(candidate=candidate, user=reviewer, defaults={"at": now})
        Claim.objects.filter(candidate=candidate, user=reviewer).delete()
        state = snapshot(candidate)
        return ReviewEvent.objects.create(
            candidate=candidate,
            record_slug=candidate.target_slug,
            user=reviewer,
            action=Action.SKIP,
            before=state,
            after=state,
            at=now,
        )
