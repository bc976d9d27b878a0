"""Releases: checks, changelog and an annotated tag, under the writer lock."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.utils import timezone

from .. import gitstore, publicrule, seal
from ..models import Change, Release
from ..recordfile import (
    CHANGELOG_FILE,
    flatten,
    record_path,
)
from .workspace import (
    KnowledgeError,
    author_identity,
    committer,
    ensure_initialised,
    repo_path,
    write_text,
)

# --- Releases and publishing ---------------------------------------------------------


@dataclass
class ReleaseResult:
    """What ``cut_release`` found and did: ``release`` is None when it did not tag."""

    failures: list[Any]
    release: Release | None
    changelog: dict[str, list[dict[str, str]]]
    index_lines: int = 0
    index_chars: int = 0
    budget: dict[str, int] = field(default_factory=dict)
    findings: list[Any] = field(default_factory=list)


_RELEASE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$")


def _next_release_name() -> str:
    n = Release.objects.count() + 1
    while Release.objects.filter(name=f"v{n}").exists():
        n += 1
    return f"v{n}"


def changelog_markdown(name: str, changelog: dict[str, list[dict[str, str]]], day: str) -> str:
    """The CHANGELOG.md section of one release."""
    parts = [f"## {name} ({day})\n"]
    for key, title in (("added", "Added"), ("updated", "Updated"), ("removed", "Removed")):
        items = changelog.get(key, [])
        if items:
            parts.append(f"\n{title}:\n")
            parts += [f"- {flatten(i['name'])} ({record_path(i['slug'])})\n" for i in items]
    if not any(changelog.get(k) for k in ("added", "updated", "removed")):
        parts.append("\nNo record changed.\n")
    return "".join(parts)


def cut_release(*, user: Any, name: str | None = None, dry_run: bool = False) -> ReleaseResult:
    """Run the release checks and, when all pass and not ``dry_run``, tag a release.

    The tag is annotated (tagger = the publisher); its message and a new
    CHANGELOG.md section list the records added, updated and removed since
    the previous release. Checks, changelog and tag happen under the writer
    lock, so no commit slips in between.
    """
    from .. import selectors

    ensure_initialised()
    if name is not None and not _RELEASE_NAME.match(name):
        raise KnowledgeError(f"{name!r} is not a valid release name (letters, digits, . _ -)")
    if name is not None and publicrule.text_problems({"release name": name}):
        raise KnowledgeError(
            f"{name!r} cannot be a release name: it would be public, and it reads as personal data"
        )
    root = repo_path()
    with gitstore.writer_lock(root), gitstore.open_repo(root) as repo:
        snapshot = selectors.take_snapshot(repo, parse=False)  # parsed by the checks
        changelog: dict[str, list[dict[str, str]]] = {}

        def changes(parsed: selectors.Snapshot) -> None:  # git diff while the workers screen
            changelog.update(selectors.changes_since_last_release(repo=repo, snapshot=parsed))

        failures, findings = selectors.checks_with_findings(snapshot=snapshot, meanwhile=changes)
        result = ReleaseResult(
            failures=failures,
            release=None,
            changelog=changelog,
            index_lines=snapshot.index_lines,
            index_chars=snapshot.index_chars,
            budget={
                "lines": settings.PROMPT_INDEX_MAX_LINES,
                "chars": settings.PROMPT_INDEX_MAX_CHARS,
            },
            findings=findings,
        )
        if failures or dry_run:
            return result
        name = name or _next_release_name()
        try:
            # Before anything is written: a configured key that is missing stops the cut here.
            sign_env = seal.signing_env()
        except seal.SealError as exc:
            raise KnowledgeError(str(exc)) from exc
        if Release.objects.filter(name=name).exists() or gitstore.ref_exists(
            repo, f"refs/tags/{name}"
        ):
            raise KnowledgeError(f"a release named {name!r} already exists")
        day = timezone.now().date().isoformat()
        section = changelog_markdown(name, changelog, day)
        log_file = root / CHANGELOG_FILE
        # From HEAD, not the working file: a release that died after writing
        # the file must not leave its section behind twice.
        old = gitstore.show_file(repo, "HEAD", CHANGELOG_FILE) or ""
        old = old.removeprefix("# Changelog\n").lstrip("\n")
        write_text(log_file, f"# Changelog\n\n{section}\n{old}".rstrip("\n") + "\n")
        who = author_identity(user) if user is not None else committer()
        repo.git.add("--", CHANGELOG_FILE)
        previous = Release.objects.order_by("-pk").values_list("name", flat=True).first()
        seal.write_manifest(repo, root, name=name, previous=previous)
        repo.git.commit(
            "-q",
            "--no-verify",
            *seal.commit_sign_args(),
            "-m",
            f"Release {name}\n\nRelease: {name}\n",
            env={**gitstore.identity_env(author=who, committer=committer()), **sign_env},
        )
        # The message can list thousands of records: pass it as a file, not an argument.
        message_file = root / ".git" / "KB_TAG_MESSAGE"
        write_text(message_file, f"Release {name}\n\n{section}")
        repo.git.tag(
            *seal.tag_sign_args(),
            name,
            "-F",
            str(message_file),
            "--cleanup=verbatim",
            env={**gitstore.identity_env(author=who, committer=who), **sign_env},
        )
        message_file.unlink()
        sha = gitstore.head_sha(repo)
        if settings.KNOWLEDGE_SHARED_REMOTE:
            # The release commit and its tag reach the shared remote before the
            # Release row exists, so a committer taking over has both.
            repo.git.push(
                "-q",
                settings.KNOWLEDGE_SHARED_REMOTE,
                f"HEAD:refs/heads/{gitstore.BRANCH}",
                f"refs/tags/{name}:refs/tags/{name}",
            )
        # The checks passed, so no change is pending: the newest committed one is in.
        last_change = (
            Change.objects.filter(status=Change.Status.COMMITTED)
            .order_by("-pk")
            .values_list("pk", flat=True)
            .first()
        )
        result.release = Release.objects.create(
            name=name, sha=sha, changelog=changelog, created_by=user, last_change_id=last_change
        )
    return result
