"""Extraction runs and the candidates they propose. Extraction never writes knowledge."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

# The flag columns of flags.HIGH_RISK_KINDS (the extraction rules map kinds to columns).
HIGH_RISK_FLAG_COLUMNS = (
    "flag_personal_data",
    "flag_instruction",
    "flag_hidden_chars",
    "flag_person_claim",
    "flag_forged_structure",
)


def high_risk_q() -> Q:
    """Candidates with any high-risk flag, for querysets (the same test as is_high_risk)."""
    q = Q()
    for column in HIGH_RISK_FLAG_COLUMNS:
        q |= Q(**{column: True})
    return q


class ExtractionRun(models.Model):
    class Provider(models.TextChoices):
        ANTHROPIC = "anthropic", _("Anthropic")
        HEURISTIC = "heuristic", _("Heuristic")

    class Mode(models.TextChoices):
        SYNC = "sync", _("Sync")
        BATCH = "batch", _("Batch")

    class Status(models.TextChoices):
        RUNNING = "running", _("Running")
        SUBMITTED = "submitted", _("batch submitted")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

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

    @property
    def is_heuristic(self) -> bool:
        """Made by the offline pattern extractor rather than a model; shown as such."""
        return self.provider == self.Provider.HEURISTIC

    @property
    def cache_note(self) -> str:
        """What prompt caching did on this run, from the API's usage fields, said plainly."""
        if self.provider != self.Provider.ANTHROPIC or not (
            self.input_tokens or self.cache_write_tokens or self.cache_read_tokens
        ):
            return ""
        if not (self.cache_write_tokens or self.cache_read_tokens):
            from .prompt import cache_minimum

            prefix = (self.params or {}).get("prefix_tokens")
            size = f"about {prefix} tokens" if prefix else "its size unknown"
            return (
                "Prompt caching was INACTIVE on this run: the usage fields show no cache write "
                f"and no cache read. The fixed prefix is {size}; {self.model} caches a prefix "
                f"of at least {cache_minimum(self.model)} tokens. Every request paid full price."
            )
        prompt = self.input_tokens + self.cache_write_tokens + self.cache_read_tokens
        return (
            f"Prompt cache: {self.cache_write_tokens} tokens written, {self.cache_read_tokens} "
            f"read ({self.cache_read_tokens / prompt:.0%} of prompt tokens served from cache)."
        )


