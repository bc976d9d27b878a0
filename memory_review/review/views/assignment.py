"""Sharing work out: assign one item or a whole filtered queue; the "Assigned to me" list."""

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from memory_review.roles import reviewer_required

from .. import actions
from ..querystring import queue_url
from ..selectors import QueueFilters, filtered_candidates
from ..selectors.ordering import ordered
from ..selectors.team import open_assignments, queue_targets
from ..targets import Target, parse_target
from ..team_forms import AssignForm, QueueAssignForm

ASSIGN_MAX = 1000


def get_target(value: str) -> Target:
    """The item a form names; 404 when there is none."""
    target = parse_target(value)
    if target is None:
        raise Http404(_("No such candidate, held change or record."))
    return target


def back(request: HttpRequest, target: Target | None = None) -> HttpResponse:
    """Back to the page the form was on (``next``), else to the item."""
    nxt = request.POST.get("next", "")
    if nxt and url_has_allowed_host_and_scheme(
        nxt, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return redirect(nxt)
    return redirect(target.url() if target else "review:assigned")


def _assigned_text(result: actions.AssignResult) -> str:
    who = ", ".join(f"{name} {n}" for name, n in sorted(result.assigned.items()))
    text = _("%(n)s items assigned: %(who)s.") % {"n": result.total, "who": who or "—"}
    if result.already_assigned:
        text += " " + _("%(n)s already assigned, left as they were.") % {
            "n": result.already_assigned
        }
    return text


@require_POST
@reviewer_required
def assign(request: HttpRequest) -> HttpResponse:
    """Assign one item to a colleague (or, with no colleague chosen, to nobody)."""
    form = AssignForm(request.POST)
    target = get_target(request.POST.get("target", ""))
    if not form.is_valid():
        messages.error(request, _("Choose a reviewer or publisher to assign it to."))
        return back(request, target)
    person = form.cleaned_data["assignee"]
    if person is None:
        if actions.unassign(target=target, by=request.user):
            messages.success(request, _("Nobody is assigned to it now."))
        return back(request, target)
    if not target.assignable():
        messages.error(request, _("It is decided already; there is nothing to assign."))
        return back(request, target)
    actions.assign_items(targets=[target], assignees=[person], by=request.user)
    messages.success(request, _("Assigned to %(who)s.") % {"who": person.get_username()})
    return back(request, target)


@require_POST
@reviewer_required
def assign_queue(request: HttpRequest) -> HttpResponse:
    """Assign every item the filtered queue shows, round-robin among the chosen people."""
    form = QueueAssignForm(request.POST)
    filters = QueueFilters.from_query(QueryDict(request.POST.get("queue", "")))
    if not form.is_valid():
        messages.error(request, _("Choose at least one reviewer to share the list out to."))
        return redirect(queue_url(filters))
    candidates = ordered(filtered_candidates(filters), filters.order)
    targets = queue_targets(candidates, held=filters.tab == "second", limit=ASSIGN_MAX)
    people = sorted(form.cleaned_data["assignees"], key=lambda u: u.get_username())
    result = actions.assign_items(
        targets=targets, assignees=people, by=request.user, reassign=form.cleaned_data["reassign"]
    )
    messages.success(request, _assigned_text(result))
    return redirect(queue_url(filters))


@require_GET
@reviewer_required
def assigned_to_me(request: HttpRequest) -> HttpResponse:
    """The open items assigned to me, oldest assignment first."""
    # Back at a list, a reviewer holds no candidate any more.
    actions.release_claims(request.user)
    rows = []
    for a in open_assignments(request.user):
        rows.append(
            {
                "assignment": a,
                "target": Target(candidate=a.candidate) if a.candidate_id else Target(held=a.held),
            }
        )
    return render(request, "review/assigned.html", {"rows": rows})
