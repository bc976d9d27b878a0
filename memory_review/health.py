"""Health figures: what /readyz checks and the dashboard shows.

Every figure comes from the database (and, with the embedded in-process
committer, from the local working copy's permissions), so any web host can
answer for the whole system.
"""

from __future__ import annotations

import datetime as dt
import os
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import DatabaseError, connection
from django.db.models import Min
from django.utils import timezone
from git.exc import GitCommandError

from knowledge_repo import consistency, gitstore
from knowledge_repo.actions.leadership import REFUSED_TO_LEAD
from knowledge_repo.actions.workspace import has_working_copy

from .jobs import JOBS
from .models import JobRun


@dataclass
class Check:
    """One readiness check: ``ok`` and a line for the dashboard (never shown on /readyz)."""

    name: str
    ok: bool
    detail: str


@dataclass
class Health:
    """Every check and the figures behind them."""

    checks: list[Check] = field(default_factory=list)
    figures: dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return all(check.ok for check in self.checks)


def _age(since: dt.datetime | None, now: dt.datetime) -> float | None:
    return None if since is None else max(0.0, (now - since).total_seconds())


def _database() -> Check:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except DatabaseError as exc:
        return Check("database", False, f"unreachable: {type(exc).__name__}")
    return Check("database", True, connection.vendor)


def _committer(now: dt.datetime, health: Health) -> Check:
    from knowledge_repo.models import CommitterStatus

    if settings.KNOWLEDGE_COMMIT_IN_PROCESS:
        root = Path(settings.KNOWLEDGE_REPO_PATH)
        target = root / ".git" if (root / ".git").exists() else root.parent
        writable = target.exists() and os.access(target, os.W_OK)
        return Check("committer", writable, f"in process; {root} writable: {writable}")
    rows = list(CommitterStatus.objects.all()[:20])
    health.figures["committers"] = rows
    leader = next((r for r in rows if r.is_leader), None)
    if leader is None:
        # A committer that refused its working copy (it disagrees with the database, or the
        # shared remote lacks its commits) says why.
        refused = next((r for r in rows if r.message.startswith(REFUSED_TO_LEAD)), None)
        if refused is not None:
            return Check(
                "committer", False, f"no committer leads: {refused.name} {refused.message}"
            )
        return Check("committer", False, "no committer leads (is kb_committer running?)")
    silence = _age(leader.last_seen, now) or 0.0
    if silence > settings.READY_MAX_COMMITTER_SILENCE:
        return Check("committer", False, f"{leader.name} silent for {silence:.0f}s")
    if not leader.writable:
        return Check("committer", False, f"{leader.name} cannot write {leader.working_copy}")
    return Check("committer", True, f"{leader.name} leads, seen {silence:.0f}s ago")


def _repository() -> Check | None:
    # Only where this process commits (the embedded default): web processes never touch
    # the working copy, and a committer that finds a disagreement stops leading instead.
    if not settings.KNOWLEDGE_COMMIT_IN_PROCESS or not has_working_copy():
        return None
    root = Path(settings.KNOWLEDGE_REPO_PATH)
    try:
        with gitstore.open_repo(root) as repo:
            problems = consistency.quick_problems(repo)
    except GitCommandError as exc:
        return Check("repository", False, f"{root}: git failed: {exc.stderr.strip()[:300]}")
    if problems:
        return Check("repository", False, consistency.mismatch_message(root, problems))
    return Check("repository", True, f"{root} agrees with the database")


def _outbox(now: dt.datetime, health: Health) -> Check:
    from knowledge_repo.models import Change

    pending = Change.objects.filter(status=Change.Status.PENDING)
    failed = Change.objects.filter(status=Change.Status.FAILED).count()
    oldest = _age(pending.aggregate(oldest=Min("created_at"))["oldest"], now)
    count = pending.count()
    health.figures.update(outbox_pending=count, outbox_failed=failed, outbox_lag=oldest)
    detail = f"{count} pending, {failed} failed" + (
        f", oldest {oldest:.0f}s" if oldest is not None else ""
    )
    late = oldest is not None and oldest > settings.KNOWLEDGE_PENDING_GRACE_SECONDS
    return Check("outbox", not failed and not late, detail)


