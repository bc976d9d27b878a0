from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.views.decorators.http import require_GET

from memory_review.roles import is_reviewer


@login_required
def home(request: HttpRequest) -> HttpResponse:
    """Reviewers land on the dashboard; an account without a role is told what to ask for."""
    if is_reviewer(request.user):
        return redirect("review:dashboard")
    return render(request, "memory_review/home.html")


@require_GET
def favicon(request: HttpRequest) -> HttpResponse:
    """Browsers ask for /favicon.ico whatever the pages link; send them to the icon."""
    return redirect(static("review/favicon.svg"))
