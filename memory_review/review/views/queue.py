from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from memory_review.roles import reviewer_required

from .. import actions, selectors
from ..forms import BulkForm
from ..models import HeldChange
from ..querystring import bulk_url, query, queue_links, queue_url, with_query
from ..selectors import QueueFilters
from ..selectors.bulk import BULK_MAX, bulk_selection


@require_GET
@reviewer_required
def queue(request: HttpRequest) -> HttpResponse:
    # Back at the list, a reviewer holds no candidate any more.
    actions.release_claims(request.user)
    filters = QueueFilters.from_query(request.GET)
    page = selectors.queue_page(filters, request.user, request.GET.get("after", ""))
    candidate_query = query(filters)
    links = queue_links(filters, page.facets)
    return render(
        request,
        "review/queue.html",
        {
            "filters": filters,
            "page": page,
            "links": links,
            "facet_groups": [
                # Titles are translated in the template; data-facet keeps the English key.
                ("Type", links["types"]),
                ("Flag", links["flags"]),
                ("Source", links["sources"]),
                ("Run", links["runs"]),
            ],
            "query": candidate_query,
            "query_suffix": "?" + candidate_query if candidate_query else "",
            "next_url": queue_url(filters, after=page.next_cursor) if page.next_cursor else "",
            "first_url": queue_url(filters),
            "has_cursor": bool(request.GET.get("after")),
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
    candidate = actions.claim_next(filters, request.user)
    if candidate is None:
        messages.info(request, _("Nothing left to review with these filters."))
        return redirect(queue_url(filters))
    return redirect(with_query(reverse("review:candidate", args=[candidate.pk]), filters))


def _confirm(
    request: HttpRequest, filters: QueueFilters, action: str, status: int = 200
) -> HttpResponse:
    selection = bulk_selection(filters, request.user, action)
    return render(
        request,
        "review/bulk_confirm.html",
        {
            "filters": filters,
            "params": filters.params(),
            "action": action,
            "selection": selection,
            "count": len(selection.rows),
            "bulk_max": BULK_MAX,
            "queue_url": queue_url(filters),
            "reject_reasons": actions.REJECT_REASONS,
        },
        status=status,
    )


@require_http_methods(["GET", "POST"])
@reviewer_required
def bulk(request: HttpRequest) -> HttpResponse:
    """Approve or reject exactly the candidates the confirmation page listed.

    GET lists them, with the filters and the count, and signs their ids;
    POST acts only when the filtered list still has exactly those ids, and
    otherwise shows the new list to confirm again. Approvals never include
    a high-risk candidate.
    """
    source = request.POST if request.method == "POST" else request.GET
    filters = QueueFilters.from_query(source)
    action = source.get("action", "reject")
    action = action if action in ("approve", "reject") else "reject"
    if request.method == "GET":
        return _confirm(request, filters, action)
    form = BulkForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose approve or reject and confirm the list."))
        return redirect(bulk_url(filters, action))
    selection = bulk_selection(filters, request.user, action)
    if selection.too_many or form.cleaned_data["signature"] != selection.signature:
        messages.error(
            request,
            _(
                "The list changed since you saw it: it now has %(now)s candidates, not the "
                "%(expected)s you confirmed. Nothing was changed; check the list again."
            )
            % {"now": len(selection.rows), "expected": form.cleaned_data["expected"]},
        )
        return _confirm(request, filters, action, status=409)
    result = actions.bulk_decide(
        candidate_ids=selection.ids,
        reviewer=request.user,
        action=action,
        reason=form.cleaned_data["reason"] or "bulk rejection",
    )
    selectors.facet_counts(refresh=True)
    done = {"done": result.done, "total": len(selection.ids)}
    if action == "approve":
        text = _("%(done)s of %(total)s candidates approved.") % done
    else:
        text = _("%(done)s of %(total)s candidates rejected.") % done
    if result.refused:
        text += (
            " "
            + _("Left alone:")
            + " "
            + ", ".join(f"{n} ({reason})" for reason, n in sorted(result.refused.items()))
        )
    messages.success(request, text)
    return redirect(queue_url(filters))
