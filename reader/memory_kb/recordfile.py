"""The record file format public agents read (see DESIGN.md, "Record format").

A record is ``records/<slug>.md``: YAML front matter between two lines that
are exactly ``---``, then the body verbatim. ``MEMORY.md`` is the generated
index, one line a record, always within its budget: past that it lists
topic files ``index/<topic>.md`` (see ``topics``).

This module imports no Django: the review app's writer and the reader share it.

Why the front matter is safe to split line by line: every string that is not
a plain one-line value is written double-quoted with escapes (``\\n``,
``\\r``, ``\\u2028``, ...), so no front-matter line can ever be exactly
``---`` and a value can never spill into the body. Loading uses
``yaml.safe_load`` only.
"""

from __future__ import annotations

import bisect
import datetime as dt
import re
from dataclasses import dataclass, field
from typing import Any

import yaml

from .frontmatter import read_front_matter

RECORD_TYPES = ("user", "feedback", "project", "reference")
RECORDS_DIR = "records"
INDEX_FILE = "MEMORY.md"
INDEX_DIR = "index"
CHANGELOG_FILE = "CHANGELOG.md"
DELIMITER = "---"
INDEX_HEADER = "# Memory\n\n"

# Characters that make a plain (unquoted) YAML scalar ambiguous or unsafe to
# split on: anything outside printable text, and line separators Python or
# YAML would treat as a line break.
# libyaml's loader when present (about 10x faster, equally safe), else the pure-Python one.
_SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_PLAIN_SAFE = re.compile(r"^[^\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff\"'\\]*$")


class RecordFormatError(ValueError):
    """A record file that does not follow the record format."""


@dataclass
class RecordData:
    """One record: its front matter fields and body."""

    slug: str
    name: str
    description: str
    type: str
    body: str = ""
    created: str = ""
    updated: str = ""
    sources: list[str] = field(default_factory=list)
    reviewed_by: list[str] = field(default_factory=list)
    supersedes: list[str] = field(default_factory=list)
    valid_until: str | None = None
    # Other wordings of the question the record answers (visitors' own, screened):
    # selection weighs them like the description; never shown to visitors.
    search_keys: list[str] = field(default_factory=list)

    @property
    def path(self) -> str:
        """The record's path inside the repository."""
        return record_path(self.slug)


def record_path(slug: str) -> str:
    """``records/<slug>.md``."""
    return f"{RECORDS_DIR}/{slug}.md"


class _Dumper(yaml.SafeDumper):
    """Safe dumper that double-quotes any string a line-based split could misread."""


def _represent_str(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    if value == "" or not _PLAIN_SAFE.match(value) or value != value.strip():
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style='"')
    return dumper.represent_scalar("tag:yaml.org,2002:str", value)


_Dumper.add_representer(str, _represent_str)


def _as_text(value: Any, field_name: str) -> str:
    if value is None:
        return ""
    if isinstance(value, dt.datetime | dt.date):
        return value.isoformat()
    if isinstance(value, bool | int | float):
        # A hand-edited file may hold `name: 2024`; keep it as the text it shows.
        return str(value)
    if not isinstance(value, str):
        raise RecordFormatError(f"{field_name} must be text, not {type(value).__name__}")
    return value


def _as_list(value: Any, field_name: str) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    if not isinstance(value, list):
        raise RecordFormatError(f"{field_name} must be a list")
    return [_as_text(item, field_name) for item in value]


def render_record(record: RecordData) -> str:
    """The file text of a record; ``parse_record`` gives back the same record."""
    meta: dict[str, Any] = {
        "name": record.name,
        "description": record.description,
        "type": record.type,
        "created": record.created,
        "updated": record.updated,
        "sources": list(record.sources),
        "reviewed_by": list(record.reviewed_by),
    }
    if record.supersedes:
        meta["supersedes"] = list(record.supersedes)
    if record.valid_until:
        meta["valid_until"] = record.valid_until
    if record.search_keys:
        meta["search_keys"] = [flatten(key) for key in record.search_keys]
    front = yaml.dump(
        meta,
        Dumper=_Dumper,
        allow_unicode=True,
        sort_keys=False,
        default_flow_style=False,
        width=1 << 30,
    )
    return f"{DELIMITER}\n{front}{DELIMITER}\n{record.body}"


def render_public(fields: dict[str, str], body: str) -> str:
    """A record file with only the given front-matter fields (what agents are shown)."""
    front = yaml.dump(fields, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=1 << 30)
    return f"{DELIMITER}\n{front}{DELIMITER}\n{body}"


def split_front_matter(text: str) -> tuple[str, str]:
    """The front matter (without its --- lines) and the body of a record file."""
    if text.startswith("\ufeff"):
        text = text[1:]
    # Split on "\n" only: str.splitlines() would also split on \u2028 etc.
    first, sep, rest = text.partition("\n")
    if first.rstrip("\r") != DELIMITER or not sep:
        raise RecordFormatError("the file does not start with a line that is exactly ---")
    offset = 0
    while True:
        end = rest.find("\n", offset)
        line = rest[offset:] if end == -1 else rest[offset:end]
        if line.rstrip("\r") == DELIMITER:
            front = rest[: max(offset - 1, 0)]
            return front, ("" if end == -1 else rest[end + 1 :])
        if end == -1:
            raise RecordFormatError("the front matter has no closing --- line")
        offset = end + 1


