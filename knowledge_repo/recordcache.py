"""Remember which record blobs are known to parse, by content hash.

A blob id names its exact bytes, so "this blob parses, with this name and
description" stays true forever. The committer adds every record it writes
(after parsing what it rendered) and the release checks add every record
they parse, so a release only parses records no check has seen yet: the
first release of a bulk import parses everything, later ones almost
nothing. The file is append-only JSON lines in ``.git``; losing it only
costs time.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from .recordfile import RecordData, index_line

CACHE_FILE = "kb-record-cache.jsonl"


def blob_id(text: str) -> str:
    """The id git gives a blob holding ``text`` (UTF-8)."""
    data = text.encode("utf-8")
    return hashlib.sha1(b"blob %d\0" % len(data) + data, usedforsecurity=False).hexdigest()


class RecordCache:
    """Blob id -> (name, description) of record files known to parse."""

    def __init__(self, repo: Path, *, load: bool = True) -> None:
        # The committer only appends (load=False), so a commit never reads the whole file.
        self.path = repo / ".git" / CACHE_FILE
        self.entries: dict[str, tuple[str, str]] = {}
        if load and self.path.exists():
            for line in self.path.read_text(encoding="utf-8").splitlines():
                try:
                    sha, name, description = json.loads(line)
                except ValueError:
                    continue  # a torn last line after a crash
                self.entries[sha] = (name, description)
        self._new: list[str] = []

    def __contains__(self, sha: str) -> bool:
        return sha in self.entries

    def get(self, sha: str) -> tuple[str, str] | None:
        return self.entries.get(sha)

    def add(self, sha: str, record: RecordData) -> None:
        if sha not in self.entries:
            self.entries[sha] = (record.name, record.description)
            self._new.append(json.dumps([sha, record.name, record.description]))

    def save(self) -> None:
        if self._new and self.path.parent.exists():
            with open(self.path, "a", encoding="utf-8") as fh:
                fh.write("\n".join(self._new) + "\n")
            self._new = []

    def index_line(self, sha: str, slug: str) -> str:
        name, description = self.entries[sha]
        return index_line(slug, name, description)
