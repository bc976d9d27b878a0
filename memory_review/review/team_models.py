"""Work shared out and talked over: assignments, comments and the notifications they raise.

An item is a candidate (a knowledge gap is one), a held record change, or
(for comments) a record, named by its slug. Comment bodies are internal:
they are never written to the knowledge repository.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class Assignment(models.Model):
    """Who is to look at an item next; one assignment per item, replaced when reassigned.

    An assignment is done when its item is decided (the candidate leaves the
    open statuses, the held change stops waiting): it is never a lock, and
    anyone may still decide the item.
    """

    candidate = models.ForeignKey(
        "extraction.Candidate",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="assignments",
    )
    held = models.ForeignKey(
        "review.HeldChange",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="assignments",
    )
    assignee = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="assignments"
    )
    assigned_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    assigned_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["candidate"],
                condition=Q(candidate__isnull=False),
                name="assignment_one_per_candidate",
            ),
            models.UniqueConstraint(
                fields=["held"], condition=Q(held__isnull=False), name="assignment_one_per_held"
            ),
            models.CheckConstraint(
                condition=Q(candidate__isnull=False, held__isnull=True)
                | Q(candidate__isnull=True, held__isnull=False),
                name="assignment_one_target",
            ),
        ]
        indexes = [models.Index(fields=["assignee", "-assigned_at"], name="assignment_assignee")]

    def __str__(self) -> str:
        what = f"candidate {self.candidate_id}" if self.candidate_id else f"held {self.held_id}"
        return f"{what} assigned to {self.assignee_id}"


class Comment(models.Model):
    """A reviewer's note on a candidate, a held change or a record (internal, never committed)."""

    candidate = models.ForeignKey(
        "extraction.Candidate",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="comments",
    )
    held = models.ForeignKey(
        "review.HeldChange",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="comments",
    )
    record_slug = models.CharField(max_length=120, blank=True, db_index=True)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="comments"
    )
    body = models.TextField()
    # The author asked the assignee for a second opinion with this comment.
    second_opinion = models.BooleanField(default=False)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(candidate__isnull=False, held__isnull=True, record_slug="")
                | Q(candidate__isnull=True, held__isnull=False, record_slug="")
                | (Q(candidate__isnull=True, held__isnull=True) & ~Q(record_slug="")),
                name="comment_one_target",
            )
        ]

    def __str__(self) -> str:
        return f"comment {self.pk} by {self.author_id}"


class Notification(models.Model):
    """Someone was mentioned in a comment or asked for a second opinion; read or not."""

    class Kind(models.TextChoices):
        MENTION = "mention", _("mentioned you")
        SECOND_OPINION = "second_opinion", _("asked you for a second opinion")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    comment = models.ForeignKey(Comment, on_delete=models.CASCADE, related_name="notifications")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    created_at = models.DateTimeField()
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["user", "comment"], name="notification_once")
        ]
        indexes = [models.Index(fields=["user", "read_at"], name="notification_unread")]

    def __str__(self) -> str:
        return f"{self.user_id}: {self.kind} (comment {self.comment_id})"
