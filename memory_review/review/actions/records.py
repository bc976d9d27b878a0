"""Direct changes to records: edit, retract, revert."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from ..models import ReviewEvent
from ._base import (
    Action,
    _knowledge,
)

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