class Candidate(models.Model):
    """A proposed memory or a knowledge gap, waiting for a person's decision."""

    class Kind(models.TextChoices):
        MEMORY = "memory", _("Memory")
        GAP = "gap", _("knowledge gap")

    class Type(models.TextChoices):
        USER = "user", _("audience")
        FEEDBACK = "feedback", _("Feedback")
        PROJECT = "project", _("Project")
        REFERENCE = "reference", _("Reference")

    class Scope(models.TextChoices):
        PERSISTENT = "persistent", _("Persistent")
        CURRENT_TASK = "current_task", _("Current Task")

    class Operation(models.TextChoices):
        CREATE = "create", _("Create")
        UPDATE = "update", _("Update")
        SUPERSEDE = "supersede", _("Supersede")
        RETRACT = "retract", _("Retract")
        NONE = "none", _("nothing new")

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        # Approved once; a high-risk flag needs a second, different reviewer.
        AWAITING_SECOND = "awaiting_second", _("awaiting second approval")
        APPROVED = "approved", _("Approved")
        REJECTED = "rejected", _("Rejected")
        DUPLICATE = "duplicate", _("Duplicate")
        MERGED = "merged", _("Merged")

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
    # Set by a reviewer: the record stops being selected after this day.
    valid_until = models.DateField(null=True, blank=True)
    duplicate_of = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="near_duplicates"
    )
    duplicate_of_record = models.CharField(max_length=120, blank=True)
    similarity = models.FloatField(null=True, blank=True)
    # Gaps asking the same thing (in any wording or language) share a group: one queue item.
    group = models.ForeignKey(
        "GapGroup", on_delete=models.SET_NULL, null=True, blank=True, related_name="candidates"
    )
    # A model's English wording of a gap's question: groups meet across languages on it.
    canonical = models.TextField(blank=True)
    # Asked again after the group's answer was released: the release's name ("v3").
    still_asked_after = models.CharField(max_length=100, blank=True)
    # The learning queue: predicted chance of approval, and the score the queue sorts by
    # (the prediction, or for an exploration share a draw, so the model sees the rest too).
    predicted_approval = models.FloatField(null=True, blank=True)
    queue_score = models.FloatField(default=0.5)
    # Visitors × recency, as log2(visitors) + weeks since 2020 (groups.ask_score): the queue's
    # order before any decision. A question twice as asked ranks like one a week newer.
    ask_score = models.FloatField(default=0.0)
    probably_noise = models.BooleanField(default=False)
    # [{"kind": "personal_data", "field": "body", "start": 3, "end": 20,
    #   "text": "...", "reason": "email address"}]
    flags = models.JSONField(default=list, blank=True)
    # Denormalised flag kinds, indexed, so the queue filters 100k rows fast.
    flag_personal_data = models.BooleanField(default=False)
    flag_instruction = models.BooleanField(default=False)
    flag_temporary = models.BooleanField(default=False)
    flag_hidden_chars = models.BooleanField(default=False)
    flag_low_confidence = models.BooleanField(default=False)
    flag_person_claim = models.BooleanField(default=False)
    flag_forged_structure = models.BooleanField(default=False)
    # Which extractor proposed it ("heuristic" candidates are labelled as such).
    provider = models.CharField(max_length=16, blank=True)
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
            models.Index(fields=["status", "-queue_score", "-id"], name="candidate_queue_likely"),
            models.Index(fields=["status", "-ask_score", "-id"], name="candidate_queue_recent"),
            models.Index(fields=["group", "status", "id"], name="candidate_group_lead"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def is_high_risk(self) -> bool:
        """A high-risk flag (flags.HIGH_RISK_KINDS) is on it, so it needs a second reviewer."""
        return any(getattr(self, column) for column in HIGH_RISK_FLAG_COLUMNS)

    @property
    def is_heuristic(self) -> bool:
        """Proposed by the offline pattern extractor, not a model: shown as such."""
        return self.provider == ExtractionRun.Provider.HEURISTIC


class ExtractionItem(models.Model):
    """One conversation's share of a run: the unit workers claim, so none is done twice.

    A run that died is resumed by processing its items that are not finished.
    """

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        CLAIMED = "claimed", _("Claimed")
        SUBMITTED = "submitted", _("in a batch")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")
        SKIPPED = "skipped", _("skipped (budget)")

    run = models.ForeignKey(ExtractionRun, on_delete=models.CASCADE, related_name="items")
    conversation = models.ForeignKey(
        "conversations.Conversation", on_delete=models.CASCADE, related_name="extraction_items"
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    # Messages with order > after_order are new for this run; earlier ones are context.
    after_order = models.IntegerField(default=-1)
    # Highest message order the request covered; becomes the conversation's state.
    upto_order = models.IntegerField(null=True, blank=True)
    claimed_by = models.CharField(max_length=100, blank=True)
    claimed_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["run", "conversation"], name="extraction_item_once_per_run"
            )
        ]
        indexes = [models.Index(fields=["run", "status"], name="extraction_item_run_status")]

    def __str__(self) -> str:
        return f"run {self.run_id} conversation {self.conversation_id} ({self.status})"

    @property
    def custom_id(self) -> str:
        """The Message Batches custom_id that matches a result back to this item."""
        return f"item-{self.pk}"


