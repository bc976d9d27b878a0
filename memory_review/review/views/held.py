"""Record changes held for a second person: the list, one change with its diff, decisions."""

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from memory_review.roles import reviewer_required

from .. import actions, selectors
from ..forms import HeldDecisionForm, RecordEditForm
from ..models import HeldChange
from ..text import highlight


def _get_held(pk: int) -> HeldChange:
    held = HeldChange.objects.select_related("first_by", "decided_by").filter(pk=pk).first()
    if held is None:
        raise Http404(_("No such held change."))
    return held


def _text(state: dict) -> str:
    if not state:
        return ""
    lines = [f"name: {state.get('name', '')}", f"description: {state.get('description', '')}"]
    if state.get("valid_until"):
        lines.append(f"valid_until: {state['valid_until']}")
    return "\n".join(lines) + "\n\n" + str(state.get("body", ""))


@require_GET
@reviewer_required
def held_list(request: HttpRequest) -> HttpResponse:
    waiting = HeldChange.objects.filter(status=HeldChange.Status.WAITING).select_related("first_by")
    done = HeldChange.objects.exclude(status=HeldChange.Status.WAITING).select_related(
        "first_by", "decided_by"
    )
    return render(
        request,
        "review/held_list.html",
        {"waiting": list(waiting), "done": list(done.order_by("-decided_at")[:20])},
    )


@require_GET
@reviewer_required
def held_detail(request: HttpRequest, pk: int) -> HttpResponse:
    held = _get_held(pk)
    before = (
        held.before.get(held.slug, held.before) if held.kind == "merge_records" else held.before
    )
    fields = held.fields
    return render(
        request,
        "review/held.html",
        {
            "held": held,
            "diff": selectors.side_by_side(_text(before), _text(fields)),
            "highlighted": {
                name: highlight(
                    str(fields.get(name, "")), [f for f in held.flags if f.get("field") == name]
                )
                for name in ("name", "description", "body")
            },
            "mine": held.first_by_id == request.user.pk,
            "edit_form": RecordEditForm(initial=fields) if "name" in fields else None,
            "reject_form": HeldDecisionForm(),
        },
    )


@require_POST
@reviewer_required
def held_approve(request: HttpRequest, pk: int) -> HttpResponse:
    """Second approval as shown, or (when the text was changed) a new first approval."""
    held = _get_held(pk)
    edits = None
    if request.POST.get("edit") == "1":
        form = RecordEditForm(request.POST)
        if not form.is_valid():
            messages.error(request, _("Fill in every field of the edited text."))
            return redirect("review:held", pk=pk)
        edits = form.fields_to_save()
    try:
        event = actions.approve_held(held=held, reviewer=request.user, edits=edits)
    except actions.ReviewError as error:
        messages.error(request, str(error))
        return redirect("review:held", pk=pk)
    if event.action == event.Action.HOLD:
        messages.warning(request, event.reason)
        return redirect("review:held", pk=pk)
    messages.success(request, _("Approved: %(what)s.") % {"what": event.reason})
    return redirect("review:record", slug=event.record_slug)


@require_POST
@reviewer_required
def held_reject(request: HttpRequest, pk: int) -> HttpResponse:
    held = _get_held(pk)
    form = HeldDecisionForm(request.POST)
    reason = form.cleaned_data["reason"] if form.is_valid() else ""
    if not reason:
        messages.error(request, _("Say why the change is rejected."))
        return redirect("review:held", pk=pk)
    try:
        actions.reject_held(held=held, reviewer=request.user, reason=reason)
    except actions.ReviewError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Rejected; nothing was committed."))
    return redirect("review:held_list")
