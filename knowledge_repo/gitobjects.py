"""A commit written and its branch moved without a git process, as git itself would.

``commit-tree`` and ``update-ref`` are two of the four processes of an
approval's commit (``gitstore.commit_paths``), and each costs more than the
work it does: a commit object is a few lines, zlib-compressed under its SHA-1,
and a branch is a file replaced under a lock. This writes both the way git
does (the object under ``objects/``, the ref through ``<ref>.lock`` with the
old value checked inside the lock, a line in the reflogs of the branch and
HEAD), so git, GitPython and every reader see an ordinary commit.

Only the common case is handled here: a SHA-1 repository whose HEAD is a
symbolic ref to a loose branch file (``gitstore.commit_paths`` sends anything
else through git's own commands). Like ``commit-tree``, nothing is signed.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import time
import zlib
from pathlib import Path

# What git strips from the ends of a name or an e-mail address (ident.c, "crud").
_CRUD = " .,:;<>\"\\'\t\n"


def _clean(value: str) -> str:
    return value.replace("\n", "").replace("<", "").replace(">", "").strip(_CRUD)


def _offset(now: float) -> str:
    seconds = time.localtime(now).tm_gmtoff
    sign = "-" if seconds < 0 else "+"
    minutes = abs(seconds) // 60
    return f"{sign}{minutes // 60:02d}{minutes % 60:02d}"


def ident(name: str, email: str, now: float) -> str:
    """``Name <email> <seconds> <+hhmm>`` as git writes it in a commit and a reflog."""
    return f"{_clean(name)} <{_clean(email)}> {int(now)} {_offset(now)}"


def write_object(git_dir: Path, kind: str, body: bytes) -> str:
    """Store a loose object (``objects/xx/…``) unless it is there already; its SHA-1."""
    data = f"{kind} {len(body)}\0".encode() + body
    sha = hashlib.sha1(data, usedforsecurity=False).hexdigest()
    path = git_dir / "objects" / sha[:2] / sha[2:]
    if not path.exists():
        path.parent.mkdir(exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix="tmp_obj_")
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(zlib.compress(data, 1))  # core.looseCompression's default
            os.chmod(tmp, 0o444)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    return sha


def write_commit(
    git_dir: Path, tree: str, parent: str, message: str, env: dict[str, str], now: float
) -> str:
    """The commit object ``git commit-tree <tree> -p <parent> -m <message>`` writes; its sha.

    ``message`` is already cleaned (``gitstore.clean_message``); the author and
    committer come from ``env`` (``GIT_AUTHOR_NAME`` … as ``identity_env`` sets them).
    """
    author = ident(env["GIT_AUTHOR_NAME"], env["GIT_AUTHOR_EMAIL"], now)
    committer = ident(env["GIT_COMMITTER_NAME"], env["GIT_COMMITTER_EMAIL"], now)
    body = f"tree {tree}\nparent {parent}\nauthor {author}\ncommitter {committer}\n\n{message}"
    return write_object(git_dir, "commit", body.encode("utf-8"))


class RefMoved(OSError):
    """The branch no longer holds the commit it was read at (someone else moved it)."""


def move_branch(git_dir: Path, ref: str, new: str, old: str, log: str, committer: str) -> None:
    """Point ``ref`` at ``new`` if it still holds ``old``, as ``git update-ref -m`` does.

    The check and the write happen under ``<ref>.lock`` (created exclusively, as
    git creates it), so a git process moving the branch at the same time makes
    one of the two fail instead of losing a commit. ``committer`` is the ident
    line of the reflog entry appended to the branch's and HEAD's logs.
    """
    path = git_dir / ref
    lock = path.with_name(path.name + ".lock")
    fd = os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        current = path.read_text(encoding="ascii").strip()
        if current != old:
            raise RefMoved(f"{ref} is at {current[:12]}, not at {old[:12]} as read")
        os.write(fd, f"{new}\n".encode("ascii"))
        os.close(fd)
        fd = -1
        os.replace(lock, path)
    except BaseException:
        if fd >= 0:
            os.close(fd)
        lock.unlink(missing_ok=True)
        raise
    if not (git_dir / "logs").is_dir():
        return  # reflogs are off (core.logAllRefUpdates): git would write none either
    entry = f"{old} {new} {committer}\t{log.splitlines()[0] if log else ''}\n"
    for name in (ref, "HEAD"):
        logfile = git_dir / "logs" / name
        logfile.parent.mkdir(parents=True, exist_ok=True)
        with open(logfile, "a", encoding="utf-8") as fh:
            fh.write(entry)
