"""The one place the writer touches git.

Git is driven through GitPython's command interface (``repo.git.…``), never
its pure-Python index, which is far slower on large trees and, without a
lock, silently reverts a concurrent writer's change. Every ``Repo`` is
closed after use. The working copy belongs to the committer: only code
holding ``writer_lock`` changes it.
"""

from __future__ import annotations

import fcntl
import logging
import os
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from git import Repo
from git.exc import GitCommandError

from . import gitobjects
from .recordfile import INDEX_FILE, INDEX_HEADER

logger = logging.getLogger(__name__)

BRANCH = "main"
PUBLISHED = "published"
EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"


def identity_env(*, author: tuple[str, str] | None, committer: tuple[str, str]) -> dict[str, str]:
    """Environment naming author and committer (independent of any git config)."""
    author = author or committer
    return {
        "GIT_AUTHOR_NAME": author[0],
        "GIT_AUTHOR_EMAIL": author[1],
        "GIT_COMMITTER_NAME": committer[0],
        "GIT_COMMITTER_EMAIL": committer[1],
    }


@contextmanager
def open_repo(path: Path) -> Iterator[Repo]:
    """A Repo that is closed (its git processes reaped) when the block ends."""
    repo = Repo(path)
    try:
        yield repo
    finally:
        repo.close()


def lock_path(path: Path) -> Path:
    """The lock file beside the working repository."""
    return path.parent / f".{path.name}.lock"


