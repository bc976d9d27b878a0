"""The release review: every change a release publishes, as diffs with the findings inline.

Read from the database alone (each committed change keeps its files before
and after), so any web host shows it. Each change lists the records it
touches, field by field (name, description, body), the lines removed and
added, the screening findings marked in the added text, its public commit
message, who approved it and whether the reader has marked it read.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.utils.safestring import SafeString

from knowledge_repo import screening
from knowledge_repo.actions import commit_message
from knowledge_repo.models import Change, Release
from knowledge_repo.recordfile import RecordFormatError, parse_record

from .. import foureyes
from ..text import highlight

FIELDS = ("name", "description", "body")
CONTEXT_LINES = 2


@dataclass
class DiffLine:
    """One line of a field's diff: ``+`` added, ``-`` removed, `` `` context, ``…`` skipped."""

    sign: str
    html: SafeString


@dataclass
class FieldDiff:
    name: str
    changed: bool
    lines: list[DiffLine]
    findings: list[dict[str, Any]]


@dataclass
class FileDiff:
    slug: str
    state: str  # added, changed, removed
    fields: list[FieldDiff]

    @property
    def findings(self) -> list[dict[str, Any]]:
        return [f for d in self.fields for f in d.findings]


@dataclass
class WalkItem:
    change: Change
    files: list[FileDiff]
    message: SafeString
    approvers: list[str]
    read: bool
    alone: bool
    findings: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class Walk:
    release: Release
    base: Release | None
    items: list[WalkItem]
    problems: list[str]

    @property
    def total(self) -> int:
        return len(self.items)

    @property
    def read(self) -> int:
        return sum(1 for i in self.items if i.read)

    @property
    def can_publish(self) -> bool:
        return not self.problems


def _fields(text: str | None, slug: str) -> dict[str, str] | None:
    if text is None:
        return None
    try:
        data = parse_record(text, slug)
    except RecordFormatError:
        return {"name": "", "description": "", "body": text}
    return {"name": data.name, "description": data.description, "body": data.body}


def _diff_lines(before: str, after: str, spans: list[dict[str, Any]]) -> list[DiffLine]:
    old, new = before.splitlines() or [""], after.splitlines() or [""]
    if not before:
        old = []
    if not after:
        new = []
    out: list[DiffLine] = []
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    for group in matcher.get_grouped_opcodes(CONTEXT_LINES):
        if out:
            out.append(DiffLine("…", SafeString("")))
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                out += [DiffLine(" ", highlight(line)) for line in new[j1:j2]]
                continue
            out += [DiffLine("-", highlight(line)) for line in old[i1:i2]]
            for line in new[j1:j2]:
                here = [s for s in spans if s.get("text") and str(s["text"]) in line]
                out.append(DiffLine("+", highlight(line, here)))
    return out


def file_diff(slug: str, before: str | None, after: str | None) -> FileDiff:
    """One record file's change, field by field, with the findings in its new text."""
    old, new = _fields(before, slug), _fields(after, slug)
    state = "added" if old is None else "removed" if new is None else "changed"
    spans = screening.screen([(n, (new or {}).get(n, "")) for n in FIELDS]) if new else []
    fields = []
    for name in FIELDS:
        a, b = (old or {}).get(name, ""), (new or {}).get(name, "")
        mine = [s for s in spans if s.get("field") == name]
        fields.append(FieldDiff(name, a != b, _diff_lines(a, b, mine) if a != b else [], mine))
    return FileDiff(slug=slug, state=state, fields=fields)


def release_walk(release: Release, user: Any) -> Walk:
    """The release review of ``release`` for ``user``: every change with its diffs."""
    changes = list(foureyes.changes_to_walk(release).prefetch_related("files"))
    read = foureyes.read_ids(release, user)
    ids = {i for c in changes for i in foureyes.approver_ids(c)}
    names = {u.pk: u.get_username() for u in get_user_model().objects.filter(pk__in=ids)}
    items = []
    for change in changes:
        approvers = foureyes.approver_ids(change)
        files = [file_diff(f.slug, f.before, f.after) for f in change.files.all()]
        message = commit_message(change).strip()
        spans = screening.screen([("message", message)])
        items.append(
            WalkItem(
                change=change,
                files=files,
                message=highlight(message, spans),
                approvers=[names.get(i, f"account {i}") for i in approvers],
                read=change.pk in read,
                alone=bool(user) and set(approvers) == {user.pk},
                findings=[*(f for d in files for f in d.findings), *spans],
            )
        )
    return Walk(
        release=release,
        base=foureyes.base_release(release),
        items=items,
        problems=foureyes.publish_problems(user=user, release=release),
    )
