"""``memory-kb mcp --http``: the MCP server over streamable HTTP, guarded as the spec asks.

Every request passes, in order: a bounded body (``--max-body`` bytes, 413),
Origin validation on every address (an Origin not in ``--allow-origin`` is
refused with 403; loopback origins are allowed on a loopback address), bearer
authentication (``MEMORY_KB_TOKEN`` or ``--token-file``; required off
loopback unless ``--public``), and a per-client rate limit
(``--rate-limit`` requests a minute, 429 with ``Retry-After``). Sessions
expire after ``--session-idle`` seconds without a request and at most
``--max-sessions`` are open at once (the SDK's session manager; 503 past it).
"""

from __future__ import annotations

import argparse
import hmac
import ipaddress
import json
import os
import threading
import time
from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any

from .follow import KnowledgeFollower
from .gitio import KnowledgeBaseError

__all__ = ["HttpGuard", "add_http_arguments", "http_app", "is_loopback", "serve_http"]

Scope = MutableMapping[str, Any]
ASGIApp = Callable[[Scope, Any, Any], Awaitable[None]]


def add_http_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``mcp`` subcommand's options for streamable HTTP."""
    parser.add_argument("--http", metavar="HOST:PORT", help="serve streamable HTTP at /mcp")
    parser.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="a browser origin allowed to call the server (repeat it); others get 403",
    )
    parser.add_argument("--token-file", help="file holding the bearer token ($MEMORY_KB_TOKEN)")
    parser.add_argument(
        "--public",
        action="store_true",
        help="serve without authentication on a non-loopback address",
    )
    parser.add_argument("--rate-limit", type=int, default=120, help="requests a minute per client")
    parser.add_argument("--session-idle", type=float, default=600.0, help="seconds (600)")
    parser.add_argument("--max-sessions", type=int, default=100, help="open sessions at most")
    parser.add_argument("--max-body", type=int, default=64 * 1024, help="bytes a request at most")


def is_loopback(host: str) -> bool:
    """True for ``localhost`` and loopback addresses."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


async def _refuse(send: Any, status: int, message: str, headers: list | None = None) -> None:
    body = json.dumps(
        {"jsonrpc": "2.0", "id": None, "error": {"code": -32600, "message": message}}
    ).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json"), *(headers or [])],
        }
    )
    await send({"type": "http.response.body", "body": body})


class HttpGuard:
    """ASGI middleware: Origin allow-list, bearer token, per-client rate limit."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        origins: set[str],
        token: str | None,
        per_minute: int,
    ) -> None:
        self.app = app
        self.origins = origins
        self.token = token
        self.per_minute = per_minute
        self._hits: dict[str, list[float]] = {}
        self._lock = threading.Lock()

    def _allowed_now(self, client: str) -> bool:
        now = time.monotonic()
        with self._lock:
            if len(self._hits) > 10_000:  # forget idle clients instead of growing
                self._hits = {c: h for c, h in self._hits.items() if h and h[-1] > now - 60}
            recent = [t for t in self._hits.get(client, []) if t > now - 60]
            allowed = len(recent) < self.per_minute
            if allowed:
                recent.append(now)
            self._hits[client] = recent
        return allowed

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        origin = headers.get("origin")
        if origin is not None and origin not in self.origins:
            await _refuse(send, 403, f"Origin {origin!r} is not allowed (see --allow-origin)")
            return
        if self.token is not None:
            given = headers.get("authorization", "")
            if not hmac.compare_digest(given.encode(), f"Bearer {self.token}".encode()):
                await _refuse(
                    send, 401, "a bearer token is required", [(b"www-authenticate", b"Bearer")]
                )
                return
        client = (scope.get("client") or ("?", 0))[0]
        if not self._allowed_now(client):
            await _refuse(
                send,
                429,
                f"more than {self.per_minute} requests a minute",
                [(b"retry-after", b"60")],
            )
            return
        await self.app(scope, receive, send)


def _token(args: argparse.Namespace) -> str | None:
    if args.token_file:
        text = Path(args.token_file).read_text(encoding="utf-8").strip()
    else:
        text = os.environ.get("MEMORY_KB_TOKEN", "").strip()
    return text or None


def http_app(server: Any, args: argparse.Namespace) -> tuple[ASGIApp, str, int]:
    """The guarded ASGI app for ``args.http`` (HOST:PORT), with its host and port."""
    from mcp.server.transport_security import TransportSecuritySettings

    host, _, port_text = args.http.rpartition(":")
    host = host.strip("[]")
    if not host or not port_text.isdigit():
        raise KnowledgeBaseError(f"--http wants HOST:PORT, not {args.http!r}")
    port = int(port_text)
    token = _token(args)
    loopback = is_loopback(host)
    if not loopback and token is None and not args.public:
        raise KnowledgeBaseError(
            f"{host} is not a loopback address: set MEMORY_KB_TOKEN (or --token-file) so "
            "clients must send a bearer token, or pass --public to serve without one"
        )
    origins = set(args.allow_origin)
    if loopback:
        origins |= {f"http://{name}:{port}" for name in ("127.0.0.1", "localhost", "[::1]")}
    # The SDK checks Host on loopback (DNS rebinding); Origin is ours, on every address.
    security = TransportSecuritySettings(
        enable_dns_rebinding_protection=loopback,
        allowed_hosts=[f"{name}:{port}" for name in ("127.0.0.1", "localhost", "[::1]")],
        allowed_origins=sorted(origins),
    )
    app = server.streamable_http_app(
        max_request_body_size=args.max_body,
        session_idle_timeout=args.session_idle,
        max_sessions=args.max_sessions,
        transport_security=security,
        host=host,
    )
    return HttpGuard(app, origins=origins, token=token, per_minute=args.rate_limit), host, port


def serve_http(
    server: Any, follower: KnowledgeFollower, args: argparse.Namespace, *, log: Callable
) -> None:
    """Serve ``server`` over streamable HTTP at ``args.http`` until interrupted."""
    import uvicorn

    from .server import follow_releases

    follow_releases(server, follower, every=args.check_every)
    app, host, port = http_app(server, args)
    guard = app if isinstance(app, HttpGuard) else None
    auth = "bearer token" if guard is not None and guard.token else "no authentication"
    log(
        f"memory-kb: serving release {follower.current().release} at http://{args.http}/mcp "
        f"({auth}, {args.rate_limit} requests a minute per client)"
    )
    uvicorn.run(app, host=host, port=port, log_level="warning")
