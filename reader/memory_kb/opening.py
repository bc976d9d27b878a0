"""``open_knowledge``: a knowledge base from a remote URL, a local repository or an exported directory."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from .cache import KnowledgeCache, Log, Verifier, release_name, verify_release
from .gitio import KnowledgeBaseError, check_location, check_ref, git, read_directory, read_tree
from .knowledge import KnowledgeBase, Snapshot

__all__ = ["open_knowledge"]


def _is_git_repo(path: Path) -> bool:
    return (path / ".git").exists() or ((path / "HEAD").is_file() and (path / "objects").is_dir())


def open_knowledge(
    location: str | os.PathLike[str],
    ref: str | None = "published",
    *,
    cache_dir: str | os.PathLike[str] | None = None,
    use_cache: bool | None = None,
    fetch: bool = False,
    check_every: float | None = None,
    max_age: float | None = None,
    verify: Verifier = verify_release,
    allowed_signers: str | os.PathLike[str] | None = None,
    log: Log | None = None,
    **options: Any,
) -> KnowledgeBase:
    """Open a knowledge base: a remote URL, a local repository, or an exported directory.

    ``ref`` is a branch, tag or commit (default: the ``published`` branch).
    A remote is read through the local cache (``cache_dir``, default
    ``default_cache_dir()``), which asks the remote whether ``ref`` moved
    when its last check is older than ``check_every`` seconds (``max_age`` is
    the former name), and verifies each release before serving it (``verify``,
    by default the seal: manifest, history, tags, and signatures against
    ``allowed_signers`` or ``$MEMORY_KB_ALLOWED_SIGNERS`` when given; see
    ``memory_kb.seal``). A local repository is read in place, as trusted,
    unless ``use_cache`` is true or a ``cache_dir`` is given. With ``ref=None`` a
    local directory is read as plain files (an exported release), never
    following symbolic links. ``options`` are the ``KnowledgeBase`` settings
    (``min_score``, ``records_max_chars``, …). Raises KnowledgeBaseError
    naming the location and ref.
    """
    text = check_location(str(location))
    path = Path(text)
    if ref is None:
        if not path.is_dir():
            raise KnowledgeBaseError(f"{text} is not a local directory")
        files, problems = read_directory(path)
        snapshot = Snapshot.from_files(files)
        snapshot.problems.update(problems)
        return KnowledgeBase(snapshot, location=text, ref=None, check="local", **options)
    check_ref(ref)
    local = path.is_dir() and _is_git_repo(path)
    if path.is_dir() and not local:
        raise KnowledgeBaseError(f"{text} is not a git repository (pass ref=None for files)")
    if use_cache is None:
        use_cache = cache_dir is not None or not local
    if use_cache:
        cache = KnowledgeCache(
            text,
            cache_dir,
            check_every=check_every,
            max_age=max_age,
            verify=verify,
            allowed_signers=allowed_signers,
            log=log,
        )
        return cache.open(ref, fetch=fetch, **options)
    try:
        out = git(path, "rev-parse", "--verify", "--end-of-options", f"{ref}^{{commit}}")
    except KnowledgeBaseError as exc:
        raise KnowledgeBaseError(f"{text} at {ref!r}: {exc}") from exc
    commit = out.decode().strip()
    snapshot = Snapshot.from_files(
        read_tree(path, commit), release=release_name(path, commit), commit=commit
    )
    return KnowledgeBase(snapshot, location=text, ref=ref, check="local", **options)
