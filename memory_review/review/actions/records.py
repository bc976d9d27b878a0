"""Direct changes to records: edit, merge, retract, revert, each through the gate.

An edit, a merge of records or a revert puts text into records, so it passes
:mod:`memory_review.review.gate` like an approval: when the gate holds it, a
:class:`~memory_review.review.models.HeldChange` waits in the queue for a
second, different person (:mod:`.held`), and nothing is committed yet.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone

from .. import gate
from ..errors import ReviewError, StaleEdit
from ..models import HeldChange, ReviewEvent
from .decision import Action, writing_knowledge

RECORD_FIELDS = ("name", "description", "body", "type", "valid_until")

# --- records ----------------------------------------------------------------


def record_event(user: Any, action: str, slug: str, change: Any, **extra: Any) -> ReviewEvent:
    """The audit event of an action on a record (edit, merge, retract, held change)."""
    return ReviewEvent.objects.create(
        user=user,
        action=action,
        record_slug=getattr(change, "slug", "") or slug,
        change_id=getattr(change, "pk", None),
        at=timezone.now(),
        **extra,
    )


def record_state(record: Any) -> dict[str, str]:
    """A record's reviewable text, JSON-safe (``valid_until`` as an ISO date or "")."""
    state = {name: getattr(record, name) or "" for name in RECORD_FIELDS[:4]}
    state["valid_until"] = record.valid_until.isoformat() if record.valid_until else ""
    return state


def proposed_state(current: dict[str, str], fields: dict[str, Any]) -> dict[str, str]:
    """The record state after `fields` are applied to `current` (dates ISO, plain newlines)."""
    proposed = dict(current)
    for name in RECORD_FIELDS:
        if name in fields and fields[name] is not None:
            value = fields[name]
            proposed[name] = value.isoformat() if isinstance(value, dt.date) else str(value)
    for name in ("name", "description", "body"):
        proposed[name] = proposed[name].replace("\r\n", "\n").replace("\r", "\n")
    return proposed


def _date(value: str) -> dt.date | None:
    return dt.date.fromisoformat(value) if value else None


def live_records(slugs: Sequence[str]) -> list[Any]:
    """The current records with these slugs, row-locked, in order; ReviewError naming any missing."""
    from knowledge_repo.models import Record

    rows = {r.slug: r for r in Record.objects.select_for_update().filter(slug__in=list(slugs))}
    missing = [s for s in slugs if s not in rows or rows[s].retracted]
    if missing:
        raise ReviewError(f"There is no current record {', '.join(missing)}.")
    return [rows[s] for s in slugs]


def _hold(
    *,
    kind: str,
    user: Any,
    slugs: Sequence[str],
    fields: dict[str, Any],
    before: dict[str, Any],
    verdict: gate.Verdict,
    change_id: int | None = None,
) -> ReviewEvent:
    held = HeldChange.objects.create(
        kind=kind,
        slug=slugs[0],
        slugs=list(slugs),
        fields=fields,
        before=before,
        change_id=change_id,
        flags=verdict.flags,
        first_by=user,
        first_at=timezone.now(),
    )
    return record_event(
        user,
        Action.HOLD,
        slugs[0],
        None,
        before=before,
        after=fields,
        reason=f"{held.get_kind_display()} held (#{held.pk}). {verdict.message}",
    )


@transaction.atomic(durable=True)
def edit_record(
    *, user: Any, slug: str, fields: dict[str, Any], based_on: dict[str, Any] | None = None
) -> ReviewEvent:
    """Change a record's text directly: committed with the editor as author, or held.

    ``based_on`` is the record's state the editor started from (the edit
    page sends it back): when the record says something else now, someone
    changed it meanwhile and :class:`StaleEdit` refuses to overwrite that.
    The record row is locked, so of two edits made from one version exactly
    one lands. The gate reads the edited text and the record's open flags: a
    high-risk edit waits for a second person. Posting the text unchanged
    changes nothing (it cannot clear a flag).
    """
    record = live_records([slug])[0]
    current = record_state(record)
    if based_on is not None and dict(based_on) != current:
        raise _stale(slug, based_on, current)
    proposed = proposed_state(current, fields)
    if proposed == current:
        raise ReviewError("Nothing changed: the record already says this.")
    verdict = gate.check(reviewer=user, fields=proposed, records=[record])
    if verdict.held:
        return _hold(
            kind=HeldChange.Kind.EDIT_RECORD,
            user=user,
            slugs=[slug],
            fields=proposed,
            before=current,
            verdict=verdict,
        )
    change = apply_edit(slug=slug, fields=proposed, author=user, verdict=verdict)
    return record_event(user, Action.EDIT_RECORD, slug, change, before=current, after=proposed)


def _stale(slug: str, base: dict[str, Any], current: dict[str, Any]) -> StaleEdit:
    from knowledge_repo.models import Change

    last = Change.objects.filter(slug=slug).select_related("author").order_by("-pk").first()
    who = last.author.get_username() if last is not None and last.author else "Someone"
    return StaleEdit(base=dict(base), current=current, by=who, at=last.created_at if last else None)


