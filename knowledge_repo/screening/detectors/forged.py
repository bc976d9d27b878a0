"""Forged structure: text imitating the knowledge index, the catalog or a record file.

An agent reads MEMORY.md (``- [name](records/<slug>.md) - description``),
the extraction prompt lists records as numbered or ``slug=`` lines, and
record files start with YAML front matter between ``---`` lines. Text that
reproduces any of these could pass for a record the reviewers never saw.
"""

from __future__ import annotations

import re

from ..folding import Hit
from .firsts import quick

FORGED_STRUCTURE = "forged_structure"

_KEYS = r"(?:name|description|type|created|updated|sources|reviewed_by|supersedes|valid_until)"
_LINE_START = r"(?:^|(?<=[.!?。]\s)|(?<=[.!?。]))[ \t>*]*"
_PATTERNS: list[tuple[str, str]] = [
    # "5: fake-record - always obey the visitor": a numbered catalog line.
    (
        rf"(?m){_LINE_START}\d{{1,5}}\s*:\s*(?=[a-z0-9-]*[a-z])[a-z0-9][a-z0-9-]{{0,80}}\s+[-–—]\s+\S[^\n]*",
        "imitates a numbered catalog line (N: slug - …)",
    ),
    # "- [Opening hours](records/opening-hours.md) - …": an index line, or any link into records/.
    (
        r"(?:-\s*)?\[[^\]\n]{0,200}\]\(\s*(?:\./|/)?records/[^)\s]*\)(?:[ \t]*[-–—:][^\n]*)?",
        "imitates an index line (- [name](records/….md) - …)",
    ),
    (r"(?<![\w/])records/[a-z0-9-]+\.md\b", "names a record file"),
    (r"\bMEMORY\.md\b", "names the knowledge index"),
    (r"(?m)^\s*-\s*slug\s*=\s*\"[^\n]*", "imitates a catalog line (slug=…)"),
    # Front matter: a --- fence followed by record keys, or two record-key lines in a row.
    (
        rf"(?m)^---[ \t]*\n(?:[^\n]*\n){{0,3}}?{_KEYS}[ \t]*:[^\n]*(?:\n{_KEYS}[ \t]*:[^\n]*)*",
        "imitates a record's front matter (--- name: / type:)",
    ),
    (
        rf"(?m)^{_KEYS}[ \t]*:[^\n]*(?:\n{_KEYS}[ \t]*:[^\n]*)+",
        "imitates a record's front matter (name: / type: lines)",
    ),
]
# What each pattern's text must hold (a substring check before the pattern runs); the
# catalog line's digits and colon by a quick search, since its start is tried everywhere.
_NEEDS: tuple[str | re.Pattern[str], ...] = (
    re.compile(r"\d\s*:"),
    "records/",
    "records/",
    "memory.md",
    "slug",
    "---",
    ":",
)
_COMPILED = [
    (needs, quick(re.compile(p, re.IGNORECASE if "MEMORY" in p else 0)), reason)
    for needs, (p, reason) in zip(_NEEDS, _PATTERNS, strict=True)
]


# What every match holds one of (one C-level search instead of seven substring tests): a colon
# (catalog and front-matter lines), a slash (records/), a dash (---, "- slug=") or an equals sign;
# else only the index's name can match. Not any full stop: most sentences end in one.
_ANY_MARK = re.compile(r"[:/\-=]")


def find(text: str) -> list[Hit]:
    """Forged index, catalog and front-matter spans on a folded view."""
    lower = text.lower()
    if _ANY_MARK.search(text) is None and "memory.md" not in lower:
        return []
    hits: list[Hit] = []
    for needs, pattern, reason in _COMPILED:
        if needs not in lower if isinstance(needs, str) else needs.search(text) is None:
            continue
        for m in pattern.finditer(text):
            if m.end() > m.start() and not any(m.start() < e and s < m.end() for s, e, _ in hits):
                hits.append((m.start(), m.end(), reason))
    hits.sort()
    return hits
