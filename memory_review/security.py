"""Front-door helpers: who is asking (for lockout and rate limits) and safe redirects."""

from django.conf import settings
from django.http import HttpRequest
from django.utils.http import url_has_allowed_host_and_scheme


def client_address(request: HttpRequest) -> str:
    """The client's IP address: the proxy's last X-Forwarded-For entry when behind one."""
    if getattr(settings, "BEHIND_TLS_PROXY", False):
        forwarded = [
            part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
        ]
        if forwarded and forwarded[-1]:
            return forwarded[-1]
    return request.META.get("REMOTE_ADDR", "")


def safe_next_url(request: HttpRequest, url: str | None, fallback: str) -> str:
    """``url`` when it points at this site (same host, our scheme), otherwise ``fallback``."""
    if url and url_has_allowed_host_and_scheme(
        url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return url
    return fallback
