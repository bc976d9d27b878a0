"""The files of a backup: private on disk, optionally encrypted, checked whole before use.

Archives are written 0600 into a 0700 directory through a file descriptor
opened with that mode, so no other account can read them even for an
instant (they hold password hashes, token hashes and every visitor
conversation). With ``BACKUP_PUBLIC_KEY`` set they are encrypted with age
(pyrage, the maintained binding to the rage implementation) to those
recipients: X25519 ``age1...`` keys or SSH public keys.
"""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Iterable
from pathlib import Path
from typing import IO, Any

import pyrage

AGE_MAGIC = b"age-encryption.org/v1"
AGE_ARMOR = b"-----BEGIN AGE ENCRYPTED FILE-----"
CHUNK = 1 << 20


class BackupError(Exception):
    """A backup or restore cannot be done; the message says why."""


def private_directory(path: Path) -> Path:
    """``path`` as a directory only its owner may enter (created 0700 when missing)."""
    if not path.exists():
        path.mkdir(parents=True, mode=0o700)
        os.chmod(path, 0o700)  # mkdir's mode passes through the umask
        return path
    if not path.is_dir():
        raise BackupError(f"{path} is not a directory")
    mode = stat.S_IMODE(path.stat().st_mode)
    if mode & 0o077:
        raise BackupError(
            f"{path} is open to other accounts (mode {mode:o}); backups hold password hashes "
            f"and every conversation: use a private directory (chmod 700 {path})"
        )
    return path


def create_private(path: Path) -> IO[bytes]:
    """A new file at ``path``, 0600 from the moment it exists; refuses to overwrite."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError as exc:
        raise BackupError(f"{path} already exists") from exc
    os.fchmod(fd, 0o600)
    return os.fdopen(fd, "wb")


def recipients(keys: Iterable[str]) -> list[Any]:
    """Parse age recipients (``age1...``) and SSH public keys; a clear error for a bad one."""
    parsed: list[Any] = []
    for key in keys:
        key = key.strip()
        try:
            if key.startswith("age1"):
                parsed.append(pyrage.x25519.Recipient.from_str(key))
            elif key.startswith("ssh-"):
                parsed.append(pyrage.ssh.Recipient.from_str(key))
            else:
                raise ValueError("neither an age1... key nor an ssh- public key")
        except (ValueError, pyrage.RecipientError) as exc:
            raise BackupError(f"BACKUP_PUBLIC_KEY {key[:24]!r}... is not usable: {exc}") from exc
    return parsed


def identities(path: Path) -> list[Any]:
    """The age identities (``AGE-SECRET-KEY-...`` lines) or the SSH private key in ``path``."""
    try:
        text = path.read_bytes()
    except OSError as exc:
        raise BackupError(f"cannot read the identity file {path}: {exc}") from exc
    if b"PRIVATE KEY" in text:
        try:
            return [pyrage.ssh.Identity.from_buffer(text)]
        except (ValueError, pyrage.IdentityError) as exc:
            raise BackupError(f"{path} is not a usable SSH private key: {exc}") from exc
    found = []
    for line in text.decode("utf-8", "replace").splitlines():
        line = line.strip()
        if line.startswith("AGE-SECRET-KEY-"):
            try:
                found.append(pyrage.x25519.Identity.from_str(line))
            except (ValueError, pyrage.IdentityError) as exc:
                raise BackupError(f"{path}: a bad age identity: {exc}") from exc
    if not found:
        raise BackupError(f"{path} holds no age identity (AGE-SECRET-KEY-...) or SSH key")
    return found


def is_encrypted(path: Path) -> bool:
    with open(path, "rb") as handle:
        head = handle.read(len(AGE_ARMOR))
    return head.startswith(AGE_MAGIC) or head.startswith(AGE_ARMOR)


def encrypt(source: Path, target: IO[bytes], keys: list[Any]) -> None:
    with open(source, "rb") as plain:
        pyrage.encrypt_io(plain, target, keys)


def decrypt(source: Path, target: Path, keys: list[Any]) -> None:
    """Decrypt ``source`` into a new private file ``target``; age authenticates every chunk."""
    try:
        with open(source, "rb") as sealed, create_private(target) as plain:
            pyrage.decrypt_io(sealed, plain, keys)
    except pyrage.DecryptError as exc:
        raise BackupError(
            f"{source} cannot be decrypted with that identity, or it is damaged or truncated: {exc}"
        ) from exc


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while chunk := handle.read(CHUNK):
            digest.update(chunk)
    return digest.hexdigest()
