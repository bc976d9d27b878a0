"""Publishing: move the published branch to a release and push it to every remote."""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from git import Repo
from git.exc import GitCommandError

from .. import gitstore
from ..models import Publication, Release
from ._base import KnowledgeError, ensure_initialised, repo_path

logger = logging.getLogger(__name__)


def _push_everywhere(repo: Repo, tag: str) -> list[dict[str, Any]]:
    results = []
    for remote in settings.KNOWLEDGE_PUBLISH_REMOTES:
        try:
            # --atomic: each remote takes branch and tag together or neither.
            repo.git.push(
                "--atomic",
                "--porcelain",
                remote,
                f"+refs/heads/{gitstore.PUBLISHED}:refs/heads/{gitstore.PUBLISHED}",
                f"refs/tags/{tag}:refs/tags/{tag}",
                env={"GIT_TERMINAL_PROMPT": "0"},
            )
            results.append({"remote": remote, "ok": True, "error": ""})
        except GitCommandError as exc:
            error = (exc.stderr or str(exc)).strip()[:2000]
            results.append({"remote": remote, "ok": False, "error": error})
            logger.error("publishing %s to %s failed: %s", tag, remote, error)
    return results


def _move_published(*, user: Any, release: Release, action: str) -> Publication:
    ensure_initialised()
    root = repo_path()
    with gitstore.writer_lock(root), gitstore.open_repo(root) as repo:
        if not gitstore.ref_exists(repo, f"refs/tags/{release.name}"):
            raise KnowledgeError(f"the tag {release.name!r} is missing from the repository")
        repo.git.branch("-f", gitstore.PUBLISHED, f"refs/tags/{release.name}^{{commit}}")
        results = _push_everywhere(repo, release.name)
    return Publication.objects.create(release=release, action=action, user=user, results=results)


def publish_release(*, user: Any, name: str) -> Publication:
    """Move ``published`` to the release's tag and push branch and tag to every remote.

    A remote that fails is recorded in ``Publication.results`` (and
    ``failed_remotes``) while the others are still updated.
    """
    release = Release.objects.filter(name=name).first()
    if release is None:
        raise KnowledgeError(f"there is no release named {name!r}")
    return _move_published(user=user, release=release, action=Publication.Action.PUBLISH)


def published_release() -> Release | None:
    """The release the published branch points at, per the last publication."""
    last = Publication.objects.select_related("release").first()
    return last.release if last else None


def rollback_release(*, user: Any) -> Publication:
    """Move ``published`` back to the release before the one published now, and push."""
    current = published_release()
    if current is None:
        raise KnowledgeError("nothing has been published yet")
    previous = Release.objects.filter(pk__lt=current.pk).order_by("-pk").first()
    if previous is None:
        raise KnowledgeError(f"{current.name} is the first release; there is none before it")
    return _move_published(user=user, release=previous, action=Publication.Action.ROLLBACK)
