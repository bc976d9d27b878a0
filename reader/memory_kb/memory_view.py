"""What the memory tool's ``view`` shows, in the SDK's own format, paged.

Directory listings (``<size>\\t<path>``, two levels deep) and files with the
SDK's line numbers (six wide, a tab, the line; a trailing newline counts as
one more, empty line). Both are capped: ``MAX_VIEW_CHARS`` characters of a
file and ``MAX_LIST_ENTRIES`` entries of a listing, ending with a note that
says which ``view_range`` shows the rest.
"""

from __future__ import annotations

from typing import Any

from .sdk import ToolError

__all__ = [
    "MAX_LINE_CHARS",
    "MAX_LIST_ENTRIES",
    "MAX_VIEW_CHARS",
    "file_view",
    "listing",
    "numbered",
    "size_text",
    "view_bounds",
]

MAX_VIEW_CHARS = 40_000
"""At most this many characters of a file in one ``view``; the rest is paged by ``view_range``."""
MAX_LINE_CHARS = 10_000
"""Lines of the release longer than this are shown wrapped into several numbered lines."""
MAX_LIST_ENTRIES = 500
"""At most this many entries in one directory listing; ``view_range`` pages the rest."""

_WIDTH = 6  # the SDK's line-number width (len(str(999999)))


def size_text(n: int) -> str:
    """A size as the SDK's listing shows it: 0B, 512B, 1.5K, 2M."""
    if n == 0:
        return "0B"
    i = min((n.bit_length() - 1) // 10, 3)
    value = n / 1024**i
    unit = "BKMG"[i]
    return f"{int(value)}{unit}" if value == int(value) else f"{value:.1f}{unit}"


def numbered(n: int, line: str) -> str:
    """One line as the SDK numbers it."""
    return f"{str(n).rjust(_WIDTH)}\t{line}"


def view_bounds(view_range: Any, total: int, *, what: str = "lines") -> tuple[int, int]:
    """The 1-based ``[start, end]`` of a ``view_range`` (the SDK's reading: -1 is the end)."""
    if view_range is None:
        return 1, total
    if (
        not isinstance(view_range, list | tuple)
        or len(view_range) != 2
        or not all(type(n) is int for n in view_range)
    ):
        raise ToolError("`view_range` must be [start, end] (end -1 for the last line)")
    start = max(1, view_range[0])
    end = total if view_range[1] == -1 else min(total, view_range[1])
    if start > max(total, 1):
        raise ToolError(f"`view_range` starts at {start}, but there are only {total} {what}")
    return start, end


def listing(path: str, entries: list[tuple[str, str]], view_range: Any, note: str = "") -> str:
    """A directory listing of ``(full path, size text)`` entries, paged by ``view_range``."""
    start, end = view_bounds(view_range, len(entries), what="entries")
    shown = entries[start - 1 : end][:MAX_LIST_ENTRIES]
    lines = [
        f"Here're the files and directories up to 2 levels deep in {path}, excluding hidden items:",
        f"4.0K\t{path}",
        *(f"{size}\t{name}" for name, size in shown),
    ]
    last = start + len(shown) - 1
    if last < len(entries) and shown:
        lines.append(
            f"(Listed entries {start}-{last} of {len(entries)}. Pass view_range "
            f"[{last + 1}, {min(last + MAX_LIST_ENTRIES, len(entries))}] to list more, "
            "or view a subdirectory.)"
        )
    if note:
        lines.append(note)
    return "\n".join(lines)


def file_view(path: str, text: str, view_range: Any, *, wrap: bool) -> str:
    """A file with line numbers; with ``wrap``, over-long lines become several."""
    lines = text.split("\n")  # as the SDK counts them: a trailing newline ends in ""
    header = f"Here's the content of {path} with line numbers:"
    if wrap and any(len(line) > MAX_LINE_CHARS for line in lines):
        lines = [
            line[i : i + MAX_LINE_CHARS]
            for line in lines
            for i in range(0, max(len(line), 1), MAX_LINE_CHARS)
        ]
        header = (
            f"Here's the content of {path} with line numbers (lines longer than "
            f"{MAX_LINE_CHARS} characters are wrapped):"
        )
    start, end = view_bounds(view_range, len(lines))
    out = [header]
    used = 0
    for n in range(start, end + 1):
        line = lines[n - 1]
        if used + len(line) > MAX_VIEW_CHARS and n > start:
            out.append(
                f"(Shown lines {start}-{n - 1} of {len(lines)}; the file is larger than one "
                f"view. Pass view_range [{n}, -1] to see more.)"
            )
            break
        out.append(numbered(n, line[:MAX_VIEW_CHARS]))
        used += len(line) + _WIDTH + 2
    return "\n".join(out)
