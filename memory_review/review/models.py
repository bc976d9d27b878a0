"""Review state kept beside the extraction models: claims, skips and the audit log.

Candidate rows belong to the extraction app; what people do with them is
recorded here, so extraction never needs to know about reviewers.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .identity import validate_handle


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
        APPROVE = "approve", _("Approve")
        FIRST_APPROVAL = "first_approval", _("first approval")
        REJECT = "reject", _("Reject")
        DUPLICATE = "duplicate", _("mark duplicate")
        MERGE = "merge", _("Merge")
        ANSWER_GAP = "answer_gap", _("answer gap")
        UNDO = "undo", _("Undo")
        SKIP = "skip", _("skip")
        EDIT_RECORD = "edit_record", _("edit record")
        RETRACT_RECORD = "retract_record", _("retract record")
        REVERT_CHANGE = "revert_change", _("revert change")
        MERGE_RECORDS = "merge_records", _("merge records")
        HOLD = "hold", _("first approval of a record change")
        REJECT_HELD = "reject_held", _("reject held change")
        CLEAR_FINDING = "clear_finding", _("clear release finding")
        RELEASE = "release", _("Release")
        PUBLISH = "publish", _("Publish")
        ROLLBACK = "rollback", _("Rollback")
        WALK_RELEASE = "walk_release", _("read a whole release")
        COMMENT = "comment", _("Comment")
        ASSIGN = "assign", _("assign")
        SECOND_OPINION = "second_opinion", _("ask for a second opinion")

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
    # The events of one bulk action share a batch, so that undo takes back the whole bulk.
    batch = models.UUIDField(null=True, blank=True, db_index=True)
    at = models.DateTimeField(db_index=True)

    class Meta:
        ordering = ["-at", "-pk"]
        indexes = [models.Index(fields=["user", "-at"], name="review_event_user_recent")]

    def __str__(self) -> str:
        return f"{self.user_id} {self.action} {self.candidate_id or self.record_slug}"


class ReviewerProfile(models.Model):
    """What the public side may know of a reviewer: a handle, never an e-mail address.

    Commits on the published branch carry ``handle <handle@KNOWLEDGE_NOREPLY_DOMAIN>``
    and records list handles in ``reviewed_by``. A handle is never a login name
    (``identity``): a random one is made on first use.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reviewer_profile"
    )
    public_handle = models.SlugField(
        max_length=60,
        unique=True,
        validators=[validate_handle],
        help_text="Shown in published commits and records instead of the user's name or e-mail.",
    )

    def __str__(self) -> str:
        return self.public_handle


class HeldChange(models.Model):
    """A change to a record that waits for a second, different person.

    Record edits, record merges and reverts whose text carries a high-risk flag
    (or that change a record carrying one) wait here with the text and the
    record's state when they were held; the queue lists them with the diff.
    """

    class Kind(models.TextChoices):
        EDIT_RECORD = "edit_record", _("edit record")
        MERGE_RECORDS = "merge_records", _("merge records")
        REVERT = "revert", _("revert change")

    class Status(models.TextChoices):
        WAITING = "waiting", _("waiting for a second person")
        APPLIED = "applied", _("Applied")
        REJECTED = "rejected", _("Rejected")

    kind = models.CharField(max_length=16, choices=Kind.choices)
    slug = models.CharField(max_length=120, db_index=True)
    # Every record the change touches (the merged ones for a merge).
    slugs = models.JSONField(default=list)
    # The text to commit: name, description, body, type, valid_until (ISO date or "").
    fields = models.JSONField(default=dict)
    # The record's text when the change was held, for the diff.
    before = models.JSONField(default=dict)
    change_id = models.BigIntegerField(null=True, blank=True)
    flags = models.JSONField(default=list, blank=True)
    first_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="held_changes"
    )
    first_at = models.DateTimeField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    reason = models.TextField(blank=True)

    class Meta:
        ordering = ["first_at", "pk"]
        indexes = [models.Index(fields=["status", "first_at"], name="held_change_waiting")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.slug} ({self.status})"


class ReleaseReading(models.Model):
    """A publisher read one change of a release on its release review.

    Publishing a release needs its publisher to have read every change since
    the last published release (:mod:`memory_review.review.foureyes`): the
    publisher is the second reader of every text that goes public. A reading
    belongs to one release and one person; it is never carried over.
    """

    release = models.ForeignKey(
        "knowledge_repo.Release", on_delete=models.CASCADE, related_name="+"
    )
    change = models.ForeignKey("knowledge_repo.Change", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    read_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["release", "user", "change"], name="release_reading_once"
            )
        ]

    def __str__(self) -> str:
        return f"{self.user_id} read change {self.change_id} of {self.release_id}"


# Assignments, comments and notifications live in their own module (the team's work).
from .team_models import Assignment, Comment, Notification  # noqa: E402

__all__ = [
    "Assignment",
    "Claim",
    "Comment",
    "HeldChange",
    "Notification",
    "ReleaseReading",
    "ReviewEvent",
    "ReviewerProfile",
    "Skip",
]
