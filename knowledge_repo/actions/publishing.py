"""Publishing: one rule decides what may go public; every move of ``published`` obeys it.

:func:`publish_problems` is the rule (a release's tag exists, its name, its
tree and the changelog and tag message a publication of it would carry pass
the public screening, ``knowledge_repo.publicrule``). Publishing, publishing
an older release again and rolling back all go through :func:`move_published`,
which runs the rule under the writer lock and then writes one snapshot commit
(``snapshots``) and pushes it. Rollback goes back to the release *published*
before the current one, never to one that was only cut.
"""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from git import Repo
from git.exc import GitCommandError

from .. import gitstore, publicrule, seal
from ..models import Publication, Release
from ..recordfile import RECORDS_DIR, RecordFormatError, parse_record
from . import snapshots
from .releases import changelog_markdown
from .workspace import KnowledgeError, author_identity, committer, ensure_initialised, repo_path

logger = logging.getLogger(__name__)
Changelog = dict[str, list[dict[str, str]]]


def _names(repo: Repo, entries: list[tuple[str, str]]) -> dict[str, str]:
    """Record name per path, read from the blobs (a file that does not parse: its slug)."""
    from ..reader import read_blobs

    names = {}
    for (path, _), text in zip(
        entries, read_blobs(repo.working_dir, [s for _, s in entries]), strict=True
    ):
        slug = path[len(RECORDS_DIR) + 1 : -len(".md")]
        try:
            names[path] = parse_record(text, slug).name
        except RecordFormatError:
            names[path] = slug
    return names


def public_changelog(repo: Repo, tree: str, before: str | None) -> Changelog:
    """What a publication of ``tree`` changes for readers of the public remote.

    Against the tree published now (``before``), not the last release cut:
    names of removed records come from the public tree, the others from
    ``tree`` itself, so the message holds nothing that was never public.
    """
    old = before or gitstore.EMPTY_TREE
    out = repo.git.diff_tree("-r", "--no-renames", "--raw", old, tree, "--", RECORDS_DIR)
    kinds = {"A": "added", "M": "updated", "D": "removed"}
    rows: list[tuple[str, str, str]] = []  # kind, path, blob that names it
    for line in filter(None, out.split("\n")):
        meta, _, path = line.partition("\t")
        _, _, old_sha, new_sha, status = meta.split()
        if path.endswith(".md") and status[0] in kinds:
            rows.append((kinds[status[0]], path, old_sha if status[0] == "D" else new_sha))
    names = _names(repo, [(path, sha) for _, path, sha in rows])
    changelog: Changelog = {"added": [], "updated": [], "removed": []}
    for kind, path, _ in sorted(rows, key=lambda r: r[1]):
        slug = path[len(RECORDS_DIR) + 1 : -len(".md")]
        changelog[kind].append({"slug": slug, "name": names[path]})
    return changelog


def _title(release: Release, action: str) -> str:
    if action == Publication.Action.ROLLBACK:
        return f"Roll back to {release.name}"
    if release.publications.exists():
        return f"Publish {release.name} again"
    return f"Release {release.name}"


def _plan(repo: Repo, release: Release, action: str) -> tuple[str, str, list[str]]:
    """The snapshot message, the tag message and why the rule refuses (empty: it may go)."""
    tag = f"refs/tags/{release.name}"
    if not gitstore.ref_exists(repo, tag):
        return "", "", [f"the tag {release.name!r} is missing from the repository"]
    tree = snapshots.tree_of(repo, tag)
    head = snapshots.published_head(repo)
    before = snapshots.tree_of(repo, head) if head else None
    day = release.created_at.date().isoformat()
    section = changelog_markdown(release.name, public_changelog(repo, tree, before), day)
    message = f"{_title(release, action)}\n\n{section}\nRelease: {release.name}\n"
    tag_message = f"Release {release.name}\n\n{section}"
    problems = publicrule.text_problems(
        {"release name": release.name, "changelog": message, "tag message": tag_message}
    )
    problems += publicrule.tree_problems(repo, tag)
    return message, tag_message, problems


