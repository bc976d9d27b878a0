"""Writes to the knowledge base: named, keyword-only actions.

Each record action writes the new state (Record) and a pending Change in the
outbox in one database transaction. It opens ``transaction.atomic()`` but not
durable, so a review action can wrap it in its own transaction together with
the candidate's new state. The git side runs afterwards: the committer
(``commit_pending``) is scheduled with ``transaction.on_commit`` when
``settings.KNOWLEDGE_COMMIT_IN_PROCESS`` is on, and ``manage.py kb_commit``
drains the outbox by hand (or from a worker) otherwise.

Concurrency: the committer holds an ``flock`` on a file beside the working
repository for the whole drain, so two processes (or threads) on one host
never commit at once; the loser waits, then finds nothing pending. Beyond one
host, run a single committer queue that owns the working copy (DESIGN.md,
"Scale"); the lock still protects it from a stray ``kb_commit``.

Idempotency: every commit carries a ``Change-Id:`` trailer, and a marker file
in ``.git`` is written before a change is applied and removed only after its
commit sha is in the database. A committer that finds the marker knows a run
died in between: it resets the working copy to HEAD and reads the Change-Id
trailers of the latest commits (changes are committed in order under the
lock, so a change committed but not recorded can only be among them); a
pending change found there is recorded with that commit, not committed again.
"""

from __future__ import annotations

import datetime as dt
import logging
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from git import Repo
from git.exc import GitCommandError

from . import gitstore
from .models import Change, Publication, Record, Release
from .recordcache import RecordCache, blob_id
from .recordfile import (
    CHANGELOG_FILE,
    INDEX_FILE,
    INDEX_HEADER,
    RECORD_TYPES,
    RecordData,
    RecordFormatError,
    flatten,
    index_line,
    parse_record,
    record_path,
    render_record,
    update_index,
)
from .slugs import is_valid_slug, unique_slug

logger = logging.getLogger(__name__)


class KnowledgeError(Exception):
    """A knowledge-base action cannot be done; the message says why."""


class RecordNotFound(KnowledgeError):
    """No current (non-retracted) record has that slug."""


class RecordConflict(KnowledgeError):
    """The action conflicts with the current records or history."""


# --- Paths, identities, initialisation ---------------------------------------


def repo_path() -> Path:
    return Path(settings.KNOWLEDGE_REPO_PATH)


def committer() -> tuple[str, str]:
    return (settings.KNOWLEDGE_COMMITTER_NAME, settings.KNOWLEDGE_COMMITTER_EMAIL)


def author_identity(user: Any) -> tuple[str, str]:
    """Name and email a reviewer's commits carry."""
    name = (user.get_full_name() or user.username).strip() or user.username
    email = user.email or f"{user.username}@users.noreply.invalid"
    return flatten(name), flatten(email)


_initialised: set[tuple[str, tuple[str, ...]]] = set()


def ensure_initialised() -> bool:
    """Create the working repository and local bare remotes if missing (idempotent)."""
    key = (str(repo_path()), tuple(settings.KNOWLEDGE_PUBLISH_REMOTES))
    if key in _initialised and (repo_path() / ".git").exists():
        return False
    with gitstore.writer_lock(repo_path()):
        created = gitstore.ensure_repository(
            repo_path(), list(settings.KNOWLEDGE_PUBLISH_REMOTES), committer()
        )
    _initialised.add(key)
    return created


# --- Record actions -------------------------------------------------------------


class KeepType:
    """Type of ``KEEP``: "leave this field as it is"."""


KEEP = KeepType()


def _text(value: str) -> str:
    # Browsers send CRLF; the files keep plain newlines.
    return value.replace("\r\n", "\n").replace("\r", "\n")


def _dedupe(items: Iterable[str]) -> list[str]:
    seen: dict[str, None] = {}
    for item in items:
        if item:
            seen.setdefault(str(item), None)
    return list(seen)


def _check_fields(name: str, type: str) -> None:
    if not flatten(name):
        raise KnowledgeError("a record needs a name")
    if type not in RECORD_TYPES:
        raise KnowledgeError(f"type must be one of {', '.join(RECORD_TYPES)}, not {type!r}")


