"""Extracting one chunk of a run's conversations.

Workers claim an item with a conditional UPDATE before touching it, so two
workers sharing a run never extract the same conversation; each
conversation's results, its ExtractionState and the run's figures are written
in one transaction, so a run that dies can be resumed without counting
anything twice.
"""

from __future__ import annotations

import uuid
from collections import Counter
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from decimal import Decimal

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from conversations.models import Conversation

from .. import learning, selectors
from ..dedup import fingerprint
from ..groups import GroupIndex, assign_groups
from ..models import (
    Candidate,
    ExtractionFailure,
    ExtractionItem,
    ExtractionRun,
    ExtractionState,
    FilteredProposal,
)
from ..prompt import (
    SYSTEM_PROMPT,
    estimate_tokens,
    render_conversation,
    select_window,
)
from ..providers import ExtractionRequest, Provider, ProviderResult, Usage, get_provider
from ..rules import OUT_OF_SCOPE, RuleContext, apply_rules
from .costs import Item, cost_of, estimate_cost, worker_name
from .runs import finish_if_complete

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
        self.groups = GroupIndex.load()
        self.predictor = learning.latest()

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
            estimate = estimate_cost(
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
            fingerprint(
                i.kind, i.name.strip(), i.body.strip(), i.question.strip(), p.item.conversation_id
            )
            for p, r in results
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
            # Rightly refused off-topic questions: a figure on the dashboard, not queue items.
            filtered_rows.extend(
                FilteredProposal(
                    run=self.run,
                    conversation_id=item.conversation_id,
                    reason=OUT_OF_SCOPE,
                    payload={"question": o.question, "evidence": o.evidence},
                )
                for o in result.out_of_scope
            )
            states[item.conversation_id] = window.upto_order
            item.status = Item.DONE
        filtered = dict(Counter(f.reason for f in filtered_rows))
        if self.predictor is not None and candidates:
            sources = dict(
                Conversation.objects.filter(
                    pk__in={c.conversation_id for c in candidates}
                ).values_list("pk", "source__name")
            )
            for c in candidates:
                c.source_name = sources.get(c.conversation_id, "")  # type: ignore[attr-defined]
            learning.score_new(candidates, self.predictor)
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
            assign_groups(candidates, self.groups)
            Candidate.objects.bulk_create(candidates)
            explored = learning.explore(candidates)
            if explored:
                Candidate.objects.bulk_update(explored, ["queue_score", "probably_noise"])
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
