"""Extraction runs and the candidates they propose. Extraction never writes knowledge."""

from django.conf import settings
from django.db import models


class ExtractionRun(models.Model):
    class Provider(models.TextChoices):
        ANTHROPIC = "anthropic"
        HEURISTIC = "heuristic"

    class Mode(models.TextChoices):
        SYNC = "sync"
        BATCH = "batch"

    class Status(models.TextChoices):
        RUNNING = "running"
        SUBMITTED = "submitted", "batch submitted"
        DONE = "done"
        FAILED = "failed"

    provider = models.CharField(max_length=16, choices=Provider.choices)
    model = models.CharField(max_length=100, blank=True)
    prompt_version = models.CharField(max_length=32, blank=True)
    mode = models.CharField(max_length=8, choices=Mode.choices, default=Mode.SYNC)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.RUNNING)
    batch_id = models.CharField(max_length=100, blank=True)
    params = models.JSONField(default=dict, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    conversations_read = models.PositiveIntegerField(default=0)
    candidates_queued = models.PositiveIntegerField(default=0)
    gaps_queued = models.PositiveIntegerField(default=0)
    # Items the program rules kept out of the queue, counted by reason.
    filtered = models.JSONField(default=dict, blank=True)
    failures_count = models.PositiveIntegerField(default=0)
    input_tokens = models.PositiveBigIntegerField(default=0)
    cache_write_tokens = models.PositiveBigIntegerField(default=0)
    cache_read_tokens = models.PositiveBigIntegerField(default=0)
    output_tokens = models.PositiveBigIntegerField(default=0)
    cost_usd = models.DecimalField(max_digits=12, decimal_places=6, default=0)

    class Meta:
        ordering = ["-started_at"]

    def __str__(self) -> str:
        return f"run {self.pk} ({self.provider} {self.model})"


class Candidate(models.Model):
    """A proposed memory or a knowledge gap, waiting for a person's decision."""

    class Kind(models.TextChoices):
        MEMORY = "memory"
        GAP = "gap", "knowledge gap"

    class Type(models.TextChoices):
        USER = "user", "audience"
        FEEDBACK = "feedback"
        PROJECT = "project"
        REFERENCE = "reference"

    class Scope(models.TextChoices):
        PERSISTENT = "persistent"
        CURRENT_TASK = "current_task"

    class Operation(models.TextChoices):
        CREATE = "create"
        UPDATE = "update"
        SUPERSEDE = "supersede"
        RETRACT = "retract"
        NONE = "none", "nothing new"

    class Status(models.TextChoices):
        PENDING = "pending"
        # Approved once; a high-risk flag needs a second, different reviewer.
        AWAITING_SECOND = "awaiting_second", "awaiting second approval"
        APPROVED = "approved"
        REJECTED = "rejected"
        DUPLICATE = "duplicate"
        MERGED = "merged"

    run = models.ForeignKey(ExtractionRun, on_delete=models.PROTECT, related_name="candidates")
    conversation = models.ForeignKey(
        "conversations.Conversation", on_delete=models.PROTECT, related_name="candidates"
    )
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.MEMORY)
    type = models.CharField(max_length=16, choices=Type.choices, default=Type.PROJECT)
    scope = models.CharField(max_length=16, choices=Scope.choices, default=Scope.PERSISTENT)
    operation = models.CharField(max_length=16, choices=Operation.choices, default=Operation.CREATE)
    name = models.CharField(max_length=200)
    description = models.TextField()
    body = models.TextField()
    # For gaps: the visitor's question and the agent's poor answer.
    question = models.TextField(blank=True)
    poor_answer = models.TextField(blank=True)
    # Message.order values of the turns this candidate cites.
    evidence = models.JSONField(default=list)
    confidence = models.FloatField(default=0.5)
    # Slug of the existing record an update/supersede/retract is about, and its
    # text at extraction time, kept for the diff.
    target_slug = models.CharField(max_length=120, blank=True)
    target_snapshot = models.TextField(blank=True)
    duplicate_of = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="near_duplicates"
    )
    duplicate_of_record = models.CharField(max_length=120, blank=True)
    similarity = models.FloatField(null=True, blank=True)
    # [{"kind": "personal_data", "field": "body", "start": 3, "end": 20,
    #   "text": "...", "reason": "email address"}]
    flags = models.JSONField(default=list, blank=True)
    # Denormalised flag kinds, indexed, so the queue filters 100k rows fast.
    flag_personal_data = models.BooleanField(default=False)
    flag_instruction = models.BooleanField(default=False)
    flag_temporary = models.BooleanField(default=False)
    flag_hidden_chars = models.BooleanField(default=False)
    flag_low_confidence = models.BooleanField(default=False)
    # Hash of the normalised content; an exact duplicate is counted, not queued.
    fingerprint = models.CharField(max_length=64, db_index=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        indexes = [
            models.Index(fields=["status", "-created_at"], name="candidate_queue_newest"),
            models.Index(fields=["status", "created_at"], name="candidate_queue_oldest"),
            models.Index(fields=["status", "type", "-created_at"], name="candidate_queue_type"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def is_high_risk(self) -> bool:
        """Personal data or instruction-like text needs a second reviewer."""
        return self.flag_personal_data or self.flag_instruction