def parse_record(text: str, slug: str) -> RecordData:
    """Parse a record file; raises RecordFormatError with the reason."""
    front, body = split_front_matter(text)
    # The writer's own shape is read without YAML, to the same values; anything else by YAML.
    meta = read_front_matter(front)
    try:
        if meta is None:
            meta = yaml.load(front, Loader=_SafeLoader) if front.strip() else {}  # noqa: S506
    except yaml.YAMLError as exc:
        raise RecordFormatError(f"the front matter is not valid YAML: {exc}") from exc
    if not isinstance(meta, dict):
        raise RecordFormatError("the front matter is not a mapping")
    name = _as_text(meta.get("name"), "name")
    if not name.strip():
        raise RecordFormatError("name is missing")
    rtype = _as_text(meta.get("type"), "type")
    if rtype not in RECORD_TYPES:
        raise RecordFormatError(f"type {rtype!r} is not one of {', '.join(RECORD_TYPES)}")
    valid_until = meta.get("valid_until")
    return RecordData(
        slug=slug,
        name=name,
        description=_as_text(meta.get("description"), "description"),
        type=rtype,
        body=body,
        created=_as_text(meta.get("created"), "created"),
        updated=_as_text(meta.get("updated"), "updated"),
        sources=_as_list(meta.get("sources"), "sources"),
        reviewed_by=_as_list(meta.get("reviewed_by"), "reviewed_by"),
        supersedes=_as_list(meta.get("supersedes"), "supersedes"),
        valid_until=_as_text(valid_until, "valid_until") or None,
        search_keys=_as_list(meta.get("search_keys"), "search_keys"),
    )


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def flatten(text: str) -> str:
    """One line: every run of whitespace or control characters becomes one space."""
    return " ".join(_CONTROL.sub(" ", text).split())


def _escape_link_text(text: str) -> str:
    return text.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]")


def index_line(slug: str, name: str, description: str) -> str:
    """The MEMORY.md line of a record: always exactly one line."""
    line = f"- [{_escape_link_text(flatten(name))}]({record_path(slug)})"
    desc = flatten(description)
    return f"{line} - {desc}" if desc else line


_INDEX_LINE = re.compile(
    r"^- \[(?P<name>(?:\\.|[^\\\]])*)\]\((?:\.\./)?records/(?P<slug>[a-z0-9-]+)\.md\)"
    r"(?: - (?P<desc>.*))?$"
)


def index_slug(line: str) -> str | None:
    """The slug an index line points at, or None for any other line."""
    match = _INDEX_LINE.match(line)
    return match.group("slug") if match else None


def index_entry(line: str) -> tuple[str, str, str] | None:
    """``(slug, name, description)`` of an index line, or None for any other line."""
    match = _INDEX_LINE.match(line)
    if not match:
        return None
    name = re.sub(r"\\(.)", r"\1", match.group("name"))
    return match.group("slug"), name, match.group("desc") or ""


def render_index(lines_by_slug: dict[str, str]) -> str:
    """MEMORY.md from index lines, ordered by slug so diffs stay small."""
    return INDEX_HEADER + "".join(lines_by_slug[slug] + "\n" for slug in sorted(lines_by_slug))


def update_index(text: str, lines: dict[str, str | None]) -> str:
    """MEMORY.md with the given slugs' lines replaced, added or (None) removed.

    The index is sorted by slug, so each change is a binary search instead of
    a parse of every line: committing one change to a ten-thousand-record
    repository stays cheap. An index that is not in the expected shape is
    rebuilt from its parsable lines instead.
    """
    rows = text.split("\n")
    start = len(INDEX_HEADER.split("\n")) - 1
    if rows[:start] != INDEX_HEADER.split("\n")[:start] or rows[-1] != "":
        return _rebuild_index(text, lines)
    entries = rows[start:-1]
    for slug, line in lines.items():
        try:
            pos = bisect.bisect_left(entries, slug, key=_sort_key)
        except _UnexpectedLine:
            return _rebuild_index(text, lines)
        present = pos < len(entries) and index_slug(entries[pos]) == slug
        if line is None:
            if present:
                del entries[pos]
        elif present:
            entries[pos] = line
        else:
            entries.insert(pos, line)
    return INDEX_HEADER + "".join(entry + "\n" for entry in entries)


class _UnexpectedLine(Exception):
    pass


def _sort_key(line: str) -> str:
    slug = index_slug(line)
    if slug is None:
        raise _UnexpectedLine(line)
    return slug


def _rebuild_index(text: str, lines: dict[str, str | None]) -> str:
    current = parse_index(text)
    for slug, line in lines.items():
        if line is None:
            current.pop(slug, None)
        else:
            current[slug] = line
    return render_index(current)


def parse_index(text: str) -> dict[str, str]:
    """Index lines of MEMORY.md by slug (other lines are ignored)."""
    result: dict[str, str] = {}
    for line in text.split("\n"):
        slug = index_slug(line)
        if slug is not None:
            result[slug] = line
    return result
