"""One archive holding a consistent database dump and a git bundle of the knowledge repository.

``backup`` takes the committer's writer lock, so no commit lands between the
database snapshot and the bundle, and reads the database in one snapshot
(REPEATABLE READ on PostgreSQL, one transaction on SQLite). The archive is
0600 in a 0700 directory and, with ``BACKUP_PUBLIC_KEY``, encrypted with age
(``backup_files``). Its manifest names each member's SHA-256.

``restore`` puts both back on an empty machine, all or nothing: it first
checks the whole archive (decrypts it, reads every member to the end against
the manifest's checksums, parses the dump, clones the bundle into a staging
directory), and only then loads the database in one transaction and moves the
repository into place as that transaction's last step. A damaged or truncated
archive is refused with a clear error before anything is touched.
"""

from __future__ import annotations

import contextlib
import io
import json
import shutil
import subprocess
import tarfile
import tempfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection, transaction
from django.utils import timezone

from knowledge_repo import gitstore
from knowledge_repo.actions import ensure_initialised, repo_path

from . import backup_files as files
from .backup_files import BackupError

FORMAT = 2
READABLE_FORMATS = {
    1,
    2,
}  # format 1 archives carry no checksums; their members are still read whole
DATABASE = "database.json"
BUNDLE = "knowledge.bundle"
MANIFEST = "manifest.json"
MEMBERS = (MANIFEST, DATABASE, BUNDLE)
# Rebuilt by migrate on the target (content types, permissions) or transient.
EXCLUDED = [
    "contenttypes",
    "auth.permission",
    "sessions",
    "admin.logentry",
    "django_tasks_database",
]

__all__ = ["BackupError", "Manifest", "backup", "default_path", "inspect", "restore"]


@dataclass
class Manifest:
    """What an archive holds."""

    format: int
    created_at: str
    database_vendor: str
    git_head: str
    objects: int
    sha256: dict[str, str] = field(default_factory=dict)
    encrypted: bool = False


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


def default_path(*, encrypted: bool) -> Path:
    stamp = timezone.now().strftime("%Y%m%dT%H%M%SZ")
    suffix = ".tar.gz.age" if encrypted else ".tar.gz"
    return Path(settings.BACKUP_DIR) / f"memory-review-{stamp}{suffix}"


def backup(
    path: Path | None = None, *, public_keys: list[str] | None = None
) -> tuple[Path, Manifest]:
    """Write the archive (to ``path`` or the default); returns where and its manifest."""
    keys = files.recipients(settings.BACKUP_PUBLIC_KEYS if public_keys is None else public_keys)
    path = path or default_path(encrypted=bool(keys))
    files.private_directory(path.parent)
    if path.exists():
        raise BackupError(f"{path} already exists")
    ensure_initialised()
    root = repo_path()
    dump = io.StringIO()
    with tempfile.TemporaryDirectory(dir=path.parent, prefix=".backup-") as tmp:
        with gitstore.writer_lock(root):
            _dump_database(dump)
            bundle = Path(tmp) / BUNDLE
            _git("bundle", "create", "-q", str(bundle), "--all", cwd=root)
            head = _git("rev-parse", "HEAD", cwd=root).strip()
        data = dump.getvalue().encode("utf-8")
        database = Path(tmp) / DATABASE
        with files.create_private(database) as out:
            out.write(data)
        manifest = Manifest(
            format=FORMAT,
            created_at=timezone.now().isoformat(timespec="seconds"),
            database_vendor=connection.vendor,
            git_head=head,
            objects=len(json.loads(data)),
            sha256={DATABASE: files.sha256(database), BUNDLE: files.sha256(bundle)},
            encrypted=bool(keys),
        )
        plain = Path(tmp) / "archive.tar.gz"
        with files.create_private(plain) as raw, tarfile.open(fileobj=raw, mode="w:gz") as tar:
            _add(tar, MANIFEST, json.dumps(manifest.__dict__, indent=2).encode("utf-8"))
            tar.add(database, arcname=DATABASE)
            tar.add(bundle, arcname=BUNDLE)
        partial = path.with_name(path.name + ".partial")
        partial.unlink(missing_ok=True)
        if keys:
            with files.create_private(partial) as sealed:
                files.encrypt(plain, sealed, keys)
        else:
            plain.replace(partial)
        partial.replace(path)
    return path, manifest


def _is_empty() -> list[str]:
    from conversations.models import Conversation
    from knowledge_repo.models import Change, Record

    found = []
    for model in (get_user_model(), Conversation, Record, Change):
        if model.objects.exists():
            found.append(str(model._meta.verbose_name_plural))
    return found


@dataclass
class Checked:
    """An archive read whole and found intact, unpacked in a private staging directory."""

    manifest: Manifest
    database: Path
    bundle: Path


def _identities(path: Path, identity: Path | None) -> list[Any]:
    chosen = identity or (
        Path(settings.BACKUP_IDENTITY_FILE) if settings.BACKUP_IDENTITY_FILE else None
    )
    if chosen is None:
        raise BackupError(
            f"{path} is encrypted: give the private key with --identity FILE "
            "(or BACKUP_IDENTITY_FILE)"
        )
    return files.identities(chosen)


