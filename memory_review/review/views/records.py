"""The knowledge records: browse, read as published, history, edit, retract, revert.

Who may do what: reviewers (and publishers) edit and retract records, the
same power approving a candidate gives them, and every such edit is a commit
with their name and an audit event. Reverting a committed change undoes
someone else's decision, so only publishers may do it.
"""

from django.contrib import messages
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from knowledge_repo import selectors as kb
from knowledge_repo import sourcerefs
from knowledge_repo.models import Change, Record
from memory_review.roles import publisher_required, reviewer_required

from .. import actions
from ..forms import MergeRecordsForm, RecordEditForm, RetractForm, VersionedRecordEditForm
from ..live import live_note, record_live_in
from ..models import HeldChange, ReviewEvent
from ..selectors import audit_events, side_by_side, state_text, with_changes
from ..selectors.crosslinks import candidates_of_record

PAGE = 50


def _get_record(slug: str) -> Record:
    record = Record.objects.filter(slug=slug).first()
    if record is None:
        raise Http404(_("No such record."))
    return record


@require_GET
@reviewer_required
def record_list(request: HttpRequest) -> HttpResponse:
    q = request.GET.get("q", "").strip()[:200]
    kind = request.GET.get("type", "")
    retracted = request.GET.get("retracted") == "1"
    qs = Record.objects.filter(retracted=retracted)
    if kind:
        qs = qs.filter(type=kind)
    if q:
        qs = qs.filter(
            Q(slug__icontains=q)
            | Q(name__icontains=q)
            | Q(description__icontains=q)
            | Q(body__icontains=q)
        )
    after = request.GET.get("after", "")
    if after:
        qs = qs.filter(slug__gt=after)
    rows = list(qs.order_by("slug")[: PAGE + 1])
    return render(
        request,
        "review/records.html",
        {
            "records": rows[:PAGE],
            "next_after": rows[PAGE - 1].slug if len(rows) > PAGE else "",
            "q": q,
            "type": kind,
            "retracted": retracted,
            "types": Record._meta.get_field("type").choices,
        },
    )


@require_GET
@reviewer_required
def record_detail(request: HttpRequest, slug: str) -> HttpResponse:
    return _record_page(request, slug)


def _record_page(request: HttpRequest, slug: str, status: int = 200) -> HttpResponse:
    record = _get_record(slug)
    published = kb.record_file(slug, "published")
    head = kb.record_file(slug)
    history = kb.record_history(slug)
    changes = {c.pk: c for c in Change.objects.filter(slug=slug)}
    return render(
        request,
        "review/record.html",
        {
            "record": record,
            "candidates": candidates_of_record(slug),
            "published": published,
            "head": head,
            "history": [(entry, changes.get(entry.change_id or 0)) for entry in history],
            "pending": [c for c in changes.values() if c.status != Change.Status.COMMITTED],
            "events": with_changes(list(audit_events(slug=slug).order_by("-pk")[:50])),
            "edit_form": RecordEditForm(initial=_initial(record)),
            "held": [
                h
                for h in HeldChange.objects.filter(status=HeldChange.Status.WAITING)
                if record.slug in h.slugs
            ],
            "source_refs": sourcerefs.resolve(record.sources),
            "retract_form": RetractForm(),
        },
        status=status,
    )


def _initial(record: Record) -> dict:
    return {
        "name": record.name,
        "description": record.description,
        "body": record.body,
        "type": record.type,
        "valid_until": record.valid_until,
    }


def _saved_message(request: HttpRequest, event: ReviewEvent, done: str) -> None:
    if event.action == ReviewEvent.Action.HOLD:
        messages.warning(request, event.reason)
    else:
        messages.success(request, done)


@require_http_methods(["GET", "POST"])
@reviewer_required
def record_edit(request: HttpRequest, slug: str) -> HttpResponse:
    record = _get_record(slug)
    if record.retracted:
        messages.error(request, _("A retracted record cannot be edited."))
        return redirect("review:record", slug=slug)
    version = VersionedRecordEditForm.version_of(actions.record_state(record))
    form = VersionedRecordEditForm(
        request.POST or None, initial={**_initial(record), "version": version}
    )
    if request.method == "POST" and form.is_valid():
        fields = form.fields_to_save()
        based_on = fields.pop("version")
        try:
            event = actions.edit_record(
                user=request.user, slug=slug, fields=fields, based_on=based_on
            )
        except actions.StaleEdit as stale:
            return _stale_edit(request, record, stale)
        except actions.ReviewError as error:
            messages.error(request, str(error))
        else:
            _saved_message(request, event, _("%(slug)s updated.") % {"slug": slug})
            return redirect("review:record", slug=slug)
    return render(request, "review/record_edit.html", {"record": record, "form": form})


