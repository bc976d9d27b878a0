"""Maintenance: rebuild the Record table from git."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction

from .. import gitstore
from ..models import Change, Record
from .workspace import KnowledgeError, ensure_initialised, repo_path

# --- Maintenance --------------------------------------------------------------------


@dataclass
class ReindexResult:
    """What ``reindex`` changed in the Record table."""

    created: int = 0
    updated: int = 0
    retracted: int = 0
    unparsable: list[str] = field(default_factory=list)


def reindex() -> ReindexResult:
    """Rebuild the Record table from git HEAD alone.

    Review state that git does not hold (``open_flags``) is kept for records
    that still exist. Refused while changes are waiting for their commit,
    since their state is not in git yet.
    """
    from ..selectors import take_snapshot

    if Change.objects.exclude(status=Change.Status.COMMITTED).exists():
        raise KnowledgeError("changes are waiting in the outbox; run kb_commit first")
    result = ReindexResult()
    root = repo_path()
    ensure_initialised()
    with gitstore.writer_lock(root), gitstore.open_repo(root) as repo:
        snap = take_snapshot(repo, full=True)
        commits = gitstore.last_commits_by_record(repo)
    result.unparsable = sorted(snap.errors)
    with transaction.atomic():
        rows = {r.slug: r for r in Record.objects.select_for_update()}
        for slug, data in snap.records.items():
            row = rows.get(slug)
            if row is None:
                row = Record(slug=slug)
                result.created += 1
            else:
                result.updated += 1
            row.set_from_file(data)
            row.retracted = False
            row.commit = commits.get(slug, "")
            row.save()
        unparsable = {p[len("records/") : -len(".md")] for p in snap.errors}
        for slug, row in rows.items():
            if slug not in snap.records and slug not in unparsable and not row.retracted:
                row.retracted = True
                row.save(update_fields=["retracted", "updated_at"])
                result.retracted += 1
    return result
