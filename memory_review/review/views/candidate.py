from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from memory_review.extraction.groupview import describe
from memory_review.extraction.models import Candidate
from memory_review.roles import reviewer_required
from memory_review.security import safe_next_url

from .. import actions, selectors
from ..forms import CandidateEditForm, DuplicateForm, MergeForm, RejectForm
from ..live import live_note, record_live_in
from ..models import ReviewEvent
from ..selectors import QueueFilters
from ..text import redacted
from .access import candidate_to_decide, get_candidate_for_reviewer, wants_json


def _filters(request: HttpRequest) -> QueueFilters:
    """The queue filters the reviewer came with; forms carry them in one ``queue`` field
    so that they never mix with the candidate's own fields (``type`` is both)."""
    if request.method == "POST":
        return QueueFilters.from_query(QueryDict(request.POST.get("queue", "")))
    return QueueFilters.from_query(request.GET)


def candidate_context(
    request: HttpRequest, candidate: Candidate, filters: QueueFilters
) -> dict[str, Any]:
    open_ = candidate.status in actions.OPEN_STATUSES
    claim = actions.claim_candidate(candidate=candidate, user=request.user) if open_ else None
    messages_, trimmed = selectors.evidence_messages(
        candidate, show_all=request.GET.get("all") == "1"
    )
    cited = {int(o) for o in candidate.evidence if str(o).lstrip("-").isdigit()}
    record = selectors.current_record(candidate.target_slug)
    duplicate_record = selectors.current_record(candidate.duplicate_of_record)
    diff = None
    if candidate.target_slug and candidate.operation in (
        Candidate.Operation.UPDATE,
        Candidate.Operation.SUPERSEDE,
        Candidate.Operation.RETRACT,
    ):
        current = selectors.record_text(record) or candidate.target_snapshot
        diff = selectors.side_by_side(current, selectors.candidate_text(candidate))
    related = selectors.related_rows(candidate)
    provenance = selectors.provenance(candidate, has_events=related.events)
    # Only an undo brings a draft back: without one among the events, no need to look.
    restored = (
        open_
        and any(e.action == ReviewEvent.Action.UNDO for e in provenance["events"])
        and actions.restored_by_undo(candidate)
    )
    is_gap = candidate.kind == Candidate.Kind.GAP
    initial = {
        "name": candidate.name,
        "description": candidate.description,
        # A gap is answered in a person's words: the extractor's body is not an answer.
        "body": candidate.body if restored or not is_gap else "",
        "type": candidate.type,
        "operation": candidate.operation,
        "target_slug": candidate.target_slug,
    }
    spans = [f for f in candidate.flags or [] if f.get("kind") == "personal_data"]
    redacted_fields = {
        name: redacted(getattr(candidate, name), spans) for name in ("name", "description", "body")
    }
    edit_form = CandidateEditForm(initial=initial)
    if is_gap:
        edit_form.fields["body"].widget.attrs["placeholder"] = _(
            "Write the answer the visitor needed, as agents should know it."
        )
    first = None
    if candidate.status == Candidate.Status.AWAITING_SECOND:
        first = actions.last_decision(candidate)
    return {
        "candidate": candidate,
        "group_view": describe(candidate.group) if candidate.group is not None else None,
        # Only a new row close to another question's row has one (GapGroup.maybe_same).
        "same_question": actions.same_question_target(candidate)
        if open_ and candidate.group is not None and candidate.group.maybe_same_id
        else None,
        "filters": filters,
        "query": urlencode(filters.params()),
        "params": filters.params(),
        "claim": claim,
        "claimed_by_other": claim is not None and claim.user_id != request.user.pk,
        "claim_seconds": settings.REVIEW_CLAIM_SECONDS,
        "evidence": [
            {
                "message": m,
                "highlighted": m.order in cited,
                "blocks": selectors.message_blocks(m),
            }
            for m in messages_
        ],
        "evidence_trimmed": trimmed,
        "fields": selectors.highlighted_fields(candidate),
        "flag_explanations": selectors.flag_explanations(candidate),
        "record": record,
        "diff": diff,
        "duplicate_record": duplicate_record,
        "near_duplicates": selectors.near_duplicates(candidate) if related.duplicates else [],
        "related": related,
        "edit_form": edit_form,
        "restored_draft": restored,
        "merge_form": MergeForm(
            auto_id="merge_%s",
            initial={
                **initial,
                "target_slug": candidate.target_slug or candidate.duplicate_of_record,
            },
        ),
        "reject_form": RejectForm(),
        "reject_reasons": actions.REJECT_REASONS,
        "redacted": redacted_fields,
        "has_personal_data": bool(spans),
        "is_open": open_,
        "first_approval": first,
        "needs_other_reviewer": bool(first and first.user_id == request.user.pk),
        "provenance": provenance,
        "last_decision": None if open_ else actions.last_decision(candidate),
    }


