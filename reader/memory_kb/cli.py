"""The ``memory-kb`` command: read a published knowledge base as a public agent does.

::

    memory-kb --repo URL_OR_PATH [--ref published] select "question"   # JSON
    memory-kb --repo URL_OR_PATH prompt "question"                      # system prompt
    memory-kb --repo URL_OR_PATH fetch                                  # update the cache
    memory-kb --repo URL_OR_PATH mcp [--http HOST:PORT]                 # MCP server

The repository is read through the local cache (``--cache-dir``, default
``$XDG_CACHE_HOME/memory-kb``), fetched when older than ``--max-age``
seconds. Progress and warnings go to stderr, results to stdout; errors
name the repository and ref and exit with status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .cache import DEFAULT_MAX_AGE, KnowledgeCache, open_knowledge
from .gitio import KnowledgeBaseError
from .knowledge import DEFAULT_MIN_SCORE, KnowledgeBase

__all__ = ["main"]


def _log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="memory-kb",
        description="Read a published knowledge base the way a public agent does.",
    )
    parser.add_argument(
        "--repo",
        default=os.environ.get("MEMORY_KB_REPO"),
        help="remote URL, local repository or exported release directory ($MEMORY_KB_REPO)",
    )
    parser.add_argument("--ref", default="published", help="branch, tag or commit (published)")
    parser.add_argument("--cache-dir", help="where clones are kept ($MEMORY_KB_CACHE)")
    parser.add_argument(
        "--max-age",
        type=float,
        default=DEFAULT_MAX_AGE,
        help=f"fetch when the cache is older than this many seconds ({DEFAULT_MAX_AGE:.0f})",
    )
    parser.add_argument(
        "--min-score",
        type=float,
        default=DEFAULT_MIN_SCORE,
        help=f"relevance floor between 0 and 1 ({DEFAULT_MIN_SCORE})",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    select = commands.add_parser("select", help="print the records selected for a question, JSON")
    select.add_argument("question")
    select.add_argument("-k", type=int, default=5)
    prompt = commands.add_parser("prompt", help="print the system prompt for a question")
    prompt.add_argument("question")
    prompt.add_argument("--base", default="You are a helpful assistant.")
    prompt.add_argument("-k", type=int, default=5)
    commands.add_parser("fetch", help="update the local cache from the remote")
    mcp = commands.add_parser("mcp", help="serve the knowledge base over MCP (stdio by default)")
    mcp.add_argument("--http", metavar="HOST:PORT", help="serve streamable HTTP instead")
    return parser


def _open(args: argparse.Namespace, *, fetch: bool = False) -> KnowledgeBase:
    path = Path(args.repo)
    exported = path.is_dir() and not (path / ".git").exists() and not (path / "HEAD").is_file()
    return open_knowledge(
        args.repo,
        None if exported else args.ref,
        use_cache=not exported,
        cache_dir=args.cache_dir,
        max_age=args.max_age,
        fetch=fetch,
        log=_log,
        min_score=args.min_score,
    )


class _Current:
    """The knowledge base of a long-running server, reopened when older than max age."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.kb = _open(args)
        self.opened = time.monotonic()

    def __call__(self) -> KnowledgeBase:
        if time.monotonic() - self.opened > self.args.max_age:
            self.opened = time.monotonic()
            try:
                self.kb = _open(self.args)
            except KnowledgeBaseError as exc:
                _log(f"memory-kb: warning: keeping release {self.kb.release}: {exc}")
        return self.kb


def _serve(args: argparse.Namespace) -> None:
    from .server import build_server

    current = _Current(args)
    server = build_server(current)
    if not args.http:
        _log(f"memory-kb: serving release {current.kb.release} over MCP on stdio")
        server.run("stdio")
        return
    host, _, port = args.http.rpartition(":")
    if not host or not port.isdigit():
        raise KnowledgeBaseError(f"--http wants HOST:PORT, not {args.http!r}")
    _log(f"memory-kb: serving release {current.kb.release} at http://{args.http}/mcp")
    server.run("streamable-http", host=host.strip("[]"), port=int(port))


def _selection_json(kb: KnowledgeBase, question: str, k: int) -> dict[str, Any]:
    return {
        "release": kb.release,
        "stale": kb.stale,
        "notes": kb.notes,
        "results": [s.as_dict() for s in kb.select(question, k=k)],
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``memory-kb`` with ``argv``; the exit status (0, or 2 on an error)."""
    args = _parser().parse_args(argv)
    if not args.repo:
        _log("memory-kb: error: --repo is required (or set MEMORY_KB_REPO)")
        return 2
    try:
        if args.command == "select":
            with _open(args) as kb:
                print(json.dumps(_selection_json(kb, args.question, args.k), ensure_ascii=False))
        elif args.command == "prompt":
            with _open(args) as kb:
                print(kb.system_prompt(args.base, [args.question], k=args.k), end="")
        elif args.command == "fetch":
            KnowledgeCache(args.repo, args.cache_dir, log=_log).fetch()
            with _open(args) as kb:
                _log(f"memory-kb: {args.repo} at {args.ref!r} is release {kb.release}")
        else:
            _serve(args)
    except KnowledgeBaseError as exc:
        _log(f"memory-kb: error: {args.repo} at {args.ref!r}: {exc}")
        return 2
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