@contextmanager
def writer_lock(path: Path) -> Iterator[None]:
    """Exclusive lock on the working copy, across threads and processes.

    ``flock`` locks belong to the open file description, so two threads that
    each open the file exclude each other too (``lockf`` would not). The lock
    is released by the kernel if the process dies, so a crash never leaves
    the repository locked.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(lock_path(path), os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def is_local_remote(url: str) -> bool:
    """A remote given as a local path (or file:// URL) rather than a network URL."""
    if url.startswith("file://"):
        return True
    return not re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*://", url) and not re.match(r"^[^/]+@[^/]+:", url)


def local_remote_path(url: str) -> Path:
    return Path(url[len("file://") :] if url.startswith("file://") else url)


def ensure_repository(path: Path, remotes: list[str], committer: tuple[str, str]) -> bool:
    """Create the working repository and local bare remotes; True if anything was created."""
    created = False
    if not (path / ".git").exists():
        path.mkdir(parents=True, exist_ok=True)
        Repo.init(path, initial_branch=BRANCH).close()
        with open_repo(path) as repo:
            (path / INDEX_FILE).write_text(INDEX_HEADER, encoding="utf-8")
            (path / "records").mkdir(exist_ok=True)
            repo.git.add("--", INDEX_FILE)
            repo.git.commit(
                "-q",
                "--no-verify",
                "-m",
                "Start the knowledge repository",
                env=identity_env(author=None, committer=committer),
            )
        created = True
    for url in remotes:
        if not is_local_remote(url):
            continue
        bare = local_remote_path(url)
        # Only a missing path or an empty directory becomes a new bare repository;
        # anything else is left alone, and publishing reports it as a failing remote.
        if not bare.exists() or (bare.is_dir() and not any(bare.iterdir())):
            bare.mkdir(parents=True, exist_ok=True)
            Repo.init(bare, bare=True, initial_branch=PUBLISHED).close()
            created = True
    return created


def head_sha(repo: Repo) -> str:
    """The commit HEAD points at, read from the ref files when they hold it (no process)."""
    return _read_ref(Path(repo.git_dir), "HEAD") or repo.git.rev_parse("HEAD")


_SHA = re.compile(r"^[0-9a-f]{40}$")


def _read_ref(git_dir: Path, name: str, depth: int = 0) -> str | None:
    # A loose ref (or HEAD's symbolic ref to one); None sends the caller to rev-parse
    # (packed refs, worktrees, anything unusual).
    try:
        text = (git_dir / name).read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return None
    if text.startswith("ref: refs/") and depth < 3:
        return _read_ref(git_dir, text[len("ref: ") :], depth + 1)
    return text if _SHA.match(text) else None


def clean_message(message: str) -> str:
    """What ``git commit --cleanup=whitespace`` makes of a message (``git stripspace``)."""
    lines = [line.rstrip() for line in message.split("\n")]
    out: list[str] = []
    for line in lines:
        if line or (out and out[-1]):
            out.append(line)
    while out and not out[-1]:
        out.pop()
    return "\n".join(out) + "\n" if out else ""


def commit_paths(repo: Repo, paths: list[str], message: str, env: dict[str, str]) -> str:
    """Commit the working-copy state of ``paths`` (written or deleted) on HEAD; the new sha.

    What ``git add -A -- paths`` and ``git commit --allow-empty --no-verify
    --cleanup=whitespace`` do, through plumbing: the index takes only these
    paths and the commit is written from it, so git never walks the other
    files of a large working copy (a bare ``git commit`` stats all of them).
    Two git processes (``update-index``, ``write-tree``) as a bare ``add`` and
    ``commit`` are two: the commit object and the branch move are written here
    as git writes them (``gitobjects``; ``commit-tree`` never signs either),
    or by ``commit-tree`` and ``update-ref`` when HEAD's branch is packed or
    the environment sets commit dates. A ``post-commit`` hook still runs. Call it
    holding ``writer_lock``.
    """
    parent = head_sha(repo)
    repo.git.update_index("--add", "--remove", "--", *dict.fromkeys(paths))
    tree = repo.git.write_tree()
    message = clean_message(message)
    subject = message.partition("\n")[0]
    git_dir = Path(repo.git_dir)
    branch = _loose_branch(git_dir)
    if branch is not None and _SHA.match(parent) and not _DATES & os.environ.keys():
        # The commit object and the branch move, written as git writes them (gitobjects).
        now = time.time()
        sha = gitobjects.write_commit(git_dir, tree, parent, message, env, now)
        who = gitobjects.ident(env["GIT_COMMITTER_NAME"], env["GIT_COMMITTER_EMAIL"], now)
        gitobjects.move_branch(git_dir, branch, sha, parent, f"commit: {subject}", who)
    else:
        sha = repo.git.commit_tree(tree, "-p", parent, "-m", message, env=env).strip()
        # With the old value: git refuses if HEAD moved since it was read.
        repo.git.update_ref("-m", f"commit: {subject}", "HEAD", sha, parent)
    if os.access(_post_commit_hook(repo), os.X_OK):
        # As after ``git commit`` (which ``--no-verify`` does not skip); no process otherwise.
        repo.git.hook("run", "--ignore-missing", "post-commit", env=env)
    return sha


_DATES = {"GIT_AUTHOR_DATE", "GIT_COMMITTER_DATE"}  # dates git would take from the environment


_HOOKS: dict[str, Path] = {}


def _post_commit_hook(repo: Repo) -> Path:
    """Where git looks for this repository's ``post-commit`` hook, ``core.hooksPath`` included.

    Asked of git once per working copy and process (``rev-parse --git-path``
    knows every place the path can be set: repository, global or the
    ``GIT_CONFIG_*`` environment), so a commit costs no extra process.
    """
    git_dir = str(repo.git_dir)
    if git_dir not in _HOOKS:
        out = repo.git.rev_parse("--git-path", "hooks/post-commit").strip()
        _HOOKS[git_dir] = Path(repo.working_tree_dir or git_dir) / out
    return _HOOKS[git_dir]


def _loose_branch(git_dir: Path) -> str | None:
    """The branch HEAD names, when it is a loose ref file (else None: git moves it)."""
    try:
        head = (git_dir / "HEAD").read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return None
    ref = head[len("ref: ") :] if head.startswith("ref: refs/heads/") else ""
    return ref if ref and (git_dir / ref).is_file() else None


def recent_change_ids(repo: Repo, depth: int = 200) -> dict[int, str]:
    """Change-Id trailer -> commit sha over the most recent commits."""
    out = repo.git.log(
        f"-{depth}", "--format=%H%x00%(trailers:key=Change-Id,valueonly,separator=%x01)%x02"
    )
    found: dict[int, str] = {}
    for entry in out.split("\x02"):
        sha, _, ids = entry.strip().partition("\x00")
        for raw in ids.split("\x01"):
            raw = raw.strip()
            if raw.isdigit():
                found.setdefault(int(raw), sha)
    return found


def show_file(repo: Repo, ref: str, path: str) -> str | None:
    """The text of ``path`` at ``ref``, or None when it does not exist there."""
    try:
        return repo.git.show(f"{ref}:{path}", strip_newline_in_stdout=False)
    except GitCommandError:
        return None


def ref_exists(repo: Repo, ref: str) -> bool:
    try:
        repo.git.rev_parse("--verify", "-q", f"{ref}^{{commit}}")
    except GitCommandError:
        return False
    return True


def last_commits_by_record(repo: Repo) -> dict[str, str]:
    """Slug -> the newest commit that touched ``records/<slug>.md`` (one history walk)."""
    out = repo.git.log("--format=%x1e%H", "--name-only", "--", "records")
    last: dict[str, str] = {}
    for chunk in out.split("\x1e")[1:]:
        sha, *paths = chunk.strip().split("\n")
        for path in paths:
            if path.startswith("records/") and path.endswith(".md"):
                last.setdefault(path[len("records/") : -len(".md")], sha)
    return last


def all_commits(repo: Repo) -> set[str]:
    """Every commit reachable from any ref."""
    return set(repo.git.rev_list("--all").split())


def _open_by_any_process(path: Path) -> bool | None:
    """Whether a process has ``path`` open; None when /proc cannot tell (not Linux)."""
    proc = Path("/proc")
    if not (proc / "self" / "fd").is_dir():
        return None
    target = str(path)
    for fd_dir in proc.glob("[0-9]*/fd"):
        try:
            for fd in fd_dir.iterdir():
                try:
                    if os.readlink(fd) == target:
                        return True
                except OSError:
                    continue
        except OSError:
            continue
    return False


def clear_stale_index_lock(root: Path, *, min_age: float = 2.0) -> bool:
    """Remove ``.git/index.lock`` left by a git killed mid-command; True if removed.

    Call only while holding ``writer_lock``: every git command of ours that
    writes runs under it, so a lock file found then was left by a process
    that died holding it. Two more proofs guard against a git run by hand:
    no live process has the file open, and it is at least ``min_age``
    seconds old. Otherwise it is left alone, git refuses, and the change fails
    with git's own message.
    """
    lock = root / ".git" / "index.lock"
    if not lock.exists():
        return False
    try:
        age = time.time() - lock.stat().st_mtime
    except FileNotFoundError:
        return False
    if age < min_age:
        time.sleep(min_age - age)
        if not lock.exists():
            return False
    held = _open_by_any_process(lock.resolve())
    if held or held is None:
        # Not provably stale: leave it; git then refuses, and the change is failed
        # with git's own message (kb_verify and /readyz report it).
        logger.warning("%s exists and may belong to a running git; left alone", lock)
        return False
    lock.unlink(missing_ok=True)
    logger.warning("removed a stale %s left by a git process that died", lock)
    return True
