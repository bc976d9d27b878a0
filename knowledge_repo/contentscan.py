"""What the release checks find in the text of one record file, and in many at once.

A record file's findings depend on its text alone (no date, no other record),
so a cold rescan of a large tree screens its files independently: past
``POOL_MIN`` files they are spread over worker processes, one per CPU, and
the results come back in the order the files were given. The workers are
forked with the records in hand (nothing is pickled their way), and this
process does other work of the checks meanwhile (the near-duplicate scan). Pure Python and no
Django, so a worker needs nothing of the app but screening.
"""

from __future__ import annotations

import multiprocessing
import os
import re
import threading
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor

from conversations.gcpause import cyclic_gc_paused

from . import placeholders, screening
from .findingcache import Raw
from .recordfile import RecordData, RecordFormatError, parse_record

Item = tuple[RecordData | str, str]
"""A record file to screen: (its record, its text), or (its slug, its text) not parsed yet."""

POOL_MIN = 1000
"""How many files make a scan worth worker processes (starting them costs ~0.1 s)."""
CHUNK = 100
"""Most files a chunk holds: ~30 ms of screening, so the CPUs run out of work together."""


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


def parse_or_none(text: str, slug: str) -> RecordData | None:
    """The record a file holds, or None when it does not parse (the parse check reports it)."""
    try:
        return parse_record(text, slug)
    except RecordFormatError:
        return None


def _scan_chunk(allowed: tuple[str, ...], records: list[Item]) -> list[list[Raw]]:
    found: list[list[Raw]] = []
    for item, text in records:
        data = parse_or_none(text, item) if isinstance(item, str) else item
        found.append([] if data is None else content_findings(data, text, allowed=allowed))
    return found


_FORKED: Sequence[Item] = ()
"""The records of the scan in progress: forked workers inherit them instead of unpickling them."""


def _scan_forked(allowed: tuple[str, ...], bounds: tuple[int, int]) -> list[list[Raw]]:
    return _scan_chunk(allowed, list(_FORKED[bounds[0] : bounds[1]]))


def pool_usable() -> bool:
    """Whether this process may fork workers: a platform that forks, and no other thread."""
    # Forking a process that runs other threads can leave a lock held forever in the child.
    return "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1


def scan_contents(
    records: Sequence[Item],
    allowed: Iterable[str],
    *,
    workers: int | None = None,
    pool_min: int | None = None,
    meanwhile: Callable[[], object] | None = None,
) -> list[list[Raw]]:
    """``content_findings`` of each (record, file text), in the order given.

    A record may be given as its slug, to be parsed where it is screened (no findings
    when it does not parse): a worker started before this process parsed it parses it itself.

    With ``pool_min`` (default ``POOL_MIN``) files or more, ``workers`` processes (default: one per
    CPU) share the work when this process may fork; the findings are the same
    either way. ``meanwhile`` is other work of this process: it runs while the
    workers screen (after the screening when there are none); once it is done,
    this process screens the chunks no worker has started yet, from the last one back.
    """
    global _FORKED
    allowed = tuple(allowed)
    workers = (os.cpu_count() or 1) if workers is None else workers
    pool_min = POOL_MIN if pool_min is None else pool_min
    if len(records) < pool_min or workers < 2 or not pool_usable():
        found = _scan_chunk(allowed, list(records))
        if meanwhile is not None:
            meanwhile()
        return found
    # The first file is screened here: screening's one-time setup (patterns, allow-list)
    # then happens once, before the fork, instead of once in every worker.
    first = _scan_chunk(allowed, list(records[:1]))
    # Small chunks, each one message each way: a slow one cannot stall the rest, and
    # whatever the workers have not started when this process is free, it screens itself.
    size = max(1, min(CHUNK, -(-(len(records) - 1) // (workers * 4))))
    bounds = [(i, min(i + size, len(records))) for i in range(1, len(records), size)]
    context = multiprocessing.get_context("fork")
    with cyclic_gc_paused():
        _FORKED = records
        pool = ProcessPoolExecutor(workers, mp_context=context)
        try:
            # Every worker is forked at the first submission (fork start method), records in hand.
            futures = [pool.submit(_scan_forked, allowed, b) for b in bounds]
            _FORKED = ()
            if meanwhile is not None:
                meanwhile()
            chunks = _steal(futures, bounds, allowed, records)
            found = first + [found for chunk in chunks for found in chunk]
        except BaseException:
            pool.shutdown(wait=True, cancel_futures=True)
            raise
        finally:
            _FORKED = ()
        pool.shutdown(wait=True)
    return found


def _steal(
    futures: list[Future[list[list[Raw]]]],
    bounds: list[tuple[int, int]],
    allowed: tuple[str, ...],
    records: Sequence[Item],
) -> list[list[list[Raw]]]:
    """Each chunk's findings: the workers' results, and here the chunks none had started."""
    mine: dict[int, list[list[Raw]]] = {}
    # Workers take chunks from the front; this process from the back, until they meet
    # (a future a worker has taken runs and can no longer be cancelled).
    for i in range(len(futures) - 1, -1, -1):
        if not futures[i].cancel():
            break
        mine[i] = _scan_chunk(allowed, list(records[bounds[i][0] : bounds[i][1]]))
    return [mine[i] if i in mine else future.result() for i, future in enumerate(futures)]