def _stale_edit(request: HttpRequest, record: Record, stale: actions.StaleEdit) -> HttpResponse:
    """409: the other person's change beside what this editor started from; their text kept."""
    data = request.POST.copy()
    data["version"] = VersionedRecordEditForm.version_of(stale.current)
    return render(
        request,
        "review/record_edit.html",
        {
            "record": record,
            "form": VersionedRecordEditForm(data),
            "stale": stale,
            "their_change": side_by_side(state_text(stale.base), state_text(stale.current)),
        },
        status=409,
    )


@require_http_methods(["GET", "POST"])
@reviewer_required
def record_merge(request: HttpRequest) -> HttpResponse:
    """Merge several records into one whose text a person writes (through the gate)."""
    slugs = request.GET.get("slugs", "")
    first = (
        Record.objects.filter(slug=slugs.replace(",", " ").split()[0]).first() if slugs else None
    )
    initial = {**(_initial(first) if first else {}), "slugs": slugs}
    form = MergeRecordsForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        fields = form.fields_to_save()
        wanted = fields.pop("slugs")
        try:
            event = actions.merge_records(user=request.user, slugs=wanted, fields=fields)
        except actions.ReviewError as error:
            messages.error(request, str(error))
        else:
            _saved_message(request, event, _("Merged %(slugs)s.") % {"slugs": ", ".join(wanted)})
            target = event.record_slug if event.action != ReviewEvent.Action.HOLD else wanted[0]
            return redirect("review:record", slug=target)
    chosen = form["slugs"].value() or ""
    records = Record.objects.filter(slug__in=str(chosen).replace(",", " ").split(), retracted=False)
    return render(request, "review/record_merge.html", {"form": form, "records": records})


@require_POST
@reviewer_required
def record_retract(request: HttpRequest, slug: str) -> HttpResponse:
    _get_record(slug)
    form = RetractForm(request.POST)
    if not form.is_valid():
        if form.has_error("reason", "public"):
            # Nothing is written: the reason would reach a commit message.
            messages.error(request, " ".join(str(e) for e in form.errors["reason"]))
            return _record_page(request, slug, status=400)
        messages.error(request, _("Say why the record is retracted."))
        return redirect("review:record", slug=slug)
    reason = form.cleaned_data["reason"]
    release = record_live_in(slug)
    note = f"{slug} is {live_note(release)}" if release else ""
    try:
        actions.retract_record(
            user=request.user, slug=slug, reason=f"{reason} ({note})" if note else reason
        )
    except actions.ReviewError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            _("%(slug)s retracted.") % {"slug": slug}
            + (" " + _("It is %(live)s.") % {"live": live_note(release)} if release else ""),
        )
    return redirect("review:record", slug=slug)


PICKER_LIMIT = 20


@require_GET
@reviewer_required
def record_search(request: HttpRequest) -> JsonResponse:
    """Current records whose name or slug contains ``q``, for the record picker."""
    q = request.GET.get("q", "").strip()[:200]
    qs = Record.objects.filter(retracted=False)
    if q:
        qs = qs.filter(Q(name__icontains=q) | Q(slug__icontains=q))
    rows = qs.order_by("name_key").values("slug", "name", "type")[:PICKER_LIMIT]
    return JsonResponse({"records": list(rows)})


@require_POST
@publisher_required
def change_revert(request: HttpRequest, pk: int) -> HttpResponse:
    change = Change.objects.filter(pk=pk).first()
    if change is None:
        raise Http404(_("No such change."))
    try:
        event = actions.revert_change(user=request.user, change=change)
    except actions.ReviewError as error:
        messages.error(request, str(error))
    else:
        _saved_message(request, event, _("Change %(pk)s reverted with a new commit.") % {"pk": pk})
    return redirect("review:record", slug=change.slug)
