"""The suite writes only into temporary directories, and a run that writes into var/ fails."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

from tests.isolation import Guard, compare, snapshot

CHECKOUT = Path(__file__).resolve().parents[1]


def _outside_checkout(path: object) -> bool:
    return not Path(str(path)).resolve().is_relative_to(CHECKOUT)


def _git_env() -> dict[str, str]:
    who = {"NAME": "t", "EMAIL": "t@example.org"}
    return os.environ | {
        f"GIT_{role}_{k}": v for role in ("AUTHOR", "COMMITTER") for k, v in who.items()
    }


def test_every_writable_path_is_in_the_session_home():
    home = Path(os.environ["MEMORY_REVIEW_TEST_HOME"])
    paths = [
        settings.VAR_DIR,
        settings.KNOWLEDGE_REPO_PATH,
        *settings.KNOWLEDGE_PUBLISH_REMOTES,
        settings.BACKUP_DIR,
        settings.STATIC_ROOT,
        os.environ["XDG_CACHE_HOME"],
    ]
    for path in paths:
        assert Path(path).resolve().is_relative_to(home.resolve()), path
        assert _outside_checkout(path), path
    assert not settings.KNOWLEDGE_SHARED_REMOTE


@pytest.mark.django_db(transaction=True)
def test_an_approval_in_a_test_without_the_kb_fixture_commits_in_the_session_home(alice):
    # The leak that put "Basic Economy checked baggage" into the demo's var/knowledge:
    # the embedded default commits in process, into KNOWLEDGE_REPO_PATH.
    from knowledge_repo.models import Change

    from .knowledge_repo.conftest import git, make_record

    make_record(alice, name="Isolation probe")

    change = Change.objects.get()
    assert change.status == Change.Status.COMMITTED
    assert _outside_checkout(settings.KNOWLEDGE_REPO_PATH)
    assert "Isolation probe" in git(settings.KNOWLEDGE_REPO_PATH, "log", "-1", "--format=%s")


def test_the_snapshot_sees_new_changed_and_removed_files_and_moved_refs(tmp_path):
    var = tmp_path / "var"
    (var / "knowledge").mkdir(parents=True)
    subprocess.run(["git", "init", "-q", "-b", "main", str(var / "knowledge")], check=True)
    env = _git_env()
    commit = ["git", "-C", str(var / "knowledge"), "commit", "-q", "--allow-empty", "-m", "x"]
    subprocess.run(commit, check=True, env=env)
    (var / "keep.txt").write_text("a")
    (var / "gone.txt").write_text("b")
    before = snapshot(var)

    assert compare(before, snapshot(var)) == []

    (var / "keep.txt").write_text("longer")
    (var / "gone.txt").unlink()
    (var / "new.txt").write_text("c")
    subprocess.run(commit, check=True, env=env)

    lines = compare(before, snapshot(var), prefix="var/")
    assert "changed var/keep.txt" in lines
    assert "removed var/gone.txt" in lines
    assert "added var/new.txt" in lines
    assert "changed var/knowledge/.git/refs/heads/main" in lines


def test_the_guard_names_new_files_in_the_checkout_and_a_moved_head(tmp_path):
    subprocess.run(["git", "init", "-q", "-b", "main", str(tmp_path)], check=True)
    commit = ["git", "-C", str(tmp_path), "commit", "-q", "--allow-empty", "-m", "x"]
    subprocess.run(commit, check=True, env=_git_env())
    guard = Guard(tmp_path)
    assert guard.changes() == []

    (tmp_path / "stray.txt").write_text("x")
    (tmp_path / "var").mkdir()
    (tmp_path / "var" / "memory_review.sqlite3").write_text("x")

    assert guard.changes() == ["added var/memory_review.sqlite3", "added stray.txt"]

    subprocess.run(commit, check=True, env=_git_env())
    assert any(line.startswith("HEAD moved") for line in guard.changes())


def _inner_run(tmp_path: Path, body: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    (tmp_path / "test_inner.py").write_text(body)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
    env["PYTHONPATH"] = str(CHECKOUT)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "tests.isolation", "-p", "no:django"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_run_that_writes_into_var_fails_and_names_the_file(tmp_path):
    result = _inner_run(
        tmp_path,
        "from pathlib import Path\n"
        "def test_leaks():\n"
        "    Path('var').mkdir(exist_ok=True)\n"
        "    Path('var/leak.txt').write_text('x')\n",
    )

    assert result.returncode == 1, result.stdout
    assert "1 passed" in result.stdout
    assert "wrote outside its temporary directories" in result.stdout
    assert "added var/leak.txt" in result.stdout


def test_a_run_that_writes_only_into_its_temporary_directories_passes(tmp_path):
    (tmp_path / "var").mkdir()
    result = _inner_run(
        tmp_path,
        "import os\n"
        "from pathlib import Path\n"
        "def test_writes_at_home(tmp_path):\n"
        "    (tmp_path / 'fine.txt').write_text('x')\n"
        "    home = Path(os.environ['MEMORY_REVIEW_VAR_DIR'])\n"
        "    home.mkdir(parents=True)\n"
        "    (home / 'db').write_text('x')\n",
    )

    assert result.returncode == 0, result.stdout
    assert "isolation" not in result.stdout.split("passed")[-1]