def _iso(value: dt.datetime | dt.date | None) -> str | None:
    return value.isoformat() if value else None


def record_data(record: Record) -> RecordData:
    """The file contents a Record row stands for."""
    return RecordData(
        slug=record.slug,
        name=record.name,
        description=record.description,
        type=record.type,
        body=record.body,
        created=record.created.isoformat(timespec="seconds"),
        updated=record.updated.isoformat(timespec="seconds"),
        sources=list(record.sources),
        reviewed_by=list(record.reviewed_by),
        supersedes=list(record.supersedes),
        valid_until=_iso(record.valid_until),
    )


def _file_state(record: Record) -> dict[str, Any]:
    data = record_data(record)
    return {
        "name": data.name,
        "description": data.description,
        "type": data.type,
        "body": data.body,
        "created": data.created,
        "updated": data.updated,
        "sources": data.sources,
        "reviewed_by": data.reviewed_by,
        "supersedes": data.supersedes,
        "valid_until": data.valid_until,
    }


def _name_taken(name: str, *, exclude: Sequence[str] = ()) -> bool:
    return (
        Record.objects.filter(retracted=False, name_key=flatten(name).casefold())
        .exclude(slug__in=list(exclude))
        .exists()
    )


def _live(slug: str) -> Record:
    record = Record.objects.select_for_update().filter(slug=slug, retracted=False).first()
    if record is None:
        raise RecordNotFound(f"there is no current record {slug!r}")
    return record


def _enqueue(
    *,
    kind: str,
    slug: str,
    author: Any,
    write: dict[str, Record],
    remove: Sequence[str] = (),
    candidate_id: int | None,
    sources: Sequence[str],
    message: str,
    extra: dict[str, Any] | None = None,
) -> Change:
    name, email = author_identity(author)
    payload: dict[str, Any] = {
        "write": {s: _file_state(r) for s, r in write.items()},
        "remove": list(remove),
        "message": message,
        **(extra or {}),
    }
    change = Change.objects.create(
        kind=kind,
        slug=slug,
        payload=payload,
        author=author,
        author_name=name,
        author_email=email,
        candidate_id=candidate_id,
        sources=_dedupe(sources),
    )
    if settings.KNOWLEDGE_COMMIT_IN_PROCESS:
        transaction.on_commit(_commit_after_transaction)
    else:
        transaction.on_commit(_enqueue_commit)
    return change


def _commit_after_transaction() -> None:
    # The approval is already safe in the outbox: a git failure here must not
    # turn the reviewer's request into an error. kb_commit retries later.
    try:
        commit_pending()
    except Exception:
        logger.exception("the knowledge committer failed; run manage.py kb_commit")


def _enqueue_commit() -> None:
    from .tasks import commit_outbox

    try:
        commit_outbox.enqueue()
    except Exception:
        logger.exception("could not enqueue the knowledge committer; run manage.py kb_commit")


def _save_new(record: Record) -> None:
    try:
        with transaction.atomic():
            record.save()
    except IntegrityError as exc:
        raise RecordConflict(f"the slug {record.slug!r} was taken at the same moment") from exc


def _slug_taken(slug: str) -> bool:
    # Retracted slugs stay taken so a slug's history always tells one story.
    return Record.objects.filter(slug=slug).exists()


