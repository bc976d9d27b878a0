"""Load test (issue 12): 20 reviewers over HTTP against the production stack on PostgreSQL.

Each mode gets a fresh PostgreSQL database, 20 reviewer accounts and a queue
of candidates. Twenty threads log in and work the queue like a browser
without JavaScript (next -> candidate page -> approve / reject / approve with
edits -> the next candidate) until ``--decisions`` are made or ``--seconds``
pass, while one more thread posts conversations to the ingest API. Measured:
p50/p95 latency per page, errors (5xx, refused connections, unexpected
statuses), decisions per second; afterwards every approval must be committed
to git exactly once and ``kb_verify`` must pass.

Modes, same load: ``production`` is ``make serve`` (gunicorn + whitenoise,
django-tasks-db worker, the kb_committer process, the scheduler);
``runserver`` is ``manage.py runserver`` with the embedded defaults (commits
in process, immediate tasks). Loopback only. Skips (exit 0) when PostgreSQL
is not reachable.

Usage: .venv/bin/python bench/load.py [--postgres URL] [--reviewers 20]
       [--decisions 300] [--seconds 90] [--modes production,runserver]
"""

import argparse
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SUPPORT = ROOT / "bench" / "support"
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"]
sys.path.insert(0, str(SUPPORT))

import httpx2  # noqa: E402 - after the path fix
import psycopg  # noqa: E402
from chaos import Chaos  # noqa: E402
from load_clients import Stats, ingester, reviewer  # noqa: E402

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument(
    "--postgres",
    default=os.environ.get("BENCH_POSTGRES", "postgres://postgres@127.0.0.1:5432"),
    help="server URL; a bench database is made and dropped there per mode",
)
parser.add_argument("--reviewers", type=int, default=20)
parser.add_argument("--decisions", type=int, default=200, help="stop after this many")
parser.add_argument("--seconds", type=float, default=60, help="stop after this long")
parser.add_argument("--modes", default="production,runserver")
parser.add_argument(
    "--think",
    type=float,
    default=0.0,
    help="seconds each reviewer reads a candidate page before deciding (0.5-1.5x, untimed); "
    "0, the default, never reads: the server stays saturated",
)
parser.add_argument(
    "--chaos",
    action="store_true",
    help="production mode: kill -9 a web worker, the task worker, the committer and the "
    "scheduler in turn during the run (runserver runs unharmed as the baseline)",
)
ARGS = parser.parse_args()
PYTHON = sys.executable

# Run inside the app through `manage.py shell -c`; kept as files so they read as code.
SEED = (SUPPORT / "load_seed.py").read_text(encoding="utf-8")
CHECK = (SUPPORT / "load_check.py").read_text(encoding="utf-8")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def wait_ready(base: str, proc: subprocess.Popen, timeout: float = 120) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with {proc.returncode}")
        try:
            if httpx2.get(base + "/readyz", timeout=2).status_code == 200:
                return
        except httpx2.HTTPError:
            pass
        time.sleep(0.5)
    raise RuntimeError("the server did not become ready")


