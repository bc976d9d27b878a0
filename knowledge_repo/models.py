"""The database side of the knowledge repository.

Git is the truth; these tables are an index of it (Record), the outbox of
approved changes waiting for their commit (Change), and the audit of
releases and publications. ``kb_reindex`` rebuilds Record from git alone.
"""

import datetime as dt

from django.conf import settings
from django.db import models
from django.utils import timezone

from .recordfile import RecordData, flatten


class RecordType(models.TextChoices):
    USER = "user", "user (true of the audience in general)"
    FEEDBACK = "feedback", "feedback"
    PROJECT = "project", "project"
    REFERENCE = "reference", "reference"


class Record(models.Model):
    """The current state of one record, for search and conflict checks.

    Updated in the same transaction as the Change that produces it, so the
    pages show an approved state at once; ``commit`` stays blank until the
    committer has written it to git.
    """

    slug = models.SlugField(max_length=60, unique=True)
    name = models.CharField(max_length=300)
    # The case-folded name, so "is this name taken?" is an indexed lookup.
    name_key = models.CharField(max_length=300, db_index=True, default="", editable=False)
    type = models.CharField(max_length=20, choices=RecordType.choices)
    description = models.TextField(blank=True)
    body = models.TextField(blank=True)
    sources = models.JSONField(default=list, blank=True)
    reviewed_by = models.JSONField(default=list, blank=True)
    supersedes = models.JSONField(default=list, blank=True)
    valid_until = models.DateField(null=True, blank=True)
    # Visitors' wordings of the question the record answers (screened): the reader's search keys.
    search_keys = models.JSONField(default=list, blank=True)
    created = models.DateTimeField()
    updated = models.DateTimeField()
    commit = models.CharField(max_length=40, blank=True)
    retracted = models.BooleanField(default=False)
    open_flags = models.JSONField(default=list, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["slug"]

    def __str__(self) -> str:
        return self.slug

    def set_from_file(self, data: RecordData) -> None:
        """Take every field from the record file's data (revert and reindex restore rows so).

        Unparseable times become now and an unparseable ``valid_until`` none, so a
        hand-edited file never stops a reindex.
        """
        self.name = data.name
        self.name_key = flatten(data.name).casefold()
        self.description = data.description
        self.body = data.body
        self.type = data.type
        self.sources = list(data.sources)
        self.reviewed_by = list(data.reviewed_by)
        self.supersedes = list(data.supersedes)
        self.search_keys = list(data.search_keys)
        self.created = _parse_time(data.created)
        self.updated = _parse_time(data.updated)
        try:
            self.valid_until = dt.date.fromisoformat(data.valid_until) if data.valid_until else None
        except ValueError:
            self.valid_until = None


def _parse_time(value: str) -> dt.datetime:
    try:
        parsed = dt.datetime.fromisoformat(value)
    except ValueError:
        return timezone.now()
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=dt.UTC)


