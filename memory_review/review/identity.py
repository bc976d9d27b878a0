"""Reviewers' public handles: what the published knowledge says about who decided."""

from __future__ import annotations

import re
from typing import Any

_NOT_SLUG = re.compile(r"[^a-z0-9-]+")


def default_handle(user: Any) -> str:
    """A handle from the username, unless the username looks like an e-mail address."""
    username = str(user.get_username())
    if "@" in username:
        return f"reviewer-{user.pk}"
    handle = _NOT_SLUG.sub("-", username.casefold()).strip("-")
    return handle[:60] or f"reviewer-{user.pk}"


def public_handle(user: Any) -> str:
    """The handle set on the reviewer's profile, or one made from the username."""
    from .models import ReviewerProfile

    cached = getattr(user, "_public_handle", None)
    if cached is None:
        profile = ReviewerProfile.objects.filter(user_id=user.pk).first()
        cached = profile.public_handle if profile else default_handle(user)
        user._public_handle = cached
    return cached
