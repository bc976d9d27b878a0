"""Coverage: topics visitors ask about, answered vs open, and whether released answers work."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from memory_review.extraction.coverage import coverage as coverage_figures
from memory_review.roles import reviewer_required


@require_GET
@reviewer_required
def coverage(request: HttpRequest) -> HttpResponse:
    return render(request, "review/coverage.html", coverage_figures())
