from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.views.decorators.http import require_GET

from memory_review.health import cached_health
from memory_review.roles import is_reviewer


@login_required
def home(request: HttpRequest) -> HttpResponse:
    """Reviewers land on the dashboard; an account without a role is told what to ask for."""
    if is_reviewer(request.user):
        return redirect("review:dashboard")
    return render(request, "memory_review/home.html")


@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """Liveness for a load balancer: the process answers. No login, nothing revealed."""
    return JsonResponse({"status": "ok"})


@require_GET
def readyz(request: HttpRequest) -> JsonResponse:
    """Readiness: database, committer, outbox, task queue, batch collection.

    No login, so only each check's name and ok/failing: the figures behind
    them are on the dashboard, for reviewers. Answered from a result at most
    ``READY_CACHE_SECONDS`` old, so probing it costs the database nothing.
    """
    result = cached_health(settings.READY_CACHE_SECONDS)
    return JsonResponse(
        {
            "status": "ok" if result.ok else "failing",
            "checks": {check.name: "ok" if check.ok else "failing" for check in result.checks},
        },
        status=200 if result.ok else 503,
    )


@require_GET
def favicon(request: HttpRequest) -> HttpResponse:
    """Browsers ask for /favicon.ico whatever the pages link; send them to the icon."""
    return redirect(static("review/favicon.svg"))