def _unpack(archive: Path, into: Path) -> Manifest:
    """Read every member to its end (gzip checks its CRC there) and check it against the manifest."""
    damaged = f"{archive} is damaged or truncated"
    seen: dict[str, Path] = {}
    try:
        with tarfile.open(archive, "r:gz") as tar:
            for member in tar:
                if member.name not in MEMBERS or not member.isfile() or member.name in seen:
                    raise BackupError(
                        f"{archive} is not a memory review backup: it holds {member.name!r}"
                    )
                source = tar.extractfile(member)
                assert source is not None  # a regular file always has a reader
                target = into / member.name
                with files.create_private(target) as out:
                    shutil.copyfileobj(source, out, files.CHUNK)
                seen[member.name] = target
    except BackupError:
        raise
    except (EOFError, zlib.error, tarfile.TarError, OSError) as exc:
        if not seen:
            raise BackupError(f"{archive} is not a memory review backup ({exc})") from exc
        raise BackupError(f"{damaged}: {exc}") from exc
    missing = [name for name in MEMBERS if name not in seen]
    if MANIFEST in missing:
        raise BackupError(f"{archive} is not a memory review backup: it has no {MANIFEST}")
    try:
        raw: dict[str, Any] = json.loads(seen[MANIFEST].read_bytes())
        manifest = Manifest(**raw)
    except (ValueError, TypeError) as exc:
        raise BackupError(f"{archive} is not a memory review backup: bad manifest ({exc})") from exc
    if manifest.format not in READABLE_FORMATS:
        raise BackupError(f"{archive} has backup format {manifest.format!r}, not {FORMAT}")
    if missing:
        raise BackupError(f"{damaged}: {', '.join(missing)} missing")
    for name, expected in manifest.sha256.items():
        if name in seen and files.sha256(seen[name]) != expected:
            raise BackupError(f"{damaged}: {name} does not match its checksum")
    return manifest


def _check_contents(checked: Checked, staging: Path) -> None:
    damaged = "the archive is damaged"
    try:
        objects = json.loads(checked.database.read_bytes())
    except ValueError as exc:
        raise BackupError(f"{damaged}: its database dump does not parse ({exc})") from exc
    if not isinstance(objects, list) or len(objects) != checked.manifest.objects:
        raise BackupError(
            f"{damaged}: its database dump does not hold {checked.manifest.objects} objects"
        )
    # Cloning the bundle checks every object in it; the clone is what restore moves into place.
    _git("init", "-q", "-b", gitstore.BRANCH, str(staging))
    try:
        _git("fetch", "-q", "--update-head-ok", str(checked.bundle), "+refs/*:refs/*", cwd=staging)
        _git("reset", "-q", "--hard", gitstore.BRANCH, cwd=staging)
        head = _git("rev-parse", "HEAD", cwd=staging).strip()
    except BackupError as exc:
        raise BackupError(f"{damaged}: its git bundle does not load ({exc})") from exc
    if head != checked.manifest.git_head:
        raise BackupError(
            f"{damaged}: its git bundle ends at {head[:12]}, not {checked.manifest.git_head[:12]}"
        )


@contextlib.contextmanager
def _checked(path: Path, *, identity: Path | None, staging: Path) -> Iterator[Checked]:
    if not path.is_file():
        raise BackupError(f"{path} does not exist")
    with tempfile.TemporaryDirectory(prefix="memory-review-restore-") as tmp:
        work = Path(tmp)
        archive = path
        encrypted = files.is_encrypted(path)
        if encrypted:
            archive = work / "archive.tar.gz"
            files.decrypt(path, archive, _identities(path, identity))
        unpacked = work / "members"
        unpacked.mkdir(mode=0o700)
        manifest = _unpack(archive, unpacked)
        manifest.encrypted = encrypted
        checked = Checked(manifest, unpacked / DATABASE, unpacked / BUNDLE)
        _check_contents(checked, staging)
        yield checked


def inspect(path: Path, *, identity: Path | None = None) -> Manifest:
    """Check the whole archive as restore would, touching nothing; returns its manifest."""
    with (
        tempfile.TemporaryDirectory(prefix="memory-review-check-") as tmp,
        _checked(path, identity=identity, staging=Path(tmp) / "knowledge") as checked,
    ):
        return checked.manifest


def restore(path: Path, *, identity: Path | None = None) -> Manifest:
    """Bring database and knowledge repository back from ``path`` onto an empty machine."""
    root = repo_path()
    if (root / ".git").exists():
        raise BackupError(f"{root} already holds a knowledge repository; restore needs none")
    if root.exists() and any(root.iterdir()):
        raise BackupError(f"{root} is not empty; restore needs an empty or missing directory")
    root.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{root.name}-restoring-", dir=root.parent))
    try:
        with _checked(path, identity=identity, staging=staging / "repo") as checked:
            call_command("migrate", "--noinput", verbosity=0)
            taken = _is_empty()
            if taken:
                raise BackupError(f"the database is not empty (it has {', '.join(taken)})")
            with transaction.atomic():
                call_command("loaddata", str(checked.database), verbosity=0)
                # Last step of the transaction: if the move fails, the load rolls back.
                if root.exists():
                    root.rmdir()
                (staging / "repo").replace(root)
            manifest = checked.manifest
    finally:
        shutil.rmtree(staging, ignore_errors=True)
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
