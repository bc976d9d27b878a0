"""The public history: one snapshot commit per publication, public tags, and the pushes.

The working history (every intermediate version, ``Change-Id`` trailers,
reviewers' trailers) stays on the app's hosts. What leaves them is built
here from a release's *tree* alone:

- ``refs/heads/published`` is a chain of snapshot commits, one per
  publication (publish, re-publish, rollback): tree = the release's tree,
  parent = the previous snapshot, message = the checked changelog with a
  ``Release: <name>`` trailer, author = the publisher's public handle,
  committer = the organisation. A snapshot is never an ancestor of the
  working branch, which is how the first publication after an upgrade
  tells a legacy ``published`` (an internal release commit) from a snapshot.
- a public tag per published release, at its first snapshot commit, kept
  under ``refs/public/tags/<name>`` (the internal ``refs/tags/<name>`` stays)
  and pushed as ``refs/tags/<name>``. It never moves.
- pushes are fast-forward and ``--atomic`` (branch and tags or nothing); a
  remote whose ``published`` is not an ancestor of the new snapshot is
  refused by name, unless the publisher asked to replace its history once.

Signing: when ``knowledge_repo.seal`` says a key is configured, snapshot
commits are made with ``-S`` and public tags with ``-s``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from git import Repo
from git.exc import GitCommandError

from .. import gitstore, seal

PUBLIC_TAGS = "refs/public/tags/"
PUBLISHED_REF = f"refs/heads/{gitstore.PUBLISHED}"
_QUIET = {"GIT_TERMINAL_PROMPT": "0"}


class RemoteHistoryError(Exception):
    """A remote's published branch is not an ancestor of the new snapshot."""


def signing() -> tuple[bool, dict[str, str]]:
    """Whether to sign, and the environment that configures git for it (``seal``).

    Raises ``seal.SealError`` when a key is configured but unusable, so nothing
    goes public half-signed.
    """
    if not seal.signed():
        return False, {}
    return True, seal.signing_env()


def published_head(repo: Repo) -> str | None:
    """The local published snapshot commit, or None (nothing yet, or a legacy branch)."""
    if not gitstore.ref_exists(repo, PUBLISHED_REF):
        return None
    head = repo.git.rev_parse(f"{PUBLISHED_REF}^{{commit}}")
    try:
        repo.git.merge_base("--is-ancestor", head, f"refs/heads/{gitstore.BRANCH}")
    except GitCommandError:
        return head  # not in the working history: a snapshot
    return None  # an internal release commit: published before releases were snapshots


def tree_of(repo: Repo, ref: str) -> str:
    return repo.git.rev_parse(f"{ref}^{{tree}}")


def _env(who: tuple[str, str], org: tuple[str, str], extra: dict[str, str]) -> dict[str, str]:
    return {**gitstore.identity_env(author=who, committer=org), **extra, **_QUIET}


def make_snapshot(
    repo: Repo,
    *,
    tree: str,
    parent: str | None,
    message: str,
    author: tuple[str, str],
    organisation: tuple[str, str],
) -> str:
    """Write the snapshot commit (not yet on any branch); its sha."""
    sign, sign_env = signing()
    args = [tree] + (["-p", parent] if parent else []) + (["-S"] if sign else [])
    root = Path(repo.git_dir)
    message_file = root / "KB_SNAPSHOT_MESSAGE"
    message_file.write_text(message, encoding="utf-8")
    try:
        return str(
            repo.git.commit_tree(
                *args, "-F", str(message_file), env=_env(author, organisation, sign_env)
            )
        ).strip()
    finally:
        message_file.unlink(missing_ok=True)


def public_tag(repo: Repo, name: str) -> str | None:
    """The public tag object of ``name``, or None when the release was never published."""
    ref = f"{PUBLIC_TAGS}{name}"
    try:
        return str(repo.git.rev_parse("--verify", "-q", ref)).strip() or None
    except GitCommandError:
        return None


def public_tags(repo: Repo) -> dict[str, str]:
    """Every public tag: release name -> tag object."""
    out = repo.git.for_each_ref("--format=%(refname)%00%(objectname)", PUBLIC_TAGS)
    found = {}
    for line in filter(None, out.split("\n")):
        ref, _, sha = line.partition("\x00")
        found[ref[len(PUBLIC_TAGS) :]] = sha
    return found


