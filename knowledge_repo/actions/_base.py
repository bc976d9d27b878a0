"""Errors, paths, identities and small helpers the knowledge-base actions share."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from django.conf import settings

from .. import gitstore
from ..recordfile import (
    flatten,
)


class KnowledgeError(Exception):
    """A knowledge-base action cannot be done; the message says why."""


class RecordNotFound(KnowledgeError):
    """No current (non-retracted) record has that slug."""


class RecordConflict(KnowledgeError):
    """The action conflicts with the current records or history."""


# --- Paths, identities, initialisation ---------------------------------------


def repo_path() -> Path:
    return Path(settings.KNOWLEDGE_REPO_PATH)


def committer() -> tuple[str, str]:
    return (settings.KNOWLEDGE_COMMITTER_NAME, settings.KNOWLEDGE_COMMITTER_EMAIL)


def public_handle(user: Any) -> str:
    """The name the published tree shows for a reviewer (never an e-mail address)."""
    from memory_review.review.identity import public_handle as handle

    return handle(user)


def author_identity(user: Any) -> tuple[str, str]:
    """Name and e-mail a reviewer's commits carry: the public handle at the no-reply domain.

    The published branch is public, so it never carries reviewers' real
    addresses; the review app keeps who they are.
    """
    handle = public_handle(user)
    return flatten(handle), flatten(f"{handle}@{settings.KNOWLEDGE_NOREPLY_DOMAIN}")


def handles(users: Iterable[Any]) -> list[str]:
    """Public handles of the given users, in order, each once."""
    return _dedupe(public_handle(u) for u in users)


_initialised: set[tuple[str, tuple[str, ...]]] = set()


def ensure_initialised() -> bool:
    """Create the working repository and local bare remotes if missing (idempotent)."""
    key = (str(repo_path()), tuple(settings.KNOWLEDGE_PUBLISH_REMOTES))
    if key in _initialised and (repo_path() / ".git").exists():
        return False
    with gitstore.writer_lock(repo_path()):
        created = gitstore.ensure_repository(
            repo_path(), list(settings.KNOWLEDGE_PUBLISH_REMOTES), committer()
        )
    _initialised.add(key)
    return created


def _text(value: str) -> str:
    # Browsers send CRLF; the files keep plain newlines.
    return value.replace("\r\n", "\n").replace("\r", "\n")


def _dedupe(items: Iterable[str]) -> list[str]:
    seen: dict[str, None] = {}
    for item in items:
        if item:
            seen.setdefault(str(item), None)
    return list(seen)


def _write_text(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="") as fh:
        fh.write(text)