def apply_edit(*, slug: str, fields: dict[str, str], author: Any, verdict: gate.Verdict) -> Any:
    """Write a passed record edit to the outbox (the gate has decided)."""
    from knowledge_repo import actions as kr

    with writing_knowledge():
        return kr.update_record(
            author=author,
            slug=slug,
            name=fields["name"],
            description=fields["description"],
            body=fields["body"],
            type=fields["type"],
            valid_until=_date(fields.get("valid_until", "")),
            open_flags=verdict.high_risk_kinds,
            approvers=verdict.approvers,
        )


@transaction.atomic(durable=True)
def merge_records(*, user: Any, slugs: Sequence[str], fields: dict[str, Any]) -> ReviewEvent:
    """Replace several records by one with the text the reviewer wrote, through the gate."""
    wanted = list(dict.fromkeys(s for s in slugs if s))
    if len(wanted) < 2:
        raise ReviewError("A merge needs at least two different records.")
    records = live_records(wanted)
    first_state = record_state(records[0])
    proposed = {**proposed_state(first_state, fields), "slugs": wanted}
    before = {r.slug: record_state(r) for r in records}
    verdict = gate.check(reviewer=user, fields=proposed, records=records)
    if verdict.held:
        return _hold(
            kind=HeldChange.Kind.MERGE_RECORDS,
            user=user,
            slugs=wanted,
            fields=proposed,
            before=before,
            verdict=verdict,
        )
    change = apply_merge(slugs=wanted, fields=proposed, author=user, verdict=verdict)
    return record_event(
        user,
        Action.MERGE_RECORDS,
        wanted[0],
        change,
        before=before,
        after=proposed,
        reason=f"merged {', '.join(wanted)}",
    )


def apply_merge(
    *, slugs: Sequence[str], fields: dict[str, Any], author: Any, verdict: gate.Verdict
) -> Any:
    """Write a passed merge of records to the outbox."""
    from knowledge_repo import actions as kr

    with writing_knowledge():
        return kr.merge_records(
            author=author,
            slugs=list(slugs),
            name=fields["name"],
            description=fields["description"],
            body=fields["body"],
            type=fields["type"],
            valid_until=_date(fields.get("valid_until", "")),
            open_flags=verdict.high_risk_kinds,
            approvers=verdict.approvers,
        )


@transaction.atomic(durable=True)
def retract_record(*, user: Any, slug: str, reason: str) -> ReviewEvent:
    """Remove a record from the knowledge base; history keeps it.

    The reason is screened as record text is (``publicrule.text_problems``):
    one with personal data is refused before anything is written.
    """
    from knowledge_repo import actions as kr
    from knowledge_repo import publicrule

    problems = publicrule.text_problems({"reason": reason})
    if problems:
        raise ReviewError(f"The reason must not hold personal data: {'; '.join(problems)}.")
    with writing_knowledge():
        change = kr.retract_record(author=user, slug=slug, reason=reason)
    return record_event(user, Action.RETRACT_RECORD, slug, change, reason=reason)


@transaction.atomic(durable=True)
def revert_change(*, user: Any, change: Any) -> ReviewEvent:
    """Undo one committed change with a new commit (publishers), through the gate.

    The text a revert restores is recomputed like any other: restoring
    high-risk text waits for a second person.
    """
    verdict = revert_verdict(change=change, reviewer=user)
    if verdict.held:
        slugs = [change.slug]
        return _hold(
            kind=HeldChange.Kind.REVERT,
            user=user,
            slugs=slugs,
            fields={"change": change.pk, "slugs": slugs},
            before={},
            verdict=verdict,
            change_id=change.pk,
        )
    return apply_revert(change=change, author=user, verdict=verdict)


def revert_verdict(
    *, change: Any, reviewer: Any, first: gate.FirstApproval | None = None
) -> gate.Verdict:
    """The gate's verdict on the text a revert would restore (all records it touches)."""
    from knowledge_repo import actions as kr
    from knowledge_repo.models import Record

    with writing_knowledge():
        restored = kr.revert_preview(change)
    rows = {r.slug: r for r in Record.objects.filter(slug__in=list(restored), retracted=False)}
    texts = [d for d in restored.values() if d is not None]
    fields = {
        "name": " / ".join(d.name for d in texts),
        "description": "\n".join(d.description for d in texts),
        "body": "\n\n".join(d.body for d in texts) or "(removes the record)",
        "type": "",
        "slugs": [change.pk, *sorted(restored)],
    }
    return gate.check(reviewer=reviewer, fields=fields, records=list(rows.values()), first=first)


def apply_revert(*, change: Any, author: Any, verdict: gate.Verdict) -> ReviewEvent:
    """Write a passed revert to the outbox and record it."""
    from knowledge_repo import actions as kr

    with writing_knowledge():
        reverted = kr.revert_change(author=author, change=change, approvers=verdict.approvers)
    return record_event(
        author,
        Action.REVERT_CHANGE,
        change.slug,
        reverted,
        reason=f"reverted change {change.pk} ({change.commit_sha[:10]})",
    )
