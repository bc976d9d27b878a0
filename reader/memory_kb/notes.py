"""Notes about the current visitor, per session, that expire: ``/memories/session/`` of the memory tool.

They live in memory by default, or as one JSON file per session (named by a
hash of the session id, mode 0600, in a 0700 directory). Nothing here writes
to the knowledge base.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
import time
from pathlib import Path

__all__ = ["SessionNotes"]


class SessionNotes:
    """Writable notes per visitor session that expire after ``ttl`` seconds idle.

    In memory by default; with ``directory`` each session is one JSON file
    named by a hash of its id (so several processes can share sessions).
    Each session holds at most ``max_files`` notes of ``max_bytes`` each.
    """

    def __init__(
        self,
        directory: str | os.PathLike[str] | None = None,
        *,
        ttl: float = 3600.0,
        max_files: int = 50,
        max_bytes: int = 20_000,
    ) -> None:
        self.directory = Path(directory) if directory is not None else None
        self.ttl = ttl
        self.max_files = max_files
        self.max_bytes = max_bytes
        self._memory: dict[str, tuple[float, dict[str, str]]] = {}
        self._lock = threading.Lock()
        if self.directory is not None:
            self.directory.mkdir(parents=True, exist_ok=True, mode=0o700)

    def _file(self, session: str) -> Path:
        assert self.directory is not None
        return self.directory / (hashlib.sha256(session.encode()).hexdigest() + ".json")

    def load(self, session: str) -> dict[str, str]:
        """The notes of ``session`` (relative path -> text); empty when expired or new."""
        self.expire()
        if self.directory is None:
            with self._lock:
                notes = self._memory.get(session, (0.0, {}))[1]
                if session in self._memory:  # in use: the idle clock starts again
                    self._memory[session] = (time.monotonic(), notes)
            return dict(notes)
        path = self._file(session)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            os.utime(path)
        except (OSError, ValueError):
            return {}
        return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}

    def save(self, session: str, notes: dict[str, str]) -> None:
        """Replace the notes of ``session``; raises ValueError over the limits."""
        if len(notes) > self.max_files:
            raise ValueError(f"a session keeps at most {self.max_files} notes")
        for text in notes.values():
            if len(text.encode("utf-8")) > self.max_bytes:
                raise ValueError(f"a note is at most {self.max_bytes} bytes")
        if self.directory is None:
            with self._lock:
                self._memory[session] = (time.monotonic(), dict(notes))
            return
        path = self._file(session)
        tmp = path.with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(notes, fh, ensure_ascii=False)
        os.replace(tmp, path)

    def end(self, session: str) -> None:
        """Forget the session's notes now."""
        if self.directory is None:
            with self._lock:
                self._memory.pop(session, None)
        else:
            self._file(session).unlink(missing_ok=True)

    def expire(self) -> None:
        """Drop every session idle for longer than ``ttl``."""
        if self.directory is None:
            cutoff = time.monotonic() - self.ttl
            with self._lock:
                for session in [s for s, (t, _) in self._memory.items() if t < cutoff]:
                    del self._memory[session]
            return
        cutoff = time.time() - self.ttl
        for path in self.directory.glob("*.json"):
            try:
                if path.stat().st_mtime < cutoff:
                    path.unlink()
            except FileNotFoundError:
                continue
