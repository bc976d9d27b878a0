"""One archive holding a consistent database dump and a git bundle of the knowledge repository.

``backup`` takes the committer's writer lock, so no commit lands between the
database snapshot and the bundle, and reads the database in one snapshot
(REPEATABLE READ on PostgreSQL, one transaction on SQLite). ``restore`` puts
both back on an empty machine: migrate, load, clone the bundle, and push the
published branch and tags to empty local publish remotes.
"""

from __future__ import annotations

import io
import json
import subprocess
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection, transaction
from django.utils import timezone

from knowledge_repo import gitstore
from knowledge_repo.actions import ensure_initialised, repo_path

FORMAT = 1
DATABASE = "database.json"
BUNDLE = "knowledge.bundle"
MANIFEST = "manifest.json"
# Rebuilt by migrate on the target (content types, permissions) or transient.
EXCLUDED = [
    "contenttypes",
    "auth.permission",
    "sessions",
    "admin.logentry",
    "django_tasks_database",
]


class BackupError(Exception):
    """A backup or restore cannot be done; the message says why."""


@dataclass
class Manifest:
    """What an archive holds."""

    format: int
    created_at: str
    database_vendor: str
    git_head: str
    objects: int


def _git(*args: str, cwd: Path | None = None) -> str:
    result = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise BackupError(f"git {' '.join(args)} failed: {result.stderr.strip()}")
    return result.stdout


def _dump_database(out: io.StringIO) -> None:
    # Inside an outer transaction (a test) the snapshot is that transaction's.
    fresh = not connection.in_atomic_block
    with transaction.atomic():
        if connection.vendor == "postgresql" and fresh:
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        call_command(
            "dumpdata",
            "--natural-foreign",
            "--natural-primary",
            *[f"--exclude={name}" for name in EXCLUDED],
            stdout=out,
        )


def _add(tar: tarfile.TarFile, name: str, data: bytes) -> None:
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mtime = int(timezone.now().timestamp())
    tar.addfile(info, io.BytesIO(data))


def backup(path: Path) -> Manifest:
    """Write the archive to ``path`` (a .tar.gz); returns its manifest."""
    ensure_initialised()
    root = repo_path()
    dump = io.StringIO()
    with tempfile.TemporaryDirectory() as tmp, gitstore.writer_lock(root):
        _dump_database(dump)
        bundle = Path(tmp) / BUNDLE
        _git("bundle", "create", "-q", str(bundle), "--all", cwd=root)
        head = _git("rev-parse", "HEAD", cwd=root).strip()
        data = dump.getvalue().encode("utf-8")
        manifest = Manifest(
            format=FORMAT,
            created_at=timezone.now().isoformat(timespec="seconds"),
            database_vendor=connection.vendor,
            git_head=head,
            objects=len(json.loads(data)),
        )
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(path.name + ".partial")
        with tarfile.open(partial, "w:gz") as tar:
            _add(tar, MANIFEST, json.dumps(manifest.__dict__, indent=2).encode("utf-8"))
            _add(tar, DATABASE, data)
            tar.add(bundle, arcname=BUNDLE)
        partial.replace(path)
    return manifest


def _is_empty() -> list[str]:
    from conversations.models import Conversation
    from knowledge_repo.models import Change, Record

    found = []
    for model in (get_user_model(), Conversation, Record, Change):
        if model.objects.exists():
            found.append(str(model._meta.verbose_name_plural))
    return found


def read_manifest(path: Path) -> Manifest:
    """The manifest of an archive, checking it is one of ours."""
    try:
        with tarfile.open(path, "r:gz") as tar:
            member = tar.extractfile(MANIFEST)
            raw: dict[str, Any] = json.loads(member.read()) if member else {}
    except (OSError, tarfile.TarError, KeyError, json.JSONDecodeError) as exc:
        raise BackupError(f"{path} is not a memory review backup: {exc}") from exc
    if raw.get("format") != FORMAT:
        raise BackupError(f"{path} has backup format {raw.get('format')!r}, not {FORMAT}")
    return Manifest(**raw)


def restore(path: Path) -> Manifest:
    """Bring database and knowledge repository back from ``path`` onto an empty machine."""
    manifest = read_manifest(path)
    root = repo_path()
    if (root / ".git").exists():
        raise BackupError(f"{root} already holds a knowledge repository; restore needs none")
    call_command("migrate", "--noinput", verbosity=0)
    taken = _is_empty()
    if taken:
        raise BackupError(f"the database is not empty (it has {', '.join(taken)})")
    with tempfile.TemporaryDirectory() as tmp, tarfile.open(path, "r:gz") as tar:
        tar.extractall(tmp, members=[tar.getmember(DATABASE), tar.getmember(BUNDLE)], filter="data")
        with transaction.atomic():
            call_command("loaddata", str(Path(tmp) / DATABASE), verbosity=0)
        root.mkdir(parents=True, exist_ok=True)
        _git("init", "-q", "-b", gitstore.BRANCH, str(root))
        _git("fetch", "-q", "--update-head-ok", str(Path(tmp) / BUNDLE), "+refs/*:refs/*", cwd=root)
        _git("reset", "-q", "--hard", gitstore.BRANCH, cwd=root)
    ensure_initialised()
    _republish(root)
    return manifest


def _republish(root: Path) -> None:
    # Local publish remotes that came back empty get the published branch and tags again.
    has_published = subprocess.run(
        ["git", "rev-parse", "--verify", "-q", f"refs/heads/{gitstore.PUBLISHED}"],
        cwd=root,
        capture_output=True,
        check=False,
    )
    if has_published.returncode != 0:
        return
    for url in settings.KNOWLEDGE_PUBLISH_REMOTES:
        if not gitstore.is_local_remote(url):
            continue
        remote = gitstore.local_remote_path(url)
        if _git("for-each-ref", cwd=remote).strip():
            continue
        _git(
            "push",
            "-q",
            "--tags",
            url,
            f"refs/heads/{gitstore.PUBLISHED}:refs/heads/{gitstore.PUBLISHED}",
            cwd=root,
        )
