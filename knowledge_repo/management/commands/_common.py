"""Shared by the kb_* commands."""

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError


def user_option(parser) -> None:
    parser.add_argument(
        "--user", help="username recorded as the one who did it (default: the app itself)"
    )


def find_user(username: str | None):
    if not username:
        return None
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise CommandError(f"there is no user {username!r}")
    return user
