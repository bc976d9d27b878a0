"""The ``memory-kb`` command: read a published knowledge base as a public agent does.

::

    memory-kb --repo URL_OR_PATH [--ref published] select "question"   # JSON
    memory-kb --repo URL_OR_PATH prompt "question"                      # system prompt
    memory-kb --repo URL_OR_PATH fetch                                  # update the cache
    memory-kb --repo URL_OR_PATH export --flat DIR                      # one flat directory
    memory-kb --repo URL_OR_PATH mcp [--http HOST:PORT]                 # MCP server

The repository is read through the local cache (``--cache-dir``, default
``$XDG_CACHE_HOME/memory-kb``), fetched when older than ``--max-age``
seconds (``--check-every``, a cheap ref check). Each release is verified
before it is served: its manifest, its history, and its signatures with
``--allowed-signers``. Progress and warnings go to stderr, results to
stdout; errors name the repository and ref and exit with status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .cache import DEFAULT_CHECK_EVERY
from .follow import KnowledgeFollower
from .gitio import KnowledgeBaseError
from .knowledge import DEFAULT_MIN_SCORE, KnowledgeBase
from .opening import open_knowledge

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
        "--check-every",
        "--max-age",
        dest="check_every",
        type=float,
        default=DEFAULT_CHECK_EVERY,
        help="ask the remote whether the ref moved when the last check is older than this "
        f"many seconds ({DEFAULT_CHECK_EVERY:.0f}; --max-age is the former name)",
    )
    parser.add_argument(
        "--allowed-signers",
        metavar="FILE",
        default=os.environ.get("MEMORY_KB_ALLOWED_SIGNERS") or None,
        help="OpenSSH allowed-signers file: serve only releases signed by one of its keys "
        "($MEMORY_KB_ALLOWED_SIGNERS; the release page shows the line to put in it)",
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
    export = commands.add_parser("export", help="write the release as plain files")
    export.add_argument(
        "--flat", metavar="DIR", required=True, help="one directory: MEMORY.md and <slug>.md"
    )
    mcp = commands.add_parser("mcp", help="serve the knowledge base over MCP (stdio by default)")
    from .http import add_http_arguments

    add_http_arguments(mcp)
    return parser


def _open(args: argparse.Namespace, *, fetch: bool = False) -> KnowledgeBase:
    path = Path(args.repo)
    exported = path.is_dir() and not (path / ".git").exists() and not (path / "HEAD").is_file()
    return open_knowledge(
        args.repo,
        None if exported else args.ref,
        use_cache=not exported,
        cache_dir=args.cache_dir,
        check_every=args.check_every,
        fetch=fetch,
        allowed_signers=args.allowed_signers,
        log=_log,
        min_score=args.min_score,
    )


def _serve(args: argparse.Namespace) -> None:
    from .http import serve_http
    from .server import build_server, follow_releases

    follower = KnowledgeFollower(lambda: _open(args), log=_log)
    server = build_server(follower)
    if not args.http:
        _log(f"memory-kb: serving release {follower.current().release} over MCP on stdio")
        follow_releases(server, follower, every=args.check_every)
        server.run("stdio")
        return
    serve_http(server, follower, args, log=_log)


def _selection_json(kb: KnowledgeBase, question: str, k: int) -> dict[str, Any]:
    return {
        "release": kb.release,
        "stale": kb.stale,
        "notes": kb.notes,
        "status": kb.status(),
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
            with _open(args, fetch=True) as kb:
                _log(f"memory-kb: {args.repo} at {args.ref!r} is release {kb.release}")
                print(json.dumps(kb.status(), ensure_ascii=False))
        elif args.command == "export":
            from .export import export_flat

            with _open(args) as kb:
                written = export_flat(kb, args.flat)
                _log(f"memory-kb: wrote release {kb.release} to {args.flat} ({len(written)} files)")
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
