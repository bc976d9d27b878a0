"""What a committer checks before it writes: the shared remote, and whose working copy this is.

A committer becoming the leader makes its working copy match the shared
remote (``sync_from_shared``) and then proves the working copy belongs to this
database (``consistency``). Both refuse rather than lose history: the shared
remote only gets this working copy's history when it is empty and the working
copy holds every commit the database recorded, and the working copy is only
reset to the remote when every commit the remote lacks can be made again from
the outbox. A refusal is a ``WorkingCopyRefused`` whose message says why and
what to do; the committer stops leading and shows it (``kb_committer``,
``/readyz``, the dashboard).
"""

from __future__ import annotations

import logging
from pathlib import Path

from django.conf import settings
from git import Repo

from .. import consistency, gitstore
from ..models import Change, Release
from .workspace import KnowledgeError, ensure_initialised, repo_path

logger = logging.getLogger(__name__)

# How a committer's heartbeat message starts while it refuses its working copy
# (kb_committer writes it; /readyz and the dashboard show it).
REFUSED_TO_LEAD = "refused to lead:"
# The first commit of every working copy (gitstore.ensure_repository): it holds no record.
START_SUBJECT = "Start the knowledge repository"


class WorkingCopyRefused(KnowledgeError):
    """This working copy must not be written; the message says why and how to fix it."""


def _droppable(repo: Repo, sha: str) -> bool:
    """A local commit the shared remote lacks that resetting may drop: nothing recorded is lost.

    A change's commit that the database has not recorded is committed again from the
    outbox; a release commit without its release row is cut again; a working copy's
    own first commit holds no record.
    """
    info = repo.git.log(
        "-1",
        "--format=%P%x00%s%x00%(trailers:key=Change-Id,valueonly,separator=%x01)"
        "%x00%(trailers:key=Release,valueonly,separator=%x01)",
        sha,
    )
    parents, subject, ids, releases = (info.split("\x00") + ["", "", ""])[:4]
    change_ids = [int(p) for p in ids.split("\x01") if p.strip().isdigit()]
    if change_ids:
        recorded = Change.objects.filter(pk__in=change_ids, status=Change.Status.COMMITTED)
        return not recorded.exists()
    if releases.strip():
        return not Release.objects.filter(sha=sha).exists()
    return not parents.strip() and subject.strip() == START_SUBJECT


def _push_empty(repo: Repo, root: Path, remote: str) -> None:
    # An empty shared remote takes this history only if it holds everything recorded:
    # a fresh working copy pushed here would become every other committer's truth.
    problems = consistency.history_problems(repo)
    if problems:
        raise WorkingCopyRefused(
            f"the shared remote {remote} is empty and {consistency.mismatch_message(root, problems)}"
            " Restore the shared remote (e.g. push the working copy that holds these commits "
            "to it) before this committer leads."
        )
    repo.git.push("-q", remote, f"HEAD:refs/heads/{gitstore.BRANCH}")


def sync_from_shared() -> bool:
    """Make the working copy match the shared remote's branch; True if it moved.

    Run by a committer when it becomes the leader: the previous leader may have
    committed from another working copy. Local commits the shared remote lacks
    are dropped only when nothing recorded goes with them (see ``_droppable``);
    otherwise this raises ``WorkingCopyRefused`` and the working copy stays as it is.
    """
    remote = settings.KNOWLEDGE_SHARED_REMOTE
    if not remote:
        return False
    ensure_initialised()
    root = repo_path()
    with gitstore.writer_lock(root), gitstore.open_repo(root) as repo:
        gitstore.clear_stale_index_lock(root)
        heads = str(repo.git.ls_remote("--heads", remote, gitstore.BRANCH))
        if not heads.strip():
            _push_empty(repo, root, remote)
            return False
        # Release tags too: the previous leader may have cut releases.
        repo.git.fetch("-q", "--tags", remote, f"refs/heads/{gitstore.BRANCH}")
        target = repo.git.rev_parse("FETCH_HEAD")
        if target == gitstore.head_sha(repo):
            return False
        lacking = repo.git.rev_list(f"{target}..HEAD").split()
        kept = [sha for sha in lacking if not _droppable(repo, sha)]
        if kept:
            subject = repo.git.log("-1", "--format=%s", kept[0])
            raise WorkingCopyRefused(
                f"the shared remote {remote} lacks {len(kept)} commit(s) of the working copy "
                f"{root} that the database recorded or that hold records (newest {kept[0][:12]} "
                f'"{subject}"): not resetting the working copy to it. If the remote lost them, '
                f"push this working copy's {gitstore.BRANCH} there (git -C {root} push {remote} "
                f"{gitstore.BRANCH}); if this working copy is not this database's, point "
                "KNOWLEDGE_REPO_PATH elsewhere."
            )
        repo.git.reset("-q", "--hard", target)
        repo.git.clean("-q", "-f", "-d", "--", "records")
        (root / ".git" / "kb-inflight").unlink(missing_ok=True)
        return True


def check_before_leading() -> bool:
    """Sync with the shared remote, then prove the working copy belongs to this database.

    Returns whether the working copy moved; raises ``WorkingCopyRefused`` when it must not
    be written.
    """
    moved = sync_from_shared()
    check_working_copy(full=True)
    return moved


def check_working_copy(*, full: bool) -> None:
    """Raise ``WorkingCopyRefused`` unless this host's working copy agrees with the database
    (``full``: its whole history, else the few-millisecond check)."""
    ensure_initialised()
    try:
        consistency.check_working_copy(repo_path(), full=full)
    except consistency.WorkingCopyMismatch as exc:
        raise WorkingCopyRefused(str(exc)) from exc