def make_public_tag(
    repo: Repo, *, name: str, commit: str, message: str, tagger: tuple[str, str]
) -> str:
    """Create the annotated public tag of ``name`` at ``commit`` (refs/public/tags/<name>).

    ``git tag`` only writes ``refs/tags/``, where the internal tag lives, so
    the tag is made in a scratch repository that borrows this one's objects
    and copied back with ``git mktag``: the same object, signed or not.
    """
    sign, sign_env = signing()
    scratch = Path(tempfile.mkdtemp(prefix="kb-tag-", dir=repo.git_dir))
    try:
        subprocess.run(["git", "init", "-q", "--bare", str(scratch)], check=True)
        objects = Path(repo.git_dir, "objects").resolve()
        (scratch / "objects" / "info" / "alternates").write_text(f"{objects}\n")
        (scratch / "MESSAGE").write_text(message, encoding="utf-8")
        env = {
            **_env(tagger, tagger, sign_env),
            "GIT_DIR": str(scratch),
            "PATH": _path(),
            "HOME": str(scratch),
        }
        flag = ["-s"] if sign else ["-a"]
        subprocess.run(
            [
                "git",
                "tag",
                *flag,
                "--cleanup=verbatim",
                "-F",
                str(scratch / "MESSAGE"),
                name,
                commit,
            ],
            check=True,
            env=env,
            capture_output=True,
        )
        content = subprocess.run(
            ["git", "cat-file", "tag", f"refs/tags/{name}"],
            check=True,
            env=env,
            capture_output=True,
        ).stdout
        sha = (
            subprocess.run(
                ["git", "mktag"],
                input=content,
                cwd=repo.working_dir,
                check=True,
                capture_output=True,
            )
            .stdout.decode()
            .strip()
        )
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    # No old value: the ref must not exist yet (a public tag never moves).
    repo.git.update_ref(f"{PUBLIC_TAGS}{name}", sha, "")
    return sha


def _path() -> str:
    return os.environ.get("PATH", "/usr/bin:/bin")


def remote_published(repo: Repo, remote: str) -> str | None:
    """The remote's published commit (``git ls-remote``), or None when it has none."""
    out = str(repo.git.ls_remote(remote, PUBLISHED_REF, env=_QUIET))
    for line in filter(None, out.split("\n")):
        return line.split()[0]
    return None


def replace_hint(remote: str) -> str:
    return (
        f"{remote} holds a published branch that is not part of the public history (a "
        "deployment from before releases were published as snapshots, or another app): it would "
        "keep the working history public. Replace it once with `manage.py kb_publish RELEASE "
        "--user NAME --replace-public-history --yes`, which force-pushes the snapshot history and "
        "deletes every other branch and tag there; on a git host, rather delete and recreate "
        "the repository (hosts keep unreachable objects)."
    )


def push(repo: Repo, remote: str, snapshot: str, *, replace: bool = False) -> None:
    """Push published (fast-forward) and every public tag to ``remote``, atomically.

    Raises :class:`RemoteHistoryError` when the remote's published branch is
    not an ancestor of ``snapshot`` (and ``replace`` is off), GitCommandError
    when the push fails.
    """
    there = remote_published(repo, remote)
    if there and not replace and not _is_ancestor(repo, there, snapshot):
        raise RemoteHistoryError(replace_hint(remote))
    plus = "+" if replace else ""
    refspecs = [f"{plus}{PUBLISHED_REF}:{PUBLISHED_REF}"]
    refspecs += [f"{plus}{PUBLIC_TAGS}{name}:refs/tags/{name}" for name in public_tags(repo)]
    if replace:
        public = {PUBLISHED_REF} | {f"refs/tags/{n}" for n in public_tags(repo)}
        listing = str(repo.git.ls_remote(remote, env=_QUIET))
        for line in filter(None, listing.split("\n")):
            ref = line.split()[1]
            if ref not in public and not ref.endswith("^{}") and ref != "HEAD":
                refspecs.append(f":{ref}")
    repo.git.push("--atomic", "--porcelain", remote, *refspecs, env=_QUIET)


def _is_ancestor(repo: Repo, ancestor: str, descendant: str) -> bool:
    try:
        repo.git.merge_base("--is-ancestor", ancestor, descendant)
    except GitCommandError:
        return False  # not an ancestor, or an object this repository never had
    return True
