"""A backup restores onto an empty machine, and kb_verify passes there (SQLite and PostgreSQL)."""

import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from knowledge_repo.actions import commit_pending, cut_release, publish_release, update_record
from tests.knowledge_repo.conftest import git, make_record

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db


@pytest.fixture
def archive(kb, alice, bob, tmp_path, capsys):
    make_record(alice, body="first\n", sources=["conv:1#m1"])
    make_record(alice, name="Deploying", body="Fridays.\n")
    commit_pending()
    publish_release(user=bob, name=cut_release(user=bob).release.name)
    update_record(
        author=alice,
        slug="deploying",
        name="Deploying",
        description="d",
        body="Thursdays.\n",
        type="project",
    )
    commit_pending()
    make_record(alice, name="Still pending")  # in the outbox, not in git yet
    path = tmp_path / "backup.tar.gz"
    call_command("backup", "--output", str(path))
    assert f"wrote {path}" in capsys.readouterr().out
    return path


@pytest.fixture
def kb(settings, tmp_path):
    settings.KNOWLEDGE_REPO_PATH = tmp_path / "source" / "knowledge"
    settings.KNOWLEDGE_PUBLISH_REMOTES = [str(tmp_path / "source" / "published.git")]
    settings.KNOWLEDGE_COMMIT_IN_PROCESS = False
    settings.KNOWLEDGE_COMMIT_ENQUEUE = False
    return settings.KNOWLEDGE_REPO_PATH


def _empty_machine(tmp_path: Path, database_url: str) -> dict[str, str]:
    home = tmp_path / "new-machine"
    home.mkdir()
    return {
        **os.environ,
        "DEBUG": "true",
        "MEMORY_REVIEW_VAR_DIR": str(home),
        "DATABASE_URL": database_url,
        "KNOWLEDGE_REPO_PATH": str(home / "knowledge"),
        "KNOWLEDGE_PUBLISH_REMOTES": str(home / "published.git"),
        "KNOWLEDGE_COMMIT_IN_PROCESS": "false",
        "KNOWLEDGE_COMMIT_ENQUEUE": "false",
    }


def _manage(env, *args):
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def _restore_and_verify(archive: Path, env: dict[str, str]) -> None:
    described = _manage(env, "restore", str(archive))
    assert described.returncode == 0 and "--yes" in described.stdout, described.stderr
    restored = _manage(env, "restore", str(archive), "--yes")
    assert restored.returncode == 0, restored.stdout + restored.stderr
    verified = _manage(env, "kb_verify")
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert "1 change(s) waiting for the committer" in verified.stdout
    committed = _manage(env, "kb_commit")
    assert "committed 1 change(s)" in committed.stdout, committed.stderr
    assert _manage(env, "kb_verify").returncode == 0
    home = Path(env["KNOWLEDGE_REPO_PATH"])
    assert (home / "records" / "deploying.md").read_text().endswith("Thursdays.\n")
    published = Path(env["KNOWLEDGE_PUBLISH_REMOTES"])
    assert "Fridays." in git(published, "show", "published:records/deploying.md")
    assert git(published, "tag").split() == ["v1"]
    again = _manage(env, "restore", str(archive), "--yes")
    assert again.returncode != 0 and "already holds" in again.stderr


def test_a_backup_restores_onto_an_empty_sqlite_machine(archive, tmp_path):
    env = _empty_machine(tmp_path, f"sqlite:///{tmp_path / 'new.sqlite3'}")
    _restore_and_verify(archive, env)


@pytest.mark.postgres
def test_a_backup_restores_onto_an_empty_postgresql_machine(archive, tmp_path):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL")
    import psycopg

    db = connection.settings_dict
    name = f"mr_restore_{uuid.uuid4().hex[:8]}"
    auth = db["USER"] + (f":{db['PASSWORD']}" if db["PASSWORD"] else "")
    server = f"postgresql://{auth}@{db['HOST']}:{db['PORT']}"
    with psycopg.connect(f"{server}/postgres", autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        _restore_and_verify(archive, _empty_machine(tmp_path, f"{server}/{name}"))
    finally:
        with psycopg.connect(f"{server}/postgres", autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_restore_refuses_what_is_not_a_backup(tmp_path):
    bogus = tmp_path / "x.tar.gz"
    bogus.write_bytes(b"not an archive")
    with pytest.raises(CommandError, match="not a memory review backup"):
        call_command("restore", str(bogus))


def test_restore_refuses_a_database_that_is_not_empty(archive, tmp_path, settings, alice):
    settings.KNOWLEDGE_REPO_PATH = tmp_path / "elsewhere"
    with pytest.raises(CommandError, match="not empty"):
        call_command("restore", str(archive), "--yes")
