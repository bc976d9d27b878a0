"""Sealed releases: a manifest of every file's hash, and SSH signatures on commits and tags.

Every release tree carries ``MANIFEST.json`` at its root: the release name,
the release before it, and ``sha256:<hex>`` of the bytes of every other file
of the tree. With a signing key configured (``KNOWLEDGE_SIGNING_KEY``, the
path of an SSH private key) git signs release commits and tags with it
(``gpg.format=ssh``); readers verify both (``memory_kb.seal``) against the
allowed-signers file written next to the key. Without a key releases are
unsigned, and the release page says so.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core import checks as system_checks
from git import Repo
from git.exc import GitCommandError

MANIFEST_FILE = "MANIFEST.json"
MANIFEST_FORMAT = 1
HASH_PREFIX = "sha256:"
# Allowed-signers lines restrict the key to git's signatures (not e.g. file signing).
SIGNATURE_NAMESPACE = "git"


class SealError(Exception):
    """The signing key is configured but cannot be used; the message says how to fix it."""


# --- The manifest -----------------------------------------------------------------------


def file_hash(data: bytes) -> str:
    """The manifest's value for a file of these bytes."""
    return HASH_PREFIX + hashlib.sha256(data).hexdigest()


def manifest_bytes(*, name: str, previous: str | None, files: dict[str, str]) -> bytes:
    """The manifest of a tree: sorted keys, one file a line, UTF-8, a final newline.

    The same inputs give the same bytes, so an unchanged tree keeps its blob.
    """
    body = {
        "format": MANIFEST_FORMAT,
        "release": name,
        "previous": previous,
        "files": {path: files[path] for path in sorted(files) if path != MANIFEST_FILE},
    }
    return (json.dumps(body, sort_keys=True, indent=1, ensure_ascii=False) + "\n").encode()


def parse_manifest(text: str | bytes | None) -> dict[str, Any] | None:
    """A manifest's content, or None when it is missing or not a format-1 manifest."""
    if text is None:
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    if not isinstance(data, dict) or data.get("format") != MANIFEST_FORMAT:
        return None
    files = data.get("files")
    if not isinstance(files, dict) or not all(isinstance(v, str) for v in files.values()):
        return None
    return data


def read_blob_bytes(repo: Repo, blob_ids: list[str]) -> list[bytes]:
    """The bytes of the given blobs, in order, through one ``git cat-file --batch``."""
    if not blob_ids:
        return []
    with tempfile.TemporaryFile() as ids:
        ids.write("".join(f"{b}\n" for b in blob_ids).encode())
        ids.seek(0)
        out = repo.git.cat_file(
            "--batch", istream=ids, stdout_as_string=False, strip_newline_in_stdout=False
        )
    blobs: list[bytes] = []
    pos = 0
    for blob in blob_ids:
        header_end = out.index(b"\n", pos)
        header = out[pos:header_end].split(b" ")
        if len(header) != 3:
            raise SealError(f"git cannot read blob {blob}: {out[pos:header_end].decode()}")
        start = header_end + 1
        size = int(header[2])
        blobs.append(out[start : start + size])
        pos = start + size + 1
    return blobs


def _index_entries(repo: Repo) -> dict[str, str]:
    """Path -> blob id of every file staged in the index (stage 0, no submodules)."""
    entries: dict[str, str] = {}
    for entry in repo.git.ls_files("-s", "-z").split("\0"):
        if not entry:
            continue
        meta, _, path = entry.partition("\t")
        mode, sha, _stage = meta.split(" ")
        if mode != "160000" and path != MANIFEST_FILE:
            entries[path] = sha
    return entries


def _hash_blobs(repo: Repo, paths: dict[str, str]) -> dict[str, str]:
    items = sorted(paths.items())
    data = read_blob_bytes(repo, [sha for _, sha in items])
    return {path: file_hash(blob) for (path, _), blob in zip(items, data, strict=True)}