@require_GET
@reviewer_required
def candidate_page(request: HttpRequest, pk: int) -> HttpResponse:
    candidate = get_candidate_for_reviewer(request, pk)
    context = candidate_context(request, candidate, _filters(request))
    return render(request, "review/candidate.html", context)


def _after_decision(
    request: HttpRequest, text: str, done: Candidate | None, show: Candidate | None = None
) -> HttpResponse:
    """Complete and next: JSON with the next candidate's fragment, or a redirect."""
    filters = _filters(request)
    query = urlencode(filters.params())
    suffix = "?" + query if query else ""
    if request.POST.get("from_list") == "1" and wants_json(request):
        # Decided from the queue list: the reviewer stays on the list, nothing else is claimed.
        return JsonResponse({"ok": True, "message": text, "next_url": None, "html": None})
    target = show or actions.claim_next(filters, request.user, exclude=done.pk if done else None)
    if target is None:
        url = reverse("review:queue") + suffix
        # The page changes, so the message travels with the session and shows on the
        # queue, the JSON answer's toast would be lost with the page it was on.
        messages.success(request, text + " " + _("Nothing left with these filters."))
        if wants_json(request):
            return JsonResponse({"ok": True, "message": text, "next_url": url, "html": None})
        return redirect(url)
    url = reverse("review:candidate", args=[target.pk]) + suffix
    if wants_json(request):
        target = get_candidate_for_reviewer(request, target.pk)
        html = render_to_string(
            "review/candidate.html#candidate",
            candidate_context(request, target, filters),
            request=request,
        )
        return JsonResponse({"ok": True, "message": text, "next_url": url, "html": html})
    messages.success(request, text)
    return redirect(url)


def _named(pk: int) -> Candidate:
    """The candidate a decision names, unread: the decision reads and locks its row once
    (``lock_candidate``; a missing one is a 404) and the views need only its id."""
    return Candidate(pk=pk)


def _refused(request: HttpRequest, candidate: Candidate, error: Exception) -> HttpResponse:
    status = 409 if isinstance(error, actions.ReviewError) else 400
    if wants_json(request):
        return JsonResponse({"ok": False, "error": str(error)}, status=status)
    messages.error(request, str(error))
    query = urlencode(_filters(request).params())
    return redirect(
        reverse("review:candidate", args=[candidate.pk]) + ("?" + query if query else "")
    )


def _form_errors(form: Any) -> str:
    return "; ".join(
        f"{name}: {' '.join(errors)}" if name != "__all__" else " ".join(errors)
        for name, errors in form.errors.items()
    )


@require_POST
@reviewer_required
def approve(request: HttpRequest, pk: int) -> HttpResponse:
    """Approve as is, or with the edited fields when the edit form is posted."""
    candidate = _named(pk)
    edits = None
    if "name" in request.POST:
        form = CandidateEditForm(request.POST)
        if not form.is_valid():
            return _refused(request, candidate_to_decide(pk), ValueError(_form_errors(form)))
        edits = form.edits()
    try:
        event = actions.approve_candidate(candidate=candidate, reviewer=request.user, edits=edits)
    except Candidate.DoesNotExist:
        raise Http404(_("No such candidate.")) from None
    except actions.ReviewError as error:
        return _refused(request, candidate, error)
    # The title as decided: an edit made with the approval renames the candidate.
    name = event.after["name"]
    if event.action == event.Action.FIRST_APPROVAL:
        text = _("“%(name)s”: first approval recorded; a second reviewer must approve.") % {
            "name": name
        }
    elif event.action == event.Action.ANSWER_GAP:
        text = _("“%(name)s”: answer saved.") % {"name": name}
    else:
        text = _("“%(name)s” approved.") % {"name": name}
        if event.after.get("operation") == Candidate.Operation.RETRACT:
            release = record_live_in(event.after.get("target_slug", ""))
            if release is not None:
                text += " " + _("The retracted record is %(live)s.") % {"live": live_note(release)}
    selectors.facet_counts(refresh=False)
    return _after_decision(request, text, candidate)


@require_POST
@reviewer_required
def reject(request: HttpRequest, pk: int) -> HttpResponse:
    candidate = _named(pk)
    form = RejectForm(request.POST)
    if not form.is_valid():
        return _refused(
            request, candidate_to_decide(pk), ValueError(_("Choose a reason for rejecting."))
        )
    reason = form.reason_text()
    try:
        event = actions.reject_candidate(candidate=candidate, reviewer=request.user, reason=reason)
    except Candidate.DoesNotExist:
        raise Http404(_("No such candidate.")) from None
    except actions.ReviewError as error:
        return _refused(request, candidate, error)
    return _after_decision(
        request,
        _("“%(name)s” rejected: %(reason)s.")
        % {"name": event.before["name"], "reason": form.reason_shown()},
        candidate,
    )


