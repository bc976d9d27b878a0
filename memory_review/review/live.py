"""What public agents see now: the published release, and whether a change is in it.

Undoing an approval or retracting a record changes the repository at once,
but agents read the published release until the next one is published. The
pages and the audit log say so instead of implying the text is gone.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext
from git import GitCommandError

from knowledge_repo import gitstore
from knowledge_repo.actions import published_release, repo_path
from knowledge_repo.models import Change, Release
from knowledge_repo.recordfile import record_path


@dataclass(frozen=True)
class LiveRecord:
    slug: str
    name: str
    description: str
    type: str


def live_note(release: Release) -> str:
    return gettext("still live in %(name)s until the next release") % {"name": release.name}


def _in_release(release: Release, *, commit: str = "", slug: str = "") -> bool:
    try:
        with gitstore.open_repo(repo_path()) as repo:
            if commit:
                try:
                    repo.git.merge_base("--is-ancestor", commit, release.sha)
                except GitCommandError:
                    return False
                return True
            return gitstore.show_file(repo, release.sha, record_path(slug)) is not None
    except Exception:
        # No repository yet, or a release tag missing from it: nothing can be live.
        return False


def change_live_in(change: Change | None) -> Release | None:
    """The published release containing this committed change, if any."""
    release = published_release()
    if release is None or change is None or not change.commit_sha:
        return None
    return release if _in_release(release, commit=change.commit_sha) else None


def record_live_in(slug: str) -> Release | None:
    """The published release that has a file for this record, if any."""
    release = published_release()
    if release is None or not slug:
        return None
    return release if _in_release(release, slug=slug) else None


def live_records() -> tuple[Release | None, list[LiveRecord]]:
    """The published release and the records public agents read from it, by name."""
    from knowledge_repo.selectors import open_release

    release = published_release()
    if release is None:
        return None, []
    try:
        with open_release() as kb:
            records = [LiveRecord(r.slug, r.name, r.description, r.type) for r in kb.records()]
    except Exception:
        return release, []
    return release, sorted(records, key=lambda r: r.name.casefold())
