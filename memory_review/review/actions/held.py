"""Second decisions on held record changes: approve (a different person), edit, or reject."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from .. import gate
from ..errors import ReviewError
from ..models import HeldChange, ReviewEvent
from .decision import Action
from .records import (
    apply_edit,
    apply_merge,
    apply_revert,
    live_records,
    proposed_state,
    record_event,
    record_state,
    revert_verdict,
)


def _lock_held(pk: int) -> HeldChange:
    held = HeldChange.objects.select_for_update(of=("self",)).select_related("first_by").get(pk=pk)
    if held.status != HeldChange.Status.WAITING:
        raise ReviewError(f"This change is already {held.get_status_display()}.")
    return held


def _first(held: HeldChange) -> gate.FirstApproval:
    return gate.FirstApproval(user=held.first_by, fingerprint=gate.fingerprint(held.fields))


def _close(held: HeldChange, user: Any, status: str, reason: str = "") -> None:
    held.status = status
    held.decided_by = user
    held.decided_at = timezone.now()
    held.reason = reason
    held.save(update_fields=["status", "decided_by", "decided_at", "reason"])


@transaction.atomic(durable=True)
def approve_held(
    *, held: HeldChange, reviewer: Any, edits: dict[str, Any] | None = None
) -> ReviewEvent:
    """Give a held change its second approval, or (with edits) a new first one.

    The second approval must come from a different person and be for the text
    the first person approved; changing the text makes the editor its new
    first approver. A change made against a record that has changed since is
    refused: it would overwrite a newer text nobody compared it with.
    """
    held = _lock_held(held.pk)
    if held.kind == HeldChange.Kind.REVERT:
        from knowledge_repo.models import Change

        change = Change.objects.get(pk=held.change_id or 0)
        verdict = revert_verdict(change=change, reviewer=reviewer, first=_first(held))
        if verdict.held:
            raise ReviewError("The revert's text changed since it was held; hold it again.")
        event = apply_revert(change=change, author=reviewer, verdict=verdict)
        _close(held, reviewer, HeldChange.Status.APPLIED)
        return event
    records = live_records(held.slugs)
    now = {r.slug: record_state(r) for r in records}
    stale = (
        now != held.before
        if held.kind == HeldChange.Kind.MERGE_RECORDS
        else (now[held.slug] != held.before)
    )
    if stale:
        raise ReviewError(
            "The record changed after this change was held; reject it and make the change again."
        )
    fields = dict(held.fields)
    if edits:
        fields = {
            **proposed_state(fields, edits),
            **({"slugs": held.slugs} if "slugs" in fields else {}),
        }
    edited = fields != held.fields
    verdict = gate.check(
        reviewer=reviewer, fields=fields, records=records, first=None if edited else _first(held)
    )
    if verdict.held:
        # A new first approval: the editor now waits for someone else.
        held.fields = fields
        held.flags = verdict.flags
        held.first_by = reviewer
        held.first_at = timezone.now()
        held.save(update_fields=["fields", "flags", "first_by", "first_at"])
        return record_event(
            reviewer,
            Action.HOLD,
            held.slug,
            None,
            before=held.before,
            after=fields,
            reason=f"edited held change #{held.pk}: a new first approval. {verdict.message}",
        )
    if held.kind == HeldChange.Kind.EDIT_RECORD:
        change = apply_edit(slug=held.slug, fields=fields, author=reviewer, verdict=verdict)
        action = Action.EDIT_RECORD
    else:
        change = apply_merge(slugs=held.slugs, fields=fields, author=reviewer, verdict=verdict)
        action = Action.MERGE_RECORDS
    _close(held, reviewer, HeldChange.Status.APPLIED)
    who = ", ".join(getattr(u, "username", "") for u in verdict.approvers)
    return record_event(
        reviewer,
        action,
        held.slug,
        change,
        before=held.before,
        after=fields,
        reason=f"held change #{held.pk} approved by {who}",
    )


@transaction.atomic(durable=True)
def reject_held(*, held: HeldChange, reviewer: Any, reason: str) -> ReviewEvent:
    """Drop a held change; nothing is committed. Anyone may, the first approver included."""
    held = _lock_held(held.pk)
    _close(held, reviewer, HeldChange.Status.REJECTED, reason)
    return record_event(
        reviewer,
        Action.REJECT_HELD,
        held.slug,
        None,
        before=held.fields,
        reason=f"rejected held change #{held.pk}: {reason}",
    )