def create_record(
    *,
    author: Any,
    name: str,
    description: str,
    body: str,
    type: str,
    sources: Sequence[str] = (),
    candidate_id: int | None = None,
    supersedes: Sequence[str] = (),
    valid_until: dt.date | None = None,
    open_flags: Sequence[str] = (),
    reviewed_by: Sequence[str] = (),
) -> Change:
    """Add a record; records it ``supersedes`` leave the current set (kept in history)."""
    _check_fields(name, type)
    with transaction.atomic():
        if _name_taken(name):
            raise RecordConflict(f"a current record is already named {flatten(name)!r}")
        superseded = [_live(slug) for slug in _dedupe(supersedes)]
        now = timezone.now()
        record = Record(
            slug=unique_slug(name, _slug_taken),
            name=flatten(name),
            name_key=flatten(name).casefold(),
            description=_text(description),
            body=_text(body),
            type=type,
            sources=_dedupe(sources),
            reviewed_by=_dedupe([*reviewed_by, author.username]),
            supersedes=[r.slug for r in superseded],
            valid_until=valid_until,
            created=now,
            updated=now,
            open_flags=_dedupe(open_flags),
        )
        _save_new(record)
        for old in superseded:
            old.retracted = True
            old.commit = ""
            old.save(update_fields=["retracted", "commit", "updated_at"])
        return _enqueue(
            kind=Change.Kind.CREATE,
            slug=record.slug,
            author=author,
            write={record.slug: record},
            remove=[r.slug for r in superseded],
            candidate_id=candidate_id,
            sources=sources,
            message=f"Create {record.slug}: {record.name}",
        )


def update_record(
    *,
    author: Any,
    slug: str,
    name: str,
    description: str,
    body: str,
    type: str,
    sources: Sequence[str] = (),
    candidate_id: int | None = None,
    open_flags: Sequence[str] = (),
    valid_until: dt.date | None | KeepType = KEEP,
    reviewed_by: Sequence[str] = (),
) -> Change:
    """Change a record's text; the slug stays (links keep working), sources accumulate.

    ``open_flags`` replaces the record's flags (pass none to clear them);
    ``valid_until`` is kept unless given (None clears it).
    """
    _check_fields(name, type)
    with transaction.atomic():
        record = _live(slug)
        if _name_taken(name, exclude=[slug]):
            raise RecordConflict(f"another current record is named {flatten(name)!r}")
        record.name = flatten(name)
        record.name_key = record.name.casefold()
        record.description = _text(description)
        record.body = _text(body)
        record.type = type
        record.sources = _dedupe([*record.sources, *sources])
        record.reviewed_by = _dedupe([*record.reviewed_by, *reviewed_by, author.username])
        record.open_flags = _dedupe(open_flags)
        if not isinstance(valid_until, KeepType):
            record.valid_until = valid_until
        record.updated = timezone.now()
        record.commit = ""
        record.save()
        return _enqueue(
            kind=Change.Kind.UPDATE,
            slug=slug,
            author=author,
            write={slug: record},
            candidate_id=candidate_id,
            sources=sources,
            message=f"Update {slug}: {record.name}",
        )


def retract_record(
    *, author: Any, slug: str, reason: str, candidate_id: int | None = None
) -> Change:
    """Take a record out of the current set; its history stays in git."""
    with transaction.atomic():
        record = _live(slug)
        record.retracted = True
        record.commit = ""
        record.save(update_fields=["retracted", "commit", "updated_at"])
        return _enqueue(
            kind=Change.Kind.RETRACT,
            slug=slug,
            author=author,
            write={},
            remove=[slug],
            candidate_id=candidate_id,
            sources=[],
            message=f"Retract {slug}: {record.name}\n\n{_text(reason).strip()}",
            extra={"reason": _text(reason)},
        )


