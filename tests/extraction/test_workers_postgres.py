"""Two django-tasks-db workers share one extraction run on PostgreSQL."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.db import connection

from memory_review.extraction import tasks
from memory_review.extraction.actions import start_run
from memory_review.extraction.models import (
    Candidate,
    ExtractionItem,
    ExtractionRun,
    ExtractionState,
)

from .conftest import make_conversation

ROOT = Path(__file__).resolve().parents[2]
IS_POSTGRES = django_settings.DATABASES["default"]["ENGINE"].endswith("postgresql")

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(not IS_POSTGRES, reason="needs DATABASE_URL pointing at PostgreSQL"),
    pytest.mark.django_db(transaction=True),
]


def _worker_env() -> dict[str, str]:
    db = connection.settings_dict
    url = f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
    if db.get("PASSWORD"):
        url = f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
    return {
        **os.environ,
        "DATABASE_URL": url,  # the test database the rows were committed to
        "TASKS_BACKEND": "django_tasks_db.DatabaseBackend",
        "DEBUG": "true",
        "LOG_LEVEL": "WARNING",
    }


def test_two_workers_share_a_run_and_extract_no_conversation_twice(settings):
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    settings.EXTRACTION_CHUNK_SIZE = 2
    for i in range(40):
        make_conversation(
            f"c{i:02}",
            [("user", f"Remember: room {i} is on floor {i % 5}."), ("assistant", "Noted.")],
        )
    run = start_run(provider="heuristic")
    assert run.status == ExtractionRun.Status.RUNNING
    # Every chunk is enqueued a second time, as a resume during a live run would do:
    # both workers then race for the same conversations.
    ids = list(run.items.order_by("pk").values_list("pk", flat=True))
    for i in range(0, len(ids), 2):
        tasks.extract_chunk.enqueue(run.pk, ids[i : i + 2])

    command = [
        sys.executable,
        "manage.py",
        "db_worker",
        "--batch",
        "--no-startup-delay",
        "--no-reload",
        "--interval",
        "0.1",
    ]
    workers = [
        subprocess.Popen(
            [*command, "--worker-id", f"w{n}"],
            cwd=ROOT,
            env=_worker_env(),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        for n in (1, 2)
    ]
    outputs = [w.communicate(timeout=240)[0].decode() for w in workers]
    assert [w.returncode for w in workers] == [0, 0], outputs

    run.refresh_from_db()
    assert run.status == ExtractionRun.Status.DONE
    assert run.conversations_read == 40 and run.candidates_queued == 40
    assert Candidate.objects.count() == 40
    assert Candidate.objects.values("conversation").distinct().count() == 40
    assert ExtractionState.objects.count() == 40
    assert set(run.items.values_list("status", flat=True)) == {ExtractionItem.Status.DONE}
    # Both processes took part (claims are named host:pid:claim).
    processes = {c.rsplit(":", 1)[0] for c in run.items.values_list("claimed_by", flat=True)}
    assert len(processes) == 2, outputs
