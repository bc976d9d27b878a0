"""Remember what the release checks found in each record blob, by content hash.

A blob id names its exact bytes, so what the detectors find in it stays true
for as long as the detectors and the allow-list stay the same: both are part
of the cache's version, which names its file. The committer adds every record
it writes (the text is in hand then), and the release checks add every blob
they scan, so a release rescans only files no scan has seen. The file is
append-only JSON lines in ``.git``; losing it only costs time.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

# (kind, line, text, message, high_risk)
Raw = tuple[str, int, str, str, bool]


@dataclass(frozen=True)
class Entry:
    """What one record blob holds: its lifetime and the findings in its text."""

    valid_until: str | None
    findings: tuple[Raw, ...]


@cache
def _code_version() -> str:
    digest = hashlib.sha256()
    package = Path(__file__).with_name("screening")
    # Every module whose code decides what a record file holds.
    own = [Path(__file__).with_name(f) for f in ("checks.py", "contentscan.py", "placeholders.py")]
    for path in sorted([*package.glob("**/*.py"), *own]):
        digest.update(path.read_bytes())
    return digest.hexdigest()


def version(allowed: Iterable[str]) -> str:
    """The detectors' code and the allow-list, as 16 hex digits."""
    raw = _code_version() + "\x00" + "\x00".join(sorted(allowed))
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()[:16]


_CLEAN_END = '", null, []]'
_CLEAN_LENGTH = 2 + 40 + len(_CLEAN_END)


class FindingCache:
    """Blob id -> Entry, for one version of the detectors and allow-list."""

    def __init__(self, repo: Path, allowed: Iterable[str], *, load: bool = True) -> None:
        self.path = repo / ".git" / f"kb-findings-{version(allowed)}.jsonl"
        self.entries: dict[str, Entry] = {}
        if load and self.path.exists():
            clean = Entry(None, ())
            for line in self.path.read_text(encoding="utf-8").splitlines():
                # Most blobs hold nothing: their line is ["<sha>", null, []], read without JSON.
                if len(line) == _CLEAN_LENGTH and line.endswith(_CLEAN_END):
                    self.entries[line[2:42]] = clean
                    continue
                try:
                    sha, valid_until, found = json.loads(line)
                except ValueError:
                    continue  # a torn last line after a crash
                self.entries[sha] = Entry(valid_until, tuple(tuple(f) for f in found))  # type: ignore[misc]
        self._new: list[str] = []

    def get(self, sha: str) -> Entry | None:
        return self.entries.get(sha)

    def add(self, sha: str, valid_until: str | None, findings: Iterable[Raw]) -> None:
        if sha not in self.entries:
            entry = Entry(valid_until, tuple(findings))
            self.entries[sha] = entry
            if valid_until is None and not entry.findings and len(sha) == 40 and sha.isalnum():
                # What json.dumps writes for it, without JSON: most blobs hold nothing.
                self._new.append(f'["{sha}{_CLEAN_END}')
            else:
                self._new.append(json.dumps([sha, valid_until, entry.findings], ensure_ascii=False))

    def save(self) -> None:
        if self._new and self.path.parent.exists():
            with open(self.path, "a", encoding="utf-8") as fh:
                fh.write("\n".join(self._new) + "\n")
            self._new = []
