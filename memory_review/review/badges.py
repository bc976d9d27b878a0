"""The header's badges: items assigned to me and unread notifications, on every page."""

from typing import Any

from django.http import HttpRequest

from memory_review.roles import is_reviewer, roles_context


def team_badges(request: HttpRequest) -> dict[str, Any]:
    """The roles of ``roles_context`` and the header's counts (none for outsiders)."""
    context: dict[str, Any] = dict(roles_context(request))
    user = getattr(request, "user", None)
    if user is None or not is_reviewer(user):
        return context
    from .selectors.team import header_counts

    context["assigned_count"], context["unread_count"] = header_counts(user)
    return context
