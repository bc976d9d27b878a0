"""What is live: the published release as public agents read it (reviewers, read-only)."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from knowledge_repo.models import Publication
from memory_review.roles import reviewer_required

from ..live import live_records


@require_GET
@reviewer_required
def live(request: HttpRequest) -> HttpResponse:
    release, records = live_records()
    return render(
        request,
        "review/live.html",
        {
            "release": release,
            "records": records,
            "publication": Publication.objects.select_related("user", "release").first(),
        },
    )
