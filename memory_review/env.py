"""Small typed readers of the environment for the settings module; each fails loudly."""

import os
from pathlib import Path
from typing import Any

from django.core.exceptions import ImproperlyConfigured


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool = False) -> bool:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    value = raw.strip().lower()
    if value in {"1", "true", "yes", "on"}:
        return True
    if value in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a boolean (use true or false)")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    try:
        return int(raw)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name}={raw!r} is not an integer") from exc


def env_list(name: str, default: list[str] | None = None) -> list[str]:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return list(default or [])
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_secret(name: str) -> str | None:
    """Read a secret from NAME, or from the file named by NAME_FILE."""
    value = os.environ.get(name)
    if value:
        return value
    path = os.environ.get(f"{name}_FILE")
    if path:
        try:
            return Path(path).read_text(encoding="utf-8").strip()
        except OSError as exc:
            raise ImproperlyConfigured(f"{name}_FILE={path!r} cannot be read: {exc}") from exc
    return None


def mail_from_env() -> tuple[dict[str, Any], str, bool]:
    """MAILERS, DEFAULT_FROM_EMAIL and REVIEW_NOTIFY_EMAIL from the environment.

    Mentions and requests for a second opinion are e-mailed to the colleague once
    a mail server is configured (EMAIL_HOST, EMAIL_PORT, EMAIL_HOST_USER,
    EMAIL_HOST_PASSWORD or its _FILE, EMAIL_USE_TLS), or with
    REVIEW_NOTIFY_EMAIL=true for another EMAIL_BACKEND; they are always listed
    on the notifications page.
    """
    backend = env_str("EMAIL_BACKEND", "django.core.mail.backends.smtp.EmailBackend")
    host = env_str("EMAIL_HOST", "")
    options: dict[str, Any] = {}
    if backend.endswith("smtp.EmailBackend"):
        options = {
            "host": host or "localhost",
            "port": env_int("EMAIL_PORT", 587),
            "username": env_str("EMAIL_HOST_USER", ""),
            "password": env_secret("EMAIL_HOST_PASSWORD") or "",
            "use_tls": env_bool("EMAIL_USE_TLS", True),
            "timeout": 10,
        }
    mailers = {"default": {"BACKEND": backend, "OPTIONS": options}}
    sender = env_str("DEFAULT_FROM_EMAIL", "memory-review@localhost")
    return mailers, sender, env_bool("REVIEW_NOTIFY_EMAIL", bool(host))
