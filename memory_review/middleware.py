"""Middleware: who the client really is, and the headers every page gets."""

import ipaddress
from collections.abc import Callable
from functools import cached_property

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.http import HttpRequest, HttpResponse

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
FORWARDING_HEADERS = (
    "HTTP_X_FORWARDED_FOR",
    "HTTP_X_FORWARDED_PROTO",
    "HTTP_X_FORWARDED_HOST",
    "HTTP_X_FORWARDED_PORT",
    "HTTP_X_REAL_IP",
    "HTTP_FORWARDED",
)


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    text = text.strip()
    if text.startswith("[") and "]" in text:  # [v6]:port
        text = text[1 : text.index("]")]
    elif text.count(":") == 1:  # v4:port
        text = text.split(":", 1)[0]
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


class TrustedProxyMiddleware:
    """Set ``REMOTE_ADDR`` to the client's address; forwarding headers only from trusted proxies.

    A request from an address in ``TRUSTED_PROXIES`` is walked back through
    ``X-Forwarded-For`` from the right, past every trusted proxy, to the first
    address that is not one: that is the client (entries further left are
    whatever the client claimed). A request from anywhere else keeps its own
    ``REMOTE_ADDR`` and loses every forwarding header, so neither a spoofed
    ``X-Forwarded-For`` (lockout, rate limits) nor ``X-Forwarded-Proto`` (the
    TLS redirect, secure cookies) counts.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    @cached_property
    def networks(self) -> list[Network]:
        found = []
        for item in settings.TRUSTED_PROXIES:
            try:
                found.append(ipaddress.ip_network(item.strip(), strict=False))
            except ValueError as exc:
                raise ImproperlyConfigured(f"TRUSTED_PROXIES: {item!r} is not an address") from exc
        return found

    def trusted(self, text: str) -> bool:
        address = _address(text)
        return address is not None and any(address in net for net in self.networks)

    def client(self, meta: dict) -> str:
        remote = meta.get("REMOTE_ADDR", "")
        if not self.trusted(remote):
            return remote
        hops = [part.strip() for part in meta.get("HTTP_X_FORWARDED_FOR", "").split(",")]
        for hop in reversed([h for h in hops if h]):
            if not self.trusted(hop):
                address = _address(hop)
                return str(address) if address is not None else remote
        return remote

    def __call__(self, request: HttpRequest) -> HttpResponse:
        meta = request.META
        remote = meta.get("REMOTE_ADDR", "")
        if self.networks and self.trusted(remote):
            meta["REMOTE_ADDR"] = self.client(meta)
            meta["memory_review.proxy_addr"] = remote
        else:
            for header in FORWARDING_HEADERS:
                meta.pop(header, None)
        return self.get_response(request)


class PrivatePagesMiddleware:
    """``Cache-Control: private, no-store`` on every page the app renders.

    Nearly every page shows visitors' words (conversations, candidates, their
    evidence, records made from them), so no shared cache and no browser disk
    cache may keep a copy. Static files never reach this middleware: whitenoise,
    placed before it, answers them with its own long-lived caching headers.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if "Cache-Control" not in response:
            response["Cache-Control"] = "private, no-store"
        return response
