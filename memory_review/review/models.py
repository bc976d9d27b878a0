"""Review state kept beside the extraction models: claims, skips and the audit log.

Candidate rows belong to the extraction app; what people do with them is
recorded here, so extraction never needs to know about reviewers.
"""

from django.conf import settings
from django.db import models


class Claim(models.Model):
    """A reviewer is looking at a candidate; others are steered away until it expires.

    A claim is advisory: it keeps two people from working on the same
    candidate, while the row lock in the decision actions is what makes two
    decisions impossible.
    """

    candidate = models.OneToOneField(
        "extraction.Candidate", on_delete=models.CASCADE, related_name="claim"
    )
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    claimed_at = models.DateTimeField()
    expires_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.candidate_id} claimed by {self.user_id}"


class Skip(models.Model):
    """A reviewer put a candidate back at the end of their own queue."""

    candidate = models.ForeignKey(
        "extraction.Candidate", on_delete=models.CASCADE, related_name="skips"
    )
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["candidate", "user"], name="skip_once_per_user")
        ]

    def __str__(self) -> str:
        return f"{self.candidate_id} skipped by {self.user_id}"


class ReviewEvent(models.Model):
    """One decision or edit, with who, when, and the state before and after.

    Rows are only ever added: undoing a decision is a new event that points at
    the one it undoes.
    """

    class Action(models.TextChoices):
        APPROVE = "approve"
        FIRST_APPROVAL = "first_approval", "first approval"
        REJECT = "reject"
        DUPLICATE = "duplicate", "mark duplicate"
        MERGE = "merge"
        ANSWER_GAP = "answer_gap", "answer gap"
        UNDO = "undo"
        EDIT_RECORD = "edit_record", "edit record"
        RETRACT_RECORD = "retract_record", "retract record"
        REVERT_CHANGE = "revert_change", "revert change"

    candidate = models.ForeignKey(
        "extraction.Candidate",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="review_events",
    )
    record_slug = models.CharField(max_length=120, blank=True, db_index=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    action = models.CharField(max_length=20, choices=Action.choices)
    reason = models.TextField(blank=True)
    before = models.JSONField(default=dict, blank=True)
    after = models.JSONField(default=dict, blank=True)
    # knowledge_repo.Change written by this event, if any (plain id: that app owns it).
    change_id = models.BigIntegerField(null=True, blank=True)
    # Set on a decision once it has been undone.
    undone_by = models.OneToOneField(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="undoes"
    )
    bulk = models.BooleanField(default=False)
    at = models.DateTimeField(db_index=True)

    class Meta:
        ordering = ["-at", "-pk"]
        indexes = [models.Index(fields=["user", "-at"], name="review_event_user_recent")]

    def __str__(self) -> str:
        return f"{self.user_id} {self.action} {self.candidate_id or self.record_slug}"
