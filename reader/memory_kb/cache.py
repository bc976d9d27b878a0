"""Opening a knowledge base, and the local cache of a published remote.

The first open of a remote clones it (bare, all branches and tags) into a
cache directory; later opens read the clone and ``git fetch`` only when
asked or when the last fetch is older than ``max_age``. When the remote
cannot be reached the last fetched release is served and the knowledge base
says so (``stale``, ``notes``). A pinned tag or commit that is already in
the clone never needs the network. Each release's parsed records and search
index are stored beside the clone, keyed by commit, so opening a cached
release loads one file instead of re-reading and re-indexing every record.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from .gitio import (
    KnowledgeBaseError,
    check_location,
    check_ref,
    git,
    read_directory,
    read_tree,
)
from .knowledge import KnowledgeBase, Snapshot

__all__ = ["DEFAULT_MAX_AGE", "KnowledgeCache", "default_cache_dir", "open_knowledge"]

DEFAULT_MAX_AGE = 3600.0
"""Seconds after which an open fetches again (unless the ref is a pinned tag or commit)."""

_KEEP_SNAPSHOTS = 5
Log = Callable[[str], None]


def _quiet(_message: str) -> None:
    pass


def default_cache_dir() -> Path:
    """``$MEMORY_KB_CACHE``, else ``$XDG_CACHE_HOME/memory-kb``, else ``~/.cache/memory-kb``."""
    if os.environ.get("MEMORY_KB_CACHE"):
        return Path(os.environ["MEMORY_KB_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "memory-kb"


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    # One agent clones or fetches at a time; others wait instead of racing.
    try:
        import fcntl
    except ImportError:  # not POSIX: no cross-process lock, the renames stay atomic
        yield
        return
    with open(path, "a") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _release_name(repo: Path, commit: str) -> str:
    try:
        tags = git(repo, "tag", "--points-at", commit, "--sort=-v:refname").decode().split()
    except KnowledgeBaseError:
        return ""
    # The newest release name when several tags point at one commit.
    return tags[0] if tags else ""


class KnowledgeCache:
    """The local clone of one remote knowledge base under ``cache_dir``."""

    def __init__(
        self,
        location: str | os.PathLike[str],
        cache_dir: str | os.PathLike[str] | None = None,
        *,
        max_age: float = DEFAULT_MAX_AGE,
        log: Log | None = None,
    ) -> None:
        location = check_location(str(location))
        local = Path(location)
        # A local path is cloned by its absolute form: git runs in the cache.
        self.location = str(local.resolve()) if local.exists() else location
        name = re.sub(r"[^A-Za-z0-9._-]+", "-", self.location.rstrip("/").split("/")[-1])[:40]
        key = hashlib.sha256(self.location.encode()).hexdigest()[:12]
        self.dir = Path(cache_dir or default_cache_dir()) / f"{name or 'kb'}-{key}"
        self.repo = self.dir / "repo.git"
        self.max_age = max_age
        self.log = log or _quiet

    @property
    def fetched_at(self) -> float | None:
        """When the clone was last fetched (seconds since the epoch), or None."""
        try:
            return (self.dir / "fetched").stat().st_mtime
        except FileNotFoundError:
            return None

    def fetch(self) -> None:
        """Clone the remote, or fetch every branch and tag; raises KnowledgeBaseError."""
        # Private to this user: the stored snapshots are loaded without further checks.
        self.dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        with _locked(self.dir / "lock"):
            if not (self.repo / "HEAD").exists():
                self.log(f"memory-kb: cloning {self.location} into {self.repo}")
                tmp = Path(tempfile.mkdtemp(prefix="clone-", dir=self.dir))
                try:
                    git(self.dir, "clone", "--bare", "--quiet", "--", self.location, str(tmp))
                    os.replace(tmp, self.repo)
                finally:
                    shutil.rmtree(tmp, ignore_errors=True)
            else:
                self.log(f"memory-kb: fetching {self.location}")
                git(
                    self.repo,
                    "fetch",
                    "--quiet",
                    "--prune",
                    "--force",
                    "--",
                    self.location,
                    "+refs/heads/*:refs/heads/*",
                    "+refs/tags/*:refs/tags/*",
                )
            (self.dir / "fetched").touch()

    def _resolve(self, ref: str) -> str | None:
        try:
            out = git(self.repo, "rev-parse", "--verify", "--end-of-options", f"{ref}^{{commit}}")
        except KnowledgeBaseError:
            return None
        return out.decode().strip()

    def _pinned(self, ref: str) -> bool:
        if re.fullmatch(r"[0-9a-f]{40}", ref):
            return True
        try:
            git(self.repo, "rev-parse", "--verify", "--quiet", f"refs/tags/{ref}")
        except KnowledgeBaseError:
            return False
        return True

    def open(self, ref: str = "published", *, fetch: bool = False, **options: Any) -> KnowledgeBase:
        """The knowledge base at ``ref`` from the cache, fetching when asked or stale."""
        check_ref(ref)
        notes: list[str] = []
        stale = False
        where = f"{self.location} at {ref!r}"
        if not (self.repo / "HEAD").exists():
            try:
                self.fetch()
            except KnowledgeBaseError as exc:
                raise KnowledgeBaseError(f"cannot clone {where}: {exc}") from exc
        else:
            age = time.time() - (self.fetched_at or 0)
            if fetch or (age > self.max_age and not self._pinned(ref)):
                try:
                    self.fetch()
                except KnowledgeBaseError as exc:
                    stale = True
                    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(self.fetched_at or 0))
                    notes.append(
                        f"{self.location} cannot be reached ({exc}); serving the release "
                        f"last fetched at {when}"
                    )
                    self.log(f"memory-kb: warning: {notes[-1]}")
        commit = self._resolve(ref)
        if commit is None:
            raise KnowledgeBaseError(f"{where}: no such branch, tag or commit in the cache")
        snapshot = self.snapshot(commit)
        kb = KnowledgeBase(snapshot, location=self.location, ref=ref, stale=stale, **options)
        kb.notes.extend(notes)
        return kb

    def snapshot(self, commit: str) -> Snapshot:
        """The parsed records of ``commit``: from the stored file, else read and stored."""
        store = self.dir / "snapshots"
        path = store / f"{commit}.pickle"
        try:
            return Snapshot.from_bytes(path.read_bytes())
        except (OSError, ValueError):
            pass
        self.log(f"memory-kb: indexing {commit[:12]}")
        snapshot = Snapshot.from_files(
            read_tree(self.repo, commit), release=_release_name(self.repo, commit), commit=commit
        )
        store.mkdir(parents=True, exist_ok=True)
        tmp = store / f".{commit}.{os.getpid()}.tmp"
        tmp.write_bytes(snapshot.to_bytes())
        os.replace(tmp, path)
        for old in sorted(store.glob("*.pickle"), key=lambda p: p.stat().st_mtime)[
            :-_KEEP_SNAPSHOTS
        ]:
            old.unlink(missing_ok=True)
        return snapshot


def _is_git_repo(path: Path) -> bool:
    return (path / ".git").exists() or ((path / "HEAD").is_file() and (path / "objects").is_dir())


def open_knowledge(
    location: str | os.PathLike[str],
    ref: str | None = "published",
    *,
    cache_dir: str | os.PathLike[str] | None = None,
    use_cache: bool | None = None,
    fetch: bool = False,
    max_age: float = DEFAULT_MAX_AGE,
    log: Log | None = None,
    **options: Any,
) -> KnowledgeBase:
    """Open a knowledge base: a remote URL, a local repository, or an exported directory.

    ``ref`` is a branch, tag or commit (default: the ``published`` branch).
    A remote is read through the local cache (``cache_dir``, default
    ``default_cache_dir()``); a local repository is read in place unless
    ``use_cache`` is true or a ``cache_dir`` is given. With ``ref=None`` a
    local directory is read as plain files (an exported release), never
    following symbolic links. ``options`` are the ``KnowledgeBase`` settings
    (``min_score``, ``records_max_chars``, …). Raises KnowledgeBaseError
    naming the location and ref.
    """
    text = check_location(str(location))
    path = Path(text)
    if ref is None:
        if not path.is_dir():
            raise KnowledgeBaseError(f"{text} is not a local directory")
        files, problems = read_directory(path)
        snapshot = Snapshot.from_files(files)
        snapshot.problems.update(problems)
        return KnowledgeBase(snapshot, location=text, ref=None, **options)
    check_ref(ref)
    local = path.is_dir() and _is_git_repo(path)
    if path.is_dir() and not local:
        raise KnowledgeBaseError(f"{text} is not a git repository (pass ref=None for files)")
    if use_cache is None:
        use_cache = cache_dir is not None or not local
    if use_cache:
        cache = KnowledgeCache(text, cache_dir, max_age=max_age, log=log)
        return cache.open(ref, fetch=fetch, **options)
    try:
        out = git(path, "rev-parse", "--verify", "--end-of-options", f"{ref}^{{commit}}")
    except KnowledgeBaseError as exc:
        raise KnowledgeBaseError(f"{text} at {ref!r}: {exc}") from exc
    commit = out.decode().strip()
    snapshot = Snapshot.from_files(
        read_tree(path, commit), release=_release_name(path, commit), commit=commit
    )
    return KnowledgeBase(snapshot, location=text, ref=ref, **options)
