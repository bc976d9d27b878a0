from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from memory_review.health import health
from memory_review.roles import reviewer_required

from .. import selectors


@require_GET
@reviewer_required
def dashboard(request: HttpRequest) -> HttpResponse:
    return render(request, "review/dashboard.html", {**selectors.dashboard(), "health": health()})
