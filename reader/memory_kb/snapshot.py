"""Everything read from one release tree, parsed as far as selection needs: ``Snapshot``.

It is what the local cache stores (as JSON: plain data, loading it runs no
code), so a cached release opens by loading one file.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from .recordfile import (
    RECORDS_DIR,
    RecordFormatError,
    index_entry,
    parse_record,
    split_front_matter,
)
from .search import SearchIndex
from .topics import index_paths

__all__ = ["Snapshot"]

_SLUG = re.compile(r"^[a-z0-9][a-z0-9-]{0,99}$")
_PARSE_FRONT = re.compile(r"^(?:valid_until|search_keys):", re.MULTILINE)
_SNAPSHOT_FORMAT = 3
_EMPTY = SearchIndex.build([])


@dataclass
class Snapshot:
    """The knowledge files of one release tree, parsed as far as selection needs.

    A record's name and description come from its MEMORY.md line; its YAML
    front matter is parsed at once only when it has no index line or has a
    ``valid_until`` (a release guarantees that every record parses and that
    the index matches). A record that is not in the record format is left
    out and named in ``problems``.
    """

    slugs: list[str]
    names: list[str]
    descriptions: list[str]
    valid_until: list[str]
    texts: list[str]
    other_files: dict[str, str]
    problems: dict[str, str]
    index: SearchIndex
    release: str = ""
    commit: str = ""

    @classmethod
    def from_files(cls, files: dict[str, str], *, release: str = "", commit: str = "") -> Snapshot:
        """Parse and index the knowledge files of a tree (path -> text)."""
        listed: dict[str, tuple[str, str]] = {}
        for path in index_paths(files):
            for line in files[path].split("\n"):
                found = index_entry(line)
                if found is not None:
                    listed[found[0]] = (found[1], found[2])
        snap = cls(
            slugs=[],
            names=[],
            descriptions=[],
            valid_until=[],
            texts=[],
            other_files={},
            problems={},
            index=_EMPTY,
            release=release,
            commit=commit,
        )
        bodies: list[str] = []
        keys: list[str] = []
        for path in sorted(files):
            text = files[path]
            if not path.startswith(f"{RECORDS_DIR}/"):
                snap.other_files[path] = text
                continue
            slug = path[len(RECORDS_DIR) + 1 : -len(".md")]
            if not _SLUG.match(slug):
                snap.problems[path] = "the file name is not a record slug ([a-z0-9-])"
                continue
            try:
                front, body = split_front_matter(text)
                entry = listed.get(slug)
                until, search_keys = "", ""
                if entry is None or _PARSE_FRONT.search(front):
                    record = parse_record(text, slug)
                    entry = (record.name, record.description)
                    until = record.valid_until or ""
                    search_keys = "\n".join(record.search_keys)
            except RecordFormatError as exc:
                snap.problems[path] = str(exc)
                continue
            snap.slugs.append(slug)
            snap.names.append(entry[0])
            snap.descriptions.append(entry[1])
            snap.valid_until.append(until)
            snap.texts.append(text)
            bodies.append(body)
            keys.append(search_keys)
        snap.index = SearchIndex.build(
            zip(snap.names, snap.descriptions, bodies, keys, strict=True)
        )
        return snap

    def to_json(self) -> tuple[bytes, bytes]:
        """The snapshot for the local cache: JSON, and the search index's raw arrays.

        Plain data: loading it runs no code.
        """
        data = {f: getattr(self, f) for f in _LIST_FIELDS + _MAP_FIELDS + _TEXT_FIELDS}
        header, blob = self.index.to_data()
        data.update(format=_SNAPSHOT_FORMAT, index=header)
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        return text, blob

    @classmethod
    def from_json(cls, raw: bytes, blob: bytes) -> Snapshot:
        """A snapshot stored by ``to_json``; ValueError when the data is not one."""
        try:
            data = json.loads(raw)
        except ValueError as exc:
            raise ValueError(f"not a snapshot: {exc}") from exc
        if not isinstance(data, dict) or data.get("format") != _SNAPSHOT_FORMAT:
            raise ValueError("not a snapshot of this format")
        fields: dict[str, Any] = {}
        for name in _LIST_FIELDS:
            value = data.get(name)
            if not isinstance(value, list) or not set(map(type, value)) <= {str}:
                raise ValueError(f"not a snapshot: {name} is not a list of texts")
            fields[name] = value
        for name in _MAP_FIELDS:
            value = data.get(name)
            if not isinstance(value, dict) or not set(map(type, value.values())) <= {str}:
                raise ValueError(f"not a snapshot: {name} is not a mapping of texts")
            fields[name] = value
        for name in _TEXT_FIELDS:
            if not isinstance(data.get(name), str):
                raise ValueError(f"not a snapshot: {name} is not text")
            fields[name] = data[name]
        if len({len(fields[name]) for name in _LIST_FIELDS}) != 1:
            raise ValueError("not a snapshot: its lists differ in length")
        index = SearchIndex.from_data(data.get("index"), blob)
        if index.n != len(fields["slugs"]):
            raise ValueError("not a snapshot: the search index is of other records")
        return cls(index=index, **fields)


_LIST_FIELDS = ("slugs", "names", "descriptions", "valid_until", "texts")
_MAP_FIELDS = ("other_files", "problems")
_TEXT_FIELDS = ("release", "commit")