def merge_records(
    *,
    author: Any,
    slugs: Sequence[str],
    name: str,
    description: str,
    body: str,
    type: str,
    sources: Sequence[str] = (),
    candidate_id: int | None = None,
) -> Change:
    """Replace several records by one that supersedes them, in one commit.

    The merged record keeps the slug of a merged record when its name gives
    that slug, so links to the main record survive; the others are removed.
    """
    _check_fields(name, type)
    wanted = _dedupe(slugs)
    if len(wanted) < 2:
        raise RecordConflict("a merge needs at least two different records")
    with transaction.atomic():
        merged = [_live(slug) for slug in wanted]
        if _name_taken(name, exclude=wanted):
            raise RecordConflict(f"another current record is named {flatten(name)!r}")
        slug = unique_slug(name, lambda s: _slug_taken(s) and s not in wanted)
        all_sources = _dedupe([*(s for r in merged for s in r.sources), *sources])
        reviewers = _dedupe([*(u for r in merged for u in r.reviewed_by), author.username])
        now = timezone.now()
        record = next((r for r in merged if r.slug == slug), None)
        if record is None:
            record = Record(slug=slug, created=min(r.created for r in merged))
        record.name = flatten(name)
        record.name_key = record.name.casefold()
        record.description = _text(description)
        record.body = _text(body)
        record.type = type
        record.sources = all_sources
        record.reviewed_by = reviewers
        record.supersedes = [s for s in wanted if s != slug]
        record.open_flags = _dedupe(f for r in merged for f in r.open_flags)
        record.valid_until = None
        record.updated = now
        record.retracted = False
        record.commit = ""
        if record.pk is None:
            _save_new(record)
        else:
            record.save()
        for old in merged:
            if old.slug != slug:
                old.retracted = True
                old.commit = ""
                old.save(update_fields=["retracted", "commit", "updated_at"])
        return _enqueue(
            kind=Change.Kind.MERGE,
            slug=slug,
            author=author,
            write={slug: record},
            remove=[s for s in wanted if s != slug],
            candidate_id=candidate_id,
            sources=sources,
            message=f"Merge {', '.join(wanted)} into {slug}: {record.name}",
        )


def _touched(change: Change) -> list[str]:
    return [*change.payload.get("write", {}), *change.payload.get("remove", [])]


def revert_change(*, author: Any, change: Change) -> Change:
    """Undo a committed change with a new commit that restores what it touched.

    Refused (RecordConflict) while the change is not committed yet, or when a
    later change touched the same records: revert that one first.
    """
    if change.status != Change.Status.COMMITTED or not change.commit_sha:
        raise RecordConflict("only a committed change can be reverted")
    touched = _touched(change)
    later = Change.objects.filter(pk__gt=change.pk).exclude(status=Change.Status.FAILED)
    for other in later:
        if set(_touched(other)) & set(touched):
            raise RecordConflict(
                f"change {other.pk} changed {other.slug!r} afterwards; revert it first"
            )
    ensure_initialised()
    before: dict[str, str | None] = {}
    with gitstore.open_repo(repo_path()) as repo:
        for slug in touched:
            before[slug] = gitstore.show_file(repo, f"{change.commit_sha}^", record_path(slug))
    with transaction.atomic():
        write: dict[str, Record] = {}
        remove: list[str] = []
        for slug, text in before.items():
            row = Record.objects.select_for_update().filter(slug=slug).first()
            if text is None:
                remove.append(slug)
                if row is not None:
                    row.retracted = True
                    row.commit = ""
                    row.save(update_fields=["retracted", "commit", "updated_at"])
                continue
            data = parse_record(text, slug)
            row = row or Record(slug=slug)
            _apply_data(row, data)
            row.retracted = False
            row.commit = ""
            row.save()
            write[slug] = row
        return _enqueue(
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
        )


def _parse_time(value: str) -> dt.datetime:
    try:
        parsed = dt.datetime.fromisoformat(value)
    except ValueError:
        return timezone.now()
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=dt.UTC)


def _apply_data(row: Record, data: RecordData) -> None:
    row.name = data.name
    row.name_key = flatten(data.name).casefold()
    row.description = data.description
    row.body = data.body
    row.type = data.type
    row.sources = list(data.sources)
    row.reviewed_by = list(data.reviewed_by)
    row.supersedes = list(data.supersedes)
    row.created = _parse_time(data.created)
    row.updated = _parse_time(data.updated)
    try:
        row.valid_until = dt.date.fromisoformat(data.valid_until) if data.valid_until else None
    except ValueError:
        row.valid_until = None


# --- The committer ----------------------------------------------------------------


def _trailer(value: Any) -> str:
    return flatten(str(value))


