"""The audit log: every decision, edit, hold, release, publication and rollback."""

import csv
import datetime as dt

from django.contrib.auth import get_user_model
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, StreamingHttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from memory_review.roles import reviewer_required

from .. import selectors
from ..filtercheck import bad_filters, is_date, is_int, one_of
from ..models import ReviewEvent

CSV_COLUMNS = ("at", "user", "action", "candidate", "record", "change", "bulk", "reason")
# Whole texts, before and after: the log must show what was written, not its first line.
TEXT_FIELDS = ("status", "name", "description", "body", "type", "operation", "target_slug")


def _date(value: str) -> dt.date | None:
    try:
        return dt.date.fromisoformat(value) if value else None
    except ValueError:
        return None


class _Echo:
    def write(self, value: str) -> str:
        return value


@require_GET
@reviewer_required
def audit(request: HttpRequest) -> HttpResponse | StreamingHttpResponse:
    """Newest first, filterable by candidate, record, person, action and date; CSV on request."""
    g = request.GET
    problems = bad_filters(
        g,
        {
            "candidate": is_int,
            "action": one_of(ReviewEvent.Action.values),
            "since": is_date,
            "until": is_date,
            "before": is_int,
            "format": one_of(["csv"]),
        },
    )
    if problems and g.get("format") == "csv":
        return HttpResponseBadRequest(" ".join(problems), content_type="text/plain; charset=utf-8")
    candidate_id = g.get("candidate", "")
    slug = g.get("record", "").strip()[:120]
    username = g.get("user", "").strip()[:150]
    action = g.get("action", "") if g.get("action", "") in ReviewEvent.Action.values else ""
    events = selectors.audit_events(
        candidate_id=int(candidate_id) if candidate_id.isdigit() else None,
        slug=slug,
        username=username,
        action=action,
        since=_date(g.get("since", "")),
        until=_date(g.get("until", "")),
    )
    if g.get("format") == "csv":
        return _csv(events)
    before = g.get("before", "")
    if before.isdigit():
        events = events.filter(pk__lt=int(before))
    rows = list(events.order_by("-pk")[:100])
    return render(
        request,
        "review/audit.html",
        {
            "events": selectors.with_changes(rows),
            "candidate_id": candidate_id,
            "slug": slug,
            "username": username,
            "action": action,
            "since": g.get("since", ""),
            "until": g.get("until", ""),
            "actions": ReviewEvent.Action.choices,
            "people": get_user_model()
            .objects.filter(reviewevent__isnull=False)
            .distinct()
            .order_by("username")
            .values_list("username", flat=True),
            "older": rows[-1].pk if len(rows) == 100 else None,
            "problems": problems,
        },
        # The page still shows what the valid filters select, and says what it ignored.
        status=400 if problems else 200,
    )


def _csv(events) -> StreamingHttpResponse:
    writer = csv.writer(_Echo())

    def rows():
        yield writer.writerow(
            [*CSV_COLUMNS, *(f"{side}_{k}" for k in TEXT_FIELDS for side in ("before", "after"))]
        )
        for e in events.order_by("-pk").iterator(chunk_size=1000):
            yield writer.writerow(
                [
                    e.at.isoformat(),
                    e.user.get_username(),
                    e.action,
                    e.candidate_id or "",
                    e.record_slug,
                    e.change_id or "",
                    "yes" if e.bulk else "",
                    # A spreadsheet must not run a visitor's text as a formula.
                    _safe(e.reason),
                    *(
                        _safe(str(state.get(k) or ""))
                        for k in TEXT_FIELDS
                        for state in (e.before, e.after)
                    ),
                ]
            )

    response = StreamingHttpResponse(rows(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="audit.csv"'
    return response


def _safe(text: str) -> str:
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
