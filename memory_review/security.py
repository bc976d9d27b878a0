"""Front-door helpers: who is asking (for lockout and rate limits) and safe redirects."""

from django.http import HttpRequest
from django.utils.http import url_has_allowed_host_and_scheme


def client_address(request: HttpRequest) -> str:
    """The client's IP address (``TrustedProxyMiddleware`` has resolved any trusted proxy)."""
    return request.META.get("REMOTE_ADDR", "")


def safe_next_url(request: HttpRequest, url: str | None, fallback: str) -> str:
    """``url`` when it points at this site (same host, our scheme), otherwise ``fallback``."""
    if url and url_has_allowed_host_and_scheme(
        url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return url
    return fallback
