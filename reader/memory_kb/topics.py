"""The index past its budget: MEMORY.md and the topic files ``index/<topic>.md``.

MEMORY.md is always within ``INDEX_MAX_LINES`` lines and ``INDEX_MAX_BYTES``
bytes, what a Claude Code-style loader reads of it. While the records' lines
fit, it is the flat index; past that, it lists topic files, each within the
same budget, that hold the lines: every record is two steps from MEMORY.md.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .recordfile import INDEX_DIR, INDEX_FILE, INDEX_HEADER, index_slug, render_index, update_index

__all__ = [
    "INDEX_MAX_BYTES",
    "INDEX_MAX_LINES",
    "TOPICS_NOTE",
    "index_paths",
    "parse_indexes",
    "render_indexes",
    "update_indexes",
]


INDEX_MAX_LINES = 200
"""Budget of every index file (MEMORY.md, index/<topic>.md): at most this many lines ..."""
INDEX_MAX_BYTES = 25_000
"""... and at most this many bytes (UTF-8), what Claude Code-style loaders read of MEMORY.md."""
TOPICS_NOTE = (
    "The index is split into topic files (records by slug, within the same budget); "
    "open the one whose range holds the record you want.\n\n"
)
"""The line MEMORY.md opens with once it lists topic files."""


def _fits(text: str) -> bool:
    return text.count("\n") <= INDEX_MAX_LINES and len(text.encode("utf-8")) <= INDEX_MAX_BYTES


def _chunks(lines: list[str]) -> list[list[str]]:
    """Topic-file lines cut greedily, each chunk within the budget with its header."""
    header_lines = INDEX_HEADER.count("\n") + 1
    chunks: list[list[str]] = [[]]
    size = len(INDEX_HEADER.encode()) + 80  # room for the topic header
    for line in lines:
        cost = len(line.encode("utf-8"))
        if chunks[-1] and (
            len(chunks[-1]) + header_lines >= INDEX_MAX_LINES or size + cost > INDEX_MAX_BYTES
        ):
            chunks.append([])
            size = len(INDEX_HEADER.encode()) + 80
        chunks[-1].append(line)
        size += cost
    return chunks


def render_indexes(lines_by_slug: dict[str, str]) -> dict[str, str]:
    """Every index file, by path: MEMORY.md alone while it fits its budget, else topic files.

    Past ``INDEX_MAX_LINES`` lines or ``INDEX_MAX_BYTES`` bytes, the records'
    lines (in slug order) go to topic files ``index/<topic>.md`` named by the
    first letters of their slugs (``index/a-c.md``, ``index/d.md``, ``index/d-2.md``),
    each within the same budget, and MEMORY.md lists the topic files: every
    record is two steps from MEMORY.md. Topic files link ``../records/<slug>.md``.
    """
    # A line a record: more records than lines can never fit (no need to render them flat).
    if len(lines_by_slug) <= INDEX_MAX_LINES:
        flat = render_index(lines_by_slug)
        if _fits(flat):
            return {INDEX_FILE: flat}
    chunks = _chunks(
        [
            lines_by_slug[slug].replace("](records/", "](../records/", 1) + "\n"
            for slug in sorted(lines_by_slug)
        ]
    )
    files: dict[str, str] = {}
    listing: list[str] = []
    taken: dict[str, int] = {}
    for lines in chunks:
        first, last = index_slug(lines[0].strip()) or "", index_slug(lines[-1].strip()) or ""
        base = first[0] if first[0] == last[0] else f"{first[0]}-{last[0]}"
        taken[base] = taken.get(base, 0) + 1
        topic = base if taken[base] == 1 else f"{base}-{taken[base]}"
        path = f"{INDEX_DIR}/{topic}.md"
        files[path] = f"# Memory: records {first} to {last}\n\n" + "".join(lines)
        listing.append(f"- [Records {first} to {last}]({path}) - {len(lines)} records\n")
    files[INDEX_FILE] = INDEX_HEADER + TOPICS_NOTE + "".join(listing)
    return files


def parse_indexes(files: dict[str, str]) -> dict[str, str]:
    """The index line of every record (as MEMORY.md would list it), from MEMORY.md and index/*.md."""
    result: dict[str, str] = {}
    for path, text in files.items():
        if path == INDEX_FILE or (path.startswith(f"{INDEX_DIR}/") and path.endswith(".md")):
            for line in text.split("\n"):
                slug = index_slug(line)
                if slug is not None:
                    result[slug] = line.replace("](../records/", "](records/", 1)
    return result


def index_paths(paths: Iterable[str]) -> list[str]:
    """The index files among ``paths``: MEMORY.md and index/*.md."""
    return [
        p
        for p in paths
        if p == INDEX_FILE
        or (p.startswith(f"{INDEX_DIR}/") and p.endswith(".md") and p.count("/") == 1)
    ]


def update_indexes(files: dict[str, str], lines: dict[str, str | None]) -> dict[str, str | None]:
    """The index files after the given slugs' lines are replaced, added or (None) removed.

    ``files`` are the current index files by path (MEMORY.md, index/*.md);
    the result has every path to write, with None for a topic file that is
    no longer needed. While MEMORY.md is one flat file that stays within
    budget, only its changed lines are touched (``update_index``).
    """
    current = files.get(INDEX_FILE, INDEX_HEADER)
    if len(files) <= 1 and TOPICS_NOTE not in current:
        flat = update_index(current, lines)
        if _fits(flat):
            return {INDEX_FILE: flat}
    if (touched := _update_in_place(files, lines)) is not None:
        return touched
    entries = parse_indexes(files)
    for slug, line in lines.items():
        if line is None:
            entries.pop(slug, None)
        else:
            entries[slug] = line
    rendered: dict[str, str | None] = dict(render_indexes(entries))
    for path in files:
        rendered.setdefault(path, None)
    return rendered


_LISTED = re.compile(r"^- \[Records (\S+) to (\S+)\]\(([^)]+)\) - \d+ records$", re.M)


def _topic_lines(text: str) -> tuple[str, list[str]]:
    head, _, rest = text.partition("\n\n")
    return head + "\n\n", rest.splitlines(keepends=True)


def _update_in_place(
    files: dict[str, str], lines: dict[str, str | None]
) -> dict[str, str | None] | None:
    """The topic files to rewrite when edits leave every file's records as they were; else None.

    An approval usually edits one record that stays where it is: only the topic
    file holding its line changes, without parsing and rendering every other
    one. This holds only if ``render_indexes`` would cut the files at the same
    records (each touched file still fits as one chunk and would not take the
    next file's first line in); otherwise, and for added or removed records,
    None sends the caller to the full render, which it equals.
    """
    if not lines or any(line is None for line in lines.values()):
        return None
    listed = _LISTED.findall(files.get(INDEX_FILE, ""))
    if not listed or TOPICS_NOTE not in files[INDEX_FILE]:
        return None
    new: dict[str, list[str]] = {}
    heads: dict[str, str] = {}
    for slug, line in lines.items():
        path = next((p for first, last, p in listed if first <= slug <= last), None)
        if path is None or path not in files:
            return None
        if path not in new:
            heads[path], new[path] = _topic_lines(files[path])
        body = new[path]
        at = next((i for i, old in enumerate(body) if index_slug(old.strip()) == slug), None)
        if at is None or line is None:
            return None  # a slug in a file's range that the file does not hold: a new record
        body[at] = line.replace("](records/", "](../records/", 1) + "\n"
    order = [p for _, _, p in listed]
    if any(p not in files for p in order):
        return None

    def body_of(path: str) -> list[str]:
        return new[path] if path in new else _topic_lines(files[path])[1]

    for path in new:
        at = order.index(path)
        before = [order[at - 1]] if at else []
        after = [order[at + 1]] if at + 1 < len(order) else []
        # Cut as render_indexes cuts: this file whole, and neither neighbour's edge record moved.
        if len(_chunks(body_of(path))) != 1:
            return None
        if before and len(_chunks(body_of(before[0]) + body_of(path)[:1])) == 1:
            return None  # this file's first record would now move into the one before
        if after and len(_chunks(body_of(path) + body_of(after[0])[:1])) == 1:
            return None  # the next file's first record would now move into this one
    return {path: heads[path] + "".join(body) for path, body in new.items()}
