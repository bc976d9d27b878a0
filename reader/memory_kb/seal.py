"""Verifying sealed releases before they are served: manifest, history, tags, signatures.

A release tree carries ``MANIFEST.json`` (written by the app): the release
name, the release before it and ``sha256:<hex>`` of every other file of the
tree. A release commit and its tag may be SSH-signed. Before the cache serves
a fetched commit, ``verify_sealed`` checks, and refuses (``ReleaseRefused``,
naming what is wrong):

1. the tree matches its manifest exactly: every file hashed, none missing,
   none extra;
2. the commit served before is an ancestor of the new one (a force push
   that rewrote history is refused);
3. with allowed signers given (an OpenSSH allowed-signers file), the commit
   and, for a tag, the tag object carry a good signature by one of them.

A release without a manifest (cut before releases were sealed) is accepted
with an "unsealed" note, unless signatures are required. That a tag never
moves is the cache's rule (``memory_kb.cache``): it keeps the first.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
from pathlib import Path

from .gitio import KnowledgeBaseError, git

__all__ = [
    "ALLOWED_SIGNERS_ENV",
    "MANIFEST_FILE",
    "ReleaseRefused",
    "check_ancestry",
    "check_manifest",
    "check_signature",
    "default_allowed_signers",
    "read_blob_bytes",
    "signers_digest",
    "verify_release",
    "verify_sealed",
]

MANIFEST_FILE = "MANIFEST.json"
"""The manifest's path at the root of a release tree."""
ALLOWED_SIGNERS_ENV = "MEMORY_KB_ALLOWED_SIGNERS"
"""The environment variable naming the allowed-signers file when no option does."""
_SHOWN = 3


class ReleaseRefused(KnowledgeBaseError):
    """A fetched release that verification refused: it is never served."""


def default_allowed_signers() -> Path | None:
    """The allowed-signers file named by ``$MEMORY_KB_ALLOWED_SIGNERS``, or None."""
    value = os.environ.get(ALLOWED_SIGNERS_ENV, "").strip()
    return Path(value) if value else None


def signers_digest(allowed_signers: str | os.PathLike[str] | None) -> str:
    """What identifies the signers a release was checked against ('' when none are required).

    Raises KnowledgeBaseError when the file cannot be read: a required check
    that cannot run must not pass silently.
    """
    if allowed_signers is None:
        return ""
    try:
        data = Path(allowed_signers).read_bytes()
    except OSError as exc:
        raise KnowledgeBaseError(
            f"the allowed signers file {allowed_signers} cannot be read: {exc.strerror}"
        ) from exc
    return hashlib.sha256(data).hexdigest()


def read_blob_bytes(repo: str | os.PathLike[str], blob_ids: Sequence[str]) -> list[bytes]:
    """The bytes of the given blobs, in order, through one ``git cat-file --batch``."""
    if not blob_ids:
        return []
    out = git(repo, "cat-file", "--batch", stdin="".join(f"{b}\n" for b in blob_ids).encode())
    blobs: list[bytes] = []
    pos = 0
    for _ in blob_ids:
        header_end = out.index(b"\n", pos)
        size = int(out[pos:header_end].split(b" ")[2])
        start = header_end + 1
        blobs.append(out[start : start + size])
        pos = start + size + 1
    return blobs


def _tree(repo: Path, commit: str) -> tuple[dict[str, str], list[str]]:
    """Path -> blob id of every file of the commit's tree, and the paths that are not files."""
    listing = git(
        repo, "ls-tree", "-r", "-z", "--full-tree", "--end-of-options", f"{commit}^{{tree}}"
    )
    blobs: dict[str, str] = {}
    others: list[str] = []
    for entry in listing.split(b"\0"):
        if not entry:
            continue
        meta, _, raw_path = entry.partition(b"\t")
        _mode, kind, sha = meta.decode().split(" ")
        path = raw_path.decode("utf-8", "surrogateescape")
        if kind == "blob":
            blobs[path] = sha
        else:
            others.append(path)
    return blobs, others


def _named(paths: Sequence[str]) -> str:
    shown = ", ".join(sorted(paths)[:_SHOWN])
    return shown + (f" (and {len(paths) - _SHOWN} more)" if len(paths) > _SHOWN else "")


def check_manifest(repo: Path, commit: str) -> dict | None:
    """The commit's manifest once its tree matches it exactly; None when it has none.

    Raises ReleaseRefused naming the files that differ, are missing or are
    not in the manifest.
    """
    blobs, others = _tree(repo, commit)
    if MANIFEST_FILE not in blobs:
        return None
    paths = sorted(blobs)
    data = dict(zip(paths, read_blob_bytes(repo, [blobs[p] for p in paths]), strict=True))
    try:
        manifest = json.loads(data.pop(MANIFEST_FILE))
    except ValueError:
        manifest = None
    files = manifest.get("files") if isinstance(manifest, dict) else None
    if not isinstance(files, dict) or manifest.get("format") != 1:  # type: ignore[union-attr]
        raise ReleaseRefused(f"{MANIFEST_FILE} is not a format-1 manifest")
    if others:
        raise ReleaseRefused(f"the tree holds entries that are not files: {_named(others)}")
    extra = [p for p in data if p not in files]
    missing = [p for p in files if p not in data and p != MANIFEST_FILE]
    changed = [p for p, blob in data.items() if p in files and files[p] != _hash(blob)]
    if changed:
        raise ReleaseRefused(f"the tree does not match its manifest: {_named(changed)} changed")
    if missing:
        raise ReleaseRefused(f"files of the manifest are missing from the tree: {_named(missing)}")
    if extra:
        raise ReleaseRefused(f"the tree holds files its manifest does not list: {_named(extra)}")
    return manifest


