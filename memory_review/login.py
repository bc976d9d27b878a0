"""The login page's slow-down: guessing from many addresses costs time, the real user keeps in.

django-axes locks an account only for the address that failed (account AND
address together), so no one can lock a reviewer out from elsewhere. What it
leaves open is guessing one account from many addresses, or many accounts
from one address. Past ``LOGIN_SLOWDOWN_AFTER`` failures within the lockout
period (summed over every address for an account, over every account for an
address) each attempt must wait twice as long after the last failure as the
one before, up to ``LOGIN_SLOWDOWN_MAX_SECONDS``; an attempt that comes too
early is refused unchecked (429) and does not count. A browser the account
has signed in from before carries a signed device cookie and is not slowed
for that account, so the real user walks past a guessing campaign.
"""

from __future__ import annotations

import datetime as dt
import math
from typing import Any

from axes.models import AccessAttempt
from django import forms
from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.core import signing
from django.db.models import Max, Sum
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

SALT = "memory_review.login.device"


def _device_accounts(request: HttpRequest) -> list[str]:
    raw = request.COOKIES.get(settings.LOGIN_DEVICE_COOKIE)
    if not raw:
        return []
    try:
        value = signing.loads(raw, salt=SALT, max_age=settings.LOGIN_DEVICE_DAYS * 86400)
    except signing.BadSignature:
        return []
    return [str(name) for name in value] if isinstance(value, list) else []


def remember_device(request: HttpRequest, response: HttpResponse, username: str) -> None:
    """Mark this browser as one ``username`` signs in from (a signed, HTTP-only cookie)."""
    names = [username] + [n for n in _device_accounts(request) if n != username]
    response.set_cookie(
        settings.LOGIN_DEVICE_COOKIE,
        signing.dumps(names[:10], salt=SALT),
        max_age=settings.LOGIN_DEVICE_DAYS * 86400,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )


def _wait(failures: int, last: dt.datetime | None, now: dt.datetime) -> int:
    over = failures - settings.LOGIN_SLOWDOWN_AFTER
    if over < 0 or last is None:
        return 0
    gap = min(settings.LOGIN_SLOWDOWN_MAX_SECONDS, 2**over)
    return max(0, math.ceil(gap - (now - last).total_seconds()))


def seconds_to_wait(request: HttpRequest, username: str) -> int:
    """Seconds before this login attempt will be checked; 0 when it may go on now."""
    now = timezone.now()
    recent = AccessAttempt.objects.filter(attempt_time__gte=now - settings.AXES_COOLOFF_TIME)
    waits = []
    if username not in _device_accounts(request):
        account = recent.filter(username=username).aggregate(
            n=Sum("failures_since_start"), last=Max("attempt_time")
        )
        waits.append(_wait(account["n"] or 0, account["last"], now))
    address = request.META.get("REMOTE_ADDR") or None
    if address:
        spray = recent.filter(ip_address=address).aggregate(
            n=Sum("failures_since_start"), last=Max("attempt_time")
        )
        waits.append(_wait(spray["n"] or 0, spray["last"], now))
    return max(waits, default=0)


class SlowDownMixin:
    """Refuse, unchecked, a login that comes before its slow-down has passed."""

    request: HttpRequest | None
    error_messages: dict[str, Any]
    retry_after = 0

    def clean(self) -> dict[str, Any]:
        username = (self.data.get("username") or "").strip()  # type: ignore[attr-defined]
        if self.request is not None and username:
            wait = seconds_to_wait(self.request, username)
            if wait:
                self.retry_after = wait
                raise forms.ValidationError(
                    "Too many wrong passwords have been tried for this account or from this "
                    f"address. Wait {wait} seconds and try again.",
                    code="slowed_down",
                )
        return super().clean()  # type: ignore[misc]


class LoginForm(SlowDownMixin, AuthenticationForm):
    """The login form with the slow-down in front of the password check."""


class AdminLoginForm(SlowDownMixin, AdminAuthenticationForm):
    """The admin's login form with the same slow-down."""


class LoginView(auth_views.LoginView):
    """Log in; 429 with Retry-After while slowed down; a signed-in browser is remembered."""

    form_class = LoginForm

    def form_valid(self, form: AuthenticationForm) -> HttpResponse:
        response = super().form_valid(form)
        remember_device(self.request, response, form.get_user().get_username())
        return response

    def form_invalid(self, form: AuthenticationForm) -> HttpResponse:
        response = super().form_invalid(form)
        wait = getattr(form, "retry_after", 0)
        if wait:
            response.status_code = 429
            response["Retry-After"] = str(wait)
        return response
