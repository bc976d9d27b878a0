"""The ingest loop: records in, conversations and problems out, in bulk and idempotently.

A file or stream is read into records (`conversations.reader`), normalised into items
and problems (`conversations.normalize`), merged with what is stored
(`conversations.merging`: how a conversation seen before is treated) and written in
chunks (`conversations.storing`); `IngestSummary` says what it did and the ingest log
keeps it (`conversations.summary`).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import IO

from django.conf import settings
from django.db import connection
from django.utils import timezone

from .gcpause import cyclic_gc_paused
from .models import IngestBatch, Source
from .normalize import Normalizer, normalize_stream
from .reader import open_input
from .storing import Writer
from .summary import IngestSummary, save_batch

__all__ = ["IngestSummary", "ingest_file", "ingest_stream"]


def ingest_stream(
    stream: IO[bytes],
    *,
    source: Source,
    kind: str,
    name: str,
    format: str | None = None,
    layout: str | None = None,
    progress: Callable[[], None] | None = None,
) -> IngestSummary:
    """Ingest every record of a binary stream into `source`; see `conversations.merging`
    for how conversations already stored are treated."""
    started = time.monotonic()
    batch = IngestBatch.objects.create(
        kind=kind, source=source, path=name[:1024], format=format or "", started_at=timezone.now()
    )
    summary = IngestSummary(path=name, batch_id=batch.pk)
    writer = Writer(source, batch, summary)
    normalizer = Normalizer(writer.take, format=format, sqlite=connection.vendor == "sqlite")
    with cyclic_gc_paused():
        normalize_stream(
            stream,
            normalizer,
            name=name,
            layout=layout,
            max_line_bytes=settings.INGEST_MAX_LINE_BYTES,
            max_depth=settings.INGEST_MAX_JSON_DEPTH,
            progress=progress,
        )
        writer.flush()
    if progress is not None:
        progress()
    _finish(summary, normalizer.lines, normalizer.skipped, normalizer.formats, format)
    summary.seconds = time.monotonic() - started
    save_batch(batch, summary)
    return summary


def _finish(
    summary: IngestSummary,
    lines: int,
    skipped: Counter[str],
    seen_formats: Counter[str],
    format: str | None,
) -> None:
    """Copy the normalizer's counts into the summary."""
    summary.lines = lines
    summary.skipped = skipped
    summary.format = format or (",".join(sorted(seen_formats)) if seen_formats else None)


def ingest_file(
    path: str | Path,
    *,
    source: Source,
    format: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> IngestSummary:
    """Ingest one file (JSON Lines, JSON array or object, gzipped or not).

    Raises OSError when the file cannot be opened or read. `progress(done, total)` is
    called now and then with compressed bytes read so far and the file size.
    """
    path = Path(path)
    total = path.stat().st_size
    with open_input(path) as stream:
        raw_file = getattr(stream, "fileobj", stream)
        report = None
        if progress is not None:

            def report() -> None:
                progress(raw_file.tell(), total)

        return ingest_stream(
            stream,
            source=source,
            kind=IngestBatch.Kind.FILE,
            name=str(path),
            format=format,
            progress=report,
        )
