"""Conversations as ingested: visitors' words, stored verbatim and untrusted."""

import hashlib
import secrets

from django.db import models
from django.utils.translation import gettext_lazy as _


class Source(models.Model):
    """The agent or channel a conversation came from."""

    name = models.CharField(max_length=200, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class IngestToken(models.Model):
    """A bearer token for the HTTP ingest API, stored only as a SHA-256 hash."""

    source = models.ForeignKey(Source, on_delete=models.CASCADE, related_name="tokens")
    token_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"token for {self.source}"

    @staticmethod
    def hash(token: str) -> str:
        return hashlib.sha256(token.encode("utf-8")).hexdigest()

    @staticmethod
    def generate() -> str:
        return "mrv_" + secrets.token_urlsafe(32)


class RateWindow(models.Model):
    """Requests one key (a token, an address) made in one slot of the API's sliding window.

    In the database so every web process and host counts the same;
    ``conversations.ratelimit`` reads and writes it, the scheduler prunes it.
    """

    bucket = models.CharField(max_length=100)
    slot = models.BigIntegerField()
    hits = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["bucket", "slot"], name="ratewindow_bucket_slot")
        ]

    def __str__(self) -> str:
        return f"{self.bucket} @ {self.slot}: {self.hits}"


class Conversation(models.Model):
    source = models.ForeignKey(Source, on_delete=models.PROTECT, related_name="conversations")
    external_id = models.CharField(max_length=255)
    started_at = models.DateTimeField(null=True, blank=True)
    metadata = models.JSONField(default=dict, blank=True)
    # Format the conversation was read from (native, anthropic, openai, ...).
    format = models.CharField(max_length=32, blank=True)
    message_count = models.PositiveIntegerField(default=0)
    # Hash over the stored messages, in order, to tell growth from rewrites.
    content_hash = models.CharField(max_length=64, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["source", "external_id"], name="conversation_unique_per_source"
            )
        ]
        indexes = [models.Index(fields=["-created_at"], name="conversation_recent")]

    def __str__(self) -> str:
        return f"{self.source}/{self.external_id}"


class Message(models.Model):
    class Role(models.TextChoices):
        USER = "user", _("visitor")
        ASSISTANT = "assistant", _("agent")
        SYSTEM = "system", _("system")
        TOOL = "tool", _("tool")

    conversation = models.ForeignKey(
        Conversation, on_delete=models.CASCADE, related_name="messages"
    )
    order = models.PositiveIntegerField()
    role = models.CharField(max_length=16, choices=Role.choices)
    # Content blocks as received (Anthropic-style list of blocks).
    content = models.JSONField(default=list)
    # Only the text of text blocks: what extraction may ever read.
    text = models.TextField(blank=True)
    is_tool_use = models.BooleanField(default=False)
    is_tool_output = models.BooleanField(default=False)
    created_at = models.DateTimeField(null=True, blank=True)
    # Rolling hash of this message and every earlier one (see conversations.merging): equal
    # digests at position n mean the first n messages are identical.
    digest = models.CharField(max_length=32, blank=True)

    class Meta:
        ordering = ["conversation", "order"]
        constraints = [
            models.UniqueConstraint(fields=["conversation", "order"], name="message_order_unique")
        ]

    def __str__(self) -> str:
        return f"{self.conversation_id}#{self.order} {self.role}"


class IngestBatch(models.Model):
    """One run of ingest over a file or one HTTP request."""

    class Kind(models.TextChoices):
        FILE = "file", _("File")
        REQUEST = "request", _("Request")

    kind = models.CharField(max_length=16, choices=Kind.choices)
    source = models.ForeignKey(Source, on_delete=models.PROTECT, null=True, blank=True)
    path = models.CharField(max_length=1024, blank=True)
    format = models.CharField(max_length=32, blank=True)
    lines = models.PositiveIntegerField(default=0)
    conversations_created = models.PositiveIntegerField(default=0)
    conversations_updated = models.PositiveIntegerField(default=0)
    conversations_unchanged = models.PositiveIntegerField(default=0)
    messages_added = models.PositiveIntegerField(default=0)
    skipped = models.JSONField(default=dict, blank=True)
    problem_counts = models.JSONField(default=dict, blank=True)
    started_at = models.DateTimeField()
    finished_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.kind} {self.path or self.pk}"

    @property
    def seconds(self) -> float | None:
        """How long it ran; None while it runs (or if it was interrupted)."""
        if self.finished_at is None:
            return None
        return (self.finished_at - self.started_at).total_seconds()

    @property
    def file_name(self) -> str:
        """The file's name without its directories (the path may be long)."""
        return self.path.replace("\\", "/").rsplit("/", 1)[-1]

    @property
    def problem_total(self) -> int:
        return sum(self.problem_counts.values())

    @property
    def skipped_total(self) -> int:
        return sum(self.skipped.values())


class IngestProblem(models.Model):
    """An input line that did not become data, kept verbatim with its reason."""

    batch = models.ForeignKey(IngestBatch, on_delete=models.CASCADE, related_name="problems")
    line_number = models.PositiveIntegerField()
    reason = models.CharField(max_length=64)
    detail = models.TextField(blank=True)
    # The raw bytes of the line, decoded with backslash escapes where they were not UTF-8
    # and with NUL escaped, so that any line can be stored on PostgreSQL.
    raw = models.TextField()
    raw_is_escaped = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["batch", "line_number"]

    def __str__(self) -> str:
        return f"line {self.line_number}: {self.reason}"
