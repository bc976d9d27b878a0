"""Starting, running, resuming and collecting extraction runs.

A run is split into ExtractionItems, one per conversation. Workers claim an
item with a conditional UPDATE before touching it, so two workers sharing a
run never extract the same conversation; each conversation's results, its
ExtractionState and the run's figures are written in one transaction, so a
run that dies can be resumed without counting anything twice.
"""

from __future__ import annotations

import os
import socket
from collections import Counter
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from . import selectors
from .dedup import fingerprint
from .models import (
    Candidate,
    ExtractionFailure,
    ExtractionItem,
    ExtractionRun,
    ExtractionState,
    FilteredProposal,
)
from .prompt import (
    SYSTEM_PROMPT,
    estimate_tokens,
    render_catalog,
    render_conversation,
    select_window,
)
from .providers import ExtractionRequest, Provider, ProviderResult, Usage, get_provider
from .rules import RuleContext, apply_rules

Item = ExtractionItem.Status
UNFINISHED = [Item.PENDING, Item.CLAIMED, Item.SUBMITTED]
# Output tokens assumed per request when estimating cost before sending it.
EXPECTED_OUTPUT_TOKENS = 400


def worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def cost_of(usage: Usage, model: str, *, batch: bool = False) -> Decimal:
    """US dollars for this usage from settings.EXTRACTION_PRICES (zero for unknown models)."""
    prices = settings.EXTRACTION_PRICES.get(model)
    if not prices:
        return Decimal(0)
    total = (
        usage.input * prices["input"]
        + usage.cache_write * prices["cache_write"]
        + usage.cache_read * prices["cache_read"]
        + usage.output * prices["output"]
    ) / Decimal(1_000_000)
    if batch:
        total *= settings.EXTRACTION_BATCH_PRICE_FACTOR
    return total.quantize(Decimal("0.000001"))


def _estimate_cost(model: str, prefix_tokens: int, text: str, *, batch: bool) -> Decimal:
    # Pessimistic: as if the prefix were written to the cache every time.
    usage = Usage(
        input=estimate_tokens(text), cache_write=prefix_tokens, output=EXPECTED_OUTPUT_TOKENS
    )
    return cost_of(usage, model, batch=batch)


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
    from . import tasks

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
    from .prompt import PROMPT_VERSION

    return PROMPT_VERSION


def _enqueue_chunks(run: ExtractionRun, on_chunk: Callable[[int, int], None] | None = None) -> int:
    from . import tasks

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
    chunks = _enqueue_chunks(run)
    finish_if_complete(run.pk)
    return chunks


def finish_if_complete(run_id: int) -> bool:
    """Mark the run done once no item is waiting, claimed or in a batch."""
    if ExtractionItem.objects.filter(run_id=run_id, status__in=UNFINISHED).exists():
        return False
    ExtractionRun.objects.filter(
        pk=run_id, status__in=[ExtractionRun.Status.RUNNING, ExtractionRun.Status.SUBMITTED]
    ).update(status=ExtractionRun.Status.DONE, finished_at=timezone.now())
    return True


# --- one chunk ------------------------------------------------------------------------


@dataclass
class Prepared:
    item: ExtractionItem
    request: ExtractionRequest


