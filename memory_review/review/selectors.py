"""Reads for the review pages: the queue, one candidate in context, the dashboard.

The queue must stay fast with 100,000 pending candidates, so it pages by
keyset (created_at, id) instead of OFFSET, never counts the whole table on a
page view (facet counts are cached for a short while, the filtered count is
bounded), and every filter maps onto an indexed column.
"""

from __future__ import annotations

import difflib
import hashlib
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

from django.core.cache import cache
from django.db.models import Count, F, Max, Min, Q, QuerySet
from django.db.models.functions import TruncDate
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from conversations.models import Message, Source
from memory_review.extraction.models import Candidate, ExtractionRun

from .actions import DECISIONS
from .models import Claim, ReviewEvent, Skip
from .text import FLAG_EXPLANATIONS, highlight

PAGE_SIZE = 50
QUEUE_COLUMNS = (
    "name",
    "description",
    "kind",
    "type",
    "operation",
    "target_slug",
    "run_id",
    "created_at",
    "duplicate_of_id",
    "duplicate_of_record",
    "flag_personal_data",
    "flag_instruction",
    "flag_temporary",
    "flag_hidden_chars",
    "flag_low_confidence",
    "conversation__source__name",
)
COUNT_LIMIT = 1000
COUNT_CACHE_SECONDS = 30

FLAG_FILTERS: dict[str, tuple[str, Q]] = {
    "personal_data": ("personal data", Q(flag_personal_data=True)),
    "instruction": ("possible instruction", Q(flag_instruction=True)),
    "temporary": ("temporary wording", Q(flag_temporary=True)),
    "hidden_chars": ("hidden characters", Q(flag_hidden_chars=True)),
    "duplicate": (
        "duplicate",
        Q(duplicate_of__isnull=False) | ~Q(duplicate_of_record=""),
    ),
    "update": (
        "update of a record",
        Q(operation__in=[Candidate.Operation.UPDATE, Candidate.Operation.SUPERSEDE]),
    ),
    "low_confidence": ("low confidence", Q(flag_low_confidence=True)),
    "gap": ("knowledge gap", Q(kind=Candidate.Kind.GAP)),
}
TABS = {
    "pending": ("To review", Candidate.Status.PENDING),
    "second": ("Awaiting second approval", Candidate.Status.AWAITING_SECOND),
}


@dataclass
class QueueFilters:
    """The filter state of the queue, parsed from the query string."""

    tab: str = "pending"
    type: str = ""
    flag: str = ""
    source: int | None = None
    run: int | None = None
    q: str = ""
    order: str = "newest"
    skipped: bool = False

    @classmethod
    def from_query(cls, data: Any) -> QueueFilters:
        def as_int(name: str) -> int | None:
            value = data.get(name, "")
            return int(value) if str(value).isdigit() else None

        tab = data.get("tab", "pending")
        kind = data.get("type", "")
        flag = data.get("flag", "")
        return cls(
            tab=tab if tab in TABS else "pending",
            type=kind if kind in Candidate.Type.values else "",
            flag=flag if flag in FLAG_FILTERS else "",
            source=as_int("source"),
            run=as_int("run"),
            q=data.get("q", "").strip()[:200],
            order="oldest" if data.get("order") == "oldest" else "newest",
            skipped=data.get("skipped") == "1",
        )

    def params(self, **overrides: Any) -> dict[str, str]:
        """Query parameters for this state (defaults left out), with overrides."""
        values = {
            "tab": self.tab,
            "type": self.type,
            "flag": self.flag,
            "source": self.source,
            "run": self.run,
            "q": self.q,
            "order": self.order,
            "skipped": "1" if self.skipped else "",
        }
        values.update(overrides)
        defaults = {"tab": "pending", "order": "newest"}
        return {
            k: str(v)
            for k, v in values.items()
            if v not in (None, "", False) and defaults.get(k) != v
        }

    @property
    def is_filtered(self) -> bool:
        return bool(self.type or self.flag or self.source or self.run or self.q)

    def key(self) -> str:
        return hashlib.sha1(repr(sorted(self.params().items())).encode()).hexdigest()


