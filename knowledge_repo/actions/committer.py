"""The committer: applies pending changes in order, one commit each, under the writer lock."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from git import Repo
from git.exc import GitCommandError

from .. import checks, gitstore
from ..models import Change, ChangeFile, Record
from ..recordcache import RecordCache, blob_id
from ..recordfile import (
    INDEX_DIR,
    INDEX_FILE,
    INDEX_HEADER,
    RecordData,
    RecordFormatError,
    flatten,
    index_line,
    index_paths,
    parse_record,
    record_path,
    render_record,
    update_indexes,
)
from ..slugs import is_valid_slug
from .workspace import KnowledgeError, committer, ensure_initialised, repo_path, write_text

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


Files = dict[str, tuple[str | None, str | None]]


def _read(path: Path) -> str | None:
    try:
        with open(path, encoding="utf-8", newline="") as fh:
            return fh.read()
    except FileNotFoundError:
        return None


def _apply(repo: Repo, root: Path, change: Change) -> tuple[str, Files]:
    payload = change.payload
    lines: dict[str, str | None] = {}
    paths = [INDEX_FILE]
    files: Files = {}
    cache = RecordCache(root, load=False)
    scanned: list[tuple[str, RecordData, str]] = []
    for slug, state in payload.get("write", {}).items():
        if not is_valid_slug(slug):
            raise KnowledgeError(f"invalid slug {slug!r} in change {change.pk}")
        data = RecordData(slug=slug, **state)
        text = render_record(data)
        if parse_record(text, slug) != data:
            raise KnowledgeError(f"record {slug!r} would not read back as written")
        files[slug] = (_read(root / record_path(slug)), text)
        write_text(root / record_path(slug), text)
        cache.add(blob_id(text), data)
        scanned.append((blob_id(text), data, text))
        lines[slug] = index_line(slug, data.name, data.description)
        paths.append(record_path(slug))
    for slug in payload.get("remove", []):
        if not is_valid_slug(slug):
            raise KnowledgeError(f"invalid slug {slug!r} in change {change.pk}")
        files[slug] = (_read(root / record_path(slug)), None)
        (root / record_path(slug)).unlink(missing_ok=True)
        lines[slug] = None
        paths.append(record_path(slug))
    # MEMORY.md, and past its budget the topic files index/<topic>.md (the record format).
    old_indexes = {
        p: old
        for p in index_paths(
            [INDEX_FILE, *(f"{INDEX_DIR}/{f.name}" for f in (root / INDEX_DIR).glob("*.md"))]
        )
        if (old := _read(root / p)) is not None
    }
    for path, new in update_indexes(old_indexes or {INDEX_FILE: INDEX_HEADER}, lines).items():
        if new is None:
            (root / path).unlink(missing_ok=True)
        elif new != old_indexes.get(path):
            (root / path).parent.mkdir(exist_ok=True)
            write_text(root / path, new)
        paths.append(path)
    # Plumbing: the index takes only these paths (a porcelain commit stats every file).
    sha = gitstore.commit_paths(
        repo,
        paths,
        commit_message(change),
        env=gitstore.identity_env(
            author=(change.author_name, change.author_email), committer=committer()
        ),
    )
    cache.save()
    # What the release checks will find in these files, found now while the text is in hand.
    checks.remember(root, scanned)
    return sha, files


def _files_from_git(repo: Repo, change: Change, sha: str) -> Files:
    # A change found committed but not recorded (its committer died in between).
    return {
        slug: (
            gitstore.show_file(repo, f"{sha}^", record_path(slug)),
            gitstore.show_file(repo, sha, record_path(slug)),
        )
        for slug in dict.fromkeys(change.touched())
    }


def _record_commit(change: Change, sha: str, later_pending: list[Change], files: Files) -> None:
    touched = set(change.touched())
    # A record changed again by a later pending change is not at this commit yet.
    for other in later_pending:
        if other.pk > change.pk:
            touched -= set(other.touched())
    with transaction.atomic():
        updated = Change.objects.filter(pk=change.pk, status=Change.Status.PENDING).update(
            status=Change.Status.COMMITTED, commit_sha=sha, committed_at=timezone.now(), error=""
        )
        if not updated:
            # Someone else recorded it (a committer that should not have run):
            # keep their record, and let verify report the stray commit.
            raise KnowledgeError(f"change {change.pk} was recorded by another committer")
        ChangeFile.objects.filter(change_id=change.pk).delete()
        ChangeFile.objects.bulk_create(
            ChangeFile(change_id=change.pk, slug=slug, before=before, after=after)
            for slug, (before, after) in files.items()
        )
        Record.objects.filter(slug__in=touched).update(commit=sha)
    change.status = Change.Status.COMMITTED
    change.commit_sha = sha


def _recover(repo: Repo, root: Path) -> None:
    # A run died while writing files: put the working copy back to HEAD.
    repo.git.reset("-q", "--hard", "HEAD")
    repo.git.clean("-q", "-f", "-d", "--", "records")


def _push_shared(repo: Repo) -> None:
    remote = settings.KNOWLEDGE_SHARED_REMOTE
    if remote:
        # Before the database hears of the commit: a committer that takes over
        # starts from the shared remote, so a recorded commit must be there. Never
        # forced: git refuses unless the remote's branch is an ancestor of HEAD, so
        # no push drops a commit the remote has.
        repo.git.push("-q", remote, f"HEAD:refs/heads/{gitstore.BRANCH}")


def commit_pending(*, recover: bool = False) -> list[Change]:
    """Commit every pending change in order, one commit each; returns those recorded.

    Safe to run at any time and from several processes at once (see the module
    docstring): it never commits a change twice and never loses one.
    ``recover`` looks for already committed pending changes even without the
    in-flight marker (a committer taking over from one that died elsewhere).
    """
    ensure_initialised()
    root = repo_path()
    done: list[Change] = []
    with gitstore.writer_lock(root), gitstore.open_repo(root) as repo:
        marker = root / ".git" / "kb-inflight"
        known: dict[int, str] = {}
        gitstore.clear_stale_index_lock(root)
        if marker.exists() or recover:
            # Only a run that died between writing and its database update
            # leaves the marker; only then can a pending change already be in
            # git, and only among the latest commits (changes go in order).
            _recover(repo, root)
            known = gitstore.recent_change_ids(repo)
        pending = list(Change.objects.filter(status=Change.Status.PENDING).order_by("pk"))
        for change in pending:
            sha = known.get(change.pk)
            if sha is not None:
                files = _files_from_git(repo, change, sha)
            else:
                marker.write_text(str(change.pk), encoding="utf-8")
                try:
                    sha, files = _apply(repo, root, change)
                except (
                    GitCommandError,
                    OSError,
                    KnowledgeError,
                    RecordFormatError,
                    TypeError,
                ) as exc:
                    try:
                        _recover(repo, root)
                        marker.unlink(missing_ok=True)
                    except GitCommandError:
                        # Git refuses even to reset (a held index.lock): the
                        # marker stays, so the next run cleans up first.
                        logger.warning(
                            "could not reset the working copy after change %s", change.pk
                        )
                    Change.objects.filter(pk=change.pk).update(
                        status=Change.Status.FAILED, error=str(exc)[:5000]
                    )
                    change.status = Change.Status.FAILED
                    logger.error("change %s could not be committed: %s", change.pk, exc)
                    continue
                try:
                    _push_shared(repo)
                except GitCommandError as exc:
                    # Another committer moved the shared branch: this copy is
                    # behind. Drop the local commit; the change stays pending.
                    repo.git.reset("-q", "--hard", "HEAD^")
                    marker.unlink(missing_ok=True)
                    logger.error("the shared remote refused change %s: %s", change.pk, exc)
                    break
            _record_commit(change, sha, pending, files)
            marker.unlink(missing_ok=True)
            done.append(change)
    return done


def retry_failed() -> int:
    """Put failed changes back in the queue; returns how many."""
    return Change.objects.filter(status=Change.Status.FAILED).update(
        status=Change.Status.PENDING, error=""
    )