@require_POST
@reviewer_required
def duplicate(request: HttpRequest, pk: int) -> HttpResponse:
    candidate = get_candidate_for_reviewer(request, pk)
    form = DuplicateForm(request.POST)
    form.is_valid()
    try:
        actions.mark_duplicate(
            candidate=candidate, reviewer=request.user, of=form.cleaned_data.get("of", "")
        )
    except actions.ReviewError as error:
        return _refused(request, candidate, error)
    return _after_decision(
        request, _("“%(name)s” marked as a duplicate.") % {"name": candidate.name}, candidate
    )


@require_POST
@reviewer_required
def same_question(request: HttpRequest, pk: int) -> HttpResponse:
    """Join this gap's row into the row it may ask the same question as (one row, one answer)."""
    candidate = get_candidate_for_reviewer(request, pk)
    try:
        event = actions.join_same_question(candidate=candidate, reviewer=request.user)
    except actions.ReviewError as error:
        return _refused(request, candidate, error)
    return _after_decision(request, _("Joined: %(reason)s.") % {"reason": event.reason}, candidate)


@require_POST
@reviewer_required
def merge(request: HttpRequest, pk: int) -> HttpResponse:
    candidate = get_candidate_for_reviewer(request, pk)
    form = MergeForm(request.POST)
    if not form.is_valid():
        return _refused(request, candidate, ValueError(_form_errors(form)))
    target = form.cleaned_data["target_slug"]
    if selectors.current_record(target) is None:
        return _refused(
            request, candidate, ValueError(_("There is no record “%(slug)s”.") % {"slug": target})
        )
    try:
        actions.merge_candidate(
            candidate=candidate, reviewer=request.user, target_slug=target, edits=form.edits()
        )
    except actions.ReviewError as error:
        return _refused(request, candidate, error)
    return _after_decision(
        request,
        _("“%(name)s” merged into %(slug)s.") % {"name": candidate.name, "slug": target},
        candidate,
    )


@require_POST
@reviewer_required
def skip(request: HttpRequest, pk: int) -> HttpResponse:
    candidate = get_candidate_for_reviewer(request, pk)
    actions.skip_candidate(candidate=candidate, reviewer=request.user)
    return _after_decision(
        request, _("“%(name)s” skipped for now.") % {"name": candidate.name}, candidate
    )


@require_POST
@reviewer_required
def undo(request: HttpRequest) -> HttpResponse:
    """Undo my last decision and reopen that candidate."""
    try:
        undone = actions.undo_last_action(reviewer=request.user)
    except actions.ReviewError as error:
        if wants_json(request):
            return JsonResponse({"ok": False, "error": str(error)}, status=409)
        messages.error(request, str(error))
        # ``back`` comes from the form: only a URL on this site is followed.
        return redirect(safe_next_url(request, request.POST.get("back"), reverse("review:queue")))
    event = undone.events[0]
    assert event.candidate is not None
    candidate = get_candidate_for_reviewer(request, event.candidate.pk)
    return _after_decision(request, undo_message(undone, candidate), None, show=candidate)


def undo_message(undone: actions.Undone, candidate: Candidate) -> str:
    """What the undo took back, in the reviewer's language."""
    what = ReviewEvent.Action(undone.action).label
    if undone.bulk:
        return ngettext(
            "Undone: the bulk %(what)s of %(n)d candidate.",
            "Undone: the bulk %(what)s of %(n)d candidates.",
            len(undone.events),
        ) % {"what": str(what).lower(), "n": len(undone.events)}
    text = _("Undone: %(what)s of “%(name)s”.") % {
        "what": str(what).lower(),
        "name": candidate.name,
    }
    live = undone.last.reason.partition("; ")[2]
    return text + (" " + live + "." if live else "")


@require_POST
@reviewer_required
def preview(request: HttpRequest) -> HttpResponse:
    """The record file the edit form would produce, for the live preview."""
    from knowledge_repo.recordfile import RecordData, render_record
    from knowledge_repo.slugs import slugify
    from knowledge_repo.sourcerefs import opaque

    from ..identity import public_handle

    form = CandidateEditForm(request.POST)
    form.is_valid()
    data = {**{k: request.POST.get(k, "") for k in ("name", "description", "body", "type")}}
    candidate = None
    pk = request.POST.get("candidate", "")
    if pk.isdigit():
        candidate = Candidate.objects.select_related("conversation__source").filter(pk=pk).first()
    today = timezone.localdate().isoformat()
    slug = request.POST.get("target_slug") or slugify(data["name"] or "record")
    text = render_record(
        RecordData(
            slug=slug,
            name=data["name"],
            description=data["description"],
            type=data["type"],
            body=data["body"],
            created=today,
            updated=today,
            # As published: opaque references and the reviewer's public handle.
            sources=[opaque(s) for s in actions.sources_for(candidate)] if candidate else [],
            reviewed_by=[public_handle(request.user)],
            valid_until=request.POST.get("valid_until") or None,
        )
    )
    return HttpResponse(f"records/{slug}.md\n\n{text}", content_type="text/plain; charset=utf-8")