def commit_message(change: Change) -> str:
    """Subject, details, then trailers naming the change, candidate and sources."""
    subject, _, details = change.payload.get("message", change.kind).partition("\n")
    lines = [flatten(subject)[:200]]
    if details.strip():
        lines += ["", details.strip()]
    trailers = [f"Change-Id: {change.pk}", f"Change-Kind: {change.kind}"]
    if change.candidate_id is not None:
        trailers.append(f"Candidate: {change.candidate_id}")
    trailers += [f"Source-Conversation: {_trailer(src)}" for src in change.sources]
    if "reverts" in change.payload:
        trailers.append(f"Reverts-Change: {change.payload['reverts']}")
    return "\n".join([*lines, "", *trailers]) + "\n"


def _write_text(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="") as fh:
        fh.write(text)


def _apply(repo: Repo, root: Path, change: Change) -> str:
    payload = change.payload
    index_file = root / INDEX_FILE
    lines: dict[str, str | None] = {}
    paths = [INDEX_FILE]
    cache = RecordCache(root, load=False)
    for slug, state in payload.get("write", {}).items():
        if not is_valid_slug(slug):
            raise KnowledgeError(f"invalid slug {slug!r} in change {change.pk}")
        data = RecordData(slug=slug, **state)
        text = render_record(data)
        if parse_record(text, slug) != data:
            raise KnowledgeError(f"record {slug!r} would not read back as written")
        _write_text(root / record_path(slug), text)
        cache.add(blob_id(text), data)
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


# --- Releases and publishing ---------------------------------------------------------


@dataclass
class ReleaseResult:
    """What ``cut_release`` found and did: ``release`` is None when it did not tag."""

    failures: list[Any]
    release: Release | None
    changelog: dict[str, list[dict[str, str]]]
    index_lines: int = 0
    index_chars: int = 0
    budget: dict[str, int] = field(default_factory=dict)


_RELEASE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$")


def _next_release_name() -> str:
    n = Release.objects.count() + 1
    while Release.objects.filter(name=f"v{n}").exists():
        n += 1
    return f"v{n}"


def changelog_markdown(name: str, changelog: dict[str, list[dict[str, str]]], day: str) -> str:
    """The CHANGELOG.md section of one release."""
    parts = [f"## {name} ({day})\n"]
    for key, title in (("added", "Added"), ("updated", "Updated"), ("removed", "Removed")):
        items = changelog.get(key, [])
        if items:
            parts.append(f"\n{title}:\n")
            parts += [f"- {flatten(i['name'])} ({record_path(i['slug'])})\n" for i in items]
    if not any(changelog.get(k) for k in ("added", "updated", "removed")):
        parts.append("\nNo record changed.\n")
    return "".join(parts)


def cut_release(*, user: Any, name: str | None = None, dry_run: bool = False) -> ReleaseResult:
    """Run the release checks and, when all pass and not ``dry_run``, tag a release.

    The tag is annotated (tagger = the publisher); its message and a new
    CHANGELOG.md section list the records added, updated and removed since
    the previous release. Checks, changelog and tag happen under the writer
    lock, so no commit slips in between.
    """
    from . import selectors

    ensure_initialised()
    if name is not None and not _RELEASE_NAME.match(name):
        raise KnowledgeError(f"{name!r} is not a valid release name (letters, digits, . _ -)")
    root = repo_path()
    with gitstore.writer_lock(root), gitstore.open_repo(root) as repo:
        snapshot = selectors.take_snapshot(repo)
        failures = selectors.release_checks(snapshot=snapshot)
        changelog = selectors.changes_since_last_release(repo=repo, snapshot=snapshot)
        result = ReleaseResult(
            failures=failures,
            release=None,
            changelog=changelog,
            index_lines=snapshot.index_lines,
            index_chars=snapshot.index_chars,
            budget={
                "lines": settings.PROMPT_INDEX_MAX_LINES,
                "chars": settings.PROMPT_INDEX_MAX_CHARS,
            },
        )
        if failures or dry_run:
            return result
        name = name or _next_release_name()
        if Release.objects.filter(name=name).exists() or gitstore.ref_exists(
            repo, f"refs/tags/{name}"
        ):
            raise KnowledgeError(f"a release named {name!r} already exists")
        day = timezone.now().date().isoformat()
        section = changelog_markdown(name, changelog, day)
        log_file = root / CHANGELOG_FILE
        # From HEAD, not the working file: a release that died after writing
        # the file must not leave its section behind twice.
        old = gitstore.show_file(repo, "HEAD", CHANGELOG_FILE) or ""
        old = old.removeprefix("# Changelog\n").lstrip("\n")
        _write_text(log_file, f"# Changelog\n\n{section}\n{old}".rstrip("\n") + "\n")
        who = author_identity(user) if user is not None else committer()
        repo.git.add("--", CHANGELOG_FILE)
        repo.git.commit(
            "-q",
            "--no-verify",
            "-m",
            f"Release {name}\n\nRelease: {name}\n",
            env=gitstore.identity_env(author=who, committer=committer()),
        )
        # The message can list thousands of records: pass it as a file, not an argument.
        message_file = root / ".git" / "KB_TAG_MESSAGE"
        _write_text(message_file, f"Release {name}\n\n{section}")
        repo.git.tag(
            "-a",
            name,
            "-F",
            str(message_file),
            "--cleanup=verbatim",
            env=gitstore.identity_env(author=who, committer=who),
        )
        message_file.unlink()
        sha = gitstore.head_sha(repo)
        result.release = Release.objects.create(
            name=name, sha=sha, changelog=changelog, created_by=user
        )
    return result