def _hash(data: bytes) -> str:
    return "sha256:" + hashlib.sha256(data).hexdigest()


def check_ancestry(repo: Path, ref: str, commit: str, previous: str | None) -> None:
    """Refuse ``commit`` unless the commit served before (``previous``) is among its ancestors."""
    if previous is None or previous == commit:
        return
    try:
        git(repo, "merge-base", "--is-ancestor", previous, commit)
    except KnowledgeBaseError as exc:
        raise ReleaseRefused(
            f"rewritten history: {ref} moved from {previous[:12]} to {commit[:12]}, which does "
            "not descend from it (a force push; releases only ever follow each other)"
        ) from exc


def check_signature(
    repo: Path, obj: str, allowed_signers: str | os.PathLike[str], *, kind: str
) -> None:
    """Refuse unless ``obj`` (a commit, or a tag with ``kind="tag"``) has a good allowed signature."""
    option = f"gpg.ssh.allowedSignersFile={Path(allowed_signers).resolve()}"
    try:
        git(repo, "-c", option, f"verify-{kind}", "--end-of-options", obj)
    except KnowledgeBaseError as exc:
        said = str(exc).partition("failed:")[2].strip()
        if not said:
            reason = "it is not signed"
        elif "No principal matched" in said:
            key = next((w for w in said.split() if w.startswith("SHA256:")), "an unknown key")
            reason = f"it is signed with {key}, which is not among the allowed signers"
        else:
            reason = said.splitlines()[-1]
        raise ReleaseRefused(f"bad signature on the {kind} {obj[:12]}: {reason}") from exc


def _tag_object(repo: Path, ref: str, commit: str) -> str | None:
    """The annotated tag fetched as ``ref`` that leads to ``commit``, if ``ref`` is such a tag."""
    name = f"refs/incoming/tags/{ref}"
    try:
        kind, sha = git(repo, "for-each-ref", "--format=%(objecttype) %(objectname)", name).split()
        peeled = git(repo, "rev-parse", "--verify", "--quiet", f"{name}^{{commit}}").strip()
    except (KnowledgeBaseError, ValueError):
        return None
    return sha.decode() if kind == b"tag" and peeled.decode() == commit else None


def verify_sealed(
    repo: Path,
    ref: str,
    commit: str,
    previous: str | None,
    *,
    allowed_signers: str | os.PathLike[str] | None = None,
) -> list[str]:
    """Check a fetched commit before it is served for ``ref``; notes, or ReleaseRefused.

    ``allowed_signers``: an OpenSSH allowed-signers file; when given, the
    commit (and the tag object, for a tag) must carry a good signature by one
    of its keys, and an unsealed release is refused.
    """
    check_ancestry(repo, ref, commit, previous)
    manifest = check_manifest(repo, commit)
    tag = _tag_object(repo, ref, commit)
    notes: list[str] = []
    if manifest is None:
        if allowed_signers is not None:
            raise ReleaseRefused(
                f"{commit[:12]} is unsealed (no {MANIFEST_FILE}) and signed releases are required"
            )
        notes.append(f"{ref} at {commit[:12]} is unsealed (no {MANIFEST_FILE}): served unchecked")
    elif tag is not None and manifest.get("release") != ref:
        raise ReleaseRefused(
            f"tag {ref} carries the manifest of release {manifest.get('release')!r}"
        )
    if allowed_signers is not None:
        check_signature(repo, commit, allowed_signers, kind="commit")
        if tag is not None:
            check_signature(repo, tag, allowed_signers, kind="tag")
    return notes


def verify_release(
    repo: Path,
    ref: str,
    commit: str,
    previous: str | None,
    *,
    allowed_signers: str | os.PathLike[str] | None = None,
) -> list[str]:
    """Check a fetched commit before it is served for ``ref``; notes, or ``ReleaseRefused``.

    ``repo``: the cache's bare repository; ``previous``: the commit served for
    ``ref`` until now (None on first use). ``memory_kb.seal.verify_sealed`` checks
    the seal, and signatures when ``allowed_signers`` (else
    ``$MEMORY_KB_ALLOWED_SIGNERS``) names a file.
    """
    signers = allowed_signers if allowed_signers is not None else default_allowed_signers()
    return verify_sealed(repo, ref, commit, previous, allowed_signers=signers)
