"""A real crash between the git commit and the database update.

Everything runs in separate processes on a file SQLite database, so the
committer really dies: a post-commit hook in the working repository kills
the Python process that ran `git commit` (its grandparent), exactly after
the commit exists and before the database hears of it.
"""

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

HOOK = """#!/bin/sh
rm -- "$0"
# The hook's parent is git; git's parent is the committer's Python process.
kill -9 "$(awk '{print $4}' /proc/$PPID/stat)"
"""

SETUP = """
from django.contrib.auth.models import User
from knowledge_repo.actions import create_record, ensure_initialised
ensure_initialised()
alice = User.objects.create_user("alice", "alice@example.org", first_name="Alice")
create_record(author=alice, name="Running the tests", description="d", body="make test",
              type="project", candidate_id=7)
"""


def manage(env, *args):
    # shell runs no system checks; the others skip them (they test other apps' URLs).
    extra = [] if args[0] == "shell" else ["--skip-checks"]
    return subprocess.run(
        [sys.executable, "manage.py", *args, *extra],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
@pytest.mark.parametrize("hooks_in", ["git-dir", "core.hooksPath"])
def test_a_committer_killed_after_git_commit_does_not_commit_twice(tmp_path, hooks_in):
    repo = tmp_path / "knowledge"
    database = tmp_path / "db.sqlite3"
    env = {
        **os.environ,
        "DEBUG": "true",
        "MEMORY_REVIEW_VAR_DIR": str(tmp_path),
        "DATABASE_URL": f"sqlite:///{database}",
        "KNOWLEDGE_REPO_PATH": str(repo),
        "KNOWLEDGE_PUBLISH_REMOTES": str(tmp_path / "published.git"),
        "KNOWLEDGE_COMMIT_IN_PROCESS": "false",
        "TASKS_BACKEND": "django.tasks.backends.dummy.DummyBackend",
    }
    assert manage(env, "migrate", "-v0").returncode == 0
    setup = manage(env, "shell", "-c", SETUP)
    assert setup.returncode == 0, setup.stderr
    hook = repo / ".git" / "hooks" / "post-commit"
    if hooks_in == "core.hooksPath":
        # A team's shared hooks directory: the committer's plumbing commit still runs it.
        (tmp_path / "hooks").mkdir()
        hook = tmp_path / "hooks" / "post-commit"
        subprocess.run(["git", "-C", str(repo), "config", "core.hooksPath", str(hook.parent)])
    hook.write_text(HOOK)
    hook.chmod(0o755)

    crashed = manage(env, "kb_commit")

    assert crashed.returncode == -9
    log = subprocess.run(
        ["git", "-C", str(repo), "log", "--format=%H %(trailers:key=Change-Id,valueonly)"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split("\n")
    assert log[0].endswith(" 1")  # the commit exists ...
    with sqlite3.connect(database) as db:  # ... and the database never heard of it
        assert db.execute("select status, commit_sha from knowledge_repo_change").fetchall() == [
            ("pending", "")
        ]

    resumed = manage(env, "kb_commit")

    assert resumed.returncode == 0, resumed.stderr
    assert "committed 1 change(s)" in resumed.stdout
    messages = subprocess.run(
        ["git", "-C", str(repo), "log", "--format=%B"], capture_output=True, text=True, check=True
    ).stdout
    assert messages.count("Change-Id: 1\n") == 1
    head = subprocess.run(
        ["git", "-C", str(repo), "rev-parse", "HEAD"], capture_output=True, text=True, check=True
    ).stdout.strip()
    with sqlite3.connect(database) as db:
        assert db.execute("select status, commit_sha from knowledge_repo_change").fetchall() == [
            ("committed", head)
        ]
        assert db.execute('select "commit" from knowledge_repo_record').fetchall() == [(head,)]
    status = subprocess.run(
        ["git", "-C", str(repo), "status", "--porcelain"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert status == ""