def _changed_since(repo: Repo, base: str) -> tuple[dict[str, str], set[str]]:
    """Paths staged differently from ``base``: (path -> new blob id, deleted paths)."""
    out = repo.git.diff("--cached", "--raw", "-z", "--no-renames", "--no-abbrev", base, "--")
    changed: dict[str, str] = {}
    deleted: set[str] = set()
    fields = out.split("\0")
    for meta, path in zip(fields[0::2], fields[1::2], strict=False):
        if not meta.startswith(":"):
            continue
        _old_mode, new_mode, _old, new_sha, status = meta[1:].split(" ")
        if path == MANIFEST_FILE:
            continue
        if status.startswith("D") or new_mode == "160000":
            deleted.add(path)
        else:
            changed[path] = new_sha
    return changed, deleted


def staged_manifest_files(repo: Repo, previous: str | None) -> dict[str, str]:
    """Path -> hash of every staged file, reusing ``previous``'s manifest where nothing changed.

    With a previous release that has a manifest, only the paths ``git diff``
    names (index vs that release) are read and hashed; otherwise every blob
    is, through one ``git cat-file --batch``. Either way the paths must be
    exactly the index's, or the whole tree is hashed again.
    """
    staged = _index_entries(repo)
    old = None
    if previous:
        base = f"refs/tags/{previous}^{{commit}}"
        try:
            old = parse_manifest(repo.git.show(f"{base}:{MANIFEST_FILE}"))
        except GitCommandError:
            old = None
    if old is not None:
        changed, deleted = _changed_since(repo, base)
        files = {p: h for p, h in old["files"].items() if p not in deleted and p not in changed}
        files.update(_hash_blobs(repo, changed))
        if files.keys() == staged.keys():
            return files
    return _hash_blobs(repo, staged)


def write_manifest(repo: Repo, root: Path, *, name: str, previous: str | None) -> None:
    """Write ``MANIFEST.json`` for the tree about to be committed as ``name``, and stage it.

    Call it last, once every other file of the release is staged: the manifest
    describes the index.
    """
    files = staged_manifest_files(repo, previous)
    (root / MANIFEST_FILE).write_bytes(manifest_bytes(name=name, previous=previous, files=files))
    repo.git.add("--", MANIFEST_FILE)


# --- Signing ---------------------------------------------------------------------------


def signing_key() -> Path | None:
    """The SSH private key releases are signed with (``KNOWLEDGE_SIGNING_KEY``), or None."""
    value = getattr(settings, "KNOWLEDGE_SIGNING_KEY", "")
    return Path(value) if value else None


def signed() -> bool:
    """Whether release commits and tags are signed (a signing key is configured)."""
    return signing_key() is not None


def signing_env() -> dict[str, str]:
    """Environment making git sign with the key (``gpg.format=ssh``); empty when unsigned.

    Raises SealError when the key is configured but missing, so nothing is
    committed or tagged half-signed.
    """
    key = signing_key()
    if key is None:
        return {}
    if not key.is_file():
        raise SealError(
            f"KNOWLEDGE_SIGNING_KEY={key} does not exist: create it with "
            "`manage.py kb_signing_key`, or set KNOWLEDGE_SIGNING_KEY to an SSH private key"
        )
    return {
        "GIT_CONFIG_COUNT": "2",
        "GIT_CONFIG_KEY_0": "gpg.format",
        "GIT_CONFIG_VALUE_0": "ssh",
        "GIT_CONFIG_KEY_1": "user.signingkey",
        "GIT_CONFIG_VALUE_1": str(key),
    }


def commit_sign_args() -> list[str]:
    """Options for ``git commit`` / ``git commit-tree``: ``-S`` when signed, else none."""
    return ["-S"] if signed() else []


def tag_sign_args() -> list[str]:
    """Options for ``git tag``: ``-s`` (signed, annotated) when signed, else ``-a``."""
    return ["-s"] if signed() else ["-a"]


def allowed_signers_path(key: Path | None = None) -> Path | None:
    """Where the allowed-signers file is (``KNOWLEDGE_ALLOWED_SIGNERS``, else beside the key)."""
    value = getattr(settings, "KNOWLEDGE_ALLOWED_SIGNERS", "")
    if value and (key is None or key == signing_key()):
        return Path(value)
    key = key or signing_key()
    return key.with_name(key.name + ".allowed_signers") if key else None


