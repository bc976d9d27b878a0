"""Benchmark the review queue (issue 5).

With 100,000 pending candidates: median and 95th-percentile server time of
the queue's first page, a filtered page (flag), a text search, a deep page
(keyset cursor 90,000 rows in) and the candidate page, beside the Django
admin's change list of Candidate measured in the same run. Target: p95 under
100 ms and faster than the admin list.

Runs on a throwaway SQLite database under a temp dir, or with
``--postgres postgres://user@host:port/`` on a throwaway PostgreSQL
database created and dropped by the script.
Usage: .venv/bin/python bench/review_queue.py [--candidates 100000] [--rounds 40] [--postgres URL]
"""

import argparse
import os
import random
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Keep the bench folder off the path so that no sibling script can shadow a
# standard module (queue, used by concurrent.futures and psycopg).
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"]
sys.path.insert(0, str(ROOT))

import psycopg  # noqa: E402 - after the path fix: psycopg imports the standard queue

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--candidates", type=int, default=100_000)
parser.add_argument("--rounds", type=int, default=40)
parser.add_argument("--postgres", default="", help="server URL; a bench database is made there")
ARGS = parser.parse_args()

TMP = Path(tempfile.mkdtemp(prefix="queue-bench-"))
PG_NAME = f"bench_queue_{os.getpid()}"
if ARGS.postgres:
    base = ARGS.postgres.rstrip("/")
    with psycopg.Connection.connect(base + "/postgres", autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{PG_NAME}"')
    os.environ["DATABASE_URL"] = f"{base}/{PG_NAME}"
else:
    os.environ["DATABASE_URL"] = f"sqlite:///{TMP / 'bench.sqlite3'}"
os.environ["MEMORY_REVIEW_VAR_DIR"] = str(TMP)
# Production settings: no SQL logging, no template debug information.
os.environ["DEBUG"] = "false"
os.environ["SECURE_SSL_REDIRECT"] = "false"  # the test client speaks plain HTTP
os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(32))
os.environ["KNOWLEDGE_REPO_PATH"] = str(TMP / "knowledge")
os.environ["KNOWLEDGE_PUBLISH_REMOTES"] = str(TMP / "published.git")
os.environ["ALLOWED_HOSTS"] = "testserver"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "memory_review.settings")

import django  # noqa: E402

django.setup()

from django.contrib.auth.models import Group, User  # noqa: E402
from django.core.cache import cache  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.urls import reverse  # noqa: E402

from conversations.models import Conversation, Message, Source  # noqa: E402
from memory_review.extraction.models import Candidate, ExtractionRun  # noqa: E402
from memory_review.review.selectors import encode_cursor  # noqa: E402

WORDS = [
    "sync",
    "export",
    "markdown",
    "notebook",
    "offline",
    "shortcut",
    "theme",
    "backup",
    "search",
    "tag",
    "folder",
    "share",
    "link",
    "pdf",
    "import",
    "template",
    "reminder",
    "calendar",
    "attachment",
    "encryption",
]


def seed(n: int) -> None:
    rng = random.Random(5)
    source = Source.objects.create(name="bench")
    convs = Conversation.objects.bulk_create(
        Conversation(source=source, external_id=f"c{i}", message_count=4) for i in range(2000)
    )
    Message.objects.bulk_create(
        Message(
            conversation=c,
            order=o,
            role="user" if o % 2 == 0 else "assistant",
            content=[{"type": "text", "text": f"turn {o} about {rng.choice(WORDS)}"}],
            text=f"turn {o} about {rng.choice(WORDS)}",
        )
        for c in convs
        for o in range(4)
    )
    runs = [
        ExtractionRun.objects.create(provider="anthropic", model="m", status="done")
        for _ in range(5)
    ]
    types = [t for t, _ in Candidate.Type.choices]
    batch = []
    for i in range(n):
        a, b = rng.sample(WORDS, 2)
        batch.append(
            Candidate(
                run=runs[i % 5],
                conversation=convs[i % len(convs)],
                type=types[i % 4],
                name=f"{a.title()} {b} fact {i}",
                description=f"How {a} works with {b}.",
                body=f"The {a} feature and {b}: detail number {i}.",
                evidence=[0, 1],
                fingerprint=f"{i:064x}",
                flag_personal_data=i % 50 == 0,
                flag_temporary=i % 7 == 0,
                flag_low_confidence=i % 11 == 0,
            )
        )
        if len(batch) == 5000:
            Candidate.objects.bulk_create(batch)
            batch = []
    Candidate.objects.bulk_create(batch)
    if connection.vendor == "postgresql":
        with connection.cursor() as cur:
            cur.execute("ANALYZE")


def measure(client: Client, urls, rounds: int) -> tuple[float, float]:
    urls = list(urls)
    for url in urls[:3]:
        assert client.get(url).status_code == 200, url
    times = []
    for i in range(rounds):
        url = urls[i % len(urls)]
        start = time.perf_counter()
        response = client.get(url)
        times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, (url, response.status_code)
    times.sort()
    return statistics.median(times), times[max(0, int(len(times) * 0.95) - 1)]


def main() -> None:
    call_command("migrate", verbosity=0)
    started = time.perf_counter()
    seed(ARGS.candidates)
    print(
        f"{connection.vendor}: seeded {Candidate.objects.count():,} pending candidates "
        f"in {time.perf_counter() - started:.1f} s"
    )
    reviewer = User.objects.create_user("alice", password="x")
    reviewer.groups.add(Group.objects.get(name="reviewer"))
    staff = User.objects.create_superuser("sam", password="x")
    review, admin = Client(), Client()
    review.force_login(reviewer)
    admin.force_login(staff)

    queue = reverse("review:queue")
    ordered = Candidate.objects.filter(status="pending").order_by("-created_at", "-pk")
    deep = ordered[int(ARGS.candidates * 0.9)]
    pks = list(Candidate.objects.values_list("pk", flat=True)[:: max(1, ARGS.candidates // 500)])
    rng = random.Random(1)
    cases = {
        "queue, first page": [queue],
        "queue, filtered (personal data)": [queue + "?flag=personal_data"],
        "queue, type + oldest first": [queue + "?type=reference&order=oldest"],
        "queue, text search": [queue + "?q=encryption"],
        "queue, deep page (90%)": [queue + "?after=" + encode_cursor(deep)],
        "candidate page": [reverse("review:candidate", args=[rng.choice(pks)]) for _ in range(50)],
    }
    results = {}
    for label, urls in cases.items():
        results[label] = measure(review, urls, ARGS.rounds)
    admin_url = reverse("admin:extraction_candidate_changelist")
    results["admin change list"] = measure(admin, [admin_url], max(10, ARGS.rounds // 2))
    results["admin, filtered (personal data)"] = measure(
        admin, [admin_url + "?flag_personal_data__exact=1"], max(10, ARGS.rounds // 2)
    )
    base = results["admin change list"][1]
    print(f"{'page':<34}{'median ms':>10}{'p95 ms':>10}{'p95 vs admin':>14}")
    for label, (median, p95) in results.items():
        print(f"{label:<34}{median:>10.1f}{p95:>10.1f}{p95 / base:>13.2f}x")
    worst = max(p95 for label, (_, p95) in results.items() if not label.startswith("admin"))
    print(f"worst review p95: {worst:.1f} ms (target < 100 ms, admin p95 {base:.1f} ms)")
    cache.clear()


if __name__ == "__main__":
    try:
        main()
    finally:
        if ARGS.postgres:
            connection.close()
            with psycopg.Connection.connect(
                ARGS.postgres.rstrip("/") + "/postgres", autocommit=True
            ) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{PG_NAME}"')
