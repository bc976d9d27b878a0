"""Commits written without git processes are the commits git would write (gitobjects)."""

import subprocess
import time
from pathlib import Path

import pytest
from git import Repo

from knowledge_repo import gitobjects, gitstore


def _git(path: Path, *args: str, env: dict[str, str] | None = None) -> str:
    return subprocess.run(
        ["git", "-C", str(path), *args],
        capture_output=True,
        text=True,
        check=True,
        env={"PATH": "/usr/bin:/bin", "HOME": str(path), **(env or {})},
    ).stdout


@pytest.fixture
def repo(tmp_path):
    path = tmp_path / "work"
    path.mkdir()
    _git(path, "init", "-q", "-b", "main")
    (path / "a.md").write_text("first\n")
    who = {"GIT_AUTHOR_NAME": "Init", "GIT_AUTHOR_EMAIL": "init@x", "GIT_COMMITTER_NAME": "Init"}
    _git(path, "add", "a.md")
    _git(path, "commit", "-qm", "first", env={**who, "GIT_COMMITTER_EMAIL": "init@x"})
    r = Repo(path)
    yield r
    r.close()


ENV = gitstore.identity_env(author=("Ann O'Neil, ", " ann@x.example"), committer=("Bot", "b@x"))


def test_the_commit_object_is_byte_for_byte_what_commit_tree_writes(repo):
    path = Path(repo.working_tree_dir)
    tree = _git(path, "write-tree").strip()
    parent = _git(path, "rev-parse", "HEAD").strip()
    now = 1_760_000_000.0
    message = gitstore.clean_message("Add: a record\n\nBody line\n\nChange-Id: 7\n")
    ours = gitobjects.write_commit(Path(repo.git_dir), tree, parent, message, ENV, now)
    stamp = f"@{int(now)} {gitobjects.ident('x', 'y', now).rsplit(' ', 1)[1]}"
    theirs = _git(
        path,
        *("commit-tree", tree, "-p", parent, "-m", message),
        env={**ENV, "GIT_AUTHOR_DATE": stamp, "GIT_COMMITTER_DATE": stamp},
    ).strip()
    assert ours == theirs
    # git strips what it strips from names and addresses, and so does the object written here.
    assert "author Ann O'Neil <ann@x.example>" in _git(path, "cat-file", "-p", ours)


def test_approvals_committed_this_way_leave_a_repository_git_finds_sound(repo):
    path = Path(repo.working_tree_dir)
    for n in range(3):
        (path / f"r{n}.md").write_text(f"record {n}\n")
        sha = gitstore.commit_paths(repo, [f"r{n}.md"], f"Add r{n}\n", ENV)
        assert _git(path, "rev-parse", "HEAD").strip() == sha
    _git(path, "fsck", "--strict", "--no-dangling")
    assert _git(path, "status", "--porcelain") == ""
    assert _git(path, "log", "--format=%s|%an|%cn").splitlines()[:3] == [
        "Add r2|Ann O'Neil|Bot",
        "Add r1|Ann O'Neil|Bot",
        "Add r0|Ann O'Neil|Bot",
    ]
    # The reflogs of the branch and of HEAD hold each move, as after git commit.
    for ref in ("main", "HEAD"):
        assert _git(path, "reflog", "--format=%gs", ref).splitlines()[:2] == [
            "commit: Add r2",
            "commit: Add r1",
        ]


def test_a_branch_moved_by_someone_else_is_never_overwritten(repo):
    path = Path(repo.working_tree_dir)
    parent = _git(path, "rev-parse", "HEAD").strip()
    tree = _git(path, "write-tree").strip()
    sha = gitobjects.write_commit(Path(repo.git_dir), tree, parent, "x\n", ENV, time.time())
    (path / "b.md").write_text("b\n")
    _git(path, "add", "b.md")
    _git(path, "commit", "-qm", "meanwhile", env={**ENV})
    moved = _git(path, "rev-parse", "HEAD").strip()
    with pytest.raises(gitobjects.RefMoved):
        gitobjects.move_branch(Path(repo.git_dir), "refs/heads/main", sha, parent, "x", "Bot")
    assert _git(path, "rev-parse", "HEAD").strip() == moved
    # A git process holding the branch's lock makes the write fail the same way git's would.
    (Path(repo.git_dir) / "refs/heads/main.lock").write_text("")
    with pytest.raises(FileExistsError):
        gitobjects.move_branch(Path(repo.git_dir), "refs/heads/main", sha, moved, "x", "Bot")
    assert _git(path, "rev-parse", "HEAD").strip() == moved


def test_a_packed_branch_or_dates_from_the_environment_go_through_git(repo, monkeypatch):
    path = Path(repo.working_tree_dir)
    _git(path, "pack-refs", "--all")
    assert not (Path(repo.git_dir) / "refs/heads/main").exists()
    (path / "p.md").write_text("p\n")
    sha = gitstore.commit_paths(repo, ["p.md"], "Packed\n", ENV)
    assert _git(path, "rev-parse", "HEAD").strip() == sha
    # A date git would read from the environment is honoured, as git honours it.
    monkeypatch.setenv("GIT_COMMITTER_DATE", "@1700000000 +0000")
    (path / "q.md").write_text("q\n")
    sha = gitstore.commit_paths(repo, ["q.md"], "Dated\n", ENV)
    assert _git(path, "log", "-1", "--format=%ct", sha).strip() == "1700000000"
    _git(path, "fsck", "--strict", "--no-dangling")
