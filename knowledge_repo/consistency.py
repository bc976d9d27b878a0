"""Does this working copy belong to this database?

A working copy made for another database (the demo's, a restored backup's,
another installation's) carries ``Change-Id:`` trailers and release tags
that mean other changes here: committing into it reuses change ids, and a
committer's crash recovery would record this database's changes with another
database's commits. Two checks compare them:

- ``history_problems`` walks the whole history of HEAD (a start-up check:
  ``kb_init`` and a committer becoming the leader refuse on any problem);
- ``quick_problems`` costs a few git calls (``/readyz`` and the committer's
  heartbeat): the newest committed change is in HEAD's history, HEAD's
  ``Change-Id`` is a change this database knows by that commit, and every
  release's tag is there with its recorded commit.
"""

from __future__ import annotations

from pathlib import Path

from git import Repo
from git.exc import GitCommandError

from . import gitstore
from .models import Change, Release

_TRAILERS = "%(trailers:key=Change-Id,valueonly,separator=%x01)"


class WorkingCopyMismatch(Exception):
    """The working copy and the database disagree; the message names the path, what
    disagrees and how to fix it."""


def _change_ids(raw: str) -> list[int]:
    return [int(part.strip()) for part in raw.split("\x01") if part.strip().isdigit()]


def _history(repo: Repo) -> list[tuple[str, list[int]]]:
    out = repo.git.log(f"--format=%H%x00{_TRAILERS}%x02", "HEAD")
    entries = []
    for entry in out.split("\x02"):
        sha, _, ids = entry.strip().partition("\x00")
        if sha:
            entries.append((sha, _change_ids(ids)))
    return entries


def _tags(repo: Repo) -> dict[str, str]:
    """Tag name -> the commit it names (annotated tags peeled)."""
    out = repo.git.for_each_ref(
        "refs/tags", "--format=%(refname:strip=2)%00%(objectname)%00%(*objectname)"
    )
    tags = {}
    for line in out.splitlines():
        name, direct, peeled = (line.split("\x00") + ["", ""])[:3]
        tags[name] = peeled or direct
    return tags


def _release_problems(repo: Repo) -> tuple[list[str], dict[str, str]]:
    # The rows before the tags: a release cut meanwhile has its tag before its row.
    releases = list(Release.objects.values_list("name", "sha"))
    tags = _tags(repo)
    problems = []
    for name, sha in releases:
        found = tags.get(name)
        if found is None:
            problems.append(f"release {name} (commit {sha[:12]}) has no tag here")
        elif found != sha:
            problems.append(
                f"tag {name} is commit {found[:12]} here; the database's release {name} is "
                f"commit {sha[:12]}"
            )
    return problems, tags


def history_problems(repo: Repo) -> list[str]:
    """Every disagreement between HEAD's whole history and the database's changes and releases."""
    history = _history(repo)
    shas = {sha for sha, _ in history}
    changes = {
        pk: (status, sha)
        for pk, status, sha in Change.objects.values_list("pk", "status", "commit_sha")
    }
    problems = []
    for sha, ids in history:
        for cid in ids:
            if cid not in changes:
                problems.append(
                    f"commit {sha[:12]} carries Change-Id: {cid}, a change this database does not know"
                )
            elif changes[cid][1] and changes[cid][1] != sha:
                problems.append(
                    f"commit {sha[:12]} carries Change-Id: {cid}, which the database recorded as "
                    f"commit {changes[cid][1][:12]}"
                )
    for pk, (status, sha) in sorted(changes.items()):
        if status == Change.Status.COMMITTED and sha not in shas:
            problems.append(
                f"change {pk} was recorded as commit {sha[:12]}, which this working copy lacks"
            )
    release_problems, tags = _release_problems(repo)
    problems += release_problems
    known = set(Release.objects.values_list("name", flat=True))
    head = history[0][0] if history else None
    for name, sha in sorted(tags.items()):
        # A tag at HEAD without its row is a release that died between tag and row.
        if name not in known and sha in shas and sha != head:
            problems.append(f"tag {name} is not a release this database knows")
    return problems


def quick_problems(repo: Repo) -> list[str]:
    """The cheap comparison (a few git calls): newest recorded commit, HEAD's change, release tags."""
    problems = []
    # The database before git: a change recorded meanwhile is already in HEAD's history.
    newest = (
        Change.objects.filter(status=Change.Status.COMMITTED)
        .order_by("-pk")
        .values_list("pk", "commit_sha")
        .first()
    )
    head, _, trailers = repo.git.log("-1", f"--format=%H%x00{_TRAILERS}", "HEAD").partition("\x00")
    if newest is not None and newest[1] != head:
        pk, sha = newest
        try:
            repo.git.merge_base("--is-ancestor", sha, head)
        except GitCommandError:
            problems.append(
                f"change {pk} was recorded as commit {sha[:12]}, which HEAD's history lacks"
            )
    for cid in _change_ids(trailers):
        row = Change.objects.filter(pk=cid).values_list("commit_sha", flat=True).first()
        if row is None:
            problems.append(f"HEAD carries Change-Id: {cid}, a change this database does not know")
        elif row and row != head:
            problems.append(
                f"HEAD carries Change-Id: {cid}, which the database recorded as commit {row[:12]}"
            )
    problems += _release_problems(repo)[0]
    return problems


def mismatch_message(root: Path, problems: list[str]) -> str:
    """What disagrees (the first few problems), where, and how to fix it."""
    shown = "; ".join(problems[:5]) + (
        f"; and {len(problems) - 5} more" if len(problems) > 5 else ""
    )
    return (
        f"the working copy {root} does not belong to this database ({len(problems)} "
        f"problem(s): {shown}). Point KNOWLEDGE_REPO_PATH at this database's working copy "
        "(or at a new, empty path), or restore the database that matches this working copy "
        "(manage.py restore); then manage.py kb_verify."
    )


def check_working_copy(root: Path, *, full: bool = True) -> None:
    """Raise ``WorkingCopyMismatch`` unless the working copy at ``root`` agrees with the database."""
    with gitstore.open_repo(root) as repo:
        problems = history_problems(repo) if full else quick_problems(repo)
    if problems:
        raise WorkingCopyMismatch(mismatch_message(root, problems))
