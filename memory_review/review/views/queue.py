from urllib.parse import urlencode

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods

from memory_review.extraction.models import Candidate, high_risk_q
from memory_review.roles import reviewer_required

from .. import actions, selectors
from ..forms import BulkForm
from ..models import HeldChange
from ..selectors import FLAG_FILTERS, TABS, QueueFilters


@require_GET
@reviewer_required
def queue(request: HttpRequest) -> HttpResponse:
    filters = QueueFilters.from_query(request.GET)
    page = selectors.queue_page(filters, request.user, request.GET.get("after", ""))
    facets = page.facets
    return render(
        request,
        "review/queue.html",
        {
            "filters": filters,
            "page": page,
            "query": urlencode(filters.params()),
            "query_suffix": "?" + urlencode(filters.params()) if filters.params() else "",
            "tabs": [(key, label, facets.get(f"tab_{key}", 0)) for key, (label, _) in TABS.items()],
            "types": [
                (value, label, facets.get(f"type_{value}", 0))
                for value, label in Candidate.Type.choices
            ],
            "flags": [
                (name, label, facets.get(f"flag_{name}", 0))
                for name, (label, _) in FLAG_FILTERS.items()
            ],
            "runs": facets.get("runs", []),
            "sources": facets.get("sources", []),
            "next_url": (
                reverse("review:queue") + "?" + urlencode(filters.params(after=page.next_cursor))
                if page.next_cursor
                else ""
            ),
            "first_url": reverse("review:queue") + "?" + urlencode(filters.params()),
            "has_cursor": bool(request.GET.get("after")),
            "reject_reasons": actions.REJECT_REASONS,
            "now": timezone.now(),
            # One reverse() per page, not two per row: rows link to <prefix><pk>/.
            "candidate_prefix": reverse("review:candidate", args=[0]).removesuffix("0/"),
            # Record edits, merges and reverts held for a second person wait with the candidates.
            "held_changes": list(
                HeldChange.objects.filter(status=HeldChange.Status.WAITING).select_related(
                    "first_by"
                )[:50]
            )
            if filters.tab == "second"
            else [],
        },
    )


@require_GET
@reviewer_required
def next_candidate(request: HttpRequest) -> HttpResponse:
    """Open the next candidate of the filtered queue (the "start reviewing" button)."""
    filters = QueueFilters.from_query(request.GET)
    candidate = selectors.next_candidate(filters, request.user)
    query = urlencode(filters.params())
    if candidate is None:
        messages.info(request, "Nothing left to review with these filters.")
        return redirect(reverse("review:queue") + ("?" + query if query else ""))
    url = reverse("review:candidate", args=[candidate.pk])
    return redirect(url + ("?" + query if query else ""))


@require_http_methods(["GET", "POST"])
@reviewer_required
def bulk(request: HttpRequest) -> HttpResponse:
    """Approve or reject exactly the filtered set, after a confirmation stating the count.

    GET shows the count; POST acts only if the filtered set still has the
    count the reviewer confirmed, so a filter never silently widens.
    """
    source = request.POST if request.method == "POST" else request.GET
    filters = QueueFilters.from_query(source)
    action = source.get("action", "reject")
    queue_url = reverse("review:queue") + "?" + urlencode(filters.params())
    matching = selectors.filtered_candidates(filters, request.user)
    if request.method == "GET":
        return render(
            request,
            "review/bulk_confirm.html",
            {
                "filters": filters,
                "params": filters.params(),
                "action": action if action in ("approve", "reject") else "reject",
                "count": matching.count(),
                "queue_url": queue_url,
                "reject_reasons": actions.REJECT_REASONS,
                "high_risk": matching.filter(high_risk_q()).count(),
            },
        )
    ids = list(matching.values_list("pk", flat=True))
    form = BulkForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Choose approve or reject and confirm the count.")
        return redirect(queue_url)
    if form.cleaned_data["expected"] != len(ids):
        messages.error(
            request,
            f"The filtered set now has {len(ids)} candidates, not the "
            f"{form.cleaned_data['expected']} you confirmed. Nothing was changed; check again.",
        )
        return redirect(
            reverse("review:bulk")
            + "?"
            + urlencode({**filters.params(), "action": form.cleaned_data["action"]})
        )
    result = actions.bulk_decide(
        candidate_ids=ids,
        reviewer=request.user,
        action=form.cleaned_data["action"],
        reason=form.cleaned_data["reason"] or "bulk rejection",
    )
    selectors.facet_counts(refresh=True)
    verb = "approved" if form.cleaned_data["action"] == "approve" else "rejected"
    text = f"{result.done} of {len(ids)} candidates {verb}."
    if result.refused:
        text += " Left alone: " + ", ".join(
            f"{n} ({reason})" for reason, n in sorted(result.refused.items())
        )
    messages.success(request, text)
    return redirect(queue_url)
