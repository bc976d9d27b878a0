"""Reads for shared work: colleagues, what is assigned to whom, comments, notifications."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Q, QuerySet

from memory_review.extraction.models import Candidate
from memory_review.roles import ROLES, group_tables

from ..models import Assignment, Comment, HeldChange, Notification
from ..targets import OPEN_STATUSES, Target

OPEN_ASSIGNMENT = Q(candidate__status__in=OPEN_STATUSES) | Q(held__status=HeldChange.Status.WAITING)


def colleagues() -> QuerySet[Any]:
    """Active reviewers and publishers, by username: the people work can go to."""
    return (
        get_user_model()
        .objects.filter(is_active=True, groups__name__in=ROLES)
        .distinct()
        .order_by("username")
    )


@dataclass(frozen=True)
class Colleague:
    """A colleague as the assign forms list them: id and login name."""

    pk: int
    username: str

    def get_username(self) -> str:
        return self.username


def colleague_names() -> list[Colleague]:
    """``colleagues()``, id and login name only, from one written-out query: every candidate
    page lists them (issue 21), and the ORM's query build and model instances cost more
    CPU than the database spent on them (the tests compare the two)."""
    with connection.cursor() as cursor:
        cursor.execute(_colleagues_sql(), [True, *ROLES])
        return [Colleague(pk, username) for pk, username in cursor.fetchall()]


@functools.cache
def _colleagues_sql() -> str:
    quote = connection.ops.quote_name
    user_model = get_user_model()
    user = quote(user_model._meta.db_table)
    link, group = group_tables()
    name = quote(user_model.USERNAME_FIELD)
    roles = ", ".join(["%s"] * len(ROLES))
    return (
        f"SELECT DISTINCT u.id, u.{name} FROM {user} u"
        f" INNER JOIN {link} ug ON ug.user_id = u.id INNER JOIN {group} g ON g.id = ug.group_id"
        f" WHERE u.is_active = %s AND g.name IN ({roles}) ORDER BY u.{name}"
    )


def open_assignments(user: Any) -> QuerySet[Assignment]:
    """The items assigned to ``user`` that are still to be decided, oldest assignment first."""
    return (
        Assignment.objects.filter(assignee=user)
        .filter(OPEN_ASSIGNMENT)
        .select_related("candidate", "held", "assigned_by")
        .order_by("assigned_at", "pk")
    )


def assigned_count(user: Any) -> int:
    return Assignment.objects.filter(assignee=user).filter(OPEN_ASSIGNMENT).count()


def unread_count(user: Any) -> int:
    return Notification.objects.filter(user=user, read_at=None).count()


def header_counts(user: Any) -> tuple[int, int]:
    """``assigned_count`` and ``unread_count`` in one query: the header shows both on every page.

    Written out once (issue 21): building the same two ORM subqueries cost more CPU on every
    page than the database spent answering them. It counts what ``assigned_count`` and
    ``unread_count`` count (the tests compare them).
    """
    if user is None or user.pk is None:
        return 0, 0
    with connection.cursor() as cursor:
        cursor.execute(_header_sql(), [user.pk, *OPEN_STATUSES, HeldChange.Status.WAITING, user.pk])
        row = cursor.fetchone()
    return (row[0], row[1]) if row else (0, 0)


@functools.cache
def _header_sql() -> str:
    quote = connection.ops.quote_name
    assignment, candidate, held, notification = (
        quote(m._meta.db_table) for m in (Assignment, Candidate, HeldChange, Notification)
    )
    statuses = ", ".join(["%s"] * len(OPEN_STATUSES))
    return (
        f"SELECT (SELECT COUNT(*) FROM {assignment} a"
        f" LEFT OUTER JOIN {candidate} c ON a.candidate_id = c.id"
        f" LEFT OUTER JOIN {held} h ON a.held_id = h.id"
        f" WHERE a.assignee_id = %s AND (c.status IN ({statuses}) OR h.status = %s)),"
        f" (SELECT COUNT(*) FROM {notification} n WHERE n.user_id = %s AND n.read_at IS NULL)"
    )


def notifications(user: Any, limit: int = 100) -> list[Notification]:
    """The user's newest notifications, with the comment, its author and its item."""
    return list(
        Notification.objects.filter(user=user)
        .select_related("comment__author", "comment__candidate", "comment__held")
        .order_by("-created_at", "-pk")[:limit]
    )


def comment_target(comment: Comment) -> Target:
    if comment.candidate_id:
        return Target(candidate=comment.candidate)
    if comment.held_id:
        return Target(held=comment.held)
    return Target(slug=comment.record_slug)


def comments_for(target: Target) -> list[Comment]:
    return list(Comment.objects.filter(**target.lookup()).select_related("author"))


def assignment_for(target: Target) -> Assignment | None:
    if not target.assignable():
        return None
    return (
        Assignment.objects.filter(**target.lookup())
        .select_related("assignee", "assigned_by")
        .first()
    )


def assigned_candidate_ids(user: Any) -> set[int]:
    """Open candidates assigned to ``user`` (the queue marks them)."""
    return set(
        Assignment.objects.filter(assignee=user, candidate__status__in=OPEN_STATUSES).values_list(
            "candidate_id", flat=True
        )
    )


def queue_targets(candidates: QuerySet[Candidate], held: bool, limit: int) -> list[Target]:
    """Items of a filtered queue in queue order, with waiting held changes when asked."""
    targets = [Target(candidate=c) for c in candidates[:limit]]
    if held and len(targets) < limit:
        waiting = HeldChange.objects.filter(status=HeldChange.Status.WAITING).order_by("first_at")
        targets += [Target(held=h) for h in waiting[: limit - len(targets)]]
    return targets
