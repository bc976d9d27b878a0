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
        # The change left in the outbox is "late" after the grace (60 s): on a busy machine the
        # backup, restore and verify can take that long, and lateness is not what this checks.
        "KNOWLEDGE_PENDING_GRACE_SECONDS": "3600",
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


def _mode(path: Path) -> int:
    return path.stat().st_mode & 0o777


def test_a_backup_is_readable_by_its_owner_alone(kb, alice, settings, tmp_path, capsys):
    settings.BACKUP_DIR = tmp_path / "var" / "backups"
    make_record(alice)
    commit_pending()
    call_command("backup")
    written = next(settings.BACKUP_DIR.glob("memory-review-*.tar.gz"))
    assert _mode(written) == 0o600
    assert _mode(settings.BACKUP_DIR) == 0o700
    assert list(settings.BACKUP_DIR.iterdir()) == [written]  # no partial or staging file left


def test_a_backup_refuses_a_directory_others_can_read(kb, tmp_path):
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o755)
    with pytest.raises(CommandError, match="open to other accounts"):
        call_command("backup", "--output", str(shared / "b.tar.gz"))
    assert not list(shared.iterdir())


def test_an_encrypted_backup_restores_only_with_its_identity(kb, alice, settings, tmp_path, capsys):
    import pyrage

    identity = pyrage.x25519.Identity.generate()
    key_file = tmp_path / "backup.key"
    key_file.write_text(f"# a comment line\n{identity}\n")
    settings.BACKUP_PUBLIC_KEYS = [str(identity.to_public())]
    make_record(alice, body="secret visitor words\n")
    commit_pending()
    path = tmp_path / "out" / "b.tar.gz.age"
    call_command("backup", "--output", str(path))
    assert "(encrypted)" in capsys.readouterr().out
    sealed = path.read_bytes()
    assert sealed.startswith(b"age-encryption.org/v1") and b"secret visitor" not in sealed
    assert _mode(path) == 0o600
    with pytest.raises(CommandError, match="--identity"):
        call_command("restore", str(path))
    stranger = tmp_path / "other.key"
    stranger.write_text(str(pyrage.x25519.Identity.generate()))
    with pytest.raises(CommandError, match="cannot be decrypted"):
        call_command("restore", str(path), "--identity", str(stranger))
    call_command("restore", str(path), "--identity", str(key_file))
    assert "intact, encrypted" in capsys.readouterr().out


def test_a_bad_public_key_is_a_clear_error(kb, settings, tmp_path):
    settings.BACKUP_PUBLIC_KEYS = ["not-a-key"]
    with pytest.raises(CommandError, match="BACKUP_PUBLIC_KEY"):
        call_command("backup", "--output", str(tmp_path / "b.tar.gz"))


def _new_machine(settings, tmp_path):
    settings.KNOWLEDGE_REPO_PATH = tmp_path / "target" / "knowledge"
    settings.KNOWLEDGE_PUBLISH_REMOTES = [str(tmp_path / "target" / "published.git")]


def _wipe_database():
    from django.contrib.auth.models import User

    from conversations.models import Conversation
    from knowledge_repo.models import Change, Record

    for model in (Change, Record, Conversation, User):
        model.objects.all().delete()


@pytest.mark.parametrize("keep", [0.2, 0.6, 0.97])
def test_a_truncated_archive_is_refused_before_anything_is_touched(
    archive, settings, tmp_path, keep
):
    truncated = tmp_path / "truncated.tar.gz"
    data = archive.read_bytes()
    truncated.write_bytes(data[: int(len(data) * keep)])
    _new_machine(settings, tmp_path)
    _wipe_database()
    with pytest.raises(CommandError, match="damaged or truncated|not a memory review backup"):
        call_command("restore", str(truncated), "--yes")
    assert not settings.KNOWLEDGE_REPO_PATH.exists()
    from knowledge_repo.models import Record

    assert not Record.objects.exists()


def test_a_flipped_byte_in_the_bundle_is_found_by_its_checksum(archive, settings, tmp_path):
    import io
    import tarfile

    with tarfile.open(archive, "r:gz") as tar:
        members = {m.name: tar.extractfile(m).read() for m in tar}
    bundle = bytearray(members["knowledge.bundle"])
    bundle[len(bundle) // 2] ^= 0xFF
    members["knowledge.bundle"] = bytes(bundle)
    damaged = tmp_path / "damaged.tar.gz"
    with tarfile.open(damaged, "w:gz") as tar:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    _new_machine(settings, tmp_path)
    _wipe_database()
    with pytest.raises(CommandError, match="knowledge.bundle does not match its checksum"):
        call_command("restore", str(damaged), "--yes")
    assert not settings.KNOWLEDGE_REPO_PATH.exists()


def test_a_failing_load_leaves_no_repository_and_restore_can_run_again(
    archive, settings, tmp_path, monkeypatch
):
    from knowledge_repo.models import Record
    from memory_review import backup as backup_module

    _new_machine(settings, tmp_path)
    _wipe_database()
    real = backup_module.call_command

    def load_then_fail(name, *args, **kwargs):
        real(name, *args, **kwargs)
        if name == "loaddata":
            raise RuntimeError("the disk filled up")

    monkeypatch.setattr(backup_module, "call_command", load_then_fail)
    with pytest.raises(RuntimeError):
        call_command("restore", str(archive), "--yes")
    assert not Record.objects.exists()  # the load rolled back
    assert not settings.KNOWLEDGE_REPO_PATH.exists()
    assert not [p for p in settings.KNOWLEDGE_REPO_PATH.parent.iterdir() if "restoring" in p.name]
    monkeypatch.setattr(backup_module, "call_command", real)
    call_command("restore", str(archive), "--yes")
    assert Record.objects.exists() and (settings.KNOWLEDGE_REPO_PATH / ".git").exists()
