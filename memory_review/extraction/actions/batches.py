"""Message Batches: submit a run's conversations as one batch, collect its results."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from ..models import (
    ExtractionItem,
    ExtractionRun,
)
from ..providers import ProviderResult
from .chunks import ChunkRunner, Prepared
from .costs import Item
from .runs import finish_if_complete

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
