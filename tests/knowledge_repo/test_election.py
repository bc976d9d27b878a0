"""Two committer processes, two working copies, one database: exactly one commits.

The leader is killed with SIGKILL in the middle of a run (a post-commit hook
kills it right after a `git commit`, before the commit reaches the shared
remote and the database); the follower takes over, continues from the shared
remote, and every change ends up committed exactly once.
"""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.db import connection

from knowledge_repo.models import Change, CommitterStatus

from .conftest import git, make_record

ROOT = Path(__file__).resolve().parents[2]

# Counts commits in this working copy; at the Nth, kills the committer (git's parent).
HOOK = """#!/bin/sh
n=$(($(cat "$0.count" 2>/dev/null || echo 0) + 1))
echo $n > "$0.count"
if [ "$n" -eq {kill_at} ]; then
  kill -9 "$(awk '{{print $4}}' /proc/$PPID/stat)"
fi
"""


def _env(tmp_path: Path, name: str, shared: Path) -> dict[str, str]:
    db = connection.settings_dict
    auth = db["USER"] + (f":{db['PASSWORD']}" if db["PASSWORD"] else "")
    home = tmp_path / name
    home.mkdir()
    return {
        **os.environ,
        "DEBUG": "true",
        "DATABASE_URL": f"postgres://{auth}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
        "MEMORY_REVIEW_VAR_DIR": str(home),
        "KNOWLEDGE_REPO_PATH": str(home / "knowledge"),
        "KNOWLEDGE_PUBLISH_REMOTES": str(home / "published.git"),
        "KNOWLEDGE_SHARED_REMOTE": str(shared),
        "KNOWLEDGE_COMMIT_IN_PROCESS": "false",
        "KNOWLEDGE_COMMIT_ENQUEUE": "false",
        "TASKS_BACKEND": "django.tasks.backends.dummy.DummyBackend",
    }


def _start(env: dict[str, str], log: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [
            sys.executable,
            "manage.py",
            "kb_committer",
            "--skip-checks",
            "--poll",
            "0.1",
            "--heartbeat",
            "0.5",
        ],
        cwd=ROOT,
        env=env,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
    )


def _wait(condition, timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition():
            return
        time.sleep(0.1)
    raise AssertionError("timed out")


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_the_follower_takes_over_from_a_killed_leader_and_nothing_is_doubled_or_lost(
    tmp_path, alice, settings
):
    if connection.vendor != "postgresql":
        pytest.skip("committers on several hosts share PostgreSQL")
    # This process only approves; the committer processes commit.
    settings.KNOWLEDGE_COMMIT_IN_PROCESS = False
    settings.KNOWLEDGE_COMMIT_ENQUEUE = False
    shared = tmp_path / "shared.git"
    subprocess.run(["git", "init", "-q", "--bare", str(shared)], check=True)
    hooks = tmp_path / "hooks"
    hooks.mkdir()
    hook = hooks / "post-commit"
    # Commit 1 starts the working copy; the leader dies at its 4th commit (the 3rd change).
    hook.write_text(HOOK.format(kill_at=4))
    hook.chmod(0o755)
    env_a = _env(tmp_path, "host-a", shared)
    env_a.update(
        GIT_CONFIG_COUNT="1", GIT_CONFIG_KEY_0="core.hooksPath", GIT_CONFIG_VALUE_0=str(hooks)
    )
    env_b = _env(tmp_path, "host-b", shared)

    leader = _start(env_a, tmp_path / "a.log")
    _wait(lambda: CommitterStatus.objects.filter(is_leader=True).exists())
    follower = _start(env_b, tmp_path / "b.log")
    try:
        _wait(lambda: CommitterStatus.objects.count() == 2)
        assert CommitterStatus.objects.get(is_leader=True).working_copy.endswith("host-a/knowledge")
        changes = [make_record(alice, name=f"Fact {n}") for n in range(8)]

        assert leader.wait(timeout=60) == -signal.SIGKILL
        _wait(lambda: not Change.objects.exclude(status="committed").exists())
    finally:
        follower.send_signal(signal.SIGTERM)
        follower.wait(timeout=30)
        leader.kill()
    assert follower.returncode == 0
    b_log = (tmp_path / "b.log").read_text()
    assert "leads" in b_log, b_log

    # The shared history has every change exactly once, at the sha the database names.
    log = git(shared, "log", "--format=%H %(trailers:key=Change-Id,valueonly)", "main")
    by_change: dict[int, list[str]] = {}
    for line in log.split("\n"):
        sha, _, change_id = line.strip().partition(" ")
        if change_id.strip():
            by_change.setdefault(int(change_id), []).append(sha)
    assert sorted(by_change) == [c.pk for c in changes]
    assert all(len(shas) == 1 for shas in by_change.values())
    for change in Change.objects.all():
        assert by_change[change.pk] == [change.commit_sha]
    # The working copy that took over is the shared history, and it verifies.
    wc_b = Path(env_b["KNOWLEDGE_REPO_PATH"])
    assert git(wc_b, "rev-parse", "HEAD").strip() == git(shared, "rev-parse", "main").strip()
    verify = subprocess.run(
        [sys.executable, "manage.py", "kb_verify", "--skip-checks"],
        cwd=ROOT,
        env=env_b,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert verify.returncode == 0, verify.stdout + verify.stderr
    # The dead leader left its commit behind in its own copy only.
    wc_a = Path(env_a["KNOWLEDGE_REPO_PATH"])
    assert git(wc_a, "log", "--format=%B").count("Change-Id:") == 3


SETUP = """
from django.contrib.auth.models import User
from knowledge_repo.actions import create_record
alice = User.objects.create_user("alice", "alice@example.org")
for n in range(3):
    create_record(author=alice, name=f"Fact {n}", description="d", body="b", type="project")
"""

COUNT = """
from knowledge_repo.models import Change, CommitterStatus
print("committed", Change.objects.filter(status="committed").count())
print("leaders", CommitterStatus.objects.filter(is_leader=True).count())
"""


def test_on_sqlite_two_committers_elect_one_by_a_file_lock(tmp_path):
    env = _env(tmp_path, "host", tmp_path / "unused.git")
    env.update(
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        KNOWLEDGE_SHARED_REMOTE="",
    )

    def manage(*args):
        return subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )

    assert manage("migrate", "-v0").returncode == 0
    assert manage("shell", "-c", SETUP).returncode == 0
    first = _start(env, tmp_path / "1.log")
    second = _start(env, tmp_path / "2.log")
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            out = manage("shell", "-c", COUNT).stdout
            if "committed 3" in out and "leaders 1" in out:
                break
            time.sleep(0.5)
        assert "committed 3" in out and "leaders 1" in out, out
    finally:
        for proc in (first, second):
            proc.send_signal(signal.SIGTERM)
        codes = [proc.wait(timeout=30) for proc in (first, second)]
    assert codes == [0, 0]
    logs = (tmp_path / "1.log").read_text() + (tmp_path / "2.log").read_text()
    assert logs.count(" leads") == 1
    assert git(Path(env["KNOWLEDGE_REPO_PATH"]), "log", "--format=%B").count("Change-Id:") == 3