def filtered_candidates(filters: QueueFilters, user: Any = None) -> QuerySet[Candidate]:
    """Exactly the candidates a filter state shows (bulk actions use this too)."""
    qs = Candidate.objects.filter(status=TABS[filters.tab][1])
    if filters.type:
        qs = qs.filter(type=filters.type)
    if filters.flag:
        qs = qs.filter(FLAG_FILTERS[filters.flag][1])
    if filters.run:
        qs = qs.filter(run_id=filters.run)
    if filters.source:
        qs = qs.filter(conversation__source_id=filters.source)
    if filters.q:
        qs = qs.filter(
            Q(name__icontains=filters.q)
            | Q(description__icontains=filters.q)
            | Q(body__icontains=filters.q)
        )
    if user is not None:
        mine = Skip.objects.filter(user=user).values("candidate_id")
        qs = qs.filter(pk__in=mine) if filters.skipped else qs.exclude(pk__in=mine)
    return qs


def _ordered(qs: QuerySet[Candidate], order: str) -> QuerySet[Candidate]:
    if order == "oldest":
        return qs.order_by("created_at", "pk")
    return qs.order_by("-created_at", "-pk")


def encode_cursor(candidate: Candidate) -> str:
    return f"{candidate.created_at.isoformat()}_{candidate.pk}"


def _after(qs: QuerySet[Candidate], order: str, cursor: str) -> QuerySet[Candidate]:
    stamp, _, pk = cursor.rpartition("_")
    at = parse_datetime(stamp) if stamp else None
    if at is None or not pk.isdigit():
        return qs
    if order == "oldest":
        return qs.filter(created_at__gte=at).filter(Q(created_at__gt=at) | Q(pk__gt=int(pk)))
    # The redundant range lets the database walk the index from the cursor on.
    return qs.filter(created_at__lte=at).filter(Q(created_at__lt=at) | Q(pk__lt=int(pk)))


@dataclass
class QueuePage:
    rows: list[Candidate]
    next_cursor: str | None
    count: int
    count_is_bound: bool
    facets: dict[str, Any] = field(default_factory=dict)


def queue_page(filters: QueueFilters, user: Any, cursor: str = "") -> QueuePage:
    """One page of the queue with its cursor for the next page and bounded counts."""
    qs = filtered_candidates(filters, user)
    page_qs = _ordered(qs, filters.order)
    search_next: str | None = None
    if filters.q:
        pks, search_next = _search(filters, user, cursor)
        # By primary key only: ordered by the queue index, the database would walk
        # the whole queue looking for a 51st row that is not in the list.
        page_qs = Candidate.objects.filter(pk__in=pks).order_by()
    elif cursor:
        page_qs = _after(page_qs, filters.order, cursor)
    # Claims come as two joined columns rather than a related object, so a row
    # without a claim costs no exception in the template.
    rows: list[Any] = list(
        page_qs.select_related("conversation__source")
        .annotate(claimed_by=F("claim__user__username"), claim_expires=F("claim__expires_at"))
        .only(*QUEUE_COLUMNS)[: PAGE_SIZE + 1]
    )
    next_cursor = encode_cursor(rows[PAGE_SIZE - 1]) if len(rows) > PAGE_SIZE else None
    if filters.q:
        position = {pk: i for i, pk in enumerate(pks)}
        rows.sort(key=lambda row: position[row.pk])
        next_cursor = search_next
    now = timezone.now()
    for row in rows[:PAGE_SIZE]:
        # Computed here once: template filters per row are the bulk of the page's time.
        row.badges = row_badges(row)  # type: ignore[attr-defined]
        row.age = short_age(now - row.created_at)  # type: ignore[attr-defined]
        row.type_label = TYPE_LABELS.get(row.type, row.type)  # type: ignore[attr-defined]
        row.operation_label = OPERATION_LABELS.get(row.operation, row.operation)  # type: ignore[attr-defined]
        row.claimed = (  # type: ignore[attr-defined]
            row.claimed_by  # type: ignore[attr-defined]
            if row.claimed_by and row.claim_expires > now and row.claimed_by != user.get_username()  # type: ignore[attr-defined]
            else ""
        )
    if filters.q:
        # A text match cannot use an index: counting it would scan the table.
        count, bound = min(len(rows), PAGE_SIZE), next_cursor is not None
    else:
        count, bound = filtered_count(filters, user)
    return QueuePage(rows[:PAGE_SIZE], next_cursor, count, bound, facet_counts())


