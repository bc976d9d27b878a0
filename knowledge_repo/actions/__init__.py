"""Writes to the knowledge base: named, keyword-only actions.

Each record action writes the new state (Record) and a pending Change in the
outbox in one database transaction. It opens ``transaction.atomic()`` but not
durable, so a review action can wrap it in its own transaction together with
the candidate's new state. The git side runs afterwards: the committer
(``commit_pending``) is scheduled with ``transaction.on_commit`` when
``settings.KNOWLEDGE_COMMIT_IN_PROCESS`` is on, and ``manage.py kb_commit``
drains the outbox by hand (or from a worker) otherwise.

Concurrency: the committer holds an ``flock`` on a file beside the working
repository for the whole drain, so two processes (or threads) on one host
never commit at once; the loser waits, then finds nothing pending. Beyond one
host, run a single committer queue that owns the working copy (DESIGN.md,
"Scale"); the lock still protects it from a stray ``kb_commit``.

Idempotency: every commit carries a ``Change-Id:`` trailer, and a marker file
in ``.git`` is written before a change is applied and removed only after its
commit sha is in the database. A committer that finds the marker knows a run
died in between: it resets the working copy to HEAD and reads the Change-Id
trailers of the latest commits (changes are committed in order under the
lock, so a change committed but not recorded can only be among them); a
pending change found there is recorded with that commit, not committed again.
"""

from .committer import commit_message, commit_pending, retry_failed
from .maintenance import ReindexResult, reindex
from .publishing import (
    publish_problems,
    publish_release,
    published_release,
    rollback_release,
    rollback_target,
)
from .records import (
    KEEP,
    KeepType,
    create_record,
    merge_records,
    record_data,
    retract_record,
    update_record,
)
from .releases import ReleaseResult, changelog_markdown, cut_release
from .revert import revert_change, revert_preview
from .workspace import (
    KnowledgeError,
    RecordConflict,
    RecordNotFound,
    author_identity,
    committer,
    ensure_initialised,
    repo_path,
)

__all__ = [
    "KEEP",
    "KeepType",
    "KnowledgeError",
    "RecordConflict",
    "RecordNotFound",
    "ReindexResult",
    "ReleaseResult",
    "author_identity",
    "changelog_markdown",
    "commit_message",
    "commit_pending",
    "committer",
    "create_record",
    "cut_release",
    "ensure_initialised",
    "merge_records",
    "publish_problems",
    "publish_release",
    "published_release",
    "record_data",
    "reindex",
    "repo_path",
    "retract_record",
    "retry_failed",
    "revert_change",
    "revert_preview",
    "rollback_release",
    "rollback_target",
    "update_record",
]
