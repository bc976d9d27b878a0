"""Jobs on the git working copy, queued by any web host and run by the leading committer.

``enqueue`` writes a :class:`~knowledge_repo.models.KnowledgeJob`; the
committer's loop calls ``run_next`` after committing the outbox, so a job
sees every change approved before it was asked for. With the embedded
default (``KNOWLEDGE_COMMIT_IN_PROCESS``) the process that asks runs the job
itself at once. What a kind does is a function named in
``KNOWLEDGE_JOBS`` (``kind -> dotted path``), called with the job's params
and a ``progress(text)`` callback; it returns the JSON result. The review
app registers its release and replay jobs there, so this layer never
imports it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.module_loading import import_string

from .models import KnowledgeJob

logger = logging.getLogger(__name__)
Handler = Callable[..., dict[str, Any]]


class JobError(Exception):
    """A job ended without doing its work; the message says why, for the person who asked."""


def handler(kind: str) -> Handler:
    try:
        return import_string(settings.KNOWLEDGE_JOBS[kind])
    except KeyError as exc:
        raise JobError(f"no job kind {kind!r}") from exc


def enqueue(kind: str, *, user: Any = None, **params: Any) -> KnowledgeJob:
    """Queue a job of ``kind``; returns it (run at once after the transaction when embedded)."""
    handler(kind)  # an unknown kind is refused now, not by the committer later
    job = KnowledgeJob.objects.create(
        kind=kind, params=params, requested_by=user if getattr(user, "pk", None) else None
    )
    if settings.KNOWLEDGE_COMMIT_IN_PROCESS:
        run(job.pk)
        job.refresh_from_db()
    return job


def pending(kind: str, **params: Any) -> KnowledgeJob | None:
    """A queued or running job of ``kind`` with these params, if one is waiting already."""
    waiting = KnowledgeJob.objects.filter(
        kind=kind, status__in=[KnowledgeJob.Status.QUEUED, KnowledgeJob.Status.RUNNING]
    )
    return next((job for job in waiting.order_by("pk")[:20] if job.params == params), None)


def _claim(pk: int | None = None) -> KnowledgeJob | None:
    with transaction.atomic():
        queued = KnowledgeJob.objects.select_for_update(skip_locked=True).filter(
            status=KnowledgeJob.Status.QUEUED
        )
        if pk is not None:
            queued = queued.filter(pk=pk)
        job = queued.order_by("pk").first()
        if job is None:
            return None
        job.status, job.started_at, job.progress = KnowledgeJob.Status.RUNNING, timezone.now(), ""
        job.save(update_fields=["status", "started_at", "progress"])
        return job


def _progress(job: KnowledgeJob) -> Callable[[str], None]:
    def report(text: str) -> None:
        KnowledgeJob.objects.filter(pk=job.pk).update(progress=text[:300])

    return report


def run(pk: int | None = None) -> KnowledgeJob | None:
    """Claim and run one queued job (the oldest, or ``pk``); None when there is none."""
    job = _claim(pk)
    if job is None:
        return None
    try:
        result = handler(job.kind)(progress=_progress(job), user=job.requested_by, **job.params)
    except Exception as exc:  # every failure is the job's outcome, shown to who asked
        if not isinstance(exc, JobError):
            logger.exception("knowledge job %s failed", job)
        job.status, job.error = KnowledgeJob.Status.FAILED, str(exc) or type(exc).__name__
    else:
        job.status, job.result = KnowledgeJob.Status.DONE, result or {}
    job.finished_at = timezone.now()
    job.save(update_fields=["status", "error", "result", "finished_at"])
    return job


def run_queued(limit: int = 5) -> list[KnowledgeJob]:
    """Run up to ``limit`` queued jobs in order (the committer's loop)."""
    done = []
    for _ in range(limit):
        job = run()
        if job is None:
            break
        done.append(job)
    return done


def interrupted() -> int:
    """Jobs a dead committer left running fail with a clear message (a new leader calls it)."""
    return KnowledgeJob.objects.filter(status=KnowledgeJob.Status.RUNNING).update(
        status=KnowledgeJob.Status.FAILED,
        error="The committer stopped while running this job; ask for it again.",
        finished_at=timezone.now(),
    )
