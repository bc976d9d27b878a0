"""Pages about extraction runs (reviewers and publishers)."""

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from memory_review.roles import reviewer_required

from . import selectors
from .models import ExtractionRun


def _get_run_for_reviewer(request: HttpRequest, pk: int) -> ExtractionRun:
    # Every reviewer may see every run; the guard is the decorator.
    return get_object_or_404(ExtractionRun, pk=pk)


@require_GET
@reviewer_required
def runs(request: HttpRequest) -> HttpResponse:
    page = Paginator(selectors.runs_with_figures(), 50).get_page(request.GET.get("page"))
    return render(request, "extraction/runs.html", {"page": page})


@require_GET
@reviewer_required
def run_detail(request: HttpRequest, pk: int) -> HttpResponse:
    run = _get_run_for_reviewer(request, pk)
    return render(request, "extraction/run_detail.html", {"run": run, **selectors.run_detail(run)})
