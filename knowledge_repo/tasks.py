"""Background work of the knowledge repository, written against django.tasks.

With ``KNOWLEDGE_COMMIT_IN_PROCESS`` off, each approval enqueues
``commit_outbox`` when its transaction commits, and a task worker (for
example django-tasks-db's ``db_worker`` beside the working copy) drains the
outbox. Running it more often than needed is harmless: the committer locks,
and finds nothing pending the second time.
"""

from django.tasks import task

from .actions import commit_pending


@task
def commit_outbox() -> int:
    """Commit every pending change; returns how many were recorded."""
    return len(commit_pending())
