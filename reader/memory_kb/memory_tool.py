"""The Anthropic memory tool, served from a release plus per-session notes.

``/memories/kb/`` is the published release, read-only: the agent can look
but never change what people reviewed. ``/memories/session/`` holds a few
background notes about the current visitor, writable, kept per session in
memory (or in a settable directory) and dropped when the session expires.
Notes never reach the knowledge base: nothing here writes to git.

Paths are checked, never resolved: anything but plain names under those two
roots (``..``, ``.``, empty segments, backslashes, NUL, ``%``, hidden names,
absolute paths elsewhere) is refused. Notes in a directory are stored as one
JSON file per session under a hashed name, so no tool path ever becomes a
file-system path and no symbolic link can be followed.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .knowledge import KnowledgeBase

__all__ = ["MAX_VIEW_CHARS", "MemoryToolHandler", "SessionNotes", "ToolResult"]

MAX_VIEW_CHARS = 40_000
"""At most this many characters of a file in one ``view``; the rest is paged by ``view_range``."""

ROOT = "/memories"
KB_ROOT = f"{ROOT}/kb"
SESSION_ROOT = f"{ROOT}/session"
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$")


@dataclass(frozen=True)
class ToolResult:
    """What to send back as the ``tool_result`` of a memory tool call."""

    content: str
    is_error: bool = False

    def as_block(self, tool_use_id: str) -> dict[str, Any]:
        """The ``tool_result`` content block for the Messages API."""
        return {
            "type": "tool_result",
            "tool_use_id": tool_use_id,
            "content": self.content,
            "is_error": self.is_error,
        }


class _Refused(Exception):
    pass


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


def _size(text: str) -> str:
    n = len(text.encode("utf-8"))
    return f"{n}B" if n < 1024 else f"{n / 1024:.1f}K"


class MemoryToolHandler:
    """Serves the Anthropic memory tool: the release read-only, session notes writable.

    ``handle(tool_input)`` runs one command (``view``, ``create``,
    ``str_replace``, ``insert``, ``delete``, ``rename``) and returns a
    ``ToolResult``. Without ``notes`` and ``session`` only the release is
    served and every write is refused.
    """

    def __init__(
        self,
        kb: KnowledgeBase,
        *,
        notes: SessionNotes | None = None,
        session: str | None = None,
    ) -> None:
        self.kb = kb
        self.notes = notes
        self.session = session
        self._kb_files = {f"{KB_ROOT}/{p}": p for p in kb.paths()}

    @property
    def writable(self) -> bool:
        """True when session notes are served."""
        return self.notes is not None and bool(self.session)

    def handle(self, tool_input: dict[str, Any]) -> ToolResult:
        """Run one memory tool command (the ``input`` of its ``tool_use`` block)."""
        command = tool_input.get("command")
        try:
            if command == "view":
                return ToolResult(self._view(tool_input))
            if command in ("create", "str_replace", "insert", "delete", "rename"):
                return ToolResult(self._write(command, tool_input))
            raise _Refused(f"unknown command {command!r}")
        except _Refused as exc:
            return ToolResult(f"Error: {exc}", is_error=True)

    # --- paths --------------------------------------------------------------------

    def _path(self, raw: Any) -> str:
        if not isinstance(raw, str) or any(c in raw for c in "\0\\%"):
            raise _Refused(f"the path must be {ROOT} or a plain path under it")
        path = raw[:-1] if raw.endswith("/") and raw != "/" else raw
        if path != ROOT and not path.startswith(ROOT + "/"):
            raise _Refused(f"the path must be {ROOT} or a plain path under it")
        for part in path[len(ROOT) + 1 :].split("/") if path != ROOT else []:
            if not _NAME.match(part):
                raise _Refused(f"{raw!r} is not a plain path under {ROOT}")
        return path

    def _note_name(self, path: str) -> str:
        if not path.startswith(SESSION_ROOT + "/"):
            if path == KB_ROOT or path.startswith(KB_ROOT + "/"):
                raise _Refused(
                    f"{KB_ROOT} is the published knowledge base and read-only; published "
                    f"knowledge changes only through human review. Write notes under {SESSION_ROOT}/"
                )
            raise _Refused(f"only files under {SESSION_ROOT}/ can be written")
        if not self.writable:
            raise _Refused(f"{SESSION_ROOT} is not available: this agent keeps no session notes")
        name = path[len(SESSION_ROOT) + 1 :]
        if name.count("/") > 2:
            raise _Refused("session notes are at most three levels deep")
        return name

    # --- view -----------------------------------------------------------------------

    def _tree(self) -> dict[str, str]:
        """Every visible file, by full path."""
        files = {full: self.kb.file(rel) or "" for full, rel in self._kb_files.items()}
        if self.writable:
            assert self.notes is not None and self.session
            for name, text in self.notes.load(self.session).items():
                files[f"{SESSION_ROOT}/{name}"] = text
        return files

    def _view(self, tool_input: dict[str, Any]) -> str:
        path = self._path(tool_input.get("path"))
        if path in self._kb_files:
            return self._view_file(path, self.kb.file(self._kb_files[path]) or "", tool_input)
        if path.startswith(SESSION_ROOT + "/") and self.writable:
            notes = self.notes.load(self.session)  # type: ignore[union-attr,arg-type]
            name = path[len(SESSION_ROOT) + 1 :]
            if name in notes:
                return self._view_file(path, notes[name], tool_input)
        files = self._tree()
        dirs = {ROOT, KB_ROOT} | ({SESSION_ROOT} if self.writable else set())
        for full in files:
            parts = full.split("/")
            dirs.update("/".join(parts[:n]) for n in range(3, len(parts)))
        if path not in dirs:
            raise _Refused(f"the path {path} does not exist")
        return self._listing(path, files, dirs)

    def _listing(self, path: str, files: dict[str, str], dirs: set[str]) -> str:
        depth = path.count("/")
        lines = [
            f"Here're the files and directories up to 2 levels deep in {path}, "
            "excluding hidden items:",
            f"-\t{path}",
        ]
        entries = sorted(
            [(d + "/", "-") for d in dirs if d.startswith(path + "/")]
            + [(f, _size(t)) for f, t in files.items() if f.startswith(path + "/")]
        )
        for name, size in entries:
            if name.rstrip("/").count("/") - depth <= 2:
                lines.append(f"{size}\t{name}")
        if path in (ROOT, KB_ROOT):
            lines.append(f"({KB_ROOT} is read-only: the published knowledge base.)")
        return "\n".join(lines)

    def _view_file(self, path: str, text: str, tool_input: dict[str, Any]) -> str:
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        start, end = 1, len(lines)
        view_range = tool_input.get("view_range")
        if view_range is not None:
            if (
                not isinstance(view_range, list)
                or len(view_range) != 2
                or not all(type(n) is int for n in view_range)
            ):
                raise _Refused("view_range must be [start, end]")
            start = max(1, view_range[0])
            end = len(lines) if view_range[1] == -1 else min(len(lines), view_range[1])
        out = [f"Here's the content of {path} with line numbers:"]
        used = 0
        n = start
        while n <= end:
            line = lines[n - 1]
            if used + len(line) > MAX_VIEW_CHARS:
                room = MAX_VIEW_CHARS - used
                if n == start:  # one line longer than a page: show its head
                    out.append(f"{n:6d}\t{line[:room]} […line cut at {room} characters]")
                    n += 1
                out.append(
                    f"(Shown lines {start}-{n - 1} of {len(lines)}; the file is larger than one "
                    f"view. Pass view_range [{n}, -1] to see more.)"
                )
                return "\n".join(out)
            out.append(f"{n:6d}\t{line}")
            used += len(line) + 8
            n += 1
        return "\n".join(out)

    # --- writes (session notes only) ------------------------------------------------------

    def _write(self, command: str, tool_input: dict[str, Any]) -> str:
        if command == "rename":
            old = self._note_name(self._path(tool_input.get("old_path")))
            new = self._note_name(self._path(tool_input.get("new_path")))
        else:
            old = new = self._note_name(self._path(tool_input.get("path")))
        assert self.notes is not None and self.session
        notes = self.notes.load(self.session)
        shown = f"{SESSION_ROOT}/{new}"
        if command == "create":
            text = tool_input.get("file_text")
            if not isinstance(text, str):
                raise _Refused("file_text must be text")
            if any(n.startswith(new + "/") for n in notes):
                raise _Refused(f"{shown} is a directory")
            parts = new.split("/")
            if any("/".join(parts[:n]) in notes for n in range(1, len(parts))):
                raise _Refused(f"a parent of {shown} is a file")
            notes[new] = text
            message = f"File created successfully at: {shown}"
        elif old not in notes:
            raise _Refused(f"the path {SESSION_ROOT}/{old} does not exist")
        elif command == "delete":
            del notes[old]
            message = f"Successfully deleted {shown}"
        elif command == "rename":
            if new in notes:
                raise _Refused(f"the destination {shown} already exists")
            notes[new] = notes.pop(old)
            message = f"Successfully renamed {SESSION_ROOT}/{old} to {shown}"
        elif command == "str_replace":
            old_str, new_str = tool_input.get("old_str"), tool_input.get("new_str", "")
            if not isinstance(old_str, str) or not isinstance(new_str, str) or not old_str:
                raise _Refused("old_str and new_str must be text")
            count = notes[old].count(old_str)
            if count != 1:
                raise _Refused(f"old_str must appear exactly once in {shown}, not {count} times")
            notes[old] = notes[old].replace(old_str, new_str)
            message = f"The memory file {shown} has been edited."
        else:  # insert
            line, text = tool_input.get("insert_line"), tool_input.get("insert_text")
            rows = notes[old].split("\n")
            if type(line) is not int or not 0 <= line <= len(rows) or not isinstance(text, str):
                raise _Refused(f"insert_line must be within [0, {len(rows)}]")
            rows.insert(line, text.rstrip("\n"))
            notes[old] = "\n".join(rows)
            message = f"The file {shown} has been edited."
        try:
            self.notes.save(self.session, notes)
        except ValueError as exc:
            raise _Refused(str(exc)) from exc
        return message
