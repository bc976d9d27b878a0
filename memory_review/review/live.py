"""What public agents see now: the published release, and whether a change is in it.

Undoing an approval or retracting a record changes the repository at once,
but agents read the published release until the next one is published. The
pages and the audit log say so instead of implying the text is gone.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext

from knowledge_repo.actions import published_release
from knowledge_repo.history import files_at, record_file
from knowledge_repo.models import Change, Release
from knowledge_repo.recordfile import RecordFormatError, parse_record


@dataclass(frozen=True)
class LiveRecord:
    slug: str
    name: str
    description: str
    type: str


def live_note(release: Release) -> str:
    return gettext("still live in %(name)s until the next release") % {"name": release.name}


def change_live_in(change: Change | None) -> Release | None:
    """The published release containing this committed change, if any.

    Changes are committed in order and a release names its newest one, so
    this is a comparison of ids: no git working copy needed.
    """
    release = published_release()
    if release is None or change is None or not change.commit_sha:
        return None
    return release if change.pk <= (release.last_change_id or 0) else None


def record_live_in(slug: str) -> Release | None:
    """The published release that has a file for this record, if any."""
    release = published_release()
    if release is None or not slug:
        return None
    return release if record_file(slug, release.name) is not None else None


def live_records() -> tuple[Release | None, list[LiveRecord]]:
    """The published release and the records public agents read from it, by name."""
    release = published_release()
    if release is None:
        return None, []
    records = []
    for slug, text in files_at(release.name).items():
        try:
            data = parse_record(text, slug)
        except RecordFormatError:
            continue
        records.append(LiveRecord(slug, data.name, data.description, data.type))
    return release, sorted(records, key=lambda r: r.name.casefold())
