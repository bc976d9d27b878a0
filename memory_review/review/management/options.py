"""Options the release commands share: who is recorded as having done it."""

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError


def user_option(parser) -> None:
    """Add ``--user``: the username the audit records as the one who acted."""
    parser.add_argument(
        "--user", help="username recorded as the one who did it (default: the app itself)"
    )


def find_user(username: str | None):
    """The user named by ``--user`` (None for the app itself); CommandError if unknown."""
    if not username:
        return None
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise CommandError(f"there is no user {username!r}")
    return user
