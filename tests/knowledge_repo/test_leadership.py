"""A working copy and a shared remote are only written when they agree with the database.

Real repositories throughout: working copies of two "hosts" under tmp_path and a
bare shared remote, one database.
"""

import re
import subprocess
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from knowledge_repo.actions import commit_pending, cut_release
from knowledge_repo.actions.leadership import (
    WorkingCopyRefused,
    check_before_leading,
    sync_from_shared,
)
from knowledge_repo.models import Change, ChangeFile, Record, Release

from .conftest import git, make_record

pytestmark = pytest.mark.django_db


def _bare(path: Path) -> Path:
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(path)], check=True)
    return path


def _records(root: Path) -> int:
    return len(list((root / "records").glob("*.md")))


def _remote_main(remote: Path) -> str:
    return git(remote, "for-each-ref", "refs/heads/main", "--format=%(objectname)").strip()


def _three_records(alice) -> None:
    for name in ("Opening hours", "Refund policy", "Free plan"):
        make_record(alice, name=name)
    commit_pending()


def test_a_fresh_working_copy_never_pushes_its_empty_history_to_an_empty_shared_remote(
    kb, settings, tmp_path, alice
):
    _three_records(alice)  # host A's working copy, before there was a shared remote
    shared = _bare(tmp_path / "shared.git")
    settings.KNOWLEDGE_SHARED_REMOTE = str(shared)
    settings.KNOWLEDGE_REPO_PATH = tmp_path / "host-b"  # a fresh working copy leads first

    with pytest.raises(WorkingCopyRefused) as refused:
        check_before_leading()

    assert "is empty" in str(refused.value) and str(tmp_path / "host-b") in str(refused.value)
    assert "which this working copy lacks" in str(refused.value)
    assert _remote_main(shared) == ""
    # Host A holds every recorded commit: it fills the shared remote, and B takes over from it.
    settings.KNOWLEDGE_REPO_PATH = kb
    check_before_leading()
    assert _remote_main(shared) == git(kb, "rev-parse", "HEAD").strip()
    settings.KNOWLEDGE_REPO_PATH = tmp_path / "host-b"
    assert check_before_leading() is True
    assert _records(tmp_path / "host-b") == 3


def test_the_working_copy_is_never_reset_to_a_shared_remote_that_lacks_its_commits(
    kb, settings, tmp_path, alice
):
    shared = _bare(tmp_path / "shared.git")
    settings.KNOWLEDGE_SHARED_REMOTE = str(shared)
    _three_records(alice)
    head = git(kb, "rev-parse", "HEAD").strip()
    # The shared remote lost them: a fresh working copy's history replaced it.
    shared = _bare(tmp_path / "replaced.git")
    settings.KNOWLEDGE_SHARED_REMOTE = str(shared)
    fresh = tmp_path / "fresh"
    subprocess.run(["git", "init", "-q", "-b", "main", str(fresh)], check=True)
    (fresh / "MEMORY.md").write_text("# Memory\n")
    git(fresh, "add", "MEMORY.md")
    git(
        fresh,
        "-c",
        "user.name=x",
        "-c",
        "user.email=x@x",
        "commit",
        "-qm",
        "Start the knowledge repository",
    )
    git(fresh, "push", "-q", str(shared), "main")

    with pytest.raises(WorkingCopyRefused) as refused:
        sync_from_shared()

    message = str(refused.value)
    assert f"the shared remote {shared} lacks 3 commit(s)" in message
    assert "not resetting" in message and f"git -C {kb} push {shared} main" in message
    assert git(kb, "rev-parse", "HEAD").strip() == head
    assert _records(kb) == 3


def test_a_commit_the_database_never_recorded_is_dropped_and_committed_again(
    kb, settings, tmp_path, alice
):
    shared = _bare(tmp_path / "shared.git")
    settings.KNOWLEDGE_SHARED_REMOTE = str(shared)
    make_record(alice, name="Opening hours")
    commit_pending()
    pushed = _remote_main(shared)
    # A committer died after its commit, before the push and the database update.
    settings.KNOWLEDGE_SHARED_REMOTE = ""
    make_record(alice, name="Refund policy")
    commit_pending()
    Change.objects.filter(slug="refund-policy").update(status="pending", commit_sha="")
    settings.KNOWLEDGE_SHARED_REMOTE = str(shared)

    assert check_before_leading() is True

    assert git(kb, "rev-parse", "HEAD").strip() == pushed
    assert [c.slug for c in commit_pending(recover=True)] == ["refund-policy"]
    assert _remote_main(shared) == git(kb, "rev-parse", "HEAD").strip()


def _forget_everything() -> None:
    # Another installation's database, as far as this working copy is concerned.
    ChangeFile.objects.all().delete()
    Change.objects.all().delete()
    Record.objects.all().delete()
    Release.objects.all().delete()


def test_kb_init_refuses_a_working_copy_made_for_another_database(kb, alice, bob):
    _three_records(alice)
    cut_release(user=bob)
    make_record(alice, name="After the release")
    commit_pending()
    assert "already there" in _kb_init()
    _forget_everything()

    with pytest.raises(CommandError) as refused:
        _kb_init()

    message = str(refused.value)
    assert str(kb) in message and "does not belong to this database" in message
    assert re.search(r"carries Change-Id: \d+, a change this database does not know", message)
    assert "tag v1 is not a release this database knows" in message
    assert "Point KNOWLEDGE_REPO_PATH" in message


def test_kb_init_refuses_a_working_copy_that_lacks_recorded_commits_or_moved_a_tag(kb, alice, bob):
    _three_records(alice)
    release = cut_release(user=bob).release
    git(kb, "tag", "-f", "-a", "v1", "-m", "moved", "HEAD~1")

    with pytest.raises(CommandError) as refused:
        _kb_init()
    assert f"the database's release v1 is commit {release.sha[:12]}" in str(refused.value)

    git(kb, "tag", "-f", "-a", "v1", "-m", "back", release.sha)
    git(kb, "reset", "-q", "--hard", "HEAD~2")
    with pytest.raises(CommandError) as refused:
        _kb_init()
    assert "which this working copy lacks" in str(refused.value)


def _kb_init() -> str:
    from io import StringIO

    out = StringIO()
    call_command("kb_init", stdout=out)
    return out.getvalue()