SEARCH_FIRST_WINDOW = 250
SEARCH_WINDOW = 4000
SEARCH_MAX_SCAN = 20000


def _search(filters: QueueFilters, user: Any, cursor: str) -> tuple[list[int], str | None]:
    """Primary keys of the next page of text matches, and the cursor to go on from.

    Text matching cannot use an index, and a database left alone may sort the
    whole table when it expects few matches. So the queue is walked in index
    order a window at a time and the text is tested inside each window only;
    one request scans at most SEARCH_MAX_SCAN rows and then offers to go on.
    """
    base = _ordered(filtered_candidates(replace(filters, q=""), user), filters.order)
    text = (
        Q(name__icontains=filters.q)
        | Q(description__icontains=filters.q)
        | Q(body__icontains=filters.q)
    )
    found: list[int] = []
    position, scanned, size = cursor, 0, min(SEARCH_FIRST_WINDOW, SEARCH_WINDOW)
    while scanned < SEARCH_MAX_SCAN:
        window_qs = _after(base, filters.order, position) if position else base
        window = list(window_qs.values_list("pk", flat=True)[:size])
        scanned += len(window)
        hits = set(
            Candidate.objects.filter(pk__in=window).filter(text).values_list("pk", flat=True)
        )
        for pk in window:
            if pk in hits:
                found.append(pk)
                if len(found) == PAGE_SIZE:
                    return found, _cursor_at(pk)
        if len(window) < size:
            return found, None
        position = _cursor_at(window[-1])
        # Common words fill a page from the first small window; rare ones widen it.
        size = min(size * 2, SEARCH_WINDOW)
    return found, position


def _cursor_at(pk: int) -> str:
    at = Candidate.objects.values_list("created_at", flat=True).get(pk=pk)
    return f"{at.isoformat()}_{pk}"


TYPE_LABELS = {value: str(label).lower() for value, label in Candidate.Type.choices}
OPERATION_LABELS = {value: str(label) for value, label in Candidate.Operation.choices}
_BADGES = (
    ("flag_personal_data", "bad", "personal data"),
    ("flag_instruction", "bad", "instruction"),
    ("flag_temporary", "warn", "temporary"),
    ("flag_hidden_chars", "warn", "hidden chars"),
    ("flag_low_confidence", "", "low confidence"),
)


def row_badges(candidate: Candidate) -> list[tuple[str, str]]:
    """(css class, label) of each flag a queue row shows."""
    badges = [(css, label) for name, css, label in _BADGES if getattr(candidate, name)]
    if candidate.duplicate_of_id or candidate.duplicate_of_record:
        badges.insert(2, ("warn", "duplicate"))
    return badges


def short_age(delta: timedelta) -> str:
    seconds = int(delta.total_seconds())
    for size, unit in ((86400, "d"), (3600, "h"), (60, "min")):
        if seconds >= size:
            return f"{seconds // size} {unit}"
    return "just now"


def filtered_count(filters: QueueFilters, user: Any) -> tuple[int, bool]:
    """How many candidates the filter matches, up to COUNT_LIMIT, cached briefly."""
    key = f"review:count:{user.pk}:{filters.key()}"
    cached = cache.get(key)
    if cached is None:
        n = filtered_candidates(filters, user).order_by()[: COUNT_LIMIT + 1].count()
        cached = (min(n, COUNT_LIMIT), n > COUNT_LIMIT)
        cache.set(key, cached, COUNT_CACHE_SECONDS)
    return cached


