"""Which committer owns the git working copy: one leader per database.

On PostgreSQL the leader holds a session-level advisory lock, so committers
on any number of hosts agree without a shared file system, and the lock goes
the moment the leader's connection does (a killed process, a lost host). On
SQLite, which is one host by nature, the leader holds an ``flock`` on a file
beside the database. Followers try again every poll and take over at once.
"""

from __future__ import annotations

import fcntl
import os
import socket
from pathlib import Path

from django.conf import settings
from django.db import connection
from django.utils import timezone

from .models import CommitterStatus

# Two int4 keys, so pg_locks shows them as (classid, objid): "kb" and "commit".
_KEYS = (0x6B62, 0x636F6D6D)


class Election:
    """One process's candidacy; ``try_lead`` is cheap and safe to call every poll."""

    def __init__(self, name: str | None = None) -> None:
        self.name = name or f"{socket.gethostname()}:{os.getpid()}"
        self.leading = False
        self._fd: int | None = None
        self.started_at = timezone.now()

    def try_lead(self) -> bool:
        """Become the leader if nobody is; True while this process leads."""
        if self.leading:
            self.leading = self._still_leading()
            return self.leading
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_try_advisory_lock(%s, %s)", _KEYS)
                self.leading = bool(cursor.fetchone()[0])
        else:
            self.leading = self._try_file_lock()
        return self.leading

    def _still_leading(self) -> bool:
        if connection.vendor != "postgresql":
            return self._fd is not None
        # A dropped connection silently drops the lock: ask the server.
        try:
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted"
                    " AND classid = %s AND objid = %s AND objsubid = 2"
                    " AND pid = pg_backend_pid()",
                    _KEYS,
                )
                return cursor.fetchone() is not None
        except Exception:
            connection.close()
            return False

    def _lock_file(self) -> Path:
        name = str(settings.DATABASES["default"]["NAME"])
        if name and name != ":memory:" and not name.startswith("file:"):
            return Path(name).with_name(Path(name).name + ".committer.lock")
        return Path(settings.KNOWLEDGE_REPO_PATH).with_suffix(".committer.lock")

    def _try_file_lock(self) -> bool:
        path = self._lock_file()
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return False
        self._fd = fd
        return True

    def resign(self) -> None:
        """Give up leadership (on shutdown); a follower takes over at its next poll."""
        if connection.vendor == "postgresql" and self.leading:
            try:
                with connection.cursor() as cursor:
                    cursor.execute("SELECT pg_advisory_unlock(%s, %s)", _KEYS)
            except Exception:
                connection.close()
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None
        self.leading = False

    def heartbeat(self, message: str = "") -> None:
        """Record this process, whether it leads and can write the working copy."""
        root = Path(settings.KNOWLEDGE_REPO_PATH)
        writable = os.access(root / ".git", os.W_OK) and os.access(root, os.W_OK)
        CommitterStatus.objects.update_or_create(
            name=self.name,
            defaults={
                "working_copy": str(root),
                "is_leader": self.leading,
                "writable": writable,
                "started_at": self.started_at,
                "last_seen": timezone.now(),
                "message": message[:2000],
            },
        )
