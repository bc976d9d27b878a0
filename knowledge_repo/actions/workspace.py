"""The working copy, the identities commits carry, and the errors of the knowledge actions.

Every module of ``knowledge_repo.actions`` writes through the same working
repository with the same identities; this module says where it is and who
writes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.utils.module_loading import import_string

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
    """The working git repository (``KNOWLEDGE_REPO_PATH``)."""
    return Path(settings.KNOWLEDGE_REPO_PATH)


def committer() -> tuple[str, str]:
    """Name and e-mail of the app itself, for commits and tags no person made."""
    return (settings.KNOWLEDGE_COMMITTER_NAME, settings.KNOWLEDGE_COMMITTER_EMAIL)


def public_handle(user: Any) -> str:
    """The name the published tree shows for a reviewer (never an e-mail address).

    Who a reviewer is publicly is the review app's to say (their profile); it
    is named by the ``KNOWLEDGE_PUBLIC_HANDLE`` setting, so this layer does not
    import the one above it.
    """
    return _handle_function()(user)


@cache
def _handle_function() -> Callable[[Any], str]:
    return import_string(settings.KNOWLEDGE_PUBLIC_HANDLE)


def author_identity(user: Any) -> tuple[str, str]:
    """Name and e-mail a reviewer's commits carry: the public handle at the no-reply domain.

    The published branch is public, so it never carries reviewers' real
    addresses; the review app keeps who they are.
    """
    handle = public_handle(user)
    return flatten(handle), flatten(f"{handle}@{settings.KNOWLEDGE_NOREPLY_DOMAIN}")


def handles(users: Iterable[Any]) -> list[str]:
    """Public handles of the given users, in order, each once."""
    return unique(public_handle(u) for u in users)


_initialised: set[tuple[str, tuple[str, ...]]] = set()


def has_working_copy() -> bool:
    """This host holds the working repository (a web host of several has none)."""
    return (repo_path() / ".git").exists()


def ensure_initialised() -> bool:
    """Create the working repository and local bare remotes if missing (idempotent)."""
    key = (str(repo_path()), tuple(settings.KNOWLEDGE_PUBLISH_REMOTES))
    if key in _initialised and has_working_copy():
        return False
    with gitstore.writer_lock(repo_path()):
        created = gitstore.ensure_repository(
            repo_path(), list(settings.KNOWLEDGE_PUBLISH_REMOTES), committer()
        )
    _initialised.add(key)
    return created


def plain_newlines(value: str) -> str:
    """The text with CRLF and CR as LF: browsers send CRLF, the files keep plain newlines."""
    return value.replace("\r\n", "\n").replace("\r", "\n")


def unique(items: Iterable[str]) -> list[str]:
    """The non-empty items as strings, each once, in their first order."""
    seen: dict[str, None] = {}
    for item in items:
        if item:
            seen.setdefault(str(item), None)
    return list(seen)


def write_text(path: Path, text: str) -> None:
    """Write UTF-8 text exactly as given (no newline translation), creating parent folders."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="") as fh:
        fh.write(text)