def facet_counts(refresh: bool = False) -> dict[str, Any]:
    """Open candidates per tab, type and flag, cached for COUNT_CACHE_SECONDS."""
    key = "review:facets"
    cached = None if refresh else cache.get(key)
    if cached is not None:
        return cached
    pending = Q(status=Candidate.Status.PENDING)
    aggregates: dict[str, Any] = {
        "tab_pending": Count("pk", filter=pending),
        "tab_second": Count("pk", filter=Q(status=Candidate.Status.AWAITING_SECOND)),
    }
    for value in Candidate.Type.values:
        aggregates[f"type_{value}"] = Count("pk", filter=pending & Q(type=value))
    for name, (_, condition) in FLAG_FILTERS.items():
        aggregates[f"flag_{name}"] = Count("pk", filter=pending & condition)
    open_qs = Candidate.objects.filter(
        status__in=[Candidate.Status.PENDING, Candidate.Status.AWAITING_SECOND]
    )
    counts = open_qs.aggregate(**aggregates)
    counts["runs"] = list(
        open_qs.filter(pending).values("run_id").annotate(n=Count("pk")).order_by("-run_id")[:20]
    )
    counts["sources"] = list(
        open_qs.filter(pending)
        .values("conversation__source_id", "conversation__source__name")
        .annotate(n=Count("pk"))
        .order_by("conversation__source__name")[:50]
    )
    cache.set(key, counts, COUNT_CACHE_SECONDS)
    return counts


def next_candidate(
    filters: QueueFilters, user: Any, exclude: int | None = None
) -> Candidate | None:
    """The next candidate for this reviewer: unclaimed by others, not skipped, in order.

    When only skipped ones are left they come back, oldest skip first.
    """
    now = timezone.now()
    free = Q(claim__isnull=True) | Q(claim__expires_at__lte=now) | Q(claim__user=user)
    qs = filtered_candidates(filters, user).filter(free)
    if exclude:
        qs = qs.exclude(pk=exclude)
    found = _ordered(qs, filters.order).first()
    if found is None and not filters.skipped:
        skipped = filtered_candidates(QueueFilters(**{**filters.__dict__, "skipped": True}), user)
        skipped = skipped.filter(free).exclude(pk=exclude or 0)
        found = skipped.order_by("skips__at").filter(skips__user=user).first()
    return found


# --- one candidate ------------------------------------------------------------

EVIDENCE_WINDOW = 6
MAX_MESSAGES = 80


def evidence_messages(candidate: Candidate, show_all: bool = False) -> tuple[list[Message], bool]:
    """The conversation's messages around the cited ones; (messages, trimmed)."""
    qs = Message.objects.filter(conversation_id=candidate.conversation_id).order_by("order")
    cited = sorted(int(o) for o in candidate.evidence if str(o).lstrip("-").isdigit())
    total = candidate.conversation.message_count or qs.count()
    if show_all or total <= MAX_MESSAGES or not cited:
        return list(qs[:2000] if show_all else qs[:MAX_MESSAGES]), total > (
            2000 if show_all else MAX_MESSAGES
        )
    low, high = cited[0] - EVIDENCE_WINDOW, cited[-1] + EVIDENCE_WINDOW
    return list(qs.filter(order__gte=low, order__lte=high)[:MAX_MESSAGES]), True