class ExtractionState(models.Model):
    """How far a conversation has been extracted, so growth is extracted only once."""

    conversation = models.OneToOneField(
        "conversations.Conversation", on_delete=models.CASCADE, related_name="extraction_state"
    )
    last_message_order = models.IntegerField(default=-1)
    run = models.ForeignKey(ExtractionRun, on_delete=models.SET_NULL, null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"conversation {self.conversation_id} up to #{self.last_message_order}"


class ExtractionFailure(models.Model):
    """A conversation a run could not extract, with the raw output to inspect.

    The conversation's state is not advanced, so a later run retries it.
    """

    class Reason(models.TextChoices):
        MALFORMED = "malformed", _("malformed output")
        RATE_LIMITED = "rate_limited", _("rate limited (429)")
        OVERLOADED = "overloaded", _("overloaded (529)")
        API_ERROR = "api_error", _("API error")
        ERRORED = "errored", _("batch request errored")
        EXPIRED = "expired", _("batch request expired")
        CANCELED = "canceled", _("batch request canceled")

    run = models.ForeignKey(ExtractionRun, on_delete=models.CASCADE, related_name="failures")
    item = models.ForeignKey(
        ExtractionItem, on_delete=models.CASCADE, null=True, blank=True, related_name="failures"
    )
    conversation = models.ForeignKey(
        "conversations.Conversation", on_delete=models.CASCADE, related_name="extraction_failures"
    )
    reason = models.CharField(max_length=32, choices=Reason.choices)
    detail = models.TextField(blank=True)
    raw_output = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at"]

    def __str__(self) -> str:
        return f"{self.reason} on conversation {self.conversation_id}"


class FilteredProposal(models.Model):
    """A proposal the program rules kept out of the queue: counted on the run and findable."""

    run = models.ForeignKey(ExtractionRun, on_delete=models.CASCADE, related_name="filtered_items")
    conversation = models.ForeignKey(
        "conversations.Conversation", on_delete=models.CASCADE, related_name="filtered_proposals"
    )
    reason = models.CharField(max_length=32, db_index=True)
    # The proposal as the extractor gave it, plus what it duplicated where that applies.
    payload = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at"]

    def __str__(self) -> str:
        return f"{self.reason}: {self.payload.get('name', '')}"


class GapGroup(models.Model):
    """Knowledge gaps that ask the same question: one queue item with how many visitors asked.

    Answering one answers all of them. A question asked again once the answer is
    released joins the group as "still asked after release vN".
    """

    question = models.TextField()
    # Normalised text new gaps are matched against (the question, never a shared description).
    key = models.TextField()
    visitors = models.PositiveIntegerField(default=0)
    first_seen = models.DateTimeField()
    last_seen = models.DateTimeField()
    record_slug = models.CharField(max_length=120, blank=True)
    answered_at = models.DateTimeField(null=True, blank=True)
    # The nearest other group when this one started, close but below the grouping
    # threshold: shown to the reviewer as "may be the same question" (GroupIndex.match).
    maybe_same = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        indexes = [models.Index(fields=["-visitors"], name="gap_group_most_asked")]

    def __str__(self) -> str:
        return f"{self.question[:60]} ({self.visitors} asked)"

    @property
    def wordings(self) -> list[str]:
        """The distinct wordings visitors used (and a model's English one), first first."""
        return [line for line in self.key.split("\n") if line.strip()]


class ApprovalModel(models.Model):
    """A trained predictor of approval, with how well it did on decisions it did not see."""

    trained_at = models.DateTimeField(auto_now_add=True)
    decisions = models.PositiveIntegerField()
    held_out = models.PositiveIntegerField()
    held_out_accuracy = models.FloatField()
    # What always guessing the commoner decision would score on the same held-out set.
    baseline_accuracy = models.FloatField()
    # The fitted scikit-learn pipeline, pickled; written and read only by this app.
    blob = models.BinaryField()

    class Meta:
        ordering = ["-trained_at", "-pk"]

    def __str__(self) -> str:
        return f"approval model {self.pk} ({self.held_out_accuracy:.0%} held out)"


class QuestionVector(models.Model):
    """A question's sentence embedding, kept so a new worker does not embed every wording again.

    Keyed by the provider's name and the SHA-256 of the normalised text; `vector`
    holds the unit row as little-endian float32 bytes (embeddings.py reads and writes it).
    """

    provider = models.CharField(max_length=100)
    text_hash = models.CharField(max_length=64)
    vector = models.BinaryField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["provider", "text_hash"], name="question_vector_key")
        ]

    def __str__(self) -> str:
        return f"{self.provider} {self.text_hash[:12]}"
