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
import uuid
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
    if run.mode == ExtractionRun.Mode.BATCH and run.provider == ExtractionRun.Provider.ANTHROPIC:
        from . import tasks

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
        _, self.catalog = selectors.records_and_catalog()
        self.provider.prepare(self.catalog)
        self.context: RuleContext = selectors.rule_context(run)
        self.prefix_tokens = estimate_tokens(SYSTEM_PROMPT + self.catalog)
        self.batch = run.mode == ExtractionRun.Mode.BATCH

    def claim(self, item_ids: Iterable[int], *, status: str = Item.CLAIMED) -> list[ExtractionItem]:
        """Take the still-pending items among `item_ids`; another worker's items are left alone.

        One conditional UPDATE: on PostgreSQL a concurrent claimer waits for the row
        lock, re-checks `status = pending` and skips the row; SQLite serialises writers.
        """
        ids = list(item_ids)
        token = f"{worker_name()}:{uuid.uuid4().hex[:8]}"
        claimed: list[ExtractionItem] = []
        for i in range(0, len(ids), 500):
            part = ids[i : i + 500]
            ExtractionItem.objects.filter(pk__in=part, status=Item.PENDING).update(
                status=status,
                claimed_by=token,
                claimed_at=timezone.now(),
                attempts=F("attempts") + 1,
            )
            claimed.extend(
                ExtractionItem.objects.filter(pk__in=part, claimed_by=token, status=status)
            )
        return sorted(claimed, key=lambda item: item.pk)

    def prepare(self, items: list[ExtractionItem], *, as_submitted: bool = False) -> list[Prepared]:
        """Requests for the items; items with nothing new any more are closed here.

        `as_submitted` rebuilds exactly what a batch was sent (up to each item's upto_order).
        """
        conversation_ids = [i.conversation_id for i in items]
        states = dict(
            ExtractionState.objects.filter(conversation_id__in=conversation_ids).values_list(
                "conversation_id", "last_message_order"
            )
        )
        turns = selectors.turns_for_many(conversation_ids)
        prepared: list[Prepared] = []
        closed: list[ExtractionItem] = []
        for item in items:
            conversation_turns = turns[item.conversation_id]
            after = max(item.after_order, states.get(item.conversation_id, -1))
            if as_submitted:
                after = item.after_order
                upto = item.upto_order if item.upto_order is not None else 2**31
                conversation_turns = [t for t in conversation_turns if t.order <= upto]
            window = select_window(
                conversation_turns,
                after_order=after,
                max_chars=settings.EXTRACTION_MAX_INPUT_CHARS,
                context_messages=settings.EXTRACTION_CONTEXT_MESSAGES,
            )
            if window is None:
                # Another run got here first, or only tool or system turns were added.
                closed.append(item)
                continue
            request = ExtractionRequest(
                key=item.custom_id,
                conversation_id=item.conversation_id,
                window=window,
                user_text=render_conversation(window),
            )
            prepared.append(Prepared(item, request))
        if closed:
            ExtractionItem.objects.filter(pk__in=[i.pk for i in closed]).update(status=Item.DONE)
            last = selectors.last_message_orders([i.conversation_id for i in closed])
            _set_states(last, self.run)
        return prepared

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

    def save(self, results: list[tuple[Prepared, ProviderResult]]) -> None:
        """Store the outcomes, conversation states and the run's figures in one transaction.

        Either all of a chunk is recorded or none of it, so a run resumed after a crash
        redoes exactly the conversations whose results were not stored.
        """
        if not results:
            return
        usage = Usage()
        fingerprints = [
            fingerprint(i.kind, i.name.strip(), i.body.strip(), i.question.strip())
            for _, r in results
            for i in r.items
        ]
        known = selectors.known_fingerprints(fingerprints)
        candidates: list[Candidate] = []
        filtered_rows: list[FilteredProposal] = []
        failures: list[ExtractionFailure] = []
        states: dict[int, int] = {}
        for p, result in results:
            item, window = p.item, p.request.window
            usage.add(result.usage)
            item.upto_order = window.upto_order
            if result.failure:
                item.status = Item.FAILED
                failures.append(
                    ExtractionFailure(
                        run=self.run,
                        item=item,
                        conversation_id=item.conversation_id,
                        reason=result.failure,
                        detail=result.detail,
                        raw_output=result.raw_output,
                    )
                )
                continue
            outcome = apply_rules(
                result.items,
                window=window,
                conversation_id=item.conversation_id,
                context=self.context,
                known_fingerprints=known,
                provider=self.provider.name,
            )
            for c in outcome.candidates:
                c.run = self.run
            candidates.extend(outcome.candidates)
            filtered_rows.extend(
                FilteredProposal(
                    run=self.run,
                    conversation_id=item.conversation_id,
                    reason=reason,
                    payload=payload,
                )
                for reason, payload in outcome.filtered
            )
            states[item.conversation_id] = window.upto_order
            item.status = Item.DONE
        filtered = dict(Counter(f.reason for f in filtered_rows))
        try:
            self._store(candidates, filtered_rows, failures, states, results, usage, filtered)
        except Exception:
            # The in-process index may now name candidates that were rolled back.
            selectors.forget_index(self.run)
            raise
        if self.context.candidates is not None:
            self.context.candidates.resolve()

    def _store(
        self,
        candidates: list[Candidate],
        filtered_rows: list[FilteredProposal],
        failures: list[ExtractionFailure],
        states: dict[int, int],
        results: list[tuple[Prepared, ProviderResult]],
        usage: Usage,
        filtered: dict[str, int],
    ) -> None:
        gaps = sum(1 for c in candidates if c.kind == Candidate.Kind.GAP)
        cost = cost_of(usage, self.run.model, batch=self.batch)
        with transaction.atomic():
            # Candidates near-duplicating one of this chunk point at it once it has a pk.
            links = [
                (c, c.duplicate_of)
                for c in candidates
                if c.duplicate_of is not None and c.duplicate_of.pk is None
            ]
            for c, _ in links:
                c.duplicate_of = None
            Candidate.objects.bulk_create(candidates)
            selectors.mark_indexed(self.run, [c.pk for c in candidates if c.pk is not None])
            for c, original in links:
                c.duplicate_of = original
            if links:
                Candidate.objects.bulk_update([c for c, _ in links], ["duplicate_of"])
            FilteredProposal.objects.bulk_create(filtered_rows)
            ExtractionFailure.objects.bulk_create(failures)
            _set_states(states, self.run)
            ExtractionItem.objects.bulk_update(
                [p.item for p, _ in results], ["status", "upto_order"]
            )
            # Counters as one UPDATE with F(): concurrent workers add up, nobody overwrites.
            ExtractionRun.objects.filter(pk=self.run.pk).update(
                conversations_read=F("conversations_read") + len(results),
                candidates_queued=F("candidates_queued") + (len(candidates) - gaps),
                gaps_queued=F("gaps_queued") + gaps,
                failures_count=F("failures_count") + len(failures),
                input_tokens=F("input_tokens") + usage.input,
                cache_write_tokens=F("cache_write_tokens") + usage.cache_write,
                cache_read_tokens=F("cache_read_tokens") + usage.cache_read,
                output_tokens=F("output_tokens") + usage.output,
                cost_usd=F("cost_usd") + cost,
            )
            if filtered:
                run = ExtractionRun.objects.select_for_update().get(pk=self.run.pk)
                run.filtered = _merged(run.filtered, filtered)
                run.save(update_fields=["filtered"])


