"""Conversation pages: visitors' words, so reviewers (and publishers) only.

One conversation with its candidates and records is a review page
(`memory_review.review.views.conversations`).
"""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from memory_review.roles import reviewer_required

from . import selectors
from .models import IngestBatch, IngestProblem


def _int(value: str | None) -> int | None:
    try:
        return int(value) if value else None
    except ValueError:
        return None


@reviewer_required
def conversation_list(request: HttpRequest) -> HttpResponse:
    source_id = _int(request.GET.get("source"))
    query = request.GET.get("q", "").strip()[:200]
    page = selectors.conversation_page(
        source_id=source_id, query=query, number=_int(request.GET.get("page")) or 1
    )
    return render(
        request,
        "conversations/list.html",
        {"page": page, "sources": selectors.sources(), "source_id": source_id, "q": query},
    )


@reviewer_required
@require_GET
def batch_list(request: HttpRequest) -> HttpResponse:
    """Every ingest run (a file, or an API request) with what it did."""
    source_id = _int(request.GET.get("source"))
    with_problems = request.GET.get("problems") == "1"
    page = selectors.ingest_batches(
        source_id=source_id,
        with_problems=with_problems,
        number=_int(request.GET.get("page")) or 1,
    )
    return render(
        request,
        "conversations/batches.html",
        {
            "page": page,
            "sources": selectors.sources(),
            "source_id": source_id,
            "with_problems": with_problems,
        },
    )


@reviewer_required
@require_GET
def batch_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """One ingest run and the records it could not store, each with its line and reason."""
    batch = get_object_or_404(IngestBatch.objects.select_related("source"), pk=pk)
    reason = request.GET.get("reason", "")[:64]
    page = selectors.batch_problems(batch, reason=reason, number=_int(request.GET.get("page")) or 1)
    return render(
        request,
        "conversations/batch.html",
        {"batch": batch, "page": page, "reason": reason, "raw_preview": RAW_PREVIEW},
    )


RAW_PREVIEW = 2000


@reviewer_required
@require_GET
def problem_raw(request: HttpRequest, pk: int) -> HttpResponse:
    """A problem's raw record, verbatim, as plain text to download and fix."""
    problem = get_object_or_404(IngestProblem, pk=pk)
    response = HttpResponse(problem.raw, content_type="text/plain; charset=utf-8")
    name = f"batch-{problem.batch_id}-line-{problem.line_number}.txt"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
