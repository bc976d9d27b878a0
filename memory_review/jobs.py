"""Periodic jobs: written once as django.tasks, enqueued by ``manage.py scheduler``.

Each job records its start, end, outcome and a one-line message in JobRun,
which the dashboard shows and /readyz checks.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.db.models import F
from django.tasks import task
from django.utils import timezone

from .models import JobRun

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Job:
    """A job the scheduler enqueues every ``every`` seconds."""

    name: str
    label: str
    every: int
    run: Callable[[], str]


def collect_ended_batches() -> str:
    """Collect every submitted Message Batch that has ended."""
    from memory_review.extraction.actions import collect_batch
    from memory_review.extraction.models import ExtractionRun

    runs = list(ExtractionRun.objects.filter(status=ExtractionRun.Status.SUBMITTED))
    collected = [run.pk for run in runs if collect_batch(run=run)]
    waiting = len(runs) - len(collected)
    return f"collected {len(collected)} batch(es), {waiting} still running"


def expire_stale_claims() -> str:
    """Drop claims past their expiry, so the queue offers those candidates again."""
    from memory_review.review.models import Claim

    removed, _ = Claim.objects.filter(expires_at__lt=timezone.now()).delete()
    return f"expired {removed} claim(s)"


def retry_failed_commits() -> str:
    """Queue failed changes again and have them committed the way approvals are."""
    from knowledge_repo.actions import commit_pending, retry_failed
    from knowledge_repo.tasks import commit_outbox

    requeued = retry_failed()
    if requeued and settings.KNOWLEDGE_COMMIT_IN_PROCESS:
        commit_pending()
    elif requeued and settings.KNOWLEDGE_COMMIT_ENQUEUE:
        commit_outbox.enqueue()
    return f"requeued {requeued} failed change(s)"


def remind_valid_until() -> str:
    """Name the current records whose ``valid_until`` is near or past."""
    from knowledge_repo.models import Record

    horizon = timezone.localdate() + dt.timedelta(days=settings.REVIEW_EXPIRY_WARNING_DAYS)
    slugs = list(
        Record.objects.filter(retracted=False, valid_until__lte=horizon)
        .order_by("valid_until")
        .values_list("slug", flat=True)
    )
    if not slugs:
        return f"no record expires within {settings.REVIEW_EXPIRY_WARNING_DAYS} days"
    shown = ", ".join(slugs[:20]) + (f" and {len(slugs) - 20} more" if len(slugs) > 20 else "")
    return (
        f"{len(slugs)} record(s) expire within {settings.REVIEW_EXPIRY_WARNING_DAYS} days: {shown}"
    )


JOBS: dict[str, Job] = {
    job.name: job
    for job in (
        Job("collect_batches", "Collect ended Message Batches", 60, collect_ended_batches),
        Job("expire_claims", "Expire stale claims", 60, expire_stale_claims),
        Job("retry_commits", "Retry failed commits", 600, retry_failed_commits),
        Job("valid_until", "Records near valid_until", 3600, remind_valid_until),
    )
}


def run_job(name: str) -> JobRun:
    """Run one job now, recording its start, end and outcome."""
    job = JOBS[name]
    row, _ = JobRun.objects.get_or_create(name=name)
    JobRun.objects.filter(pk=row.pk).update(last_started_at=timezone.now())
    try:
        message, ok = job.run(), True
    except Exception as exc:
        logger.exception("scheduled job %s failed", name)
        message, ok = f"{type(exc).__name__}: {exc}", False
    JobRun.objects.filter(pk=row.pk).update(
        last_finished_at=timezone.now(), last_ok=ok, last_message=message[:2000], runs=F("runs") + 1
    )
    row.refresh_from_db()
    return row


@task
def scheduled_job(name: str) -> bool:
    """The task the scheduler enqueues; True when the job succeeded."""
    return bool(run_job(name).last_ok)


def claim_due(name: str, *, now: dt.datetime | None = None) -> bool:
    """Mark a due job as enqueued; False when it is not due or another scheduler took it."""
    now = now or timezone.now()
    job = JOBS[name]
    row, _ = JobRun.objects.get_or_create(name=name)
    if row.last_enqueued_at and now - row.last_enqueued_at < dt.timedelta(seconds=job.every):
        return False
    return bool(
        JobRun.objects.filter(pk=row.pk, last_enqueued_at=row.last_enqueued_at).update(
            last_enqueued_at=now
        )
    )