class ChunkRunner:
    """Extracts a list of claimed items with one provider and one rule context."""

    def __init__(self, run: ExtractionRun, provider: Provider | None = None) -> None:
        self.run = run
        self.provider = provider or get_provider(run.provider, model=run.model)
        records = selectors.current_records()
        self.catalog = render_catalog(selectors.catalog_entries(records))
        self.provider.prepare(self.catalog)
        self.context: RuleContext = selectors.rule_context(records)
        self.prefix_tokens = estimate_tokens(SYSTEM_PROMPT + self.catalog)
        self.batch = run.mode == ExtractionRun.Mode.BATCH

    def claim(self, item_ids: Iterable[int], *, status: str = Item.CLAIMED) -> list[ExtractionItem]:
        claimed = []
        who = worker_name()
        for pk in item_ids:
            got = ExtractionItem.objects.filter(pk=pk, status=Item.PENDING).update(
                status=status, claimed_by=who, claimed_at=timezone.now(), attempts=F("attempts") + 1
            )
            if got:
                claimed.append(pk)
        return list(
            ExtractionItem.objects.filter(pk__in=claimed)
            .select_related("conversation")
            .order_by("pk")
        )

    def prepare(self, item: ExtractionItem, *, upto_order: int | None = None) -> Prepared | None:
        """The request for an item, or None (item closed) when nothing is new any more."""
        state = (
            ExtractionState.objects.filter(conversation_id=item.conversation_id)
            .values_list("last_message_order", flat=True)
            .first()
        )
        after = max(item.after_order, state if state is not None else -1)
        if upto_order is not None:
            after = item.after_order
        window = select_window(
            selectors.turns_for(item.conversation_id, upto_order),
            after_order=after,
            max_chars=settings.EXTRACTION_MAX_INPUT_CHARS,
            context_messages=settings.EXTRACTION_CONTEXT_MESSAGES,
        )
        if window is None:
            # Another run got here first, or only tool/system turns were added.
            ExtractionItem.objects.filter(pk=item.pk).update(status=Item.DONE)
            self._advance_state_only(item)
            return None
        request = ExtractionRequest(
            key=item.custom_id,
            conversation_id=item.conversation_id,
            window=window,
            user_text=render_conversation(window),
        )
        return Prepared(item, request)

    def _advance_state_only(self, item: ExtractionItem) -> None:
        last = selectors.turns_for(item.conversation_id)
        if last:
            ExtractionState.objects.update_or_create(
                conversation_id=item.conversation_id,
                defaults={"last_message_order": last[-1].order, "run": self.run},
            )

    def within_budget(self, prepared: list[Prepared]) -> tuple[list[Prepared], list[Prepared]]:
        """Split into what fits the run's budget and what must wait for a later run."""
        budget = self.run.params.get("budget_usd")
        if budget is None or self.run.provider == ExtractionRun.Provider.HEURISTIC:
            return prepared, []
        limit = Decimal(budget)
        spent = ExtractionRun.objects.values_list("cost_usd", flat=True).get(pk=self.run.pk)
        fits: list[Prepared] = []
        for i, p in enumerate(prepared):
            estimate = _estimate_cost(
                self.run.model, self.prefix_tokens, p.request.user_text, batch=self.batch
            )
            if spent + estimate > limit:
                return fits, prepared[i:]
            spent += estimate
            fits.append(p)
        return fits, []

    def skip(self, prepared: list[Prepared]) -> None:
        if not prepared:
            return
        ExtractionItem.objects.filter(pk__in=[p.item.pk for p in prepared]).update(
            status=Item.SKIPPED
        )
        with transaction.atomic():
            run = ExtractionRun.objects.select_for_update().get(pk=self.run.pk)
            run.params = {**run.params, "stopped_by_budget": True}
            run.filtered = _merged(run.filtered, {"budget": len(prepared)})
            run.save(update_fields=["params", "filtered"])

    def call(self, prepared: list[Prepared]) -> list[ProviderResult]:
        workers = max(int(settings.EXTRACTION_MAX_CONCURRENCY), 1)
        if self.provider.name == "heuristic" or workers == 1 or len(prepared) < 2:
            return [self.provider.extract(p.request) for p in prepared]
        with ThreadPoolExecutor(max_workers=min(workers, len(prepared))) as pool:
            return list(pool.map(lambda p: self.provider.extract(p.request), prepared))

    def save(self, p: Prepared, result: ProviderResult) -> None:
        """Store one conversation's outcome, its state and the run's figures, atomically."""
        item, window = p.item, p.request.window
        cost = cost_of(result.usage, self.run.model, batch=self.batch)
        new_candidates: list[Candidate] = []
        with transaction.atomic():
            deltas: Counter[str] = Counter()
            if result.failure:
                ExtractionFailure.objects.create(
                    run=self.run,
                    item=item,
                    conversation_id=item.conversation_id,
                    reason=result.failure,
                    detail=result.detail,
                    raw_output=result.raw_output,
                )
                status = Item.FAILED
                filtered: dict[str, int] = {}
            else:
                fps = [
                    fingerprint(i.kind, i.name.strip(), i.body.strip(), i.question.strip())
                    for i in result.items
                ]
                outcome = apply_rules(
                    result.items,
                    window=window,
                    conversation_id=item.conversation_id,
                    context=self.context,
                    known_fingerprints=selectors.known_fingerprints(fps),
                    provider=self.provider.name,
                )
                for c in outcome.candidates:
                    c.run = self.run
                new_candidates = Candidate.objects.bulk_create(outcome.candidates)
                FilteredProposal.objects.bulk_create(
                    [
                        FilteredProposal(
                            run=self.run,
                            conversation_id=item.conversation_id,
                            reason=reason,
                            payload=payload,
                        )
                        for reason, payload in outcome.filtered
                    ]
                )
                filtered = dict(Counter(reason for reason, _ in outcome.filtered))
                deltas["gaps"] = sum(1 for c in outcome.candidates if c.kind == Candidate.Kind.GAP)
                deltas["memories"] = len(outcome.candidates) - deltas["gaps"]
                ExtractionState.objects.update_or_create(
                    conversation_id=item.conversation_id,
                    defaults={"last_message_order": window.upto_order, "run": self.run},
                )
                status = Item.DONE
            ExtractionItem.objects.filter(pk=item.pk).update(
                status=status, upto_order=window.upto_order
            )
            run = ExtractionRun.objects.select_for_update().get(pk=self.run.pk)
            run.conversations_read += 1
            run.candidates_queued += deltas["memories"]
            run.gaps_queued += deltas["gaps"]
            run.failures_count += 1 if result.failure else 0
            run.filtered = _merged(run.filtered, filtered)
            run.input_tokens += result.usage.input
            run.cache_write_tokens += result.usage.cache_write
            run.cache_read_tokens += result.usage.cache_read
            run.output_tokens += result.usage.output
            run.cost_usd += cost
            run.save(
                update_fields=[
                    "conversations_read",
                    "candidates_queued",
                    "gaps_queued",
                    "failures_count",
                    "filtered",
                    "input_tokens",
                    "cache_write_tokens",
                    "cache_read_tokens",
                    "output_tokens",
                    "cost_usd",
                ]
            )
            self.run.cost_usd = run.cost_usd
        for c in new_candidates:
            if c.operation == Candidate.Operation.CREATE and c.pk is not None:
                self.context.index.add(
                    c.kind, "c", c.pk, f"{c.name} {c.description} {c.body[:300]}"
                )


