"""Record history, diffs and file text from the database, never from the git working copy.

Each committed change keeps the files it touched, before and after, in
ChangeFile; every page that shows history reads these rows, so any number of
web hosts share PostgreSQL alone while one committer owns the working copy.
"""

from __future__ import annotations

import datetime as dt
import difflib
from dataclasses import dataclass

from django.db.models import Max

from . import gitstore
from .models import Change, ChangeFile, Release
from .recordfile import record_path
from .slugs import is_valid_slug


@dataclass(frozen=True)
class HistoryEntry:
    """One commit that changed a record."""

    sha: str
    author_name: str
    author_email: str
    date: dt.datetime
    message: str
    candidate_id: int | None
    sources: list[str]
    diff: str
    change_id: int | None = None


def _diff(slug: str, before: str | None, after: str | None) -> str:
    path = record_path(slug)
    lines = difflib.unified_diff(
        (before or "").splitlines(),
        (after or "").splitlines(),
        fromfile=f"a/{path}" if before is not None else "/dev/null",
        tofile=f"b/{path}" if after is not None else "/dev/null",
        lineterm="",
    )
    return "\n".join(lines)


def record_history(slug: str) -> list[HistoryEntry]:
    """Every committed change of ``records/<slug>.md``, newest first, with its diff.

    Read from the database (each change keeps the file before and after with
    its commit), so any web host shows history without the git working copy.
    """
    from .actions import commit_message

    if not is_valid_slug(slug):
        return []
    files = (
        ChangeFile.objects.filter(slug=slug, change__status=Change.Status.COMMITTED)
        .select_related("change")
        .order_by("-change_id")
    )
    return [
        HistoryEntry(
            sha=f.change.commit_sha,
            author_name=f.change.author_name,
            author_email=f.change.author_email,
            date=f.change.committed_at or f.change.created_at,
            message=commit_message(f.change).strip(),
            candidate_id=f.change.candidate_id,
            sources=list(f.change.payload.get("refs") or f.change.sources),
            diff=_diff(slug, f.before, f.after),
            change_id=f.change_id,
        )
        for f in files
    ]


def _last_change_at(ref: str | None) -> int | None | bool:
    """The newest change included at ``ref``: None for all, False when ``ref`` is unknown."""
    if ref in (None, "HEAD", gitstore.BRANCH):
        return None
    if ref == gitstore.PUBLISHED:
        from .actions import published_release

        release = published_release()
        return False if release is None else (release.last_change_id or 0)
    release = Release.objects.filter(name=ref).first()
    if release is not None:
        return release.last_change_id or 0
    change = Change.objects.filter(commit_sha=ref).exclude(commit_sha="").first()
    return False if change is None else change.pk


def record_file(slug: str, ref: str | None = None) -> str | None:
    """The committed file text of a record at ``ref``: the newest commit (None),
    ``published``, a release name or a change's commit sha; None where it did
    not exist. Read from the database, never from the working copy."""
    if not is_valid_slug(slug):
        return None
    last = _last_change_at(ref)
    if last is False:
        return None
    files = ChangeFile.objects.filter(slug=slug, change__status=Change.Status.COMMITTED)
    if last is not None:
        files = files.filter(change_id__lte=last)
    newest = files.order_by("-change_id").only("after").first()
    return newest.after if newest else None


def files_at(ref: str | None = None) -> dict[str, str]:
    """Every record file's committed text at ``ref`` (as :func:`record_file`), by slug.

    One query for the newest change of each slug up to ``ref``, one for their
    texts; removed records are left out. Read from the database.
    """
    last = _last_change_at(ref)
    if last is False:
        return {}
    files = ChangeFile.objects.filter(change__status=Change.Status.COMMITTED)
    if last is not None:
        files = files.filter(change_id__lte=last)
    newest = dict(files.values("slug").annotate(m=Max("change_id")).values_list("slug", "m"))
    rows = ChangeFile.objects.filter(change_id__in=set(newest.values())).values_list(
        "slug", "change_id", "after"
    )
    return {
        slug: after
        for slug, change, after in rows
        if newest.get(slug) == change and after is not None
    }