def message_blocks(message: Message) -> list[dict[str, Any]]:
    """Content blocks as (kind, text) for display; tool blocks are shown collapsed."""
    blocks: list[dict[str, Any]] = []
    content = message.content
    if isinstance(content, str):
        content = [{"type": "text", "text": content}]
    for block in content or []:
        if not isinstance(block, dict):
            blocks.append({"tool": False, "text": str(block)})
            continue
        kind = block.get("type", "text")
        if kind == "text":
            blocks.append({"tool": False, "text": block.get("text", "")})
        else:
            label = block.get("name") or kind
            detail = block.get("input") or block.get("content") or block.get("text") or ""
            if not isinstance(detail, str):
                import json

                detail = json.dumps(detail, ensure_ascii=False, indent=1)[:5000]
            blocks.append({"tool": True, "label": f"{kind}: {label}", "text": detail})
    if not blocks and message.text:
        blocks.append({"tool": message.is_tool_output, "label": message.role, "text": message.text})
    return blocks


def flag_explanations(candidate: Candidate) -> list[dict[str, Any]]:
    """Each flag kind in words, with the flagged snippets."""
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for flag in candidate.flags or []:
        by_kind.setdefault(str(flag.get("kind", "")), []).append(flag)
    if (candidate.duplicate_of_id or candidate.duplicate_of_record) and "duplicate" not in by_kind:
        by_kind["duplicate"] = []
    return [
        {
            "kind": kind,
            "label": kind.replace("_", " "),
            "explanation": FLAG_EXPLANATIONS.get(kind, kind.replace("_", " ")),
            "spans": spans,
            "high_risk": kind in ("personal_data", "instruction"),
        }
        for kind, spans in by_kind.items()
    ]


def highlighted_fields(candidate: Candidate) -> dict[str, Any]:
    spans: dict[str, list[dict[str, Any]]] = {}
    for flag in candidate.flags or []:
        spans.setdefault(str(flag.get("field", "")), []).append(flag)
    return {
        name: highlight(getattr(candidate, name), spans.get(name, []))
        for name in ("name", "description", "body", "question", "poor_answer")
    }


