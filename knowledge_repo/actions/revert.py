"""Reverting a committed change: a new commit that restores what it touched."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction

from .. import gitstore
from ..models import Change, Record
from ..recordfile import (
    RecordData,
    parse_record,
    record_path,
)
from .records import enqueue_change
from .workspace import (
    RecordConflict,
    ensure_initialised,
    handles,
    repo_path,
)


def revert_preview(change: Change) -> dict[str, RecordData | None]:
    """What reverting ``change`` would restore: each record it touched, as it was before.

    ``None`` means the record did not exist before the change. Raises
    RecordConflict while the change is not committed, or when a later change
    touched the same records (revert that one first).
    """
    if change.status != Change.Status.COMMITTED or not change.commit_sha:
        raise RecordConflict("only a committed change can be reverted")
    touched = change.touched()
    later = Change.objects.filter(pk__gt=change.pk).exclude(status=Change.Status.FAILED)
    for other in later:
        if set(other.touched()) & set(touched):
            raise RecordConflict(
                f"change {other.pk} changed {other.slug!r} afterwards; revert it first"
            )
    # The files as they were before the change, from the database (any web
    # host can revert); only changes older than ChangeFile need the git copy.
    texts: dict[str, str | None] = {f.slug: f.before for f in change.files.all()}
    if not set(touched) <= set(texts):
        ensure_initialised()
        with gitstore.open_repo(repo_path()) as repo:
            for slug in touched:
                texts[slug] = gitstore.show_file(repo, f"{change.commit_sha}^", record_path(slug))
    restored: dict[str, RecordData | None] = {}
    for slug in touched:
        text = texts[slug]
        restored[slug] = parse_record(text, slug) if text is not None else None
    return restored


def revert_change(*, author: Any, change: Change, approvers: Sequence[Any] = ()) -> Change:
    """Undo a committed change with a new commit that restores what it touched.

    Refused (RecordConflict) as :func:`revert_preview` says. The restored
    records keep the reviewers of the text they restore; the commit names
    ``approvers`` (or the author) as its reviewers.
    """
    before = revert_preview(change)
    with transaction.atomic():
        write: dict[str, Record] = {}
        remove: list[str] = []
        for slug, data in before.items():
            row = Record.objects.select_for_update().filter(slug=slug).first()
            if data is None:
                remove.append(slug)
                if row is not None:
                    row.retracted = True
                    row.commit = ""
                    row.save(update_fields=["retracted", "commit", "updated_at"])
                continue
            row = row or Record(slug=slug)
            row.set_from_file(data)
            row.retracted = False
            row.commit = ""
            row.save()
            write[slug] = row
        return enqueue_change(
            kind=Change.Kind.REVERT,
            slug=change.slug,
            author=author,
            write=write,
            remove=remove,
            candidate_id=change.candidate_id,
            sources=change.sources,
            message=f"Revert change {change.pk} ({change.kind} {change.slug})\n\n"
            f"This reverts commit {change.commit_sha}.",
            extra={"reverts": change.pk},
            reviewed_by=handles(approvers or [author]),
            approvers=approvers,
        )
