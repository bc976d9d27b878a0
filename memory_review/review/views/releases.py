"""Releases (publishers only): what changed, the checks, cut, publish, roll back."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from knowledge_repo import actions as kr
from knowledge_repo import checks
from knowledge_repo import selectors as kb
from knowledge_repo.models import Publication, Release
from memory_review.roles import publisher_required

from .. import actions


@require_GET
@publisher_required
def release_list(request: HttpRequest) -> HttpResponse:
    snapshot = kb.take_snapshot()
    failures, findings = kb.checks_with_findings(snapshot=snapshot)
    cleared = checks.clearances(findings)
    return render(
        request,
        "review/releases.html",
        {
            "changelog": kb.changes_since_last_release(snapshot=snapshot),
            "failures": failures,
            "findings": [(f, cleared.get(f.key)) for f in findings],
            "index_lines": snapshot.index_lines,
            "index_chars": snapshot.index_chars,
            "budget": kb.index_budget(),
            "releases": Release.objects.select_related("created_by").prefetch_related(
                "publications__user"
            )[:50],
            "published": kr.published_release(),
            "publications": Publication.objects.select_related("release", "user")[:20],
        },
    )


@require_POST
@publisher_required
def release_cut(request: HttpRequest) -> HttpResponse:
    name = request.POST.get("name", "").strip() or None
    try:
        result = actions.cut_release(user=request.user, name=name)
    except kr.KnowledgeError as error:
        messages.error(request, str(error))
        return redirect("review:releases")
    if result.release is None:
        messages.error(
            request,
            ngettext(
                "No release: %(n)d check failed (listed below).",
                "No release: %(n)d checks failed (listed below).",
                len(result.failures),
            )
            % {"n": len(result.failures)},
        )
    else:
        messages.success(
            request,
            _("Release %(name)s cut. Publish it when ready.") % {"name": result.release.name},
        )
    return redirect("review:releases")


@require_POST
@publisher_required
def release_publish(request: HttpRequest) -> HttpResponse:
    try:
        publication = actions.publish_release(user=request.user, name=request.POST.get("name", ""))
    except (kr.KnowledgeError, actions.ReviewError) as error:
        messages.error(request, str(error))
        return redirect("review:releases")
    if publication.ok:
        messages.success(request, _("%(name)s is published.") % {"name": publication.release.name})
    else:
        messages.error(
            request,
            _("%(name)s published, but these remotes failed: %(remotes)s")
            % {"name": publication.release.name, "remotes": ", ".join(publication.failed_remotes)},
        )
    return redirect("review:releases")


@require_POST
@publisher_required
def release_rollback(request: HttpRequest) -> HttpResponse:
    try:
        publication = actions.rollback_release(user=request.user)
    except (kr.KnowledgeError, actions.ReviewError) as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request, _("Published is back at %(name)s.") % {"name": publication.release.name}
        )
    return redirect("review:releases")


@require_POST
@publisher_required
def finding_clear(request: HttpRequest) -> HttpResponse:
    """Clear one release-check finding with a reason (a high-risk one needs two people)."""
    key = request.POST.get("key", "")
    reason = request.POST.get("reason", "").strip()
    _failures, findings = kb.checks_with_findings()
    finding = next((f for f in findings if f.key == key), None)
    if finding is None:
        messages.error(request, _("That finding is no longer in the tree; nothing to clear."))
        return redirect("review:releases")
    try:
        clearance = actions.clear_finding(user=request.user, finding=finding, reason=reason)
    except actions.ReviewError as error:
        messages.error(request, str(error))
    else:
        if clearance.in_force:
            messages.success(
                request,
                _("Cleared %(kind)s in %(path)s:%(line)s.")
                % {"kind": finding.kind, "path": finding.path, "line": finding.line},
            )
        else:
            messages.success(
                request,
                _(
                    "First clearance of %(kind)s in %(path)s:%(line)s; a second person must confirm it."
                )
                % {"kind": finding.kind, "path": finding.path, "line": finding.line},
            )
    return redirect("review:releases")
