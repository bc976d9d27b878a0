"""What one ingest did: the counts a file or request reports, and the batch row that keeps them."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from django.utils import timezone

from .models import IngestBatch


@dataclass
class IngestSummary:
    """What one file or request did; `as_dict` is the `--json` and API shape."""

    path: str
    format: str | None = None
    lines: int = 0
    conversations_created: int = 0
    conversations_updated: int = 0
    conversations_unchanged: int = 0
    conversations_revised: int = 0
    messages_added: int = 0
    skipped: Counter[str] = field(default_factory=Counter)
    problems: Counter[str] = field(default_factory=Counter)
    errors: list[dict[str, Any]] = field(default_factory=list)
    batch_id: int | None = None
    seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "batch": self.batch_id,
            "format": self.format,
            "lines": self.lines,
            "conversations_created": self.conversations_created,
            "conversations_updated": self.conversations_updated,
            "conversations_unchanged": self.conversations_unchanged,
            "conversations_revised": self.conversations_revised,
            "messages_added": self.messages_added,
            "skipped": dict(sorted(self.skipped.items())),
            "problems": dict(sorted(self.problems.items())),
            "seconds": round(self.seconds, 3),
        }


def save_batch(batch: IngestBatch, summary: IngestSummary) -> None:
    """Copy the summary's counts into the ingest log's row for this run and finish it."""
    for attr in (
        "lines",
        "conversations_created",
        "conversations_updated",
        "conversations_unchanged",
        "messages_added",
    ):
        setattr(batch, attr, getattr(summary, attr))
    batch.format = (summary.format or "")[:32]
    batch.skipped = dict(summary.skipped)
    batch.problem_counts = dict(summary.problems)
    batch.finished_at = timezone.now()
    batch.save()