def _set_states(orders: dict[int, int], run: ExtractionRun) -> None:
    """Upsert how far each conversation has been extracted."""
    if not orders:
        return
    ExtractionState.objects.bulk_create(
        [
            ExtractionState(conversation_id=cid, last_message_order=order, run=run)
            for cid, order in orders.items()
        ],
        update_conflicts=True,
        unique_fields=["conversation"],
        update_fields=["last_message_order", "run", "updated_at"],
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
    prepared = runner.prepare(runner.claim(item_ids))
    prepared, over_budget = runner.within_budget(prepared)
    runner.skip(over_budget)
    runner.save(list(zip(prepared, runner.call(prepared), strict=True)))
    finish_if_complete(run_id)
    return len(prepared)


# --- Message Batches ------------------------------------------------------------------


def submit_batch(*, run_id: int, provider: Any = None) -> str:
    """Send every pending item of a batch-mode run as one Message Batch; keep its id on the run."""
    run = ExtractionRun.objects.get(pk=run_id)
    runner = ChunkRunner(run, provider)
    ids = list(run.items.filter(status=Item.PENDING).order_by("pk").values_list("pk", flat=True))
    prepared = runner.prepare(runner.claim(ids, status=Item.SUBMITTED))
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
    submitted = run.items.filter(status=Item.SUBMITTED)
    prepared = {p.item.custom_id: p for p in runner.prepare(list(submitted), as_submitted=True)}
    done: list[tuple[Prepared, ProviderResult]] = []
    for custom_id, result in api.batch_results(run.batch_id):  # type: ignore[attr-defined]
        p = prepared.pop(custom_id, None)
        if p is None:
            continue  # collected before, or closed meanwhile
        if result.failure == "malformed":
            again = api.extract(p.request)
            again.usage.add(result.usage)
            if again.failure == "malformed":
                again.raw_output = f"{result.raw_output}\n--- retry ---\n{again.raw_output}"
            result = again
        done.append((p, result))
        if len(done) >= 200:
            runner.save(done)
            done = []
    runner.save(done)
    # Asked for but absent from the results: recorded, retried by a later run.
    missing = ProviderResult(failure="errored", detail="no result in the batch")
    runner.save([(p, missing) for p in prepared.values()])
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
