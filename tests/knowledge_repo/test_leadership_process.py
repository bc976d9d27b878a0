"""kb_committer processes on one database: a fresh working copy refuses to lead over an
empty shared remote while the database has recorded commits, and the host holding them leads."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from .conftest import git

ROOT = Path(__file__).resolve().parents[2]

SETUP = """
from django.contrib.auth.models import User
from knowledge_repo.actions import create_record
alice = User.objects.create_user("alice", "alice@example.org")
for n in range(3):
    create_record(author=alice, name=f"Fact {n}", description="d", body="b", type="project")
"""

STATUS = """
from knowledge_repo.models import CommitterStatus
for row in CommitterStatus.objects.order_by("name"):
    print(row.name, row.is_leader, row.message[:80])
"""


def _env(tmp_path: Path, host: str, shared: str) -> dict[str, str]:
    home = tmp_path / host
    home.mkdir(exist_ok=True)
    return {
        **os.environ,
        "DEBUG": "true",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "MEMORY_REVIEW_VAR_DIR": str(home),
        "KNOWLEDGE_REPO_PATH": str(home / "knowledge"),
        "KNOWLEDGE_PUBLISH_REMOTES": str(home / "published.git"),
        "KNOWLEDGE_SHARED_REMOTE": shared,
        "KNOWLEDGE_COMMIT_IN_PROCESS": "false",
        "KNOWLEDGE_COMMIT_ENQUEUE": "false",
        "TASKS_BACKEND": "django.tasks.backends.dummy.DummyBackend",
        "PROCESS_HOST": host,
    }


def _manage(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _committer(env: dict[str, str], log: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "manage.py", "kb_committer", "--skip-checks", "--poll", "0.1"]
        + ["--heartbeat", "0.5", "--retry-refused", "300"],
        cwd=ROOT,
        env=env,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
    )


def _wait_for(path: Path, text: str, timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if text in path.read_text():
            return
        time.sleep(0.2)
    raise AssertionError(f"{text!r} not in {path.read_text()}")


def test_a_fresh_committer_refuses_an_empty_shared_remote_and_the_one_holding_the_commits_leads(
    tmp_path,
):
    shared = tmp_path / "shared.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(shared)], check=True)
    host_a = _env(tmp_path, "a", "")
    assert _manage(host_a, "migrate", "-v0").returncode == 0
    assert _manage(host_a, "shell", "-c", SETUP).returncode == 0
    assert "committed 3 change(s)" in _manage(host_a, "kb_commit").stdout
    host_a["KNOWLEDGE_SHARED_REMOTE"] = str(shared)
    host_b = _env(tmp_path, "b", str(shared))

    fresh = _committer(host_b, tmp_path / "b.log")
    holder = None
    try:
        _wait_for(tmp_path / "b.log", "refused to lead")
        assert git(shared, "for-each-ref", "refs/heads") == ""
        holder = _committer(host_a, tmp_path / "a.log")
        _wait_for(tmp_path / "a.log", " leads")
        status = _manage(host_a, "shell", "-c", STATUS).stdout
    finally:
        for proc in (fresh, holder):
            if proc is not None:
                proc.send_signal(signal.SIGTERM)
                assert proc.wait(timeout=30) == 0
    refused = (tmp_path / "b.log").read_text()
    assert str(tmp_path / "b" / "knowledge") in refused and "is empty" in refused
    a_head = git(tmp_path / "a" / "knowledge", "rev-parse", "HEAD").strip()
    assert git(shared, "rev-parse", "main").strip() == a_head
    assert git(shared, "log", "--format=%B", "main").count("Change-Id:") == 3
    assert "True" in status and "refused to lead: the shared remote" in status
    assert not list((tmp_path / "b" / "knowledge" / "records").glob("*.md"))