def signer_principal() -> str:
    """The name the allowed-signers line gives the release key (the app's committer e-mail)."""
    return settings.KNOWLEDGE_COMMITTER_EMAIL


def _ssh_keygen(*args: str) -> str:
    try:
        proc = subprocess.run(
            ["ssh-keygen", *args], capture_output=True, text=True, check=False, timeout=30
        )
    except OSError as exc:
        raise SealError(f"ssh-keygen cannot run: {exc}") from exc
    if proc.returncode != 0:
        raise SealError(f"ssh-keygen {args[0]} failed: {proc.stderr.strip()}")
    return proc.stdout


def public_key(key: Path | None = None) -> str:
    """The public half of the signing key (``<type> <base64>``); raises SealError."""
    key = key or signing_key()
    if key is None:
        raise SealError("no signing key is configured (KNOWLEDGE_SIGNING_KEY)")
    pub = key.with_name(key.name + ".pub")
    text = pub.read_text(encoding="utf-8") if pub.is_file() else _ssh_keygen("-y", "-f", str(key))
    parts = text.split()
    if len(parts) < 2:
        raise SealError(f"{pub} is not an SSH public key")
    return f"{parts[0]} {parts[1]}"


def allowed_signers_line(key: Path | None = None) -> str:
    """The line agents put in their allowed-signers file to verify releases."""
    return f'{signer_principal()} namespaces="{SIGNATURE_NAMESPACE}" {public_key(key)}'


def fingerprint(key: Path | None = None) -> str:
    """The key's SHA256 fingerprint, as ``ssh-keygen -l`` shows it."""
    with tempfile.NamedTemporaryFile("w", suffix=".pub", encoding="utf-8") as pub:
        pub.write(public_key(key) + "\n")
        pub.flush()
        return _ssh_keygen("-l", "-E", "sha256", "-f", pub.name).split()[1]


def write_allowed_signers(key: Path | None = None) -> Path:
    """Write the allowed-signers file for ``key`` (default: the configured one); its path."""
    path = allowed_signers_path(key)
    if path is None:
        raise SealError("no signing key is configured (KNOWLEDGE_SIGNING_KEY)")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(allowed_signers_line(key) + "\n", encoding="utf-8")
    return path


def create_signing_key(path: Path) -> bool:
    """Create an ed25519 key without passphrase at ``path`` (0600); False when one exists."""
    if path.exists():
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.parent.chmod(0o700)
    _ssh_keygen("-q", "-t", "ed25519", "-N", "", "-C", "memory review releases", "-f", str(path))
    return True


def signing_status() -> dict[str, Any]:
    """What the release page says about signatures: signed or not, fingerprint, signer line."""
    if not signed():
        return {"signed": False}
    try:
        return {
            "signed": True,
            "fingerprint": fingerprint(),
            "allowed_signers_line": allowed_signers_line(),
            "allowed_signers_path": str(allowed_signers_path()),
            "error": "",
        }
    except (SealError, OSError) as exc:
        return {"signed": True, "error": str(exc)}


def check_signing_key(app_configs: Any = None, **kwargs: Any) -> list[system_checks.CheckMessage]:
    """``manage.py check --deploy``: warn when production releases would be unsigned."""
    key = signing_key()
    if key is None:
        return [
            system_checks.Warning(
                "KNOWLEDGE_SIGNING_KEY is not set: releases are not signed, so agents "
                "can check their manifest but not who published them.",
                hint="Create a key with `manage.py kb_signing_key --path PATH` and set "
                "KNOWLEDGE_SIGNING_KEY=PATH; give agents the allowed-signers line it prints.",
                id="knowledge_repo.W001",
            )
        ]
    if not key.is_file():
        return [
            system_checks.Error(
                f"KNOWLEDGE_SIGNING_KEY={key} does not exist: releases cannot be cut.",
                hint="Create it with `manage.py kb_signing_key`.",
                id="knowledge_repo.E001",
            )
        ]
    return []
