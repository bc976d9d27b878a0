"""Counts that are true: each sidebar and tab count is computed with the rows it describes.

A count is the number of rows the link would show: the current filters with
that one value changed (faceted by the other filters), for this reviewer (their
skips left out, as the list leaves them out), counted on the request, never
from a cache. Tab counts are bounded like the list count; the grouped counts
read one indexed pass each.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.db.models import Count

from memory_review.extraction.models import Candidate

from .queue import COUNT_LIMIT, FLAG_FILTERS, TABS, QueueFilters, filtered_candidates


def _bounded(filters: QueueFilters, user: Any) -> int:
    qs = filtered_candidates(filters, user).order_by()
    return min(qs[: COUNT_LIMIT + 1].count(), COUNT_LIMIT)


def live_facets(filters: QueueFilters, user: Any) -> dict[str, Any]:
    """Per tab, type, flag, source and run: how many rows its link shows, given the other filters.

    A text search is left out of the counts (it cannot use an index; the list
    says its matches are per page).
    """
    base = replace(filters, q="")
    counts: dict[str, Any] = {f"tab_{key}": _bounded(replace(base, tab=key), user) for key in TABS}
    by_type = dict(
        filtered_candidates(replace(base, type=""), user)
        .order_by()
        .values_list("type")
        .annotate(n=Count("pk"))
    )
    for value in Candidate.Type.values:
        counts[f"type_{value}"] = by_type.get(value, 0)
    flags = filtered_candidates(replace(base, flag=""), user).aggregate(
        **{
            f"facet_{name}": Count("pk", filter=condition)
            for name, (_l, condition) in FLAG_FILTERS.items()
        }
    )
    for name in FLAG_FILTERS:
        counts[f"flag_{name}"] = flags[f"facet_{name}"]
    counts["runs"] = list(
        filtered_candidates(replace(base, run=None), user)
        .order_by()
        .values("run_id")
        .annotate(n=Count("pk"))
        .order_by("-run_id")[:20]
    )
    counts["sources"] = list(
        filtered_candidates(replace(base, source=None), user)
        .order_by()
        .values("conversation__source_id", "conversation__source__name")
        .annotate(n=Count("pk"))
        .order_by("conversation__source__name")[:50]
    )
    return counts
