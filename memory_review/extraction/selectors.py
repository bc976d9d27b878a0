"""Reads shared by the extraction job, the command and the pages."""

from __future__ import annotations

import copy
from datetime import datetime

from django.apps import apps
from django.conf import settings
from django.db.models import Count, F, Max, QuerySet, Value
from django.db.models.functions import Coalesce

from conversations.models import Conversation, Message
from knowledge_repo.screening.duplicates import NearDuplicateIndex, match_text

from .models import Candidate, ExtractionRun
from .prompt import CatalogEntry, Turn, render_catalog
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


def turns_for_many(conversation_ids: list[int]) -> dict[int, list[Turn]]:
    """turns_for over many conversations in one query."""
    out: dict[int, list[Turn]] = {cid: [] for cid in conversation_ids}
    rows = (
        Message.objects.filter(
            conversation_id__in=conversation_ids,
            role__in=[Message.Role.USER, Message.Role.ASSISTANT],
            is_tool_use=False,
            is_tool_output=False,
        )
        .exclude(text="")
        .order_by("conversation_id", "order")
        .values_list("conversation_id", "order", "role", "text")
    )
    for cid, order, role, text in rows:
        out[cid].append(Turn(order, role, text))
    return out


def last_message_orders(conversation_ids: list[int]) -> dict[int, int]:
    """Highest message order of each conversation, tool and system turns included."""
    rows = (
        Message.objects.filter(conversation_id__in=conversation_ids)
        .values("conversation_id")
        .annotate(last=Max("order"))
        .values_list("conversation_id", "last")
    )
    return dict(rows)


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


_records_cache: dict[tuple[object, ...], tuple[list[RecordInfo], str, RuleContext]] = {}


def _records_snapshot() -> tuple[list[RecordInfo], str, RuleContext]:
    """Records, their catalog and their part of the rule context, rebuilt only on change."""
    model = _record_model()
    key: tuple[object, ...] = ()
    if model is not None:
        key = tuple(
            model.objects.aggregate(n=Count("pk"), last=Max("updated_at"), top=Max("pk")).values()
        )
    hit = _records_cache.get(key)
    if hit is None:
        records = current_records()
        index = NearDuplicateIndex(threshold=float(settings.EXTRACTION_NEAR_DUPLICATE_SCORE))
        hit = (
            records,
            render_catalog(catalog_entries(records)),
            RuleContext(records=records, index=index),
        )
        _records_cache.clear()
        _records_cache[key] = hit
    return hit


def records_and_catalog() -> tuple[list[RecordInfo], str]:
    """Current records and their rendered catalog, re-read only when a record changed."""
    records, catalog, _ = _records_snapshot()
    return records, catalog


def catalog_entries(records: list[RecordInfo]) -> list[CatalogEntry]:
    return [CatalogEntry(r.slug, r.name, r.type, r.description) for r in records]


# Open candidates indexed for near-duplicates, kept per run in this process so each
# chunk only loads the candidates created since the previous one.
_candidate_indexes: dict[tuple[int, str], tuple[int, NearDuplicateIndex]] = {}


def candidate_index(run: ExtractionRun | None = None) -> NearDuplicateIndex:
    """Open candidates (the newest NEAR_DUPLICATE_POOL) as a near-duplicate index."""
    key = (run.pk, run.started_at.isoformat()) if run is not None and run.pk else None
    cached = _candidate_indexes.get(key) if key else None
    after, index = cached or (
        0,
        NearDuplicateIndex(float(settings.EXTRACTION_NEAR_DUPLICATE_SCORE)),
    )
    rows = list(
        Candidate.objects.filter(status__in=OPEN_STATUSES, pk__gt=after)
        .order_by("-pk")
        .values_list("pk", "kind", "name", "description", "question")[
            : NEAR_DUPLICATE_POOL - len(index)
        ]
    )
    for pk, kind, name, description, question in reversed(rows):
        index.add(kind, "c", pk, match_text(name, question or description))
    if key:
        _candidate_indexes.clear()  # one run at a time per process is enough to keep
        _candidate_indexes[key] = (max([after, *[r[0] for r in rows]]), index)
    return index


def forget_index(run: ExtractionRun) -> None:
    _candidate_indexes.pop((run.pk, run.started_at.isoformat()), None)


def mark_indexed(run: ExtractionRun, pks: list[int]) -> None:
    """Candidates this process created (already in the run's index) need no reload."""
    key = (run.pk, run.started_at.isoformat())
    if key in _candidate_indexes and pks:
        after, index = _candidate_indexes[key]
        _candidate_indexes[key] = (max(after, *pks), index)


def rule_context(run: ExtractionRun | None = None) -> RuleContext:
    """Records and open candidates, for update proposals and near-duplicates."""
    context = copy.copy(_records_snapshot()[2])
    context.candidates = candidate_index(run)
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


def release_after(at: datetime) -> str:
    """Name of the first release cut after `at` ("" if none yet)."""
    try:
        release = apps.get_model("knowledge_repo", "Release")
    except LookupError:
        return ""
    found = release.objects.filter(created_at__gt=at).order_by("created_at", "pk").first()
    return found.name if found is not None else ""
