"""Publishing: move the published branch to a release and push it to every remote."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from django.conf import settings
from git import Repo
from git.exc import GitCommandError

from .. import checks, gitstore
from ..models import Publication, Release
from .workspace import KnowledgeError, ensure_initialised, repo_path

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


def _public_texts(repo: Repo, tag: str, since: str | None) -> dict[str, str]:
    """Everything a publication makes public: the tree, the tag and the new commits."""
    from ..reader import list_tree, read_blobs

    root = Path(repo.working_dir)
    entries = list_tree(root, f"refs/tags/{tag}")
    texts = dict(
        zip([p for p, _ in entries], read_blobs(root, [s for _, s in entries]), strict=True)
    )
    # The tag's message; its header holds only the tagger (checked with the commits).
    texts[f"tag {tag}"] = repo.git.cat_file("tag", tag).partition("\n\n")[2]
    span = f"{since}..refs/tags/{tag}" if since else f"refs/tags/{tag}"
    log = repo.git.log("--format=%H%x00%an <%ae>%x00%cn <%ce>%x00%B%x1e", span, "--")
    for entry in filter(None, (e.strip("\n") for e in log.split("\x1e"))):
        sha, author, committer, message = entry.split("\x00", 3)
        texts[f"commit {sha[:10]}"] = f"{author}\n{committer}\n{message}"
    return texts


def check_publishable(repo: Repo, tag: str, since: str | None = None) -> list[str]:
    """Why the release must not be published (empty when it may): see ``checks``."""
    return checks.public_problems(_public_texts(repo, tag, since))


def _move_published(*, user: Any, release: Release, action: str) -> Publication:
    ensure_initialised()
    root = repo_path()
    with gitstore.writer_lock(root), gitstore.open_repo(root) as repo:
        if not gitstore.ref_exists(repo, f"refs/tags/{release.name}"):
            raise KnowledgeError(f"the tag {release.name!r} is missing from the repository")
        if action == Publication.Action.PUBLISH:
            current = published_release()
            since = current.sha if current is not None and current.pk != release.pk else None
            problems = check_publishable(repo, release.name, since)
            if problems:
                shown = "; ".join(problems[:10])
                more = f" (and {len(problems) - 10} more)" if len(problems) > 10 else ""
                raise KnowledgeError(f"{release.name} cannot be published: {shown}{more}")
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
