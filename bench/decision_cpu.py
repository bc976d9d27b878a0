"""CPU per review decision (issue 21), without the load generator.

One reviewer works a queue of candidates through Django's test Client on a
throwaway PostgreSQL database with production-like settings (DEBUG off, the
same middleware, commits left to the committer, tasks in the database): each
cycle is the queue's "next" GET, the candidate page GET and a decision POST
(approve, reject or approve with edits, in turn). Measured per request type:
median CPU (time.process_time) and wall time, and SQL queries per request
(counted on separate cycles so that counting never slows the timed ones).
``--profile`` prints the top functions of a cProfile per request type.

Usage: .venv/bin/python bench/decision_cpu.py [--cycles 120] [--postgres URL] [--profile]
(BENCH_ROOT=<other checkout> <other checkout>/.venv/bin/python bench/decision_cpu.py measures
another checkout, e.g. main, with this script.)
"""

import argparse
import cProfile
import io
import os
import pstats
import secrets
import statistics
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

# BENCH_ROOT measures another checkout with this script (e.g. main, with its own .venv).
ROOT = Path(os.environ.get("BENCH_ROOT") or Path(__file__).resolve().parent.parent).resolve()
# Keep the bench folder off the path so that no sibling script can shadow a
# standard module (queue, used by concurrent.futures and psycopg).
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"]
sys.path.insert(0, str(ROOT))
os.chdir(ROOT)

import psycopg  # noqa: E402 - after the path fix

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--cycles", type=int, default=120, help="timed next/page/decision cycles")
parser.add_argument(
    "--postgres",
    default=os.environ.get("BENCH_POSTGRES", "postgres://postgres@127.0.0.1:5432"),
    help="server URL; a bench database is made and dropped there",
)
parser.add_argument("--profile", action="store_true", help="cProfile each request type")
parser.add_argument("--top", type=int, default=25, help="functions listed per profile")
ARGS = parser.parse_args()

TMP = Path(tempfile.mkdtemp(prefix="decision-cpu-"))
PG_NAME = f"bench_decision_{os.getpid()}"
BASE = ARGS.postgres.rstrip("/")
with psycopg.Connection.connect(BASE + "/postgres", autocommit=True) as conn:
    conn.execute(f'CREATE DATABASE "{PG_NAME}"')
os.environ.update(
    {
        "DATABASE_URL": f"{BASE}/{PG_NAME}",
        "DATABASE_CONN_MAX_AGE": "60",
        "MEMORY_REVIEW_VAR_DIR": str(TMP),
        "DEBUG": "false",
        "SECURE_SSL_REDIRECT": "false",  # the test client speaks plain HTTP
        "SECURE_COOKIES": "false",
        "KNOWLEDGE_REPO_PATH": str(TMP / "knowledge"),
        "KNOWLEDGE_PUBLISH_REMOTES": str(TMP / "published.git"),
        "ALLOWED_HOSTS": "testserver",
        # As `make serve`: approvals wait in the outbox for the committer process.
        "KNOWLEDGE_COMMIT_IN_PROCESS": "false",
        "KNOWLEDGE_COMMIT_ENQUEUE": "false",
        "TASKS_BACKEND": "django_tasks_db.DatabaseBackend",
        "LOG_LEVEL": "WARNING",
    }
)
os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))
os.environ["DJANGO_SETTINGS_MODULE"] = "memory_review.settings"

import django  # noqa: E402

django.setup()

from django.contrib.auth.models import Group, User  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from tests.review import factories  # noqa: E402

KINDS = ("queue/next", "candidate page", "approve", "reject", "approve with edits")


def seed(n: int) -> User:
    group = Group.objects.get_or_create(name="reviewer")[0]
    user = User.objects.create_user("reviewer0", "r0@example.org", "x")
    user.groups.add(group)
    run = factories.run()
    for i in range(n):
        factories.candidate(
            run=run,
            name=f"Load fact {i}",
            description=f"What reviewers learn about topic {i}",
            body=f"Topic {i} is answered by page {i} of the handbook.",
            fingerprint=f"load-{i}",
        )
    with connection.cursor() as cur:
        cur.execute("ANALYZE")
    return user


def backend_cpu() -> float:
    """CPU seconds the PostgreSQL backend serving this connection has used (same host:
    /proc), so that fewer or cheaper queries show as the database's CPU too; NaN if unknown."""
    try:
        with connection.cursor() as cur:
            if not hasattr(backend_cpu, "pid"):
                cur.execute("SELECT pg_backend_pid()")
                backend_cpu.pid = cur.fetchone()[0]  # type: ignore[attr-defined]
        fields = Path(f"/proc/{backend_cpu.pid}/stat").read_text().rsplit(")", 1)[1].split()  # type: ignore[attr-defined]
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return float("nan")


def new_profile() -> cProfile.Profile:
    """A profiler timing wall clock, or CPU time with BENCH_PROFILE_CPU=1 (on a loaded
    machine the wall clock charges other processes' time to whatever was waiting)."""
    if os.environ.get("BENCH_PROFILE_CPU"):
        return cProfile.Profile(time.process_time)
    return cProfile.Profile()


