"""The index past its budget: MEMORY.md and the topic files ``index/<topic>.md``.

MEMORY.md is always within ``INDEX_MAX_LINES`` lines and ``INDEX_MAX_BYTES``
bytes, what a Claude Code-style loader reads of it. While the records' lines
fit, it is the flat index; past that, it lists topic files, each within the
same budget, that hold the lines: every record is two steps from MEMORY.md.
"""

from __future__ import annotations

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
    header_lines = INDEX_HEADER.count("\n") + 1
    chunks: list[list[str]] = [[]]
    size = len(INDEX_HEADER.encode()) + 80  # room for the topic header
    for slug in sorted(lines_by_slug):
        line = lines_by_slug[slug].replace("](records/", "](../records/", 1) + "\n"
        cost = len(line.encode("utf-8"))
        if chunks[-1] and (
            len(chunks[-1]) + header_lines >= INDEX_MAX_LINES or size + cost > INDEX_MAX_BYTES
        ):
            chunks.append([])
            size = len(INDEX_HEADER.encode()) + 80
        chunks[-1].append(line)
        size += cost
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