def _task_queue(now: dt.datetime, health: Health) -> Check | None:
    backend = settings.TASKS["default"]["BACKEND"]
    if not backend.startswith("django_tasks_db."):
        return None
    from django_tasks_db.models import DBTaskResult

    ready = DBTaskResult.objects.ready()
    oldest = ready.aggregate(oldest=Min("enqueued_at"))["oldest"]
    lag = _age(oldest, now)
    health.figures.update(tasks_ready=ready.count(), task_lag=lag)
    ok = lag is None or lag <= settings.READY_MAX_TASK_LAG
    return Check("task_queue", ok, f"{health.figures['tasks_ready']} ready, lag {lag or 0:.0f}s")


def _batches(now: dt.datetime, health: Health) -> Check:
    from memory_review.extraction.models import ExtractionRun

    submitted = ExtractionRun.objects.filter(status=ExtractionRun.Status.SUBMITTED).count()
    last = JobRun.objects.filter(name="collect_batches").first()
    finished = last.last_finished_at if last else None
    health.figures.update(batches_submitted=submitted, last_batch_collection=finished)
    if not submitted:
        return Check("batch_collection", True, "no batch waiting")
    limit = 5 * JOBS["collect_batches"].every
    age = _age(finished, now)
    if age is None or age > limit or (last is not None and last.last_ok is False):
        return Check(
            "batch_collection", False, f"{submitted} batch(es) waiting; collection not running"
        )
    return Check("batch_collection", True, f"{submitted} batch(es) waiting, checked {age:.0f}s ago")


def _processes(now: dt.datetime, health: Health) -> Check | None:
    from .supervision import crash_loops, current_rows

    rows = current_rows(now)
    if not rows:
        return None  # not under our supervisor (a Procfile platform restarts processes itself)
    loops = crash_loops(rows, now)
    health.figures["processes"] = rows
    health.figures["crash_loops"] = {(loop.row.host, loop.row.name): loop.why for loop in loops}
    if loops:
        named = ", ".join(f"{loop.row.name}@{loop.row.host}: {loop.why}" for loop in loops)
        return Check("processes", False, named)
    running = sum(row.state == "RUNNING" for row in rows)
    return Check("processes", True, f"{running} of {len(rows)} running")


def health() -> Health:
    """Run every check; the database one first, since the others need it."""
    now = timezone.now()
    result = Health()
    database = _database()
    result.checks.append(database)
    if not database.ok:
        return result
    result.checks += [_committer(now, result), _outbox(now, result)]
    repository = _repository()
    if repository is not None:
        result.checks.append(repository)
    queue = _task_queue(now, result)
    if queue is not None:
        result.checks.append(queue)
    result.checks.append(_batches(now, result))
    processes = _processes(now, result)
    if processes is not None:
        result.checks.append(processes)
    rows = {row.name: row for row in JobRun.objects.all()}
    result.figures["jobs"] = [(job, rows.get(name)) for name, job in JOBS.items()]
    return result


_cache_lock = threading.Lock()
_cached: tuple[float, Health] | None = None


def cached_health(max_age: float) -> Health:
    """``health()`` at most ``max_age`` seconds old, computed once per process meanwhile.

    While one thread refreshes, the others answer from the previous result
    rather than queue behind it; only the very first call of a process waits.
    """
    global _cached
    now = time.monotonic()
    current = _cached
    if current is not None and now - current[0] < max_age:
        return current[1]
    if not _cache_lock.acquire(blocking=current is None):
        return current[1]  # type: ignore[index]
    try:
        current = _cached
        if current is None or time.monotonic() - current[0] >= max_age:
            current = (time.monotonic(), health())
            _cached = current
        return current[1]
    finally:
        _cache_lock.release()


def forget_cached_health() -> None:
    """Drop the cached result (tests, and after a change an operator wants seen at once)."""
    global _cached
    _cached = None