class Meter:
    """CPU, wall time and queries per request type."""

    def __init__(self) -> None:
        self.db_cpu: dict[str, float] = defaultdict(float)
        self.cpu: dict[str, list[float]] = defaultdict(list)
        self.wall: dict[str, list[float]] = defaultdict(list)
        self.queries: dict[str, list[int]] = defaultdict(list)
        self.sql: dict[str, Counter] = defaultdict(Counter)
        self.profiles: dict[str, cProfile.Profile] = {}
        self.mode = "time"

    def call(self, kind: str, request):
        if self.mode == "count":
            with CaptureQueriesContext(connection) as captured:
                response = request()
            self.queries[kind].append(len(captured.captured_queries))
            for q in captured.captured_queries:
                self.sql[kind][q["sql"][:150]] += 1
            return response
        if self.mode == "profile":
            profile = self.profiles.setdefault(kind, new_profile())
            profile.enable()
            response = request()
            profile.disable()
            return response
        db = backend_cpu()
        cpu, wall = time.process_time(), time.perf_counter()
        response = request()
        self.cpu[kind].append((time.process_time() - cpu) * 1000)
        # The backend's ticks are coarse (10 ms): summed per request type, averaged below.
        self.db_cpu[kind] += (backend_cpu() - db) * 1000
        self.wall[kind].append((time.perf_counter() - wall) * 1000)
        return response


def cycle(client: Client, meter: Meter, i: int) -> None:
    response = meter.call("queue/next", lambda: client.get("/queue/next/"))
    assert response.status_code == 302, response.status_code
    url = response.headers["location"].split("?")[0]
    assert url.startswith("/candidates/"), url
    response = meter.call("candidate page", lambda: client.get(url))
    assert response.status_code == 200, response.status_code
    pk = url.rstrip("/").rsplit("/", 1)[1]
    kind = ("approve", "reject", "approve with edits")[i % 3]
    if kind == "approve":
        path, data = f"/candidates/{pk}/approve/", {}
    elif kind == "reject":
        path, data = f"/candidates/{pk}/reject/", {"reason": "other"}
    else:
        path = f"/candidates/{pk}/approve/"
        data = {
            "name": f"Load fact {pk} (edited by reviewer0)",
            "description": f"Edited description {pk}",
            "body": f"Edited body for candidate {pk}.",
            "type": "project",
            "operation": "create",
        }
    response = meter.call(kind, lambda: client.post(path, data))
    assert response.status_code == 302, (kind, response.status_code)
    assert response.headers["location"].split("?")[0] != url, f"{kind} refused on {url}"


def med(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


TEMPLATE_CPU: Counter = Counter()


def time_templates() -> None:
    """BENCH_TEMPLATES=1: CPU per template name, inclusive of what it includes."""
    from django.template.base import Template

    original = Template.render

    def render(self, context):
        start = time.process_time()
        try:
            return original(self, context)
        finally:
            TEMPLATE_CPU[self.origin.template_name] += time.process_time() - start

    Template.render = render  # type: ignore[method-assign]  # bench only: timed per template


def main() -> None:
    if os.environ.get("BENCH_TEMPLATES"):
        time_templates()
    call_command("migrate", verbosity=0)
    count_cycles, warm = 6, 3
    profile_cycles = 30 if ARGS.profile else 0
    user = seed(ARGS.cycles + count_cycles + warm + profile_cycles + 10)
    client = Client()
    client.force_login(user)
    meter = Meter()
    i = 0
    meter.mode = "warm"
    for _ in range(warm):
        cycle(client, Meter(), i)
        i += 1
    meter.mode = "count"
    for _ in range(count_cycles):
        cycle(client, meter, i)
        i += 1
    meter.mode = "time"
    for _ in range(ARGS.cycles):
        cycle(client, meter, i)
        i += 1
    if ARGS.profile:
        meter.mode = "profile"
        for _ in range(profile_cycles):
            cycle(client, meter, i)
            i += 1
    print(f"{connection.vendor}, DEBUG off, {ARGS.cycles} timed cycles (one reviewer)")
    print(f"{'request':<22}{'CPU ms':>9}{'wall ms':>9}{'DB CPU ms':>11}{'queries':>9}{'n':>5}")
    for kind in KINDS:
        queries = meter.queries.get(kind, [])
        n = len(meter.cpu[kind])
        print(
            f"{kind:<22}{med(meter.cpu[kind]):>9.1f}{med(meter.wall[kind]):>9.1f}"
            f"{meter.db_cpu[kind] / max(n, 1):>11.1f}{(max(queries) if queries else 0):>9}{n:>5}"
        )
    per_cycle = (
        med(meter.cpu["queue/next"])
        + med(meter.cpu["candidate page"])
        + statistics.median(
            meter.cpu["approve"] + meter.cpu["reject"] + meter.cpu["approve with edits"]
        )
    )
    print(f"CPU per cycle (medians, next + page + decision): {per_cycle:.1f} ms")
    if TEMPLATE_CPU:
        print("\n== template CPU ms per cycle (inclusive)")
        for name, seconds in TEMPLATE_CPU.most_common(25):
            print(f"{seconds * 1000 / i:>8.2f}  {name}")
    if os.environ.get("BENCH_SQL"):
        for kind in KINDS:
            print(f"\n== SQL, {kind} (count over {count_cycles} cycles)")
            for sql, n in meter.sql[kind].most_common():
                print(f"{n:>4}  {sql}")
    for kind, profile in meter.profiles.items():
        out = io.StringIO()
        stats = pstats.Stats(profile, stream=out).sort_stats(
            os.environ.get("BENCH_PROFILE_SORT", "cumulative")
        )
        stats.print_stats(os.environ.get("BENCH_PROFILE_FILTER", ""), ARGS.top)
        if os.environ.get("BENCH_PROFILE_CALLERS"):
            stats.print_callers(os.environ["BENCH_PROFILE_CALLERS"])
        print(f"\n== profile: {kind}\n" + out.getvalue())


if __name__ == "__main__":
    try:
        main()
    finally:
        connection.close()
        with psycopg.Connection.connect(BASE + "/postgres", autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{PG_NAME}" WITH (FORCE)')
