"""Reads shared by the extraction job, the command and the pages."""

from __future__ import annotations

from datetime import datetime

from django.apps import apps
from django.conf import settings
from django.db.models import Count, F, Max, QuerySet, Value
from django.db.models.functions import Coalesce

from conversations.models import Conversation, Message

from .dedup import NearDuplicateIndex, match_text
from .models import Candidate, ExtractionRun
from .prompt import CatalogEntry, Turn
from .rules import RecordInfo, RuleContext

OPEN_STATUSES = [Candidate.Status.PENDING, Candidate.Status.AWAITING_SECOND]
# Near-duplicates are looked for among this many of the newest open candidates.
NEAR_DUPLICATE_POOL = 20000


def conversations_to_extract(
    *, source: str | None = None, since: datetime | None = None, limit: int | None = None
) -> list[tuple[int, int]]:
    """(conversation id, last extracted message order or -1) for conversations with new messages."""
    qs = Conversation.objects.all()
    if source:
        qs = qs.filter(source__name=source)
    if since:
        qs = qs.filter(updated_at__gte=since)
    rows = (
        qs.annotate(
            done=Coalesce(F("extraction_state__last_message_order"), Value(-1)),
            last=Max("messages__order"),
        )
        .filter(last__gt=F("done"))
        .order_by("pk")
        .values_list("pk", "done")
    )
    if limit:
        rows = rows[:limit]
    return list(rows)


def turns_for(conversation_id: int, upto_order: int | None = None) -> list[Turn]:
    """Visitor and agent text only: tool use, tool output and system turns never reach a prompt."""
    qs = Message.objects.filter(
        conversation_id=conversation_id,
        role__in=[Message.Role.USER, Message.Role.ASSISTANT],
        is_tool_use=False,
        is_tool_output=False,
    ).exclude(text="")
    if upto_order is not None:
        qs = qs.filter(order__lte=upto_order)
    return [Turn(o, r, t) for o, r, t in qs.order_by("order").values_list("order", "role", "text")]


def _record_model():
    try:
        return apps.get_model("knowledge_repo", "Record")
    except LookupError:
        return None


def current_records() -> list[RecordInfo]:
    """Records that are not retracted (knowledge_repo.Record), or none before that app has them."""
    model = _record_model()
    if model is None:
        return []
    rows = model.objects.filter(retracted=False).order_by("slug")
    return [
        RecordInfo(slug=r.slug, name=r.name, type=r.type, description=r.description, body=r.body)
        for r in rows
    ]


def catalog_entries(records: list[RecordInfo]) -> list[CatalogEntry]:
    return [CatalogEntry(r.slug, r.name, r.type, r.description) for r in records]


def rule_context(records: list[RecordInfo] | None = None) -> RuleContext:
    """Records and the newest open candidates, for update proposals and near-duplicates."""
    index = NearDuplicateIndex(threshold=float(settings.EXTRACTION_NEAR_DUPLICATE_SCORE))
    context = RuleContext(records=current_records() if records is None else records, index=index)
    pool = (
        Candidate.objects.filter(status__in=OPEN_STATUSES)
        .order_by("-pk")
        .values_list("pk", "kind", "name", "description", "body")[:NEAR_DUPLICATE_POOL]
    )
    for pk, kind, name, description, body in reversed(list(pool)):
        index.add(kind, "c", pk, match_text(name, description, body))
    return context


def known_fingerprints(fingerprints: list[str]) -> set[str]:
    """Fingerprints already on a candidate, whatever its status: never queue the same twice."""
    if not fingerprints:
        return set()
    return set(
        Candidate.objects.filter(fingerprint__in=fingerprints).values_list("fingerprint", flat=True)
    )


def runs_with_figures() -> QuerySet[ExtractionRun]:
    return ExtractionRun.objects.select_related("created_by").order_by("-started_at")


def run_detail(run: ExtractionRun) -> dict[str, object]:
    return {
        "failures": run.failures.select_related("conversation").order_by("created_at")[:200],
        "candidates": run.candidates.select_related("conversation").order_by("pk")[:500],
        "filtered_items": run.filtered_items.order_by("pk")[:200],
        "items_by_status": {
            row["status"]: row["n"] for row in run.items.values("status").annotate(n=Count("pk"))
        },
    }
