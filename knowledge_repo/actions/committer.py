"""The committer: applies pending changes in order, one commit each, under the writer lock."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from django.db import transaction
from django.utils import timezone
from git import Repo
from git.exc import GitCommandError

from .. import checks, gitstore
from ..models import Change, Record
from ..recordcache import RecordCache, blob_id
from ..recordfile import (
    INDEX_FILE,
    INDEX_HEADER,
    RecordData,
    RecordFormatError,
    flatten,
    index_line,
    parse_record,
    record_path,
    render_record,
    update_index,
)
from ..slugs import is_valid_slug
from ._base import KnowledgeError, _write_text, committer, ensure_initialised, repo_path
from .records import _touched

logger = logging.getLogger(__name__)

# --- The committer ----------------------------------------------------------------


def _trailer(value: Any) -> str:
    return flatten(str(value))


def commit_message(change: Change) -> str:
    """Subject, details, then trailers naming the change, its sources and reviewers.

    The message is public once published: sources appear as opaque references
    and reviewers as handles; the candidate and the conversations stay in the
    app (``Change.candidate_id``, ``Change.sources``).
    """
    subject, _, details = change.payload.get("message", change.kind).partition("\n")
    lines = [flatten(subject)[:200]]
    if details.strip():
        lines += ["", details.strip()]
    trailers = [f"Change-Id: {change.pk}", f"Change-Kind: {change.kind}"]
    trailers += [f"Source: {_trailer(ref)}" for ref in change.payload.get("refs", [])]
    trailers += [f"Reviewed-by: {_trailer(who)}" for who in change.payload.get("reviewed_by", [])]
    if "reverts" in change.payload:
        trailers.append(f"Reverts-Change: {change.payload['reverts']}")
    return "\n".join([*lines, "", *trailers]) + "\n"


def _apply(repo: Repo, root: Path, change: Change) -> str:
    payload = change.payload
    index_file = root / INDEX_FILE
    lines: dict[str, str | None] = {}
    paths = [INDEX_FILE]
    cache = RecordCache(root, load=False)
    scanned: list[tuple[str, RecordData, str]] = []
    for slug, state in payload.get("write", {}).items():
        if not is_valid_slug(slug):
            raise KnowledgeError(f"invalid slug {slug!r} in change {change.pk}")
        data = RecordData(slug=slug, **state)
        text = render_record(data)
        if parse_record(text, slug) != data:
            raise KnowledgeError(f"record {slug!r} would not read back as written")
        _write_text(root / record_path(slug), text)
        cache.add(blob_id(text), data)
        scanned.append((blob_id(text), data, text))
        lines[slug] = index_line(slug, data.name, data.description)
        paths.append(record_path(slug))
    for slug in payload.get("remove", []):
        if not is_valid_slug(slug):
            raise KnowledgeError(f"invalid slug {slug!r} in change {change.pk}")
        (root / record_path(slug)).unlink(missing_ok=True)
        lines[slug] = None
        paths.append(record_path(slug))
    old_index = index_file.read_text(encoding="utf-8") if index_file.exists() else INDEX_HEADER
    _write_text(index_file, update_index(old_index, lines))
    repo.git.add("-A", "--", *paths)
    repo.git.commit(
        "-q",
        "--no-verify",
        "--allow-empty",
        "--cleanup=whitespace",
        "-m",
        commit_message(change),
        env=gitstore.identity_env(
            author=(change.author_name, change.author_email), committer=committer()
        ),
    )
    cache.save()
    # What the release checks will find in these files, found now while the text is in hand.
    checks.remember(root, scanned)
    return gitstore.head_sha(repo)


def _record_commit(change: Change, sha: str, later_pending: list[Change]) -> None:
    touched = set(_touched(change))
    # A record changed again by a later pending change is not at this commit yet.
    for other in later_pending:
        if other.pk > change.pk:
            touched -= set(_touched(other))
    with transaction.atomic():
        Change.objects.filter(pk=change.pk).update(
            status=Change.Status.COMMITTED, commit_sha=sha, committed_at=timezone.now(), error=""
        )
        Record.objects.filter(slug__in=touched).update(commit=sha)
    change.status = Change.Status.COMMITTED
    change.commit_sha = sha


def _recover(repo: Repo, root: Path) -> None:
    # A run died while writing files: put the working copy back to HEAD.
    repo.git.reset("-q", "--hard", "HEAD")
    repo.git.clean("-q", "-f", "-d", "--", "records")


def commit_pending() -> list[Change]:
    """Commit every pending change in order, one commit each; returns those recorded.

    Safe to run at any time and from several processes at once (see the module
    docstring): it never commits a change twice and never loses one.
    """
    ensure_initialised()
    root = repo_path()
    done: list[Change] = []
    with gitstore.writer_lock(root), gitstore.open_repo(root) as repo:
        marker = root / ".git" / "kb-inflight"
        known: dict[int, str] = {}
        if marker.exists():
            # Only a run that died between writing and its database update
            # leaves the marker; only then can a pending change already be in
            # git, and only among the latest commits (changes go in order).
            _recover(repo, root)
            known = gitstore.recent_change_ids(repo)
        pending = list(Change.objects.filter(status=Change.Status.PENDING).order_by("pk"))
        for change in pending:
            sha = known.get(change.pk)
            if sha is None:
                marker.write_text(str(change.pk), encoding="utf-8")
                try:
                    sha = _apply(repo, root, change)
                except (
                    GitCommandError,
                    OSError,
                    KnowledgeError,
                    RecordFormatError,
                    TypeError,
                ) as exc:
                    _recover(repo, root)
                    marker.unlink(missing_ok=True)
                    Change.objects.filter(pk=change.pk).update(
                        status=Change.Status.FAILED, error=str(exc)[:5000]
                    )
                    change.status = Change.Status.FAILED
                    logger.error("change %s could not be committed: %s", change.pk, exc)
                    continue
            _record_commit(change, sha, pending)
            marker.unlink(missing_ok=True)
            done.append(change)
    return done


def retry_failed() -> int:
    """Put failed changes back in the queue; returns how many."""
    return Change.objects.filter(status=Change.Status.FAILED).update(
        status=Change.Status.PENDING, error=""
    )