class Change(models.Model):
    """One approved change waiting for (or done with) its git commit."""

    class Kind(models.TextChoices):
        CREATE = "create"
        UPDATE = "update"
        RETRACT = "retract"
        MERGE = "merge"
        REVERT = "revert"

    class Status(models.TextChoices):
        PENDING = "pending"
        COMMITTED = "committed"
        FAILED = "failed"

    kind = models.CharField(max_length=10, choices=Kind.choices)
    slug = models.SlugField(max_length=60)
    # The full file state to write, so applying a change twice writes the same bytes.
    payload = models.JSONField(default=dict)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    author_name = models.CharField(max_length=300)
    author_email = models.CharField(max_length=300)
    # A plain integer, not a foreign key: knowledge_repo must not depend on the review app.
    candidate_id = models.BigIntegerField(null=True, blank=True)
    sources = models.JSONField(default=list, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    commit_sha = models.CharField(max_length=40, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    committed_at = models.DateTimeField(null=True, blank=True)
    error = models.TextField(blank=True)

    class Meta:
        ordering = ["pk"]
        indexes = [models.Index(fields=["status", "id"]), models.Index(fields=["slug"])]

    def __str__(self) -> str:
        return f"{self.kind} {self.slug} ({self.status})"

    def touched(self) -> list[str]:
        """The slugs of every record this change writes or removes."""
        return [*self.payload.get("write", {}), *self.payload.get("remove", [])]


class ChangeFile(models.Model):
    """One record file before and after a committed change, kept with its commit.

    Pages show history, diffs and file text from these rows, so web processes
    on any host read the database alone and never open the git working copy,
    which belongs to the committer. Written in the transaction that records
    the commit sha. ``None`` means the file did not exist on that side.
    """

    change = models.ForeignKey(Change, on_delete=models.CASCADE, related_name="files")
    slug = models.SlugField(max_length=60)
    before = models.TextField(null=True, blank=True)  # noqa: DJ001 - None: no such file
    after = models.TextField(null=True, blank=True)  # noqa: DJ001 - None: no such file

    class Meta:
        ordering = ["change_id", "slug"]
        constraints = [
            models.UniqueConstraint(fields=["change", "slug"], name="changefile_once_per_change")
        ]
        indexes = [models.Index(fields=["slug", "change"])]

    def __str__(self) -> str:
        return f"{self.slug} in change {self.change_id}"


class CommitterStatus(models.Model):
    """The heartbeat of a committer process, for /readyz and the dashboard.

    One row per process; ``is_leader`` is true for the one holding the
    election lock. Rows of dead processes simply stop being refreshed.
    """

    name = models.CharField(max_length=200, unique=True)
    working_copy = models.CharField(max_length=1000)
    is_leader = models.BooleanField(default=False)
    writable = models.BooleanField(default=False)
    started_at = models.DateTimeField()
    last_seen = models.DateTimeField()
    message = models.TextField(blank=True)

    class Meta:
        ordering = ["-last_seen"]

    def __str__(self) -> str:
        return self.name


class Release(models.Model):
    """An annotated tag cut after the release checks passed."""

    name = models.CharField(max_length=100, unique=True)
    sha = models.CharField(max_length=40)
    # The newest change in the release (changes are committed in order), so the
    # published text of a record is read from ChangeFile rows, not from git.
    last_change_id = models.BigIntegerField(null=True, blank=True)
    changelog = models.JSONField(default=dict)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-pk"]

    def __str__(self) -> str:
        return self.name


class Publication(models.Model):
    """Who moved the published branch to which release, and what each remote said."""

    class Action(models.TextChoices):
        PUBLISH = "publish"
        ROLLBACK = "rollback"

    release = models.ForeignKey(Release, on_delete=models.PROTECT, related_name="publications")
    action = models.CharField(max_length=10, choices=Action.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    at = models.DateTimeField(auto_now_add=True)
    # [{"remote": url, "ok": bool, "error": str}, ...]
    results = models.JSONField(default=list)
    # Provenance: the public snapshot commit this publication made (tree = the
    # release's tree) and the internal release commit it was made from.
    snapshot_sha = models.CharField(max_length=40, blank=True)
    release_sha = models.CharField(max_length=40, blank=True)

    class Meta:
        ordering = ["-pk"]

    def __str__(self) -> str:
        return f"{self.action} {self.release.name}"

    @property
    def ok(self) -> bool:
        """True when every remote accepted the push."""
        return all(result.get("ok") for result in self.results)

    @property
    def failed_remotes(self) -> list[str]:
        return [r["remote"] for r in self.results if not r.get("ok")]


class SourceRef(models.Model):
    """An opaque source reference a record carries, and the turn it stands for.

    Published records name their sources only by these references; the review
    app alone resolves them to conversations (``internal`` is
    ``<source>/<external id>#<turn>``).
    """

    ref = models.CharField(max_length=40, primary_key=True)
    internal = models.CharField(max_length=600, db_index=True)

    def __str__(self) -> str:
        return self.ref


class FindingClearance(models.Model):
    """A person's decision that one release-check finding may ship, with the reason.

    A clearance is tied to the exact text it is about (``key`` hashes the
    record, the check and the text found), so an edit that changes the text
    brings the finding back. High-risk findings need a second, different person.
    """

    key = models.CharField(max_length=64, unique=True)
    slug = models.CharField(max_length=120)
    kind = models.CharField(max_length=40)
    text = models.TextField(blank=True)
    reason = models.TextField()
    high_risk = models.BooleanField(default=False)
    cleared_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    cleared_at = models.DateTimeField()
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    confirm_reason = models.TextField(
        blank=True, help_text="The second person's reason, as written."
    )

    def __str__(self) -> str:
        return f"{self.kind} in {self.slug}"

    @property
    def in_force(self) -> bool:
        """Cleared for good: by one person, or by two when the finding is high-risk."""
        return not self.high_risk or self.confirmed_by_id is not None


class KnowledgeJob(models.Model):
    """Work on the git working copy that a web page asked for and the committer does.

    Web hosts have no working copy: cutting a release, its checks, publishing,
    rolling back and replaying conversations are queued here, run one at a
    time by the leading committer (``knowledge_repo.jobs``), and the page
    shows ``progress`` until ``status`` is done or failed with ``result`` or
    ``error``. What each kind does is named by ``KNOWLEDGE_JOBS``.
    """

    class Status(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"

    kind = models.CharField(max_length=40)
    params = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    progress = models.CharField(max_length=300, blank=True)
    result = models.JSONField(default=dict, blank=True)
    error = models.TextField(blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-pk"]
        indexes = [models.Index(fields=["status", "id"]), models.Index(fields=["kind", "status"])]

    def __str__(self) -> str:
        return f"{self.kind} #{self.pk} ({self.status})"

    @property
    def finished(self) -> bool:
        return self.status in {self.Status.DONE, self.Status.FAILED}