def _push_everywhere(repo: Repo, tag: str) -> list[dict[str, Any]]:
    results = []
    for remote in settings.KNOWLEDGE_PUBLISH_REMOTES:
        try:
            # --atomic: each remote takes branch and tag together or neither.
            repo.git.push(
                "--atomic",
                "--porcelain",
                remote,
                f"+refs/heads/{gitstore.PUBLISHED}:refs/heads/{gitstore.PUBLISHED}",
                f"refs/tags/{tag}:refs/tags/{tag}",
                env={"GIT_TERMINAL_PROMPT": "0"},
            )
            results.append({"remote": remote, "ok": True, "error": ""})
        except GitCommandError as exc:
            error = (exc.stderr or str(exc)).strip()[:2000]
            results.append({"remote": remote, "ok": False, "error": error})
            logger.error("publishing %s to %s failed: %s", tag, remote, error)
    return results


def _move_published(*, user: Any, release: Release, action: str) -> Publication:
    ensure_initialised()
    root = repo_path()
    with gitstore.writer_lock(root), gitstore.open_repo(root) as repo:
        if not gitstore.ref_exists(repo, f"refs/tags/{release.name}"):
            raise KnowledgeError(f"the tag {release.name!r} is missing from the repository")
        repo.git.branch("-f", gitstore.PUBLISHED, f"refs/tags/{release.name}^{{commit}}")
        results = _push_everywhere(repo, release.name)
    return Publication.objects.create(release=release, action=action, user=user, results=results)


def publish_release(*, user: Any, name: str) -> Publication:
    """Move ``published`` to the release's tag and push branch and tag to every remote.

    A remote that fails is recorded in ``Publication.results`` (and
    ``failed_remotes``) while the others are still updated.
    """
    release = Release.objects.filter(name=name).first()
    if release is None:
        raise KnowledgeError(f"there is no release named {name!r}")
    return _move_published(user=user, release=release, action=Publication.Action.PUBLISH)


def published_release() -> Release | None:
    """The release the published branch points at, per the last publication."""
    last = Publication.objects.select_related("release").first()
    return last.release if last else None


def rollback_release(*, user: Any) -> Publication:
    """Move ``published`` back to the release before the one published now, and push."""
    current = published_release()
    if current is None:
        raise KnowledgeError("nothing has been published yet")
    previous = Release.objects.filter(pk__lt=current.pk).order_by("-pk").first()
    if previous is None:
        raise KnowledgeError(f"{current.name} is the first release; there is none before it")
    return _move_published(user=user, release=previous, action=Publication.Action.ROLLBACK)


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
    from .selectors import take_snapshot

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
            _apply_data(row, data)
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
