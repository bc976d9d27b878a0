"""Starting, resuming, finishing and planning runs.

A run is split into ExtractionItems, one per conversation; chunks of them are
enqueued as tasks (see chunks.py), or sent as one Message Batch (batches.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from .. import selectors
from ..models import (
    ExtractionItem,
    ExtractionRun,
)
from ..prompt import (
    SYSTEM_PROMPT,
    estimate_tokens,
    render_catalog,
    render_conversation,
    select_window,
)
from ..providers import Usage, get_provider
from .costs import EXPECTED_OUTPUT_TOKENS, UNFINISHED, Item, cost_of

# --- starting a run -------------------------------------------------------------------


@dataclass
class Selection:
    source: str | None = None
    since: datetime | None = None
    limit: int | None = None


def start_run(
    *,
    provider: str,
    mode: str = ExtractionRun.Mode.SYNC,
    selection: Selection | None = None,
    budget_usd: Decimal | None = None,
    user: Any = None,
    model: str = "",
    on_chunk: Callable[[int, int], None] | None = None,
) -> ExtractionRun:
    """Create a run with one item per conversation that has new messages, and enqueue its tasks.

    With the immediate task backend the work is done when this returns.
    `on_chunk(done, total)` is called after each chunk is enqueued (a progress bar).
    """
    from .. import tasks

    selection = selection or Selection()
    chosen = get_provider(provider, model=model) if provider == "heuristic" else None
    with transaction.atomic():
        run = ExtractionRun.objects.create(
            provider=provider,
            model=chosen.model if chosen else (model or settings.EXTRACTION_MODEL),
            prompt_version=getattr(chosen, "prompt_version", "") or _prompt_version(),
            mode=mode,
            params={
                "source": selection.source,
                "since": selection.since.isoformat() if selection.since else None,
                "limit": selection.limit,
                "budget_usd": str(budget_usd) if budget_usd is not None else None,
                # The fixed prefix (prompt + catalog) a cache would hold, for the cache report.
                "prefix_tokens": estimate_tokens(
                    SYSTEM_PROMPT + selectors.records_and_catalog()[1]
                ),
            },
            created_by=user if getattr(user, "pk", None) else None,
        )
        rows = selectors.conversations_to_extract(
            source=selection.source, since=selection.since, limit=selection.limit
        )
        ExtractionItem.objects.bulk_create(
            [ExtractionItem(run=run, conversation_id=cid, after_order=done) for cid, done in rows],
            batch_size=1000,
        )
    if mode == ExtractionRun.Mode.BATCH and provider == "anthropic":
        tasks.submit_batch.enqueue(run.pk)
    else:
        _enqueue_chunks(run, on_chunk)
    finish_if_complete(run.pk)
    run.refresh_from_db()
    return run


def _prompt_version() -> str:
    from ..prompt import PROMPT_VERSION

    return PROMPT_VERSION


def _enqueue_chunks(run: ExtractionRun, on_chunk: Callable[[int, int], None] | None = None) -> int:
    from .. import tasks

    ids = list(run.items.filter(status=Item.PENDING).order_by("pk").values_list("pk", flat=True))
    size = max(int(settings.EXTRACTION_CHUNK_SIZE), 1)
    chunks = [ids[i : i + size] for i in range(0, len(ids), size)]
    for chunk in chunks:
        tasks.extract_chunk.enqueue(run.pk, chunk)
        if on_chunk is not None:
            on_chunk(len(chunk), len(ids))
    return len(chunks)


def resume_run(*, run: ExtractionRun, stale_after: timedelta = timedelta(minutes=15)) -> int:
    """Enqueue a died run's unfinished conversations again; returns the number of chunks.

    Claims older than `stale_after` are taken to belong to a worker that died.
    """
    ExtractionItem.objects.filter(
        run=run, status=Item.CLAIMED, claimed_at__lt=timezone.now() - stale_after
    ).update(status=Item.PENDING, claimed_by="", claimed_at=None)
    ExtractionRun.objects.filter(pk=run.pk).update(
        status=ExtractionRun.Status.RUNNING, finished_at=None
    )
    if run.mode == ExtractionRun.Mode.BATCH and run.provider == ExtractionRun.Provider.ANTHROPIC:
        from .. import tasks

        # The batch was never submitted (the process died first): submit it now.
        tasks.submit_batch.enqueue(run.pk)
        finish_if_complete(run.pk)
        return 1
    chunks = _enqueue_chunks(run)
    finish_if_complete(run.pk)
    return chunks


def finish_if_complete(run_id: int) -> bool:
    """Mark the run done once no item is waiting, claimed or in a batch."""
    if ExtractionItem.objects.filter(run_id=run_id, status__in=UNFINISHED).exists():
        return False
    finished = ExtractionRun.objects.filter(
        pk=run_id, status__in=[ExtractionRun.Status.RUNNING, ExtractionRun.Status.SUBMITTED]
    ).update(status=ExtractionRun.Status.DONE, finished_at=timezone.now())
    if finished:
        from .. import learning, tasks

        # New candidates and the decisions made meanwhile: a fresher model orders the queue.
        if learning.needs_training():
            tasks.retrain_approval_model.enqueue()
    return True


# --- dry run --------------------------------------------------------------------------


def plan_run(
    *, provider: str, selection: Selection | None = None, model: str = ""
) -> dict[str, Any]:
    """What a run would send, and a token and cost estimate, without calling anything."""
    selection = selection or Selection()
    model = model or settings.EXTRACTION_MODEL
    records = selectors.current_records()
    catalog = render_catalog(selectors.catalog_entries(records))
    prefix_tokens = estimate_tokens(SYSTEM_PROMPT + catalog)
    rows = selectors.conversations_to_extract(
        source=selection.source, since=selection.since, limit=selection.limit
    )
    conversation_tokens = 0
    requests = 0
    first_request = ""
    for cid, done in rows:
        window = select_window(
            selectors.turns_for(cid),
            after_order=done,
            max_chars=settings.EXTRACTION_MAX_INPUT_CHARS,
            context_messages=settings.EXTRACTION_CONTEXT_MESSAGES,
        )
        if window is None:
            continue
        text = render_conversation(window)
        first_request = first_request or text
        conversation_tokens += estimate_tokens(text)
        requests += 1
    usage = Usage(
        input=conversation_tokens,
        cache_write=prefix_tokens if requests else 0,
        cache_read=prefix_tokens * max(requests - 1, 0),
        output=EXPECTED_OUTPUT_TOKENS * requests,
    )
    return {
        "provider": provider,
        "model": model if provider == "anthropic" else "heuristic-v1",
        "conversations": len(rows),
        "requests": requests,
        "prefix_tokens": prefix_tokens,
        "conversation_tokens": conversation_tokens,
        "estimated_cost_usd": str(cost_of(usage, model)) if provider == "anthropic" else "0",
        "estimated_cost_usd_batch": str(cost_of(usage, model, batch=True))
        if provider == "anthropic"
        else "0",
        "first_request": first_request,
        "catalog": catalog,
    }
