"""The two roles of the app, as Django groups, and the guards views use.

A publisher may also review. Staff manage users and group membership in the
admin. Conversation text is visitors' words: only reviewers and publishers
see it.
"""

import functools
from collections.abc import Callable
from functools import wraps
from typing import Any, cast

from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import connection
from django.db.models import Model
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext

REVIEWER = "reviewer"
PUBLISHER = "publisher"
ROLES = (REVIEWER, PUBLISHER)


def _groups(user: Any) -> set[str]:
    """The user's roles, read once per request (kept on the request's user object only)."""
    if not user.is_authenticated:
        return set()
    cached = getattr(user, "_role_names", None)
    if cached is None:
        # Every page asks: one written-out query, without the ORM's query build, which
        # cost more CPU than the database spent answering it (issue 21).
        with connection.cursor() as cursor:
            cursor.execute(_roles_sql(), [user.pk, *ROLES])
            cached = {name for (name,) in cursor.fetchall()}
        user._role_names = cached
    return cached


def group_tables() -> tuple[str, str]:
    """The quoted tables of users' group memberships and of the groups, for written-out SQL."""
    from django.contrib.auth.models import Group

    quote = connection.ops.quote_name
    groups = get_user_model()._meta.get_field("groups")
    through = cast(type[Model], groups.remote_field.through)
    return quote(through._meta.db_table), quote(Group._meta.db_table)


@functools.cache
def _roles_sql() -> str:
    """``user.groups.filter(name__in=ROLES).values_list("name")`` (the tests compare them)."""
    link, group = group_tables()
    roles = ", ".join(["%s"] * len(ROLES))
    return (
        f"SELECT g.name FROM {group} g INNER JOIN {link} ug ON ug.group_id = g.id"
        f" WHERE ug.user_id = %s AND g.name IN ({roles})"
    )


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
