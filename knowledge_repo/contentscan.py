"""What the release checks find in the text of one record file, and in many at once.

A record file's findings depend on its text alone (no date, no other record),
so a cold rescan of a large tree screens its files independently: past
``POOL_MIN`` files they are spread over worker processes, one per CPU, and
the results come back in the order the files were given. Pure Python and no
Django, so a worker needs nothing of the app but screening.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import re
import threading
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import partial

from . import placeholders, screening
from .findingcache import Raw
from .recordfile import RecordData

POOL_MIN = 1000
"""How many files make a scan worth worker processes (starting them costs ~0.1 s)."""


def _line_of(file_text: str, field: str, value: str, start: int) -> int:
    """1-based line of ``value[start]`` in the record file."""
    if field == "body":
        body_at = file_text.rfind(value) if value else -1
        if body_at >= 0:
            return file_text.count("\n", 0, body_at + start) + 1
    match = re.search(rf"^{field}:", file_text, re.MULTILINE)
    return file_text.count("\n", 0, match.start()) + 1 if match else 1


def content_findings(
    data: RecordData, file_text: str, *, allowed: Iterable[str] | None = None
) -> list[Raw]:
    """What the text of one record file holds (cacheable by blob: no date, no other record)."""
    allowed = (
        screening.public_contacts() + screening.public_domains() if allowed is None else allowed
    )
    found: list[Raw] = []
    fields = (("name", data.name), ("description", data.description), ("body", data.body))
    # Only the high-risk kinds are asked for (screen() returns no other kind).
    for span in screening.screen(fields, allow=allowed, kinds=screening.HIGH_RISK_KINDS):
        kind = str(span["kind"])
        field, value = str(span["field"]), dict(fields)[str(span["field"])]
        line = _line_of(file_text, field, value, int(span["start"]))  # type: ignore[call-overload]
        found.append((kind, line, str(span["text"]), f"{span['reason']} in the {field}", True))
    # The gate's own definition (knowledge_repo.placeholders): what it refuses, no release ships.
    message = placeholders.problem(dict(fields))
    if message:
        found.append(
            (
                "placeholder_body",
                _line_of(file_text, "body", data.body, 0),
                data.body.strip()[:120],
                message,
                # Clearing it lets unwritten text ship: that takes two people.
                True,
            )
        )
    return found


def _scan_chunk(allowed: tuple[str, ...], records: list[tuple[RecordData, str]]) -> list[list[Raw]]:
    return [content_findings(data, text, allowed=allowed) for data, text in records]


def pool_usable() -> bool:
    """Whether this process may fork workers: a platform that forks, and no other thread."""
    # Forking a process that runs other threads can leave a lock held forever in the child.
    return "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1


def scan_contents(
    records: Sequence[tuple[RecordData, str]],
    allowed: Iterable[str],
    *,
    workers: int | None = None,
    pool_min: int | None = None,
) -> list[list[Raw]]:
    """``content_findings`` of each (record, file text), in the order given.

    With ``pool_min`` (default ``POOL_MIN``) files or more, ``workers`` processes (default: one per
    CPU) share the work when this process may fork; the findings are the same
    either way.
    """
    allowed = tuple(allowed)
    workers = (os.cpu_count() or 1) if workers is None else workers
    pool_min = POOL_MIN if pool_min is None else pool_min
    if len(records) < pool_min or workers < 2 or not pool_usable():
        return _scan_chunk(allowed, list(records))
    # A few chunks a worker: each is one message each way, and a slow chunk cannot stall the rest.
    size = -(-len(records) // (workers * 4))
    chunks = [list(records[i : i + size]) for i in range(0, len(records), size)]
    context = multiprocessing.get_context("fork")
    # Objects the children inherit stay out of their collections: a collection touching
    # every inherited object would copy the parent's whole heap page by page.
    gc.freeze()
    try:
        with ProcessPoolExecutor(workers, mp_context=context) as pool:
            done = pool.map(partial(_scan_chunk, allowed), chunks)
            return [found for chunk in done for found in chunk]
    finally:
        gc.unfreeze()
