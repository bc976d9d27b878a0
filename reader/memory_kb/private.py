"""Files only their user can read or write: the cache directory (0700) and its files (0600).

The cache holds plain data (JSON, a bare git repository), so even a changed
file cannot run code; keeping it private means nobody else can change what
an agent serves either.
"""

from __future__ import annotations

import contextlib
import os
import stat
import threading
from pathlib import Path

from .gitio import KnowledgeBaseError

__all__ = ["private_dir", "write_private"]


def private_dir(path: Path) -> None:
    """Create ``path`` (and parents) as 0700, or make sure an existing one is private.

    A directory owned by someone else, or a symbolic link, is refused
    (KnowledgeBaseError); one of ours that others may read or write is made
    private again.
    """
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        if not path.parent.exists():
            # Parents made here are ours alone too (not the umask's default).
            private_dir(path.parent)
        with contextlib.suppress(FileExistsError):
            os.mkdir(path, 0o700)
        info = os.lstat(path)
    if stat.S_ISLNK(info.st_mode) or not stat.S_ISDIR(info.st_mode):
        raise KnowledgeBaseError(f"{path} is not a directory (a symbolic link is not followed)")
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        raise KnowledgeBaseError(f"{path} belongs to another user; use a cache of your own")
    if stat.S_IMODE(info.st_mode) != 0o700:
        os.chmod(path, 0o700)


def write_private(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically as a 0600 file of this user."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