def side_by_side(before: str, after: str) -> list[tuple[str, str, str]]:
    """Rows (tag, left line, right line) for a two-column diff."""
    left, right = before.splitlines(), after.splitlines()
    rows: list[tuple[str, str, str]] = []
    matcher = difflib.SequenceMatcher(a=left, b=right, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        a, b = left[i1:i2], right[j1:j2]
        for k in range(max(len(a), len(b))):
            rows.append((tag, a[k] if k < len(a) else "", b[k] if k < len(b) else ""))
    return rows


def current_record(slug: str) -> Any:
    """The knowledge-repository record with this slug, if the app knows it."""
    if not slug:
        return None
    try:
        from knowledge_repo.models import Record
    except ImportError:
        return None
    return Record.objects.filter(slug=slug).first()


def record_text(record: Any) -> str:
    if record is None:
        return ""
    return f"# {record.name}\n{record.description}\n\n{record.body}"


def candidate_text(candidate: Candidate) -> str:
    return f"# {candidate.name}\n{candidate.description}\n\n{candidate.body}"


def provenance(candidate: Candidate) -> dict[str, Any]:
    """Turns → run → decisions → commits → releases, in one place."""
    events = list(
        ReviewEvent.objects.filter(candidate=candidate).select_related("user").order_by("at", "pk")
    )
    changes: list[Any] = []
    releases: list[Any] = []
    try:
        from knowledge_repo.models import Change

        changes = list(Change.objects.filter(candidate_id=candidate.pk).order_by("pk"))
    except ImportError:
        pass
    shas = [c.commit_sha for c in changes if getattr(c, "commit_sha", "")]
    if shas:
        releases = releases_containing(shas)
    return {"events": events, "changes": changes, "releases": releases}


def releases_containing(shas: list[str]) -> list[str]:
    """Names of release tags that contain any of these commits."""
    try:
        from django.conf import settings
        from git import Repo

        repo = Repo(settings.KNOWLEDGE_REPO_PATH)
    except Exception:
        return []
    try:
        names: set[str] = set()
        for sha in shas:
            try:
                out = repo.git.tag("--contains", sha)
            except Exception:
                continue
            names.update(line.strip() for line in out.splitlines() if line.strip())
        return sorted(names)
    finally:
        repo.close()


def near_duplicates(candidate: Candidate) -> list[Candidate]:
    return list(candidate.near_duplicates.exclude(pk=candidate.pk).order_by("-created_at")[:5])


# --- dashboard ----------------------------------------------------------------


def dashboard(days: int = 14) -> dict[str, Any]:
    """Pending count and age, decisions per day and reviewer, approval rates, runs."""
    now = timezone.now()
    pending = Candidate.objects.filter(status=Candidate.Status.PENDING)
    age = pending.aggregate(oldest=Min("created_at"), newest=Max("created_at"))
    since = now - timedelta(days=days)
    decisions = ReviewEvent.objects.filter(action__in=DECISIONS, at__gte=since, undone_by=None)
    per_day = list(
        decisions.annotate(day=TruncDate("at"))
        .values("day")
        .annotate(n=Count("pk"))
        .order_by("day")
    )
    per_reviewer = list(
        decisions.values("user__username")
        .annotate(
            n=Count("pk"),
            approved=Count("pk", filter=Q(action__in=["approve", "first_approval", "merge"])),
            rejected=Count("pk", filter=Q(action="reject")),
        )
        .order_by("-n")
    )
    closed = [
        Candidate.Status.APPROVED,
        Candidate.Status.REJECTED,
        Candidate.Status.DUPLICATE,
        Candidate.Status.MERGED,
    ]
    accepted = [Candidate.Status.APPROVED, Candidate.Status.MERGED]
    decided = Q(status__in=closed)
    approved = Q(status__in=accepted)
    runs = list(
        ExtractionRun.objects.annotate(
            decided=Count("candidates", filter=Q(candidates__status__in=closed)),
            approved=Count("candidates", filter=Q(candidates__status__in=accepted)),
            open=Count("candidates", filter=Q(candidates__status=Candidate.Status.PENDING)),
        ).order_by("-started_at")[:20]
    )
    for run in runs:
        run.approval_rate = (run.approved / run.decided) if run.decided else None  # type: ignore[attr-defined]
    per_flag = []
    for name, (label, condition) in FLAG_FILTERS.items():
        row = Candidate.objects.filter(condition).aggregate(
            decided=Count("pk", filter=decided), approved=Count("pk", filter=approved)
        )
        row["rate"] = row["approved"] / row["decided"] if row["decided"] else None
        per_flag.append({"name": name, "label": label, **row})
    return {
        "pending": pending.count(),
        "awaiting_second": Candidate.objects.filter(
            status=Candidate.Status.AWAITING_SECOND
        ).count(),
        "oldest": age["oldest"],
        "oldest_age": (now - age["oldest"]) if age["oldest"] else None,
        "per_day": per_day,
        "per_reviewer": per_reviewer,
        "runs": runs,
        "per_flag": per_flag,
        "days": days,
        "claims": Claim.objects.filter(expires_at__gt=now).count(),
    }


def audit_events(
    *, candidate_id: int | None = None, slug: str = "", before: datetime | None = None
) -> QuerySet[ReviewEvent]:
    qs = ReviewEvent.objects.select_related("user", "candidate")
    if candidate_id:
        qs = qs.filter(candidate_id=candidate_id)
    if slug:
        qs = qs.filter(record_slug=slug)
    return qs


def sources() -> list[Source]:
    return list(Source.objects.order_by("name")[:200])


AUDITED_FIELDS = ("status", "name", "description", "body", "type", "operation", "target_slug")


def with_changes(events: list[ReviewEvent]) -> list[ReviewEvent]:
    """Attach ``changed``: (field, before, after) for each field an event changed."""
    for event in events:
        keys = [k for k in AUDITED_FIELDS if k in event.before or k in event.after]
        event.changed = [  # type: ignore[attr-defined]
            (k, event.before.get(k), event.after.get(k))
            for k in keys
            if event.before.get(k) != event.after.get(k)
        ]
    return events
