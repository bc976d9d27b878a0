from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from memory_review.extraction.models import FilteredProposal
from memory_review.extraction.rules import OUT_OF_SCOPE
from memory_review.health import health
from memory_review.roles import reviewer_required

from .. import selectors


@require_GET
@reviewer_required
def dashboard(request: HttpRequest) -> HttpResponse:
    # Off-topic questions the agent rightly declined: counted here, never queued.
    out_of_scope = FilteredProposal.objects.filter(reason=OUT_OF_SCOPE).count()
    return render(
        request,
        "review/dashboard.html",
        {**selectors.dashboard(), "health": health(), "out_of_scope": out_of_scope},
    )
