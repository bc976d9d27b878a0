"""The release review (publishers): walk every change a release publishes, then publish it."""

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from knowledge_repo.models import Change, Release
from memory_review.roles import publisher_required

from .. import actions
from ..selectors.release_walk import release_walk
from .access import wants_json


def get_release(name: str) -> Release:
    """The release named ``name``; 404 if there is none."""
    release = Release.objects.filter(name=name).first()
    if release is None:
        raise Http404("No such release.")
    return release


@require_GET
@publisher_required
def walk(request: HttpRequest, name: str) -> HttpResponse:
    release = get_release(name)
    return render(
        request, "review/release_walk.html", {"walk": release_walk(release, request.user)}
    )


@require_POST
@publisher_required
def mark_read(request: HttpRequest, name: str) -> HttpResponse:
    """Mark one change of the release read by the publisher (JSON for the keyboard walk)."""
    release = get_release(name)
    try:
        change = Change.objects.get(pk=int(request.POST.get("change", "")))
    except (ValueError, Change.DoesNotExist):
        error = _("Name a change of this release to mark read.")
        if wants_json(request):
            return JsonResponse({"ok": False, "error": error}, status=400)
        raise Http404(error) from None
    try:
        left = actions.mark_read(user=request.user, release=release, change=change)
    except actions.ReviewError as error:
        if wants_json(request):
            return JsonResponse({"ok": False, "error": str(error)}, status=400)
        raise Http404(str(error)) from error
    message = (
        _("Every change is read: you may publish %(name)s.") % {"name": release.name}
        if left == 0
        else _("Read. %(left)d left.") % {"left": left}
    )
    if wants_json(request):
        return JsonResponse({"ok": True, "message": message, "left": left})
    url = reverse("review:release_walk", args=[release.name])
    return redirect(f"{url}#change-{change.pk}")