def publish_problems(release: Release, action: str = Publication.Action.PUBLISH) -> list[str]:
    """The one publish rule: why ``release`` must not become ``published`` (empty: it may).

    The same answer the publish, re-publish and rollback steps get, for the
    release page to show before anyone presses the button.
    """
    if not (repo_path() / ".git").exists():
        return ["this host has no working copy of the knowledge repository"]
    with gitstore.open_repo(repo_path()) as repo:
        return _plan(repo, release, action)[2]


def _refusal(release: Release, problems: list[str]) -> KnowledgeError:
    shown = "; ".join(problems[:10])
    more = f" (and {len(problems) - 10} more)" if len(problems) > 10 else ""
    return KnowledgeError(f"{release.name} cannot be published: {shown}{more}")


def _push_everywhere(repo: Repo, snapshot: str, replace: bool) -> list[dict[str, Any]]:
    results = []
    for remote in settings.KNOWLEDGE_PUBLISH_REMOTES:
        try:
            snapshots.push(repo, remote, snapshot, replace=replace)
            results.append({"remote": remote, "ok": True, "error": ""})
        except (GitCommandError, snapshots.RemoteHistoryError) as exc:
            error = str(exc)
            if isinstance(exc, GitCommandError):
                error = exc.stderr or error
            error = error.strip()[:2000]
            results.append({"remote": remote, "ok": False, "error": error})
            logger.error("publishing %s to %s failed: %s", snapshot[:10], remote, error)
    return results


def move_published(
    *, user: Any, release: Release, action: str, replace: bool = False
) -> Publication:
    """Every move of ``published``: the rule, one snapshot commit, the public tag, the push."""
    ensure_initialised()
    with gitstore.writer_lock(repo_path()), gitstore.open_repo(repo_path()) as repo:
        message, tag_message, problems = _plan(repo, release, action)
        if problems:
            raise _refusal(release, problems)
        try:  # a configured key that cannot sign stops here, before anything is written
            snapshots.signing()
        except seal.SealError as exc:
            raise KnowledgeError(str(exc)) from exc
        who = author_identity(user) if getattr(user, "pk", None) else committer()
        tag = f"refs/tags/{release.name}"
        snapshot = snapshots.make_snapshot(
            repo,
            tree=snapshots.tree_of(repo, tag),
            parent=snapshots.published_head(repo),
            message=message,
            author=who,
            organisation=committer(),
        )
        if snapshots.public_tag(repo, release.name) is None:
            snapshots.make_public_tag(
                repo, name=release.name, commit=snapshot, message=tag_message, tagger=who
            )
        repo.git.update_ref(snapshots.PUBLISHED_REF, snapshot)
        results = _push_everywhere(repo, snapshot, replace)
        release_sha = repo.git.rev_parse(f"{tag}^{{commit}}")
    return Publication.objects.create(
        release=release,
        action=action,
        user=user if getattr(user, "pk", None) else None,
        results=results,
        snapshot_sha=snapshot,
        release_sha=release_sha,
    )


def publish_release(*, user: Any, name: str, replace_public_history: bool = False) -> Publication:
    """Publish the release (first time or again): one new snapshot commit, pushed everywhere.

    A remote that fails is recorded in ``Publication.results`` (and
    ``failed_remotes``) while the others are still updated.
    ``replace_public_history`` force-pushes once over a remote whose history
    is not the snapshot history (``snapshots.replace_hint``).
    """
    release = Release.objects.filter(name=name).first()
    if release is None:
        raise KnowledgeError(f"there is no release named {name!r}")
    return move_published(
        user=user,
        release=release,
        action=Publication.Action.PUBLISH,
        replace=replace_public_history,
    )


def published_release() -> Release | None:
    """The release the published branch points at, per the last publication."""
    last = Publication.objects.select_related("release").first()
    return last.release if last else None


def rollback_target() -> Release | None:
    """The release published before the one published now (None: there is none)."""
    current = published_release()
    if current is None:
        return None
    earlier = Publication.objects.exclude(release=current).select_related("release")
    last = earlier.order_by("-pk").first()
    return last.release if last else None


def rollback_release(*, user: Any) -> Publication:
    """Publish again the release published before the current one, if the rule lets it."""
    current = published_release()
    if current is None:
        raise KnowledgeError("nothing has been published yet")
    target = rollback_target()
    if target is None:
        raise KnowledgeError(f"{current.name} is the first release published; none came before it")
    return move_published(user=user, release=target, action=Publication.Action.ROLLBACK)
