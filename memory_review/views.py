from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from memory_review.roles import is_reviewer


@login_required
def home(request: HttpRequest) -> HttpResponse:
    """Reviewers land on the dashboard; an account without a role is told what to ask for."""
    if is_reviewer(request.user):
        return redirect("review:dashboard")
    return render(request, "memory_review/home.html")
