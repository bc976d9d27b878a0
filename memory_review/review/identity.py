"""Reviewers' public handles: what the published knowledge says about who decided.

A handle is never a login name: published commits and ``reviewed_by`` are
public, and a login name there is half of what someone needs to guess their
way in. A reviewer without a handle gets a random one (``reviewer-7k2mq4``)
the first time one is needed, kept on the profile so it stays the same; staff
may set another in the admin, which refuses any account's login name.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"


def generated_handle() -> str:
    """A fresh random handle that names no one."""
    return "reviewer-" + "".join(secrets.choice(ALPHABET) for _ in range(6))


def is_login_name(handle: str) -> bool:
    """True when ``handle`` is (case-insensitively) some account's login name."""
    field = get_user_model().USERNAME_FIELD
    return get_user_model().objects.filter(**{f"{field}__iexact": handle}).exists()


def validate_handle(handle: str) -> None:
    """Refuse a handle that is a login name (the admin's form calls it)."""
    if is_login_name(handle):
        raise ValidationError(
            "A public handle must not be a login name: published commits would tell "
            "everyone what to type on the login page."
        )


def public_handle(user: Any) -> str:
    """The handle on the reviewer's profile, created at random on first use."""
    from .models import ReviewerProfile

    cached = getattr(user, "_public_handle", None)
    if cached is not None:
        return cached
    profile = ReviewerProfile.objects.filter(user_id=user.pk).first()
    for _ in range(5):
        if profile is not None:
            break
        handle = generated_handle()
        if is_login_name(handle):
            continue
        try:
            with transaction.atomic():
                profile = ReviewerProfile.objects.create(user_id=user.pk, public_handle=handle)
        except IntegrityError:  # made meanwhile by another request, or the handle is taken
            profile = ReviewerProfile.objects.filter(user_id=user.pk).first()
    if profile is None:
        raise RuntimeError(f"no public handle could be made for user {user.pk}")
    user._public_handle = profile.public_handle
    return profile.public_handle