def _merged(current: dict[str, int], extra: dict[str, int]) -> dict[str, int]:
    merged = Counter(current or {})
    merged.update(extra)
    return dict(sorted(merged.items()))


def process_chunk(*, run_id: int, item_ids: list[int], provider: Provider | None = None) -> int:
    """Claim and extract the given items of a run; returns how many this worker extracted."""
    run = ExtractionRun.objects.get(pk=run_id)
    if run.status not in (ExtractionRun.Status.RUNNING,):
        return 0
    runner = ChunkRunner(run, provider)
    items = runner.claim(item_ids)
    prepared = [p for p in (runner.prepare(i) for i in items) if p is not None]
    prepared, over_budget = runner.within_budget(prepared)
    runner.skip(over_budget)
    for p, result in zip(prepared, runner.call(prepared), strict=True):
        runner.save(p, result)
    finish_if_complete(run_id)
    return len(prepared)


# --- Message Batches ------------------------------------------------------------------


def submit_batch(*, run_id: int, provider: Any = None) -> str:
    """Send every pending item of a batch-mode run as one Message Batch; keep its id on the run."""
    run = ExtractionRun.objects.get(pk=run_id)
    runner = ChunkRunner(run, provider)
    ids = list(run.items.filter(status=Item.PENDING).order_by("pk").values_list("pk", flat=True))
    items = runner.claim(ids, status=Item.SUBMITTED)
    prepared = [p for p in (runner.prepare(i) for i in items) if p is not None]
    prepared, over_budget = runner.within_budget(prepared)
    runner.skip(over_budget)
    if not prepared:
        finish_if_complete(run_id)
        return ""
    for p in prepared:
        ExtractionItem.objects.filter(pk=p.item.pk).update(upto_order=p.request.window.upto_order)
    try:
        batch_id = runner.provider.submit_batch([p.request for p in prepared])  # type: ignore[attr-defined]
    except Exception as exc:
        ExtractionItem.objects.filter(pk__in=[p.item.pk for p in prepared]).update(
            status=Item.PENDING
        )
        ExtractionRun.objects.filter(pk=run_id).update(
            status=ExtractionRun.Status.FAILED,
            params={**run.params, "error": f"batch submission failed: {exc}"[:2000]},
            finished_at=timezone.now(),
        )
        raise
    ExtractionRun.objects.filter(pk=run_id).update(
        batch_id=batch_id, status=ExtractionRun.Status.SUBMITTED
    )
    return batch_id


def collect_batch(*, run: ExtractionRun, provider: Any = None) -> bool:
    """Store the results of an ended batch, matched by custom_id; False while it still runs.

    Errored, expired and canceled requests are recorded as failures; their
    conversations' state is not advanced, so a later run extracts them again.
    Malformed output is retried once synchronously. Collecting twice is harmless.
    """
    if not run.batch_id:
        return finish_if_complete(run.pk)
    runner = ChunkRunner(run, provider)
    api = runner.provider
    if not api.batch_ended(run.batch_id):  # type: ignore[attr-defined]
        return False
    items = {
        i.custom_id: i
        for i in run.items.filter(status=Item.SUBMITTED).select_related("conversation")
    }
    for custom_id, result in api.batch_results(run.batch_id):  # type: ignore[attr-defined]
        item = items.pop(custom_id, None)
        if item is None:
            continue
        prepared = runner.prepare(item, upto_order=item.upto_order)
        if prepared is None:
            continue
        if result.failure == "malformed":
            again = api.extract(prepared.request)
            again.usage.add(result.usage)
            if again.failure == "malformed":
                again.raw_output = f"{result.raw_output}\n--- retry ---\n{again.raw_output}"
            result = again
        runner.save(prepared, result)
    for item in items.values():  # asked for but absent from the results
        prepared = runner.prepare(item, upto_order=item.upto_order)
        if prepared is not None:
            runner.save(prepared, ProviderResult(failure="errored", detail="no result in batch"))
    finish_if_complete(run.pk)
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
