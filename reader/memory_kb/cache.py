"""Opening a knowledge base, and the local cache of a published remote that follows it.

The cache of one remote is a directory private to its user (0700, files
0600) holding a bare git repository, ``state.json`` and one JSON snapshot
per served commit (records, names; the search index as raw arrays beside it:
plain data, never a pickle).

Following: when the last check is older than ``check_every`` seconds
(default 30), an open asks the remote for its refs (``git ls-remote``: a few
hundred bytes, never a clone) and fetches only when they moved, so a new
publication or a rollback is served within a minute. Every open says what it
serves and whether it could check (``KnowledgeBase.status()``): a remote that
cannot be reached keeps the last release served, marked stale.

The fetch path, in order (``KnowledgeCache._update``):

1. ``git ls-remote`` (skipped when nothing moved since the last fetch);
2. ``git fetch`` into ``refs/incoming/*``, never straight into the served refs;
3. ``verify(repo, ref, commit, previous)`` for a commit about to be served
   for the first time: the one place a release can be refused (raise
   ``ReleaseRefused``; it may return notes). The default checks the seal
   (``memory_kb.seal``); a tag that moved on the remote is refused, naming it;
4. only then the served ref (``refs/heads/<ref>`` or ``refs/tags/<ref>``) moves.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Protocol

from .gitio import KnowledgeBaseError, check_location, check_ref, git, read_tree
from .knowledge import KnowledgeBase, Snapshot
from .private import private_dir, write_private
from .seal import ReleaseRefused, default_allowed_signers, signers_digest, verify_release

__all__ = [
    "DEFAULT_CHECK_EVERY",
    "DEFAULT_MAX_AGE",
    "KnowledgeCache",
    "ReleaseRefused",
    "Verifier",
    "default_cache_dir",
    "release_name",
    "verify_release",
]

DEFAULT_CHECK_EVERY = 30.0
"""Seconds after which an open asks the remote again whether its refs moved."""
DEFAULT_MAX_AGE = DEFAULT_CHECK_EVERY
"""The former name of ``DEFAULT_CHECK_EVERY`` (``max_age`` options still mean it)."""

_KEEP_SNAPSHOTS = 5
Log = Callable[[str], None]
"""Where progress and warnings go (stderr for the command)."""


class Verifier(Protocol):
    """What checks a fetched release before it is served (see ``verify_release``)."""

    def __call__(
        self, repo: Path, ref: str, commit: str, previous: str | None
    ) -> list[str] | None: ...


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
    # One agent fetches at a time; others wait instead of racing.
    try:
        import fcntl
    except ImportError:  # not POSIX: no cross-process lock, the renames stay atomic
        yield
        return
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def release_name(repo: Path, commit: str) -> str:
    """The release at ``commit``: its tag (the newest when several point at it), else the
    ``Release:`` trailer a publication's snapshot commit carries (a release published again
    or rolled back to is a new commit its tag does not point at), else ''."""
    try:
        tags = git(repo, "tag", "--points-at", commit, "--sort=-v:refname").decode().split()
        if tags:
            return tags[0]
        out = git(repo, "log", "-1", "--format=%(trailers:key=Release,valueonly)", commit)
    except KnowledgeBaseError:
        return ""
    names = out.decode().split()
    return names[-1] if names and len(names[-1]) <= 100 else ""


def _refs(repo: Path, prefix: str) -> dict[str, str]:
    out = git(repo, "for-each-ref", "--format=%(objectname) %(refname)", prefix).decode()
    return {
        name[len(prefix) :]: sha for sha, name in (line.split(" ", 1) for line in out.splitlines())
    }


class KnowledgeCache:
    """The local cache of one remote knowledge base under ``cache_dir``."""

    def __init__(
        self,
        location: str | os.PathLike[str],
        cache_dir: str | os.PathLike[str] | None = None,
        *,
        check_every: float | None = None,
        max_age: float | None = None,
        verify: Verifier = verify_release,
        allowed_signers: str | os.PathLike[str] | None = None,
        log: Log | None = None,
    ) -> None:
        location = check_location(str(location))
        local = Path(location)
        # A local path is fetched by its absolute form: git runs in the cache.
        self.location = str(local.resolve()) if local.exists() else location
        name = re.sub(r"[^A-Za-z0-9._-]+", "-", self.location.rstrip("/").split("/")[-1])[:40]
        key = hashlib.sha256(self.location.encode()).hexdigest()[:12]
        self.root = Path(cache_dir or default_cache_dir())
        self.dir = self.root / f"{name or 'kb'}-{key}"
        self.repo = self.dir / "repo.git"
        every = check_every if check_every is not None else max_age
        self.check_every = DEFAULT_CHECK_EVERY if every is None else float(every)
        # Signatures are required when a file is named here or by the environment.
        signers = allowed_signers if allowed_signers is not None else default_allowed_signers()
        self.signers = signers_digest(signers) if verify is verify_release else ""
        if verify is verify_release and signers is not None:
            verify = functools.partial(verify_release, allowed_signers=signers)
        self.verify = verify
        self.log = log or _quiet

    # --- state ----------------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        """What the cache knows: when it last checked the remote, whether it could, refusals."""
        try:
            data = json.loads((self.dir / "state.json").read_bytes())
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def _save_state(self, state: dict[str, Any]) -> None:
        write_private(self.dir / "state.json", json.dumps(state, indent=1).encode())

    @property
    def fetched_at(self) -> float | None:
        """When the remote was last checked successfully (seconds since the epoch), or None."""
        value = self.state().get("checked_at")
        return float(value) if isinstance(value, int | float) else None

    # --- the fetch path -------------------------------------------------------------

    def fetch(self) -> None:
        """Fetch every branch and tag of the remote now; raises KnowledgeBaseError."""
        private_dir(self.root)
        private_dir(self.dir)
        with _locked(self.dir / "lock"):
            self._fetch()
            state = self.state()
            state.update(checked_at=time.time(), check_error=None)
            self._save_state(state)

    def _fetch(self) -> None:
        if not (self.repo / "HEAD").exists():
            self.log(f"memory-kb: cloning {self.location} into {self.repo}")
            git(self.dir, "init", "--quiet", "--bare", "--shared=0600", str(self.repo))
        else:
            self.log(f"memory-kb: fetching {self.location}")
        git(
            self.repo,
            "fetch",
            "--quiet",
            "--prune",
            "--force",
            "--no-tags",
            "--",
            self.location,
            "+refs/heads/*:refs/incoming/heads/*",
            "+refs/tags/*:refs/incoming/tags/*",
        )

    def _remote_moved(self) -> bool:
        """Ask the remote for its refs (``git ls-remote``): did any move since the last fetch?"""
        out = git(self.repo, "ls-remote", "--", self.location).decode()
        remote: dict[str, str] = {}
        for line in out.splitlines():
            sha, _, name = line.partition("\t")
            if name.startswith(("refs/heads/", "refs/tags/")) and not name.endswith("^{}"):
                remote[name[len("refs/") :]] = sha
        return remote != _refs(self.repo, "refs/incoming/")

    def _update(self, ref: str, *, force: bool, fresh: bool = False) -> list[str]:
        """Check the remote when due (or ``force``), fetch what moved, accept ``ref``; notes.

        ``fresh``: the clone was just made, so the remote was checked a moment ago.
        """
        state = self.state()
        due = force or time.time() - float(state.get("checked_at") or 0) > self.check_every
        fetched = fresh
        if fresh:
            state.update(checked_at=time.time(), check_error=None)
        elif due and not self._pinned(ref):
            try:
                if force or self._remote_moved():
                    self._fetch()
                    fetched = True
                state.update(checked_at=time.time(), check_error=None)
            except KnowledgeBaseError as exc:
                state["check_error"] = str(exc)
                state["check_failed_at"] = time.time()
        notes: list[str] = []
        rules_changed = state.get("signers", "") != self.signers
        if rules_changed:
            self._forget_served(state)
        if fetched or self._resolve(ref) is None or ref not in state.get("accepted", []):
            notes = self._accept(ref, state)
            state["accepted"] = sorted({*state.get("accepted", []), ref})
            state["notes"] = {**state.get("notes", {}), ref: notes}
        if due or fresh or notes or rules_changed:
            self._save_state(state)
        return list(state.get("notes", {}).get(ref, []))

    def _accept(self, ref: str, state: dict[str, Any]) -> list[str]:
        """Move the served ``ref`` to what was fetched, once ``verify`` lets it; notes."""
        notes: list[str] = []
        incoming = _refs(self.repo, "refs/incoming/")
        served = _refs(self.repo, "refs/heads/") | {
            f"tags/{t}": s for t, s in _refs(self.repo, "refs/tags/").items()
        }
        refused = state.setdefault("refused", {})
        updates = []
        for name, sha in sorted(incoming.items()):
            kind, _, short = name.partition("/")
            key = short if kind == "heads" else name
            if served.get(key) == sha:
                continue
            if kind == "tags" and key in served:
                # A release tag never moves: refuse the new one, keep serving the first.
                moved = f"{self._commit(served[key])[:12]} to {self._commit(sha)[:12]}"
                notes.append(f"tag {short} was refused: it moved on the remote from {moved}")
                self.log(f"memory-kb: warning: refused tag {short}: it moved ({moved})")
                continue
            if short != ref and kind == "heads":
                continue  # other branches are accepted when they are asked for
            commit = self._commit(sha)
            if commit in refused:
                notes.append(f"{ref} at {commit[:12]} was refused: {refused[commit]}")
                continue
            try:
                said = self.verify(self.repo, short, commit, self._commit_or_none(served.get(key)))
                notes.extend(said or [])
            except ReleaseRefused as exc:
                refused[commit] = str(exc)
                notes.append(f"{ref} at {commit[:12]} was refused: {exc}")
                self.log(f"memory-kb: warning: refused {ref} at {commit[:12]}: {exc}")
                continue
            target = f"refs/heads/{short}" if kind == "heads" else f"refs/{name}"
            updates.append(f"update {target} {sha}\n")
        if updates:
            git(self.repo, "update-ref", "--stdin", stdin="".join(updates).encode())
        return notes

    def _forget_served(self, state: dict[str, Any]) -> None:
        """Drop what was accepted under other signer rules: it is verified again under these."""
        served = [
            f"delete refs/{k}/{n}\n"
            for k in ("heads", "tags")
            for n in _refs(self.repo, f"refs/{k}/")
        ]
        if served:
            git(self.repo, "update-ref", "--stdin", stdin="".join(served).encode())
        state.update(signers=self.signers, accepted=[], refused={}, notes={})

    def _commit(self, sha: str) -> str:
        return git(self.repo, "rev-parse", "--verify", f"{sha}^{{commit}}").decode().strip()

    def _commit_or_none(self, sha: str | None) -> str | None:
        return None if sha is None else self._commit(sha)

    def _resolve(self, ref: str) -> str | None:
        for name in (f"refs/heads/{ref}", f"refs/tags/{ref}", ref):
            try:
                out = git(self.repo, "rev-parse", "--verify", "--quiet", f"{name}^{{commit}}")
            except KnowledgeBaseError:
                continue
            return out.decode().strip()
        return None

    def _pinned(self, ref: str) -> bool:
        if re.fullmatch(r"[0-9a-f]{40}", ref):
            return self._resolve(ref) is not None
        try:
            git(self.repo, "rev-parse", "--verify", "--quiet", f"refs/tags/{ref}")
        except KnowledgeBaseError:
            return False
        return True

    # --- open -----------------------------------------------------------------------

    def open(self, ref: str = "published", *, fetch: bool = False, **options: Any) -> KnowledgeBase:
        """The knowledge base at ``ref``: checked against the remote when due, then from the cache."""
        check_ref(ref)
        where = f"{self.location} at {ref!r}"
        private_dir(self.root)
        private_dir(self.dir)
        with _locked(self.dir / "lock"):
            first = not (self.repo / "HEAD").exists()
            if first:
                try:
                    self._fetch()
                except KnowledgeBaseError as exc:
                    raise KnowledgeBaseError(f"cannot clone {where}: {exc}") from exc
            notes = self._update(ref, force=fetch and not first, fresh=first)
            state = self.state()
            commit = self._resolve(ref)
        if commit is None:
            why = "; ".join(notes) or "no such branch, tag or commit"
            raise KnowledgeBaseError(f"{where}: {why}")
        pinned = self._pinned(ref)
        failed = bool(state.get("check_error")) and not pinned
        remote = self._resolve(f"refs/incoming/heads/{ref}")
        if failed:
            when = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(state.get("checked_at") or 0))
            notes.insert(
                0,
                f"{self.location} cannot be reached ({state['check_error']}); serving the "
                f"release last confirmed at {when}",
            )
            self.log(f"memory-kb: warning: {notes[0]}")
        kb = KnowledgeBase(
            self.snapshot(commit),
            location=self.location,
            ref=ref,
            # Stale: the remote could not be asked, or it has a release this cache refused.
            stale=failed or (remote is not None and remote != commit),
            checked_at=None if pinned else state.get("checked_at"),
            check="pinned" if pinned else ("failed" if failed else "ok"),
            **options,
        )
        kb.notes.extend(notes)
        return kb

    def snapshot(self, commit: str) -> Snapshot:
        """The parsed records of ``commit``: from the stored JSON file, else read and stored."""
        store = self.dir / "snapshots"
        path, blob_path = store / f"{commit}.json", store / f"{commit}.index"
        try:
            return Snapshot.from_json(path.read_bytes(), blob_path.read_bytes())
        except (OSError, ValueError):
            pass
        self.log(f"memory-kb: indexing {commit[:12]}")
        snapshot = Snapshot.from_files(
            read_tree(self.repo, commit), release=release_name(self.repo, commit), commit=commit
        )
        private_dir(store)
        text, blob = snapshot.to_json()
        write_private(blob_path, blob)  # first: the JSON file's presence means both are whole
        write_private(path, text)
        for legacy in store.glob("*.pickle"):  # an older reader's cache: never loaded
            legacy.unlink(missing_ok=True)
        for old in sorted(store.glob("*.json"), key=lambda p: p.stat().st_mtime)[:-_KEEP_SNAPSHOTS]:
            old.unlink(missing_ok=True)
            old.with_suffix(".index").unlink(missing_ok=True)
        return snapshot
