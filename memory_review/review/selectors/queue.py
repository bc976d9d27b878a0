"""The review queue: filters, keyset pages, facet counts and the next candidate.

The queue must stay fast with 100,000 pending candidates, so it pages by
keyset (created_at, id) instead of OFFSET, never counts the whole table on a
page view (facet counts are cached for a short while, the filtered count is
bounded), and every filter maps onto an indexed column.
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection
from dataclasses import dataclass, field, replace
from datetime import timedelta
from typing import Any

from django.core.cache import cache
from django.db.models import Count, Exists, F, OuterRef, Q, QuerySet
from django.utils import timezone
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

from memory_review.extraction.models import Candidate, high_risk_q

from ..models import Skip
from .ordering import ORDERS, after_cursor, cursor_at, default_order, encode_cursor, ordered

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
    "flag_person_claim",
    "flag_forged_structure",
    "conversation__source__name",
    "group_id",
    "still_asked_after",
    "predicted_approval",
    "queue_score",
)
HIGH_RISK = high_risk_q()
COUNT_LIMIT = 1000
COUNT_CACHE_SECONDS = 30

FLAG_FILTERS: dict[str, tuple[Any, Q]] = {
    "personal_data": (_("personal data"), Q(flag_personal_data=True)),
    "instruction": (_("possible instruction"), Q(flag_instruction=True)),
    "temporary": (_("temporary wording"), Q(flag_temporary=True)),
    "hidden_chars": (_("hidden characters"), Q(flag_hidden_chars=True)),
    "person_claim": (_("claim about a person"), Q(flag_person_claim=True)),
    "forged_structure": (_("forged index or catalog line"), Q(flag_forged_structure=True)),
    "duplicate": (
        _("duplicate"),
        Q(duplicate_of__isnull=False) | ~Q(duplicate_of_record=""),
    ),
    "update": (
        _("update of a record"),
        Q(operation__in=[Candidate.Operation.UPDATE, Candidate.Operation.SUPERSEDE]),
    ),
    "low_confidence": ("low confidence", Q(flag_low_confidence=True)),
    "gap": ("knowledge gap", Q(kind=Candidate.Kind.GAP)),
}
TABS = {
    "pending": (_("To review"), Candidate.Status.PENDING),
    # High-risk items (personal data, an instruction, ...) need two reviewers: their own list,
    # not the top of every first reviewer's day.
    "risky": (_("High risk"), Candidate.Status.PENDING),
    "second": (_("Awaiting second approval"), Candidate.Status.AWAITING_SECOND),
    # Scored as almost surely noise by the approval model: kept here, never deleted.
    "noise": (_("Probably noise"), Candidate.Status.PENDING),
}


# A group of gaps asking the same question is one item: its oldest member in that status.
# Written as "no older member exists", a probe of the (group, status) index per row.
GROUP_LEAD = ~Exists(
    Candidate.objects.filter(
        group_id=OuterRef("group_id"), status=OuterRef("status"), pk__lt=OuterRef("pk")
    )
)


@dataclass
class QueueFilters:
    """The filter state of the queue, parsed from the query string."""

    tab: str = "pending"
    type: str = ""
    flag: str = ""
    source: int | None = None
    run: int | None = None
    q: str = ""
    order: str = ""
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
            order=data.get("order") if data.get("order") in ORDERS else default_order(),
            skipped=data.get("skipped") == "1",
        )

    def __post_init__(self) -> None:
        self.order = self.order or default_order()

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
        defaults = {"tab": "pending", "order": default_order()}
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
    if filters.tab in ("pending", "noise"):
        qs = qs.filter(probably_noise=filters.tab == "noise")
    elif filters.tab == "risky":
        qs = qs.filter(HIGH_RISK)
    qs = qs.filter(GROUP_LEAD)
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
    page_qs = ordered(qs, filters.order)
    search_next: str | None = None
    if filters.q:
        pks, search_next = _search(filters, user, cursor)
        # By primary key only: ordered by the queue index, the database would walk
        # the whole queue looking for a 51st row that is not in the list.
        page_qs = Candidate.objects.filter(pk__in=pks).order_by()
    elif cursor:
        page_qs = after_cursor(page_qs, filters.order, cursor)
    # Claims come as two joined columns rather than a related object, so a row
    # without a claim costs no exception in the template.
    rows: list[Any] = list(
        page_qs.select_related("conversation__source", "group")
        .annotate(claimed_by=F("claim__user__username"), claim_expires=F("claim__expires_at"))
        .only(*QUEUE_COLUMNS, "group__visitors", "group__first_seen", "group__last_seen")[
            : PAGE_SIZE + 1
        ]
    )
    next_cursor = (
        encode_cursor(rows[PAGE_SIZE - 1], filters.order) if len(rows) > PAGE_SIZE else None
    )
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
        # How many visitors asked (grouped gaps), with first and last seen.
        row.asked = row.group.visitors if row.group_id else 1  # type: ignore[attr-defined]
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
    # Sidebar and tab counts come from facets.live_facets, computed for the same filters.
    return QueuePage(rows[:PAGE_SIZE], next_cursor, count, bound)


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
    base = ordered(filtered_candidates(replace(filters, q=""), user), filters.order)
    text = (
        Q(name__icontains=filters.q)
        | Q(description__icontains=filters.q)
        | Q(body__icontains=filters.q)
    )
    found: list[int] = []
    position, scanned, size = cursor, 0, min(SEARCH_FIRST_WINDOW, SEARCH_WINDOW)
    while scanned < SEARCH_MAX_SCAN:
        window_qs = after_cursor(base, filters.order, position) if position else base
        window = list(window_qs.values_list("pk", flat=True)[:size])
        scanned += len(window)
        hits = set(
            Candidate.objects.filter(pk__in=window).filter(text).values_list("pk", flat=True)
        )
        for pk in window:
            if pk in hits:
                found.append(pk)
                if len(found) == PAGE_SIZE:
                    return found, cursor_at(pk, filters.order)
        if len(window) < size:
            return found, None
        position = cursor_at(window[-1], filters.order)
        # Common words fill a page from the first small window; rare ones widen it.
        size = min(size * 2, SEARCH_WINDOW)
    return found, position


# Lazy labels: each page renders them in the reader's language.
_lower = lazy(lambda text: str(text).lower(), str)
TYPE_LABELS = {value: _lower(label) for value, label in Candidate.Type.choices}
OPERATION_LABELS = {value: label for value, label in Candidate.Operation.choices}
_BADGES = (
    ("flag_personal_data", "bad", _("personal data")),
    ("flag_instruction", "bad", _("instruction")),
    ("flag_person_claim", "bad", _("claim about a person")),
    ("flag_forged_structure", "bad", _("forged structure")),
    ("flag_temporary", "warn", _("temporary")),
    ("flag_hidden_chars", "warn", _("hidden chars")),
    ("flag_low_confidence", "", _("low confidence")),
)


def row_badges(candidate: Candidate) -> list[tuple[str, Any]]:
    """(css class, label) of each flag a queue row shows."""
    badges: list[tuple[str, Any]] = [
        (css, label) for name, css, label in _BADGES if getattr(candidate, name)
    ]
    if candidate.duplicate_of_id or candidate.duplicate_of_record:
        badges.insert(2, ("warn", _("duplicate")))
    if candidate.still_asked_after:
        badges.insert(
            0,
            ("warn", _("still asked after %(date)s") % {"date": candidate.still_asked_after}),
        )
    return badges


def short_age(delta: timedelta) -> str:
    seconds = int(delta.total_seconds())
    for size, unit in ((86400, _("%(n)d d")), (3600, _("%(n)d h")), (60, _("%(n)d min"))):
        if seconds >= size:
            return str(unit) % {"n": seconds // size}
    return str(_("just now"))


def filtered_count(filters: QueueFilters, user: Any) -> tuple[int, bool]:
    """How many candidates the filter matches, up to COUNT_LIMIT.

    Counted with the rows it stands above, never cached: a cached count said
    "2 matching" above an empty list for half a minute.
    """
    n = filtered_candidates(filters, user).order_by()[: COUNT_LIMIT + 1].count()
    return min(n, COUNT_LIMIT), n > COUNT_LIMIT


def facet_counts(refresh: bool = False) -> dict[str, Any]:
    """Open candidates per tab, type and flag, cached for COUNT_CACHE_SECONDS."""
    key = "review:facets"
    cached = None if refresh else cache.get(key)
    if cached is not None:
        return cached
    noise = Q(status=Candidate.Status.PENDING, probably_noise=True)
    pending = Q(status=Candidate.Status.PENDING, probably_noise=False)
    aggregates: dict[str, Any] = {
        "tab_pending": Count("pk", filter=pending),
        "tab_risky": Count("pk", filter=Q(status=Candidate.Status.PENDING) & HIGH_RISK),
        "tab_second": Count("pk", filter=Q(status=Candidate.Status.AWAITING_SECOND)),
        "tab_noise": Count("pk", filter=noise),
    }
    # Types and flags count every pending item, high-risk ones included.
    listed = Q(status=Candidate.Status.PENDING, probably_noise=False)
    for value in Candidate.Type.values:
        aggregates[f"type_{value}"] = Count("pk", filter=listed & Q(type=value))
    for name, (_label, condition) in FLAG_FILTERS.items():
        # Not "flag_<name>": those are columns, which the high-risk filters name.
        aggregates[f"facet_{name}"] = Count("pk", filter=listed & condition)
    open_qs = Candidate.objects.filter(
        status__in=[Candidate.Status.PENDING, Candidate.Status.AWAITING_SECOND]
    ).filter(GROUP_LEAD)
    counts = open_qs.aggregate(**aggregates)
    for name in FLAG_FILTERS:
        counts[f"flag_{name}"] = counts.pop(f"facet_{name}")
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
    filters: QueueFilters, user: Any, exclude: int | Collection[int] | None = None
) -> Candidate | None:
    """The next candidate for this reviewer: unclaimed by others, not skipped, in order.

    When only skipped ones are left they come back, oldest skip first. Its id and status
    are read (the caller claims it and sends the reviewer there); any other field loads
    on first use.
    """
    now = timezone.now()
    free = Q(claim__isnull=True) | Q(claim__expires_at__lte=now) | Q(claim__user=user)
    excluded = [exclude] if isinstance(exclude, int) else list(exclude or [])
    qs = filtered_candidates(filters, user).filter(free).exclude(pk__in=excluded)
    found = ordered(qs, filters.order).only("pk", "status").first()
    if found is None and not filters.skipped:
        skipped = filtered_candidates(QueueFilters(**{**filters.__dict__, "skipped": True}), user)
        skipped = skipped.filter(free).exclude(pk__in=excluded)
        found = skipped.order_by("skips__at").filter(skips__user=user).only("pk", "status").first()
    return found
