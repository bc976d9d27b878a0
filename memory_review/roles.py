"""The two roles of the app, as Django groups, and the guards views use.

A publisher may also review. Staff manage users and group membership in the
admin. Conversation text is visitors' words: only reviewers and publishers
see it.
"""

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext

REVIEWER = "reviewer"
PUBLISHER = "publisher"
ROLES = (REVIEWER, PUBLISHER)


def _groups(user: Any) -> set[str]:
    if not user.is_authenticated:
        return set()
    cached = getattr(user, "_role_names", None)
    if cached is None:
        cached = set(user.groups.filter(name__in=ROLES).values_list("name", flat=True))
        user._role_names = cached
    return cached


def is_reviewer(user: Any) -> bool:
    """Reviewers and publishers may read conversations and decide candidates."""
    return bool(_groups(user) & {REVIEWER, PUBLISHER})


def is_publisher(user: Any) -> bool:
    return PUBLISHER in _groups(user)


def _require(check: Callable[[Any], bool], role: str) -> Callable:
    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @login_required
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if not check(request.user):
                raise PermissionDenied(
                    gettext("This page needs the %(role)s role.") % {"role": gettext(role)}
                )
            return view(request, *args, **kwargs)

        return wrapped

    return decorator


reviewer_required = _require(is_reviewer, REVIEWER)
publisher_required = _require(is_publisher, PUBLISHER)


def roles_context(request: HttpRequest) -> dict[str, bool]:
    user = getattr(request, "user", None)
    return {
        "is_reviewer": bool(user) and is_reviewer(user),
        "is_publisher": bool(user) and is_publisher(user),
    }
