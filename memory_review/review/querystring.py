"""Links of the queue, built from the current filters in one place.

Every sidebar filter, tab, sort, page and bulk link is the current filter
state with exactly one thing changed, so a link keeps what the reviewer chose
and changes only what it says. The page cursor (``after``) is dropped by
every link except "next page": a filtered list starts at its first page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from django.urls import reverse
from django.utils.functional import Promise as StrPromise
from django.utils.translation import gettext

from memory_review.extraction.models import Candidate

from .selectors import FLAG_FILTERS, TABS, TYPE_LABELS, QueueFilters
from .selectors.ordering import ORDERS, default_order


def query(filters: QueueFilters, **changes: Any) -> str:
    """The query string (without ``?``) of ``filters`` with ``changes``; None removes a key."""
    overrides = {k: "" if v is None else v for k, v in changes.items()}
    return urlencode(filters.params(**overrides))


def with_query(path: str, filters: QueueFilters, **changes: Any) -> str:
    """``path`` followed by the query of ``filters`` with ``changes``, or bare when empty."""
    text = query(filters, **changes)
    return f"{path}?{text}" if text else path


def queue_url(filters: QueueFilters, **changes: Any) -> str:
    """The queue showing ``filters`` with ``changes`` applied."""
    return with_query(reverse("review:queue"), filters, **changes)


def bulk_url(filters: QueueFilters, action: str) -> str:
    """The confirmation page of a bulk ``action`` over exactly this filtered list."""
    return with_query(reverse("review:bulk"), filters, action=action)


@dataclass(frozen=True)
class Link:
    label: str | StrPromise  # lazy labels render in the page's language
    url: str
    on: bool
    count: int | None = None


def _facet(
    filters: QueueFilters, name: str, current: Any, options: list[tuple[Any, str, int | None]]
) -> list[Link]:
    links = [
        Link(
            gettext("all") if name != "flag" else gettext("any"),
            queue_url(filters, **{name: None}),
            not current,
        )
    ]
    for value, label, count in options:
        links.append(Link(label, queue_url(filters, **{name: value}), current == value, count))
    return links


def queue_links(filters: QueueFilters, facets: dict[str, Any]) -> dict[str, Any]:
    """Every link of the queue page except paging: tabs, sidebar facets, sort, skipped, bulk."""
    tabs = [
        Link(label, queue_url(filters, tab=key), filters.tab == key, facets.get(f"tab_{key}", 0))
        for key, (label, _status) in TABS.items()
    ]
    types = [
        (value, TYPE_LABELS[value], facets.get(f"type_{value}", 0))
        for value, _label in Candidate.Type.choices
    ]
    flags = [
        (name, label, facets.get(f"flag_{name}", 0))
        for name, (label, _condition) in FLAG_FILTERS.items()
    ]
    sources = [
        (s["conversation__source_id"], s["conversation__source__name"], s["n"])
        for s in facets.get("sources", [])
    ]
    runs = [
        (r["run_id"], gettext("run %(pk)s") % {"pk": r["run_id"]}, r["n"])
        for r in facets.get("runs", [])
    ]
    return {
        "tabs": tabs,
        "types": _facet(filters, "type", filters.type, types),
        "flags": _facet(filters, "flag", filters.flag, flags),
        "sources": _facet(filters, "source", filters.source, sources) if sources else [],
        "runs": _facet(filters, "run", filters.run, runs) if runs else [],
        "sorts": [
            Link(label, queue_url(filters, order=None if key == default else key), on)
            for default in [default_order()]
            for key, label in ORDERS.items()
            for on in [filters.order == key]
        ],
        "skipped": Link(
            gettext("Back to my queue") if filters.skipped else gettext("Skipped by me"),
            queue_url(filters, skipped=None if filters.skipped else "1"),
            filters.skipped,
        ),
        "clear": queue_url(QueueFilters(tab=filters.tab)),
        "bulk_approve": bulk_url(filters, "approve"),
        "bulk_reject": bulk_url(filters, "reject"),
        "start": with_query(reverse("review:next"), filters),
    }
