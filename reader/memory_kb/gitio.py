"""Reading knowledge files from git and from an exported directory, safely.

Every git call goes through ``git()``: no terminal prompts, ``C`` locale, and
an error that names the command. Locations and refs are checked before they
reach git (``check_location``, ``check_ref``) and passed after ``--`` or
``--end-of-options``, so a value that starts with ``-`` is never read as an
option. An exported release directory is read without following a single
symbolic link.
"""

from __future__ import annotations

import os
import re
import stat
import subprocess
from collections.abc import Sequence
from pathlib import Path

from .recordfile import CHANGELOG_FILE, INDEX_DIR, INDEX_FILE, RECORDS_DIR

__all__ = [
    "KnowledgeBaseError",
    "check_location",
    "check_ref",
    "git",
    "list_tree",
    "read_blobs",
    "read_directory",
    "read_tree",
]


class KnowledgeBaseError(Exception):
    """The knowledge base cannot be opened or read (bad location, missing ref, git failure)."""


# Branch, tag or commit names git accepts, minus anything an option or a
# revision expression could hide in (no leading "-", no "..", no "@{", no ":").
_REF = re.compile(r"^(?!-)(?!.*\.\.)(?!.*@\{)[A-Za-z0-9._/+\-]{1,200}$")


def check_ref(ref: str) -> str:
    """``ref`` if it is a plain branch, tag or commit name; raises KnowledgeBaseError."""
    if not isinstance(ref, str) or not _REF.match(ref) or ref.endswith((".", "/", ".lock")):
        raise KnowledgeBaseError(f"{ref!r} is not a branch, tag or commit name")
    return ref


def check_location(location: str) -> str:
    """``location`` if git may be given it as a repository; raises KnowledgeBaseError."""
    if not location or location.startswith("-") or "\0" in location or "\n" in location:
        raise KnowledgeBaseError(f"{location!r} is not a repository location")
    # ext:: and fd:: make git run commands or use descriptors; no reader needs them.
    if re.match(r"^(ext|fd)::", location, re.IGNORECASE):
        raise KnowledgeBaseError(f"{location!r}: the {location.split(':')[0]} transport is refused")
    return location


def git(cwd: str | os.PathLike[str], *args: str, stdin: bytes | None = None) -> bytes:
    """Run ``git -C cwd args…``; its stdout, or KnowledgeBaseError with git's message."""
    env = {**os.environ, "GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C"}
    try:
        proc = subprocess.run(
            # ext:: would let a location run commands; git refuses it by default, and so do we.
            ["git", "-c", "protocol.ext.allow=never", "-C", str(cwd), *args],
            input=stdin,
            capture_output=True,
            check=False,
            env=env,
            # Whatever git writes (the cache's clone) is this user's alone.
            umask=0o077 if os.name == "posix" else -1,
        )
    except OSError as exc:
        raise KnowledgeBaseError(f"git cannot run: {exc}") from exc
    if proc.returncode != 0:
        message = proc.stderr.decode("utf-8", "replace").strip()
        raise KnowledgeBaseError(f"git {args[0]} failed: {message}")
    return proc.stdout


def _wanted(path: str) -> bool:
    if path in (INDEX_FILE, CHANGELOG_FILE):
        return True
    head, _, name = path.partition("/")
    return head in (RECORDS_DIR, INDEX_DIR) and "/" not in name and name.endswith(".md")


def list_tree(repo: str | os.PathLike[str], ref: str) -> list[tuple[str, str]]:
    """``(path, blob id)`` of each knowledge file (MEMORY.md, CHANGELOG.md, records/*.md, index/*.md).

    Only regular files count: a symbolic link in the tree (mode 120000) is
    never taken for a record.
    """
    tree = f"{check_ref(ref)}^{{tree}}"
    listing = git(repo, "ls-tree", "-r", "-z", "--full-tree", "--end-of-options", tree)
    wanted: list[tuple[str, str]] = []
    for entry in listing.split(b"\0"):
        if not entry:
            continue
        meta, _, raw_path = entry.partition(b"\t")
        mode, kind, sha = meta.decode().split(" ")
        path = raw_path.decode("utf-8", "surrogateescape")
        if kind == "blob" and mode in ("100644", "100755") and _wanted(path):
            wanted.append((path, sha))
    return wanted


