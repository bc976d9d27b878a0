"""The Anthropic memory tool, served from a release plus per-session notes.

``MemoryToolHandler`` is a subclass of the anthropic SDK's
``BetaAbstractMemoryTool`` when ``anthropic`` is installed, so
``client.beta.messages.tool_runner(tools=[handler], ...)`` takes it as it
is; without the SDK it still serves ``handle(tool_input)``. It keeps the
SDK's semantics (``create`` refuses an existing file, files and
directories can be renamed and deleted, the SDK's line numbering and
ranges, errors as ``ToolError``) on two areas:

- ``/memories/kb/`` is the published release, read-only: the agent can look
  but never change what people reviewed. Lines longer than
  ``MAX_LINE_CHARS`` are shown wrapped, so ``view_range`` reaches all of them.
- ``/memories/session/`` holds notes about the current visitor, writable,
  kept per session (``SessionNotes``) and dropped when the session expires.
  Notes never reach the knowledge base: nothing here writes to git.

A view shows at most ``MAX_VIEW_CHARS`` characters and a listing at most
``MAX_LIST_ENTRIES`` entries; both end with a note saying which
``view_range`` shows the rest. Paths are checked, never resolved: anything
but plain names under ``/memories`` is refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from .knowledge import KnowledgeBase
from .memory_view import (
    MAX_LINE_CHARS,
    MAX_LIST_ENTRIES,
    MAX_VIEW_CHARS,
    file_view,
    listing,
    numbered,
    size_text,
)
from .notes import SessionNotes
from .sdk import MemoryToolBase, ToolError

__all__ = [
    "MAX_LINE_CHARS",
    "MAX_LIST_ENTRIES",
    "MAX_VIEW_CHARS",
    "MemoryToolHandler",
    "SessionNotes",
    "ToolError",
    "ToolResult",
]

ROOT = "/memories"
KB_ROOT = f"{ROOT}/kb"
SESSION_ROOT = f"{ROOT}/session"
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$")


@dataclass(frozen=True)
class ToolResult:
    """What to send back as the ``tool_result`` of a memory tool call (``handle``)."""

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


def _arg(command: Any, name: str) -> Any:
    return getattr(command, name, None)


def _text_arg(command: Any, name: str) -> str:
    value = _arg(command, name)
    if not isinstance(value, str):
        raise ToolError(f"`{name}` must be text")
    return value


class MemoryToolHandler(MemoryToolBase):
    """The Anthropic memory tool: the release read-only, session notes writable.

    Hand it to ``client.beta.messages.tool_runner(tools=[...])``, or call
    ``handle(tool_input)`` with a ``tool_use`` block's input to get a
    ``ToolResult``. Without ``notes`` and ``session`` only the release is
    served and every write is refused.
    """

    def __init__(
        self,
        kb: KnowledgeBase,
        *,
        notes: SessionNotes | None = None,
        session: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__(**options)
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
        command = SimpleNamespace(**tool_input) if isinstance(tool_input, dict) else None
        try:
            name = _arg(command, "command")
            if name not in ("view", "create", "str_replace", "insert", "delete", "rename"):
                raise ToolError(f"unknown command {name!r}")
            return ToolResult(str(getattr(self, name)(command)))
        except ToolError as exc:
            return ToolResult(f"Error: {exc}", is_error=True)

    # --- paths ----------------------------------------------------------------------

    def _path(self, raw: Any, name: str = "path") -> str:
        if not isinstance(raw, str) or any(c in raw for c in "\0\\%"):
            raise ToolError(f"`{name}` must be {ROOT} or a plain path under it")
        path = raw[:-1] if raw.endswith("/") and raw != "/" else raw
        if path != ROOT and not path.startswith(ROOT + "/"):
            raise ToolError(f"Path must start with {ROOT}, got: {raw}")
        for part in path[len(ROOT) + 1 :].split("/") if path != ROOT else []:
            if not _NAME.match(part):
                raise ToolError(f"{raw!r} is not a plain path under {ROOT}")
        return path

    def _note_name(self, path: str) -> str:
        if path in (ROOT, SESSION_ROOT):
            raise ToolError(f"Cannot change the {path} directory itself")
        if not path.startswith(SESSION_ROOT + "/"):
            if path == KB_ROOT or path.startswith(KB_ROOT + "/"):
                raise ToolError(
                    f"{KB_ROOT} is the published knowledge base and read-only; published "
                    "knowledge changes only through human review. Write notes under "
                    f"{SESSION_ROOT}/"
                )
            raise ToolError(f"only files under {SESSION_ROOT}/ can be written")
        if not self.writable:
            raise ToolError(f"{SESSION_ROOT} is not available: this agent keeps no session notes")
        name = path[len(SESSION_ROOT) + 1 :]
        if name.count("/") > 2:
            raise ToolError("session notes are at most three levels deep")
        return name

    def _notes(self) -> dict[str, str]:
        assert self.notes is not None and self.session
        return self.notes.load(self.session)

    def _save(self, notes: dict[str, str]) -> None:
        assert self.notes is not None and self.session
        try:
            self.notes.save(self.session, notes)
        except ValueError as exc:
            raise ToolError(str(exc)) from exc

    # --- view -----------------------------------------------------------------------

    def _tree(self) -> dict[str, int]:
        """Every visible file by full path, with its size in bytes."""
        files = {
            full: len((self.kb.file(rel) or "").encode()) for full, rel in self._kb_files.items()
        }
        if self.writable:
            for name, text in self._notes().items():
                files[f"{SESSION_ROOT}/{name}"] = len(text.encode())
        return files

    def view(self, command: Any) -> str:
        """A directory listing (two levels deep, like the SDK's) or a file with line numbers."""
        path = self._path(_arg(command, "path"))
        if path in self._kb_files:
            text = self.kb.public_file(self._kb_files[path]) or ""
            return file_view(path, text, _arg(command, "view_range"), wrap=True)
        if path.startswith(SESSION_ROOT + "/") and self.writable:
            notes = self._notes()
            name = path[len(SESSION_ROOT) + 1 :]
            if name in notes:
                return file_view(path, notes[name], _arg(command, "view_range"), wrap=False)
        files = self._tree()
        dirs = {ROOT, KB_ROOT} | ({SESSION_ROOT} if self.writable else set())
        for full in files:
            parts = full.split("/")
            dirs.update("/".join(parts[:n]) for n in range(3, len(parts)))
        if path not in dirs:
            raise ToolError(f"The path {path} does not exist. Please provide a valid path.")
        return self._listing(path, files, dirs, _arg(command, "view_range"))

    def _listing(self, path: str, files: dict[str, int], dirs: set[str], view_range: Any) -> str:
        depth = path.count("/")
        entries = sorted(
            [(d + "/", "4.0K") for d in dirs if d.startswith(path + "/")]
            + [(f, size_text(n)) for f, n in files.items() if f.startswith(path + "/")]
        )
        entries = [e for e in entries if e[0].rstrip("/").count("/") - depth <= 2]
        note = f"({KB_ROOT} is read-only: the published knowledge base.)"
        return listing(path, entries, view_range, note if path in (ROOT, KB_ROOT) else "")

    # --- writes (session notes only) ------------------------------------------------

    def create(self, command: Any) -> str:
        """Create a note; refuses a path that already exists, as the SDK does."""
        raw = _arg(command, "path")
        name = self._note_name(self._path(raw))
        text = _text_arg(command, "file_text")
        notes = self._notes()
        shown = f"{SESSION_ROOT}/{name}"
        if name in notes or any(n.startswith(name + "/") for n in notes):
            raise ToolError(f"File {shown} already exists")
        parts = name.split("/")
        if any("/".join(parts[:n]) in notes for n in range(1, len(parts))):
            raise ToolError(f"A parent of {shown} is a file")
        notes[name] = text
        self._save(notes)
        return f"File created successfully at: {shown}"

    def _existing_file(self, command: Any) -> tuple[str, dict[str, str]]:
        name = self._note_name(self._path(_arg(command, "path")))
        notes = self._notes()
        if name not in notes:
            if any(n.startswith(name + "/") for n in notes):
                raise ToolError(f"The path {SESSION_ROOT}/{name} is not a file.")
            raise ToolError(
                f"The path {SESSION_ROOT}/{name} does not exist. Please provide a valid path."
            )
        return name, notes

    def str_replace(self, command: Any) -> str:
        """Replace the one occurrence of ``old_str`` in a note."""
        name, notes = self._existing_file(command)
        old, new = _text_arg(command, "old_str"), _text_arg(command, "new_str")
        shown = f"{SESSION_ROOT}/{name}"
        content = notes[name]
        count = content.count(old) if old else 0
        if count == 0:
            raise ToolError(
                f"No replacement was performed, old_str `{old}` did not appear verbatim in {shown}."
            )
        if count > 1:
            found = [m.start() for m in re.finditer(re.escape(old), content)]
            rows = ", ".join(str(content[:pos].count("\n") + 1) for pos in found)
            raise ToolError(
                f"No replacement was performed. Multiple occurrences of old_str `{old}` in "
                f"lines: {rows}. Please ensure it is unique"
            )
        changed = content[: content.find(old)].count("\n")
        notes[name] = content.replace(old, new)
        self._save(notes)
        lines = notes[name].split("\n")
        snippet = [
            numbered(n, lines[n - 1])
            for n in range(max(0, changed - 2) + 1, min(len(lines), changed + 3) + 1)
        ]
        return (
            "The memory file has been edited. Here is the snippet showing the change "
            "(with line numbers):\n" + "\n".join(snippet)
        )

    def insert(self, command: Any) -> str:
        """Insert ``insert_text`` after line ``insert_line`` (0: at the top) of a note."""
        name, notes = self._existing_file(command)
        line, text = _arg(command, "insert_line"), _text_arg(command, "insert_text")
        rows = notes[name].split("\n")
        if rows[-1] == "":
            rows.pop()
        if type(line) is not int or not 0 <= line <= len(rows):
            raise ToolError(
                f"Invalid `insert_line` parameter: {line}. "
                f"It should be within the range [0, {len(rows)}]."
            )
        rows.insert(line, text.rstrip("\n"))
        notes[name] = "\n".join(rows) + "\n"
        self._save(notes)
        return f"The file {SESSION_ROOT}/{name} has been edited."

    def delete(self, command: Any) -> str:
        """Delete a note or a directory of notes."""
        name = self._note_name(self._path(_arg(command, "path")))
        notes = self._notes()
        doomed = [n for n in notes if n == name or n.startswith(name + "/")]
        if not doomed:
            raise ToolError(f"The path {SESSION_ROOT}/{name} does not exist")
        for n in doomed:
            del notes[n]
        self._save(notes)
        return f"Successfully deleted {SESSION_ROOT}/{name}"

    def rename(self, command: Any) -> str:
        """Rename or move a note or a directory of notes."""
        old = self._note_name(self._path(_arg(command, "old_path"), "old_path"))
        new = self._note_name(self._path(_arg(command, "new_path"), "new_path"))
        notes = self._notes()
        moving = {n: new + n[len(old) :] for n in notes if n == old or n.startswith(old + "/")}
        if not moving:
            raise ToolError(f"The path {SESSION_ROOT}/{old} does not exist")
        if new in notes or any(n.startswith(new + "/") for n in notes):
            raise ToolError(f"The destination {SESSION_ROOT}/{new} already exists")
        if new.startswith(old + "/"):
            raise ToolError(f"Cannot move {SESSION_ROOT}/{old} into itself")
        parts = new.split("/")
        if any("/".join(parts[:n]) in notes for n in range(1, len(parts))):
            raise ToolError(f"A parent of {SESSION_ROOT}/{new} is a file")
        if any(after.count("/") > 2 for after in moving.values()):
            raise ToolError("session notes are at most three levels deep")
        for before, after in moving.items():
            notes[after] = notes.pop(before)
        self._save(notes)
        return f"Successfully renamed {SESSION_ROOT}/{old} to {SESSION_ROOT}/{new}"

    def clear_all_memory(self) -> str:
        """Forget this session's notes (the release stays as it is)."""
        if self.writable:
            assert self.notes is not None and self.session
            self.notes.end(self.session)
        return "All memory cleared"