def manage(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [PYTHON, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True
    )


def run_mode(mode: str) -> dict:
    tmp = Path(tempfile.mkdtemp(prefix=f"load-{mode}-"))
    name = f"bench_load_{mode}_{os.getpid()}"
    base_url = ARGS.postgres.rstrip("/")
    with psycopg.connect(base_url + "/postgres", autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    port = free_port()
    password = secrets.token_urlsafe(12)
    env = {
        **os.environ,
        "DEBUG": "false",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "DATABASE_URL": f"{base_url}/{name}",
        "DATABASE_CONN_MAX_AGE": "60",
        "MEMORY_REVIEW_VAR_DIR": str(tmp),
        "KNOWLEDGE_REPO_PATH": str(tmp / "knowledge"),
        "KNOWLEDGE_PUBLISH_REMOTES": str(tmp / "published.git"),
        "ALLOWED_HOSTS": "127.0.0.1",
        "HOST": f"127.0.0.1:{port}",
        # Plain http on loopback: no TLS redirect, cookies over http.
        "SECURE_SSL_REDIRECT": "false",
        "SECURE_COOKIES": "false",
        "LOG_LEVEL": "WARNING",
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    result: dict = {"mode": mode}
    server = None
    try:
        migrated = manage(env, "migrate", "--noinput")
        if migrated.returncode:
            raise RuntimeError(migrated.stderr)
        seeded = manage(
            {
                **env,
                "LOAD_CANDIDATES": str(ARGS.decisions + 100),
                "LOAD_REVIEWERS": str(ARGS.reviewers),
                "LOAD_PASSWORD": password,
            },
            "shell",
            "-c",
            SEED,
        )
        if seeded.returncode:
            raise RuntimeError(seeded.stderr)
        token = seeded.stdout.strip().splitlines()[-1]
        if mode == "production":
            command = ["make", "--no-print-directory", "serve", f"HOST=127.0.0.1:{port}"]
        else:
            command = [PYTHON, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"]
        server = subprocess.Popen(
            command,
            cwd=ROOT,
            env=env,
            stdout=(tmp / "server.log").open("w"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        base = f"http://127.0.0.1:{port}"
        wait_ready(base, server)
        stats, stop = Stats(), threading.Event()
        # Every reviewer logs in first (a login costs a password hash: 20 at once would
        # be timed as the work); the run, its clock and the ingest client start together
        # once all have, at this barrier.
        ready = threading.Barrier(ARGS.reviewers + 2)
        threads = [
            threading.Thread(
                target=reviewer,
                args=(base, n, password, stats, stop, ARGS.decisions, ready, ARGS.think),
            )
            for n in range(ARGS.reviewers)
        ]
        threads.append(threading.Thread(target=ingester, args=(base, token, stats, stop, ready)))
        for thread in threads:
            thread.start()
        ready.wait()
        started = time.perf_counter()
        chaos = None
        if ARGS.chaos and mode == "production":
            chaos = Chaos(
                conf=tmp / "supervisor" / "supervisord.conf",
                ctl=Path(PYTHON).parent / "supervisorctl",
                base=base,
                every=ARGS.seconds / 5,
            )
            chaos.start()
        stop.wait(ARGS.seconds)
        if chaos is not None:
            result["chaos"] = chaos.finish()
            result["chaos"]["in_flight"] = chaos.in_flight(stats.transport)
        stop.set()
        for thread in threads:
            thread.join(timeout=60)
        elapsed = time.perf_counter() - started
        result["loadavg"] = os.getloadavg()
        # The committer may still be draining: wait for the outbox (bounded).
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            out = manage(env, "shell", "-c", CHECK).stdout
            if '"not_committed": 0' in out:
                break
            time.sleep(1)
        lines = [line for line in out.splitlines() if line.startswith("{")]
        result.update(stats=stats, elapsed=elapsed, check=json.loads(lines[-1] if lines else "{}"))
    finally:
        if server is not None:
            os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
        verify = manage(env, "kb_verify")
        result["kb_verify"] = "clean" if verify.returncode == 0 else verify.stdout + verify.stderr
        with psycopg.connect(base_url + "/postgres", autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    return result


def report(results: list[dict]) -> None:
    pages: list[str] = []
    for r in results:
        pages += [p for p in r["stats"].times if p not in pages]
    head = "".join(f"{r['mode'] + ' p50/p95 ms':>28}" for r in results)
    print(f"{'page':<30}{head}")
    for page in pages:
        cells = ""
        for r in results:
            times = r["stats"].times.get(page, [])
            cells += f"{pct(times, 0.5) * 1000:>10.0f} /{pct(times, 0.95) * 1000:>7.0f} (n={len(times):>4})"
        print(f"{page:<30}{cells}")
    for r in results:
        check, stats = r["check"], r["stats"]
        errors = sum(stats.errors.values())
        in_flight = r.get("chaos", {}).get("in_flight", 0)
        print(
            f"{r['mode']}: {check.get('decisions', 0)} decisions in {r['elapsed']:.1f}s = "
            f"{check.get('decisions', 0) / r['elapsed']:.1f} decisions/s; "
            f"errors {errors}{' ' + repr(dict(stats.statuses)) if errors else ''}; "
            f"approvals {check.get('approvals')}, not committed {check.get('not_committed')}, "
            f"double commits {check.get('double_commits')}, lost {check.get('lost')}; "
            f"conversations ingested {check.get('conversations')}; kb_verify {r['kb_verify']}"
        )
        if "chaos" in r:
            chaos = r["chaos"]
            kills = ", ".join(
                f"{k['kind']} (pid {k['pid']}) back in "
                + (f"{k['back_after']:.1f}s" if k["back_after"] is not None else "NEVER")
                for k in chaos["kills"]
            )
            print(
                f"  chaos: kill -9 {kills}; /healthz answered {chaos['probes_ok']} of "
                f"{chaos['probes_ok'] + chaos['probes_failed']} probes meanwhile; "
                f"{in_flight} of the {errors} errors were requests the killed web worker was "
                "serving (connection reset within 3 s of its kill; a person reloads)"
            )
        approve = stats.times.get("approve", [])
        print(
            f"  approve p95 {pct(approve, 0.95) * 1000:.0f} ms (target < 500 ms); machine load "
            f"(1/5/15 min) at the end: {' / '.join(f'{x:.2f}' for x in r.get('loadavg', ()))}"
        )
        conflicts = sum(stats.refused.values())
        print(
            f"  conflicts: {stats.taken} candidate page(s) already taken by another reviewer, "
            f"{conflicts} decision(s) refused{': ' + repr(dict(stats.refused)) if conflicts else ''}"
        )


def main() -> int:
    try:
        with psycopg.connect(ARGS.postgres.rstrip("/") + "/postgres", connect_timeout=3):
            pass
    except psycopg.OperationalError as exc:
        print(f"skipped: PostgreSQL is not reachable at {ARGS.postgres} ({exc})".strip())
        return 0
    modes = [m.strip() for m in ARGS.modes.split(",") if m.strip()]
    print(
        f"{ARGS.reviewers} reviewers + 1 ingest client over HTTP on loopback, PostgreSQL; "
        f"stop at {ARGS.decisions} decisions or {ARGS.seconds:.0f}s per mode; "
        + (
            f"each reads a candidate {ARGS.think:g}s (0.5-1.5x)"
            if ARGS.think
            else "no reading time"
        )
    )
    results = [run_mode(mode) for mode in modes]
    report(results)
    bad = [
        r["mode"]
        for r in results
        if sum(r["stats"].errors.values()) > r.get("chaos", {}).get("in_flight", 0)
        or r["check"].get("double_commits")
        or r["check"].get("lost")
        or r["check"].get("not_committed")
        or r["kb_verify"] != "clean"
    ]
    if bad:
        print(f"FAILED in {', '.join(bad)}: errors, double or lost commits, or kb_verify")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
