"""Releases (publishers only): what changed, the checks, cut, publish, roll back.

Web hosts have no git working copy, so the checks, cutting, publishing and
rolling back are jobs the committer runs (``knowledge_repo.jobs``): the page
shows the newest check result, asks for a fresh one when changes were
committed since, and each action sends the publisher to its job's page,
which follows the progress until it is done.
"""

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from knowledge_repo import actions as kr
from knowledge_repo import checks, jobs, publicrule, seal
from knowledge_repo import selectors as kb
from knowledge_repo.checks import Finding
from knowledge_repo.models import KnowledgeJob, Publication, Release
from memory_review.roles import is_publisher, publisher_required, reviewer_required

from .. import actions, foureyes
from ..jobs import check_state

RELEASE_JOBS = {"release_check", "cut_release", "publish_release", "rollback_release"}


def latest_check() -> KnowledgeJob | None:
    done = KnowledgeJob.objects.filter(kind="release_check", status=KnowledgeJob.Status.DONE)
    return done.order_by("-pk").first()


def _current_check() -> tuple[KnowledgeJob | None, KnowledgeJob | None]:
    """The newest check result and, when it is out of date, the job making a fresh one."""
    latest = latest_check()
    if latest is not None and latest.result.get("state") == check_state():
        return latest, None
    waiting = jobs.pending("release_check") or jobs.enqueue("release_check")
    waiting.refresh_from_db()
    if waiting.status == KnowledgeJob.Status.DONE:  # embedded: it ran in this request
        return waiting, None
    return latest, waiting


def _findings(check: KnowledgeJob | None) -> list[Finding]:
    return [Finding(**f) for f in (check.result.get("findings", []) if check else [])]


@require_GET
@publisher_required
def release_list(request: HttpRequest) -> HttpResponse:
    check, checking = _current_check()
    findings = _findings(check)
    cleared = checks.clearances(findings)
    result = check.result if check else {}
    publishable = result.get("publishable", {})
    target = kr.rollback_target()
    return render(
        request,
        "review/releases.html",
        {
            "check": check,
            "checking": checking,
            "changelog": result.get("changelog", {}),
            "failures": [kb.CheckFailure(**f) for f in result.get("failures", [])]
            + kb.finding_failures(findings),
            "findings": [(f, cleared.get(f.key)) for f in findings],
            "refused": result.get("refused", {}),
            "publish_head": result.get("publish_head", []),
            "publishable": publishable,
            "ship_hint": publicrule.SHIP_HINT,
            "rollback_target": target,
            "rollback_ok": target is not None and publishable.get(target.name) == [],
            "index_lines": result.get("index_lines", 0),
            "index_chars": result.get("index_chars", 0),
            "budget": kb.index_budget(),
            "signing": seal.signing_status(),
            "releases": [
                (r, publishable.get(r.name))
                for r in Release.objects.select_related("created_by").prefetch_related(
                    "publications__user"
                )[:50]
            ],
            "published": kr.published_release(),
            "publications": Publication.objects.select_related("release", "user")[:20],
            "recent_jobs": KnowledgeJob.objects.filter(
                kind__in=RELEASE_JOBS - {"release_check"}
            ).select_related("requested_by")[:5],
        },
    )


DONE_MESSAGES = {
    "cut_release": "Release %(release)s cut. Publish it when ready.",
    "publish_release": "%(release)s is published.",
    "rollback_release": "Published is back at %(release)s.",
}


def _start(request: HttpRequest, kind: str, **params: object) -> HttpResponse:
    """Queue the job; follow it on its page, or (embedded: it ran already) say how it went."""
    job = jobs.enqueue(kind, user=request.user, **params)
    if job.status == KnowledgeJob.Status.FAILED:
        messages.error(request, job.error)
    elif job.status == KnowledgeJob.Status.DONE:
        message = _(DONE_MESSAGES[kind]) % {"release": job.result.get("release", "")}
        if job.result.get("failed_remotes"):
            message += " " + _("These remotes failed: %(remotes)s") % {
                "remotes": ", ".join(job.result["failed_remotes"])
            }
        messages.success(request, message)
    else:
        return redirect("review:job", pk=job.pk)
    return redirect("review:releases")


@require_POST
@publisher_required
def release_cut(request: HttpRequest) -> HttpResponse:
    return _start(request, "cut_release", name=request.POST.get("name", "").strip() or None)


@require_POST
@publisher_required
def release_publish(request: HttpRequest) -> HttpResponse:
    name = request.POST.get("name", "").strip()
    release = Release.objects.filter(name=name).first()
    if release is None:
        messages.error(request, _("There is no release %(name)s.") % {"name": name or "?"})
        return redirect("review:releases")
    try:  # four eyes reads the database: refuse at once rather than in a job
        foureyes.require_four_eyes(user=request.user, release=release)
    except actions.ReviewError as error:
        messages.error(request, str(error))
        return redirect("review:release_walk", name=release.name)
    return _start(request, "publish_release", name=name)


@require_POST
@publisher_required
def release_rollback(request: HttpRequest) -> HttpResponse:
    return _start(request, "rollback_release")


@require_GET
@reviewer_required
def job_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """One job's progress (the page refreshes itself until it is done) and its outcome."""
    job = KnowledgeJob.objects.select_related("requested_by").filter(pk=pk).first()
    if job is None or (job.kind in RELEASE_JOBS and not is_publisher(request.user)):
        raise Http404("No such job.")
    return render(request, "review/job.html", {"job": job})


@require_POST
@publisher_required
def finding_clear(request: HttpRequest) -> HttpResponse:
    """Clear one release-check finding with a reason (a high-risk one needs two people)."""
    key = request.POST.get("key", "")
    reason = request.POST.get("reason", "").strip()
    finding = next((f for f in _findings(latest_check()) if f.key == key), None)
    if finding is None:
        messages.error(request, "That finding is no longer in the tree; nothing to clear.")
        return redirect("review:releases")
    try:
        clearance = actions.clear_finding(user=request.user, finding=finding, reason=reason)
    except actions.ReviewError as error:
        messages.error(request, str(error))
    else:
        if clearance.in_force:
            messages.success(request, f"Cleared {finding.kind} in {finding.path}:{finding.line}.")
        else:
            messages.success(
                request,
                f"First clearance of {finding.kind} in {finding.path}:{finding.line}; "
                "a second person must confirm it.",
            )
    return redirect("review:releases")
