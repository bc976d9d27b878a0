"""Reads of the knowledge base that pages and commands share."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings
from django.utils import timezone
from git import Repo
from git.exc import GitCommandError

from . import checks, gitstore
from .actions import ensure_initialised, repo_path
from .checks import Finding

# History reads the database only (history.py); pages keep importing it from here.
from .history import HistoryEntry as HistoryEntry
from .history import record_file as record_file
from .history import record_history as record_history
from .models import Change, Record, Release
from .reader import KnowledgeBase, list_tree, open_knowledge, read_blobs
from .recordcache import RecordCache
from .recordfile import (
    INDEX_FILE,
    RECORDS_DIR,
    RecordData,
    RecordFormatError,
    index_entry,
    index_line,
    index_paths,
    parse_index,
    parse_record,
    render_indexes,
)
from .slugs import is_valid_slug


@dataclass(frozen=True)
class CheckFailure:
    """One failed release check; ``slug`` names the record it is about, if any."""

    slug: str | None
    reason: str
    message: str


@dataclass
class Snapshot:
    """The knowledge files at a ref, for the checks and the changelog.

    ``summaries`` holds the name and description of every record that parses; ``records``
    the fully parsed records: all of them with ``full=True``, otherwise only those no
    earlier check had seen (see ``recordcache``).
    """

    ref: str
    files: dict[str, str]
    paths: list[str] = field(default_factory=list)
    blobs: dict[str, str] = field(default_factory=dict)
    root: Path | None = None
    records: dict[str, RecordData] = field(default_factory=dict)
    summaries: dict[str, tuple[str, str]] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)
    # Blob id -> (record, file text) of the records this snapshot read: the scan reuses them.
    parsed: dict[str, tuple[RecordData, str]] = field(default_factory=dict, repr=False)
    # Path -> (blob id, file text) of records read but not parsed yet (see ``parse``).
    unparsed: dict[str, tuple[str, str]] = field(default_factory=dict, repr=False)
    _index_lines: dict[str, str] | None = field(default=None, repr=False)
    _cache: RecordCache | None = field(default=None, repr=False)

    @property
    def index_lines(self) -> int:
        return len(self.summaries)

    @property
    def index_chars(self) -> int:
        return sum(len(line) + 1 for line in self.expected_index_lines().values())

    def parse(self) -> None:
        """Parse the records read but not parsed yet (``take_snapshot(parse=False)``)."""
        for path, (sha, text) in self.unparsed.items():
            slug = _slug_of(path)
            try:
                record = parse_record(text, slug)
            except RecordFormatError as exc:
                self.errors[path] = str(exc)
                continue
            self.records[slug] = record
            self.summaries[slug] = (record.name, record.description)
            self.parsed[sha] = (record, text)
            if self._cache is not None:
                self._cache.add(sha, record)
        self.unparsed = {}
        if self._cache is not None:
            self._cache.save()

    def expected_index_lines(self) -> dict[str, str]:
        # Asked for twice per release (size and staleness): build it once.
        if self._index_lines is None:
            self._index_lines = {
                s: index_line(s, name, desc) for s, (name, desc) in self.summaries.items()
            }
        return self._index_lines


def _slug_of(path: str) -> str:
    return path[len(RECORDS_DIR) + 1 : -len(".md")]


def take_snapshot(
    repo: Repo | None = None, ref: str = "HEAD", *, full: bool = False, parse: bool = True
) -> Snapshot:
    """Read the records at ``ref`` of the working repository; parse what needs parsing.

    With ``full``, every record is parsed and its file text kept in ``files``. With ``parse``
    False, what needs parsing is left for ``Snapshot.parse`` (the checks parse it while
    screening workers, which parse their own, start).
    """
    ensure_initialised()
    root = Path(repo.working_dir) if repo is not None else repo_path()
    entries = list_tree(root, ref)
    cache = RecordCache(root)
    snap = Snapshot(ref=ref, files={}, root=root, _cache=cache)
    wanted: list[tuple[str, str]] = []
    for path, sha in entries:
        if path.startswith(f"{RECORDS_DIR}/"):
            snap.paths.append(path)
            snap.blobs[path] = sha
            known = cache.get(sha)
            if known is not None and not full:
                snap.summaries[_slug_of(path)] = known
                continue
        wanted.append((path, sha))
    texts = read_blobs(root, [sha for _, sha in wanted])
    for (path, sha), text in zip(wanted, texts, strict=True):
        if not path.startswith(f"{RECORDS_DIR}/"):
            snap.files[path] = text
            continue
        if full:
            snap.files[path] = text
        snap.unparsed[path] = (sha, text)
    if parse or full:
        snap.parse()
    return snap


def release_checks(*, snapshot: Snapshot | None = None) -> list[CheckFailure]:
    """Everything that stops a release, each failure naming its record where it has one."""
    snap = snapshot or take_snapshot()
    failures: list[CheckFailure] = []
    for path, error in sorted(snap.errors.items()):
        slug = path[len(RECORDS_DIR) + 1 : -len(".md")]
        failures.append(CheckFailure(slug, "parse_error", f"{path} does not parse: {error}"))
    seen: dict[str, str] = {}
    for path in sorted(snap.paths):
        slug = path[len(RECORDS_DIR) + 1 : -len(".md")]
        if not is_valid_slug(slug):
            failures.append(
                CheckFailure(slug, "invalid_slug", f"{path}: {slug!r} is not a valid slug")
            )
        folded = slug.casefold()
        if folded in seen:
            failures.append(
                CheckFailure(slug, "duplicate_slug", f"{path} and records/{seen[folded]}.md clash")
            )
        seen.setdefault(folded, slug)
    for change in Change.objects.exclude(status=Change.Status.COMMITTED).order_by("pk"):
        reason = "pending_change" if change.status == Change.Status.PENDING else "failed_change"
        failures.append(
            CheckFailure(
                change.slug,
                reason,
                f"change {change.pk} ({change.kind} {change.slug}) is {change.status}"
                + (f": {change.error}" if change.error else "; run kb_commit"),
            )
        )
    expected = render_indexes(snap.expected_index_lines())
    present = {p: snap.files[p] for p in index_paths(snap.files)}
    if present != expected and not snap.errors:
        wrong = sorted(p for p in {*expected, *present} if expected.get(p) != present.get(p))
        failures.append(
            CheckFailure(None, "index_stale", f"{', '.join(wrong[:5])} does not match the records")
        )
    return failures


def checks_with_findings(
    *, snapshot: Snapshot | None = None, meanwhile: Callable[[Snapshot], object] | None = None
) -> tuple[list[CheckFailure], list[Finding]]:
    """The release checks plus every finding of the rescanned tree.

    Blocking findings nobody cleared are failures too, each naming its record file and line;
    ``findings`` lists them all (cleared and expired included). ``meanwhile`` is other work on
    the parsed snapshot (the changelog), run while the workers screen, not alone after them.
    """
    snap = snapshot or take_snapshot(parse=False)
    failures: list[CheckFailure] = []

    def prepare() -> None:  # while the workers screen: they parse the records they screen
        snap.parse()
        failures.extend(release_checks(snapshot=snap))
        if meanwhile is not None:
            meanwhile(snap)

    texts = dict(snap.unparsed.values())
    root = snap.root or repo_path()
    found = checks.scan_tree(
        root, snap.blobs, snap.summaries, parsed=snap.parsed, texts=texts, prepare=prepare
    )
    found += checks.index_budget({p: snap.files[p] for p in index_paths(snap.files)})
    return failures + finding_failures(found), found


def finding_failures(found: list[Finding]) -> list[CheckFailure]:
    """The blocking findings nobody cleared (as of now), as failures naming file and line."""
    return [
        CheckFailure(f.slug or None, f.kind, f"{f.path}:{f.line}: {f.message} ({f.text[:80]!r})")
        for f in checks.blocking(found)
    ]


def last_release(repo: Repo) -> Release | None:
    """The newest release whose tag exists in the repository."""
    for release in Release.objects.order_by("-pk"):
        if gitstore.ref_exists(repo, f"refs/tags/{release.name}"):
            return release
    return None


def _index_names(repo: Repo, ref: str) -> dict[str, str]:
    text = gitstore.show_file(repo, ref, INDEX_FILE) or ""
    names = {}
    for line in text.split("\n"):
        entry = index_entry(line)
        if entry:
            names[entry[0]] = entry[1]
    return names


def changes_since_last_release(
    *, repo: Repo | None = None, snapshot: Snapshot | None = None
) -> dict[str, list[dict[str, str]]]:
    """Records added, updated and removed between the last release and HEAD."""
    if repo is None:
        ensure_initialised()
        with gitstore.open_repo(repo_path()) as opened:
            return changes_since_last_release(repo=opened, snapshot=snapshot)
    previous = last_release(repo)
    base = f"refs/tags/{previous.name}" if previous else gitstore.EMPTY_TREE
    out = repo.git.diff("--name-status", "--no-renames", "-z", base, "HEAD", "--", RECORDS_DIR)
    parts = [p for p in out.split("\0") if p]
    now_names = _index_names(repo, "HEAD")
    old_names = _index_names(repo, base) if previous else {}
    result: dict[str, list[dict[str, str]]] = {"added": [], "updated": [], "removed": []}
    kinds = {"A": "added", "M": "updated", "D": "removed"}
    for status, path in zip(parts[0::2], parts[1::2], strict=False):
        slug = path[len(RECORDS_DIR) + 1 : -len(".md")]
        key = kinds.get(status[:1])
        if key is None or not path.endswith(".md"):
            continue
        names = old_names if key == "removed" else now_names
        name = names.get(slug)
        if name is None and snapshot is not None and slug in snapshot.summaries:
            name = snapshot.summaries[slug][0]
        result[key].append({"slug": slug, "name": name or slug})
    return result


def pending_changes() -> list[Change]:
    """Changes not committed yet (pending or failed), oldest first."""
    return list(Change.objects.exclude(status=Change.Status.COMMITTED).order_by("pk"))


def index_budget() -> dict[str, int]:
    """The prompt budget settings, for pages that show the index size against it."""
    return {
        "index_max_lines": settings.PROMPT_INDEX_MAX_LINES,
        "index_max_chars": settings.PROMPT_INDEX_MAX_CHARS,
        "records_max_chars": settings.PROMPT_RECORDS_MAX_CHARS,
    }


def index_at(ref: str = "HEAD") -> dict[str, str]:
    """MEMORY.md index lines at ``ref``, by slug."""
    ensure_initialised()
    with gitstore.open_repo(repo_path()) as repo:
        return parse_index(gitstore.show_file(repo, ref, INDEX_FILE) or "")


@dataclass(frozen=True)
class Disagreement:
    """One problem ``verify`` found: what it is about and what is wrong."""

    subject: str
    message: str


_COMPARED = ("name", "description", "type", "body", "sources", "reviewed_by", "supersedes")


def outbox_problems(*, grace_seconds: int | None = None) -> list[Disagreement]:
    """Failed changes, and changes pending longer than ``grace_seconds``: approved, safe in the
    outbox, but not published (a committer down, a git that refuses, a stale lock)."""
    grace = settings.KNOWLEDGE_PENDING_GRACE_SECONDS if grace_seconds is None else grace_seconds
    problems = [
        Disagreement(f"change {c.pk}", f"{c.kind} {c.slug} failed to commit: {c.error}")
        for c in Change.objects.filter(status=Change.Status.FAILED).order_by("pk")
    ]
    cutoff = timezone.now() - dt.timedelta(seconds=grace)
    problems += [
        Disagreement(
            f"change {c.pk}",
            f"{c.kind} {c.slug} pending since {c.created_at:%Y-%m-%d %H:%M:%S}; "
            "is the committer running?",
        )
        for c in Change.objects.filter(status=Change.Status.PENDING, created_at__lt=cutoff)
    ]
    return problems


def verify() -> list[Disagreement]:
    """Check git integrity, that every record parses, that database and git agree, and
    that no change failed or waits too long for its commit."""
    from .actions import record_data

    ensure_initialised()
    problems: list[Disagreement] = outbox_problems()
    with gitstore.open_repo(repo_path()) as repo:
        try:
            repo.git.fsck("--no-progress", "--no-dangling")
        except GitCommandError as exc:
            problems.append(Disagreement("git", f"git fsck failed: {exc.stderr.strip()}"))
            return problems
        snap = take_snapshot(repo, full=True)
        last = gitstore.last_commits_by_record(repo)
        known = gitstore.all_commits(repo)
    for change in Change.objects.filter(status=Change.Status.COMMITTED).exclude(
        commit_sha__in=known
    ):
        problems.append(
            Disagreement(f"change {change.pk}", f"commit {change.commit_sha} is not in git")
        )
    for path, error in sorted(snap.errors.items()):
        problems.append(Disagreement(path, f"does not parse: {error}"))
    for failure in release_checks(snapshot=snap):
        if failure.reason in ("invalid_slug", "duplicate_slug", "index_stale"):
            problems.append(Disagreement(failure.slug or INDEX_FILE, failure.message))
    pending = {
        s
        for c in pending_changes()
        for s in (*c.payload.get("write", {}), *c.payload.get("remove", []))
    }
    rows = {r.slug: r for r in Record.objects.all()}
    for slug, data in sorted(snap.records.items()):
        if slug in pending:
            continue
        row = rows.get(slug)
        if row is None:
            problems.append(Disagreement(slug, "in git but not in the database"))
            continue
        if row.retracted:
            problems.append(Disagreement(slug, "in git but retracted in the database"))
            continue
        if row.commit != last.get(slug):
            problems.append(
                Disagreement(
                    slug,
                    f"database says commit {row.commit or '(none)'}, "
                    f"git's last change is {last.get(slug)}",
                )
            )
        db = record_data(row)
        for name in _COMPARED:
            if getattr(db, name) != getattr(data, name):
                problems.append(Disagreement(slug, f"{name} differs between database and git"))
    for slug, row in sorted(rows.items()):
        missing = slug not in snap.records and f"{RECORDS_DIR}/{slug}.md" not in snap.errors
        if not row.retracted and missing and slug not in pending:
            problems.append(Disagreement(slug, "current in the database but not in git"))
    return problems


def open_release(ref: str = "published") -> KnowledgeBase:
    """The working repository at ``ref`` as public agents see it, with the prompt budget settings.

    Close it after use (a context manager); KnowledgeBaseError when the ref does not exist yet.
    """
    ensure_initialised()
    return open_knowledge(
        repo_path(),
        ref,
        index_max_lines=settings.PROMPT_INDEX_MAX_LINES,
        index_max_chars=settings.PROMPT_INDEX_MAX_CHARS,
        records_max_chars=settings.PROMPT_RECORDS_MAX_CHARS,
    )