def read_blobs(repo: str | os.PathLike[str], blob_ids: Sequence[str]) -> list[str]:
    """The texts of the given blobs, in order, through one ``git cat-file --batch``."""
    if not blob_ids:
        return []
    out = git(repo, "cat-file", "--batch", stdin="".join(f"{b}\n" for b in blob_ids).encode())
    texts: list[str] = []
    pos = 0
    for _ in blob_ids:
        header_end = out.index(b"\n", pos)
        size = int(out[pos:header_end].split(b" ")[2])
        start = header_end + 1
        texts.append(out[start : start + size].decode("utf-8", "replace"))
        pos = start + size + 1
    return texts


def read_tree(repo: str | os.PathLike[str], ref: str) -> dict[str, str]:
    """The knowledge files at ``ref``, by path, through one ``git cat-file --batch`` process."""
    entries = list_tree(repo, ref)
    texts = read_blobs(repo, [sha for _, sha in entries])
    return {path: text for (path, _), text in zip(entries, texts, strict=True)}


# No file of a release comes near this; a bigger one is not a record.
MAX_FILE_BYTES = 64 * 1024 * 1024


def _read_regular(dir_fd: int, name: str) -> str:
    # O_NOFOLLOW: a symbolic link fails here instead of being read through.
    fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=dir_fd)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError("not a regular file")
        if info.st_size > MAX_FILE_BYTES:
            raise OSError(f"larger than {MAX_FILE_BYTES} bytes")
        with os.fdopen(fd, "rb", closefd=False) as fh:
            return fh.read().decode("utf-8", "replace")
    finally:
        os.close(fd)


def read_directory(root: Path) -> tuple[dict[str, str], dict[str, str]]:
    """The knowledge files of an exported release directory, and what was refused.

    Returns ``(files, problems)``. Symbolic links (dangling or not), devices
    and other non-regular files are never followed or read: each is named in
    ``problems`` with the reason, so a release directory cannot make the
    reader serve a file from elsewhere on the host.
    """
    files: dict[str, str] = {}
    problems: dict[str, str] = {}
    try:
        root_fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY)
    except OSError as exc:
        raise KnowledgeBaseError(f"{root} cannot be read as a directory: {exc.strerror}") from exc
    try:
        for name in (INDEX_FILE, CHANGELOG_FILE):
            _take(root_fd, name, name, files, problems)
        for directory in (RECORDS_DIR, INDEX_DIR):
            _take_directory(root_fd, directory, files, problems)
    finally:
        os.close(root_fd)
    return files, problems


def _take_directory(root_fd: int, directory: str, files: dict[str, str], problems: dict) -> None:
    try:
        if stat.S_ISLNK(os.lstat(directory, dir_fd=root_fd).st_mode):
            problems[directory] = "a symbolic link, not followed"
            return
        dir_fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=root_fd)
    except FileNotFoundError:
        return
    except OSError as exc:
        problems[directory] = f"not read: {_reason(exc)}"
        return
    try:
        for name in sorted(os.listdir(dir_fd)):
            if name.endswith(".md"):
                _take(dir_fd, name, f"{directory}/{name}", files, problems)
    finally:
        os.close(dir_fd)


def _reason(exc: OSError) -> str:
    if exc.errno in (getattr(os, "ELOOP", 40), getattr(os, "EMLINK", 31)):
        return "a symbolic link, not followed"
    return exc.strerror or str(exc)


def _take(dir_fd: int, name: str, path: str, files: dict[str, str], problems: dict) -> None:
    try:
        info = os.lstat(name, dir_fd=dir_fd)
    except FileNotFoundError:
        return
    if stat.S_ISLNK(info.st_mode):
        problems[path] = "a symbolic link, not followed"
        return
    try:
        files[path] = _read_regular(dir_fd, name)
    except OSError as exc:
        problems[path] = f"not read: {_reason(exc)}"
