"""The header's badges: items assigned to me and unread notifications, on every page."""

from typing import Any

from django.http import HttpRequest

from memory_review.roles import is_reviewer


def team_badges(request: HttpRequest) -> dict[str, Any]:
    """Counts for the header; nothing (and no query) for visitors and outsiders."""
    user = getattr(request, "user", None)
    if user is None or not is_reviewer(user):
        return {}
    from .selectors.team import assigned_count, unread_count

    return {"assigned_count": assigned_count(user), "unread_count": unread_count(user)}
