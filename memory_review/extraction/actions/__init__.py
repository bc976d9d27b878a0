"""Starting, running, resuming and collecting extraction runs (one module per concern)."""

from .batches import collect_batch, submit_batch
from .chunks import ChunkRunner, Prepared, process_chunk
from .costs import EXPECTED_OUTPUT_TOKENS, UNFINISHED, cost_of, worker_name
from .runs import Selection, finish_if_complete, plan_run, resume_run, start_run

__all__ = [
    "EXPECTED_OUTPUT_TOKENS",
    "UNFINISHED",
    "ChunkRunner",
    "Prepared",
    "Selection",
    "collect_batch",
    "cost_of",
    "finish_if_complete",
    "plan_run",
    "process_chunk",
    "resume_run",
    "start_run",
    "submit_batch",
    "worker_name",
]
