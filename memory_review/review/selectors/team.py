"""Reads for shared work: colleagues, what is assigned to whom, comments, notifications."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import F, Func, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce

from memory_review.extraction.models import Candidate
from memory_review.roles import ROLES

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
    """``assigned_count`` and ``unread_count`` in one query: the header shows both on every page."""

    def counted(qs: QuerySet[Any]) -> Coalesce:
        return Coalesce(
            Subquery(qs.order_by().annotate(n=Func(F("pk"), function="COUNT")).values("n")[:1]), 0
        )

    assigned = Assignment.objects.filter(assignee=OuterRef("pk")).filter(OPEN_ASSIGNMENT)
    unread = Notification.objects.filter(user=OuterRef("pk"), read_at=None)
    row = (
        get_user_model()
        .objects.filter(pk=user.pk)
        .values_list(counted(assigned), counted(unread))
        .first()
    )
    return (row[0], row[1]) if row else (0, 0)


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
