"""Talking an item over: comments, @mentions that notify, and asking for a second opinion.

Comment bodies are internal: they go to the database, the audit log, the
colleagues' notifications and (when mail is configured) their e-mail, never
into the knowledge repository.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import send_mail
from django.db import transaction
from django.utils import timezone

from memory_review.roles import is_reviewer

from ..errors import ReviewError
from ..models import Assignment, Claim, Comment, Notification, ReviewEvent
from ..targets import Target
from .decision import Action

log = logging.getLogger(__name__)

BODY_MAX = 5000
# Django usernames: letters, digits and @.+-_ ; a mention ends before trailing dots.
MENTION = re.compile(r"(?<![\w@.+-])@([\w.+-]+)")


def mentioned_usernames(body: str) -> list[str]:
    """The usernames a comment mentions with ``@name``, in order, each once."""
    names: list[str] = []
    for match in MENTION.finditer(body):
        name = match.group(1).rstrip(".")
        if name and name not in names:
            names.append(name)
    return names


@dataclass
class CommentResult:
    """The comment written, who was notified, and the mentions that named nobody."""

    comment: Comment
    notified: list[Any] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)


def _mail(user_ids: list[int], subject: str, text: str) -> None:
    recipients = list(
        get_user_model()
        .objects.filter(pk__in=user_ids)
        .exclude(email="")
        .values_list("email", flat=True)
    )
    for address in recipients:
        try:
            send_mail(subject, text, None, [address])
        except OSError as error:  # the page already shows the notification
            log.warning("notification mail to %s failed: %s", address, error)


def _write(*, target: Target, author: Any, body: str, link: str, ask: Any = None) -> CommentResult:
    body = body.strip()
    if not body:
        raise ReviewError("Write the comment first.")
    if len(body) > BODY_MAX:
        raise ReviewError(f"A comment holds at most {BODY_MAX} characters.")
    now = timezone.now()
    comment = Comment.objects.create(
        **target.lookup(), author=author, body=body, second_opinion=ask is not None, created_at=now
    )
    names = mentioned_usernames(body)
    users = {u.get_username(): u for u in get_user_model().objects.filter(username__in=names)}
    result = CommentResult(comment)
    result.unknown = [n for n in names if n not in users or not is_reviewer(users[n])]
    wanted: dict[int, tuple[Any, str]] = {}
    for name in names:
        user = users.get(name)
        if user is not None and is_reviewer(user) and user.pk != author.pk:
            wanted[user.pk] = (user, Notification.Kind.MENTION)
    if ask is not None:
        wanted[ask.pk] = (ask, Notification.Kind.SECOND_OPINION)
    Notification.objects.bulk_create(
        Notification(user=user, comment=comment, kind=kind, created_at=now)
        for user, kind in wanted.values()
    )
    result.notified = [user for user, _kind in wanted.values()]
    if ask is not None:
        reason = f"asked {ask.get_username()} for a second opinion on {target.label()}: {body}"
    else:
        reason = f"on {target.label()}: {body}"
    ReviewEvent.objects.create(
        candidate=target.candidate,
        record_slug=target.record_slug,
        user=author,
        action=Action.SECOND_OPINION if ask is not None else Action.COMMENT,
        reason=reason,
        after={"comment": comment.pk, "notified": [u.get_username() for u in result.notified]},
        at=now,
    )
    if settings.REVIEW_NOTIFY_EMAIL and result.notified:
        who = author.get_full_name() or author.get_username()
        verb = "asked you for a second opinion" if ask is not None else "mentioned you"
        subject = f"[memory review] {who} {verb} on {target.label()}"[:200]
        text = f"{who} wrote on {target.label()}:\n\n{body}\n\n{link}\n"
        ids = [u.pk for u in result.notified]
        transaction.on_commit(lambda: _mail(ids, subject, text))
    return result


@transaction.atomic(durable=True)
def add_comment(*, target: Target, author: Any, body: str, link: str = "") -> CommentResult:
    """Comment on an item; every reviewer or publisher ``@mentioned`` is notified.

    A mention of a name that is no colleague is returned in ``unknown`` (the
    page says so); the comment is kept. ``link`` is the page the e-mail points to.
    """
    return _write(target=target, author=author, body=body, link=link)


@transaction.atomic(durable=True)
def ask_second_opinion(
    *, target: Target, author: Any, colleague: Any, body: str, link: str = ""
) -> CommentResult:
    """Assign an open item to a named colleague with a comment, without deciding it.

    The colleague is notified; the asker's claim on the candidate ends, so the
    colleague is never told to wait for them.
    """
    if colleague.pk == author.pk:
        raise ReviewError("Ask a colleague, not yourself, for a second opinion.")
    if not is_reviewer(colleague) or not colleague.is_active:
        raise ReviewError(f"{colleague.get_username()} is not a reviewer or publisher.")
    if not target.assignable():
        raise ReviewError(f"{target.label()} is decided already: comment on it instead.")
    result = _write(target=target, author=author, body=body, link=link, ask=colleague)
    Assignment.objects.update_or_create(
        **target.lookup(),
        defaults={"assignee": colleague, "assigned_by": author, "assigned_at": timezone.now()},
    )
    if target.candidate is not None:
        Claim.objects.filter(candidate=target.candidate, user=author).delete()
    return result


def mark_notifications_read(*, user: Any, ids: list[int] | None = None) -> int:
    """Mark the user's unread notifications read (all, or those in ``ids``); how many."""
    unread = Notification.objects.filter(user=user, read_at=None)
    if ids is not None:
        unread = unread.filter(pk__in=ids)
    return unread.update(read_at=timezone.now())
