"""Background work for extraction, written once against django.tasks.

The immediate backend runs these in process; with django-tasks-db several
`db_worker` processes share a run, one chunk of conversations per task.
"""

from __future__ import annotations

from django.tasks import task

from . import actions
from .models import ExtractionRun


@task()
def extract_chunk(run_id: int, item_ids: list[int]) -> int:
    """Extract one chunk of a run's conversations (items are claimed, never done twice)."""
    return actions.process_chunk(run_id=run_id, item_ids=item_ids)


@task()
def submit_batch(run_id: int) -> str:
    """Submit a batch-mode run's conversations as one Message Batch."""
    return actions.submit_batch(run_id=run_id)


@task()
def collect_batch(run_id: int) -> bool:
    """Collect a submitted batch if it has ended (schedule it, or run `extract --collect`)."""
    return actions.collect_batch(run=ExtractionRun.objects.get(pk=run_id))


@task()
def retrain_approval_model() -> dict[str, float | int] | None:
    """Train the approval model on every decision so far and re-score the open queue."""
    from . import learning

    model = learning.train()
    if model is None:
        return None
    return {
        "decisions": model.decisions,
        "held_out": model.held_out,
        "held_out_accuracy": model.held_out_accuracy,
        "baseline_accuracy": model.baseline_accuracy,
    }
