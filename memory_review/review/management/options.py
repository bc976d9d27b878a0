"""Options the release commands share: who is recorded as having done it.

Publishing and rolling back need a person: ``kb_publish`` and ``kb_rollback``
require ``--user USERNAME``, the operator's own account, which must hold the
publisher role and passes the same four-eyes rule as the release page (it
walked the release there; it approved no change alone). The audit event also
records the operating-system user and host that ran the command, so an
account named on someone else's behalf shows.
"""

import getpass
import socket

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError


def user_option(parser, *, required: bool = False) -> None:
    """Add ``--user``: the username the audit records as the one who acted."""
    parser.add_argument(
        "--user",
        required=required,
        help="your account's username, recorded as the one who did it"
        + ("" if required else " (default: the app itself)"),
    )


def operator() -> str:
    """``os-user@host`` of the process running the command, for the audit."""
    try:
        who = getpass.getuser()
    except (KeyError, OSError):
        who = "unknown"
    return f"{who}@{socket.gethostname()}"


def find_user(username: str | None):
    """The user named by ``--user`` (None for the app itself); CommandError if unknown."""
    if not username:
        return None
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise CommandError(f"there is no user {username!r}")
    return user
