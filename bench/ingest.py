"""Ingest throughput against a parse-only and a raw-insert baseline, same input, same run.

Generates synthetic input (default 200,000 messages in all, one file per format: native,
anthropic, openai, sharegpt as JSON Lines, transcript events; the sharegpt file as a
gzipped JSON array), then for each database (SQLite always; PostgreSQL too when
DATABASE_URL points at one) runs, in a fresh child process and a throwaway database:

- parse-only: read and JSON-parse every line/element (no normalisation, no database);
- ingest: `conversations.ingest.ingest_file`, the code the command and API run;
- raw insert: the very message rows ingest stored, written again with the driver's
  `executemany` in one transaction into a table of the same shape and indexes (no ORM).

The raw baseline runs right after each file's ingest (timing only its writes), so both
see the same load on a shared machine; for SQLite, which runs in-process, the ratio is
also given in CPU time, which other processes competing for the cores do not inflate. Peak memory is the child's peak RSS over the
whole run (the baseline reads its rows in slices), and must stay under 200 MB.

Each file is ingested `--repeat` times (3), each run into a source of its own and followed
by its raw baseline; a file's line shows the median pair and every run's CPU ratio, since
one pair swings by about 0.1 with the machine.

    .venv/bin/python bench/ingest.py [--messages N] [--repeat N]
"""

from __future__ import annotations

import sys
from pathlib import Path

# Other bench scripts sit next to this one under names that could shadow standard modules:
# never let them shadow the standard library, here or in the child processes.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

import argparse  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import resource  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from typing import Any  # noqa: E402

from conversation_logs import generate  # noqa: E402
from raw_insert import create_raw_table, raw_insert  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
# Issue 21: ingest at least 0.6x a raw insert, for every format.
TARGET = 0.6


def parse_only(path: Path) -> float:
    from conversations.reader import open_input

    started = time.perf_counter()
    with open_input(path) as stream:
        if path.name.endswith(".json.gz"):
            json.loads(stream.read())
        else:
            for line in stream:
                json.loads(line)
    return time.perf_counter() - started


def _setup_django(database_url: str, var_dir: Path) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ["DATABASE_URL"] = database_url
    os.environ["MEMORY_REVIEW_VAR_DIR"] = str(var_dir)
    # Production settings: with DEBUG on, Django keeps every query's SQL and parameters.
    os.environ["DEBUG"] = "false"
    os.environ.setdefault("SECRET_KEY", "bench-only-throwaway-key-" + "x" * 40)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "memory_review.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def child(database_url: str, paths: list[Path], repeat: int = 1) -> dict:
    var_dir = Path(tempfile.mkdtemp(prefix="mr-bench-var-"))
    _setup_django(database_url, var_dir)
    from django.db import connection
    from django.db.models import Max

    from conversations.ingest import ingest_file
    from conversations.models import Message, Source

    create_raw_table()
    result: dict = {"vendor": connection.vendor, "files": []}
    for path in paths:
        runs: list[dict[str, Any]] = []
        # Each repeat ingests the file again into a source of its own (the same work: a
        # conversation is known per source), each followed by its raw baseline; the file's
        # figure is the median pair, as one pair swings with the machine (+-0.1 in ratio).
        for n in range(repeat):
            source = Source.objects.create(name=f"bench-{path.name}-{n}")
            low = Message.objects.aggregate(m=Max("pk"))["m"] or 0
            started_cpu = time.process_time()
            summary = ingest_file(path, source=source)
            ingest_cpu = time.process_time() - started_cpu
            assert not summary.problems, summary.problems
            high = Message.objects.aggregate(m=Max("pk"))["m"] or 0
            # The baseline runs right after each ingest, so both see the same machine load.
            raw_seconds, raw_cpu = raw_insert(low, high)
            copy_seconds = (
                raw_insert(low, high, copy=True)[0] if connection.vendor != "sqlite" else 0
            )
            runs.append(
                {
                    "file": path.name,
                    "messages": summary.messages_added,
                    "seconds": summary.seconds,
                    "raw_seconds": raw_seconds,
                    "copy_seconds": copy_seconds,
                    "cpu": ingest_cpu,
                    "raw_cpu": raw_cpu,
                }
            )
        runs.sort(key=lambda r: r["raw_cpu"] / r["cpu"])
        result["files"].append(
            {**runs[len(runs) // 2], "cpu_ratios": [r["raw_cpu"] / r["cpu"] for r in runs]}
        )
    result["ingest_seconds"] = sum(f["seconds"] for f in result["files"])
    result["raw_seconds"] = sum(f["raw_seconds"] for f in result["files"])
    result["copy_seconds"] = sum(f["copy_seconds"] for f in result["files"])
    result["ingest_cpu"] = sum(f["cpu"] for f in result["files"])
    result["raw_cpu"] = sum(f["raw_cpu"] for f in result["files"])
    result["messages"] = sum(f["messages"] for f in result["files"])
    result["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return result


def _postgres_db(url: str) -> tuple[str, str] | None:
    """A throwaway database on the server DATABASE_URL names: (its url, its name)."""
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(url)
    if not parts.scheme.startswith("postgres"):
        return None
    name = f"mr_ingest_bench_{os.getpid()}"
    import psycopg

    admin = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return urlunsplit(parts._replace(path=f"/{name}")), name


def _drop_postgres(url: str, name: str) -> None:
    from urllib.parse import urlsplit, urlunsplit

    import psycopg

    admin = urlunsplit(urlsplit(url)._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=200_000)
    parser.add_argument(
        "--repeat", type=int, default=3, help="ingest runs per file (the median pair is shown)"
    )
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--files", nargs="*", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.child, [Path(p) for p in args.files], args.repeat)))
        return 0

    work = Path(tempfile.mkdtemp(prefix="mr-bench-ingest-"))
    sys.path.insert(0, str(ROOT))
    paths = generate(work, args.messages)
    print(f"input: {args.messages:,} messages in {len(paths)} files under {work}")
    parse_seconds = sum(parse_only(p) for p in paths)
    targets: list[tuple[str, str, str | None]] = [
        ("sqlite", f"sqlite:///{work / 'bench.sqlite3'}", None)
    ]
    url = os.environ.get("DATABASE_URL", "")
    made = _postgres_db(url) if url else None
    if made:
        targets.append(("postgresql", made[0], made[1]))
    ok = True
    try:
        for label, db_url, _ in targets:
            out = subprocess.run(
                [
                    sys.executable,
                    "-P",
                    __file__,
                    "--child",
                    db_url,
                    "--repeat",
                    str(args.repeat),
                    "--files",
                    *map(str, paths),
                ],
                check=True,
                capture_output=True,
                text=True,
            )
            r = json.loads(out.stdout.strip().splitlines()[-1])
            n = r["messages"]
            ingest_rate, raw_rate, parse_rate = (
                n / r["ingest_seconds"],
                n / r["raw_seconds"],
                n / parse_seconds,
            )
            print(f"\n[{label}] {n:,} messages")
            for f in r["files"]:
                rate, raw = f["messages"] / f["seconds"], f["messages"] / f["raw_seconds"]
                # SQLite runs in-process: its CPU ratio is what the machine's load leaves alone.
                spread = "/".join(f"{r:.2f}" for r in sorted(f["cpu_ratios"]))
                cpu = (
                    f" CPU {f['raw_cpu'] / f['cpu']:.2f}x of {spread}" if label == "sqlite" else ""
                )
                print(
                    f"  {f['file']:<22} ingest {rate:>8,.0f} msg/s, raw insert {raw:>8,.0f} msg/s"
                    f" ({rate / raw:.2f}x wall,{cpu or ' n/a CPU'}; target >= {TARGET:.2f}x)"
                )
            print(f"  parse-only baseline  {parse_rate:>10,.0f} msg/s")
            print(f"  raw executemany      {raw_rate:>10,.0f} msg/s")
            if r["copy_seconds"]:
                # Ingest writes with COPY on PostgreSQL: the same rows written raw that way.
                copy_rate = n / r["copy_seconds"]
                print(
                    f"  raw COPY             {copy_rate:>10,.0f} msg/s  (ingest = "
                    f"{ingest_rate / copy_rate:.2f}x of it)"
                )
            print(
                f"  ingest               {ingest_rate:>10,.0f} msg/s  = {ingest_rate / raw_rate:.2f}x raw insert (target >= {TARGET:.2f}x), {ingest_rate / parse_rate:.2f}x parse-only"
            )
            if label == "sqlite":
                # SQLite runs in this process, so CPU time covers all the work and is not
                # inflated by other processes competing for the cores.
                cpu_rate, raw_cpu_rate = n / r["ingest_cpu"], n / r["raw_cpu"]
                print(
                    f"  CPU time only        ingest {cpu_rate:,.0f} msg/s, raw insert "
                    f"{raw_cpu_rate:,.0f} msg/s = {cpu_rate / raw_cpu_rate:.2f}x"
                )
            print(f"  peak memory          {r['peak_rss_mb']:>10,.0f} MB (limit 200 MB)")
            ok = ok and r["peak_rss_mb"] < 200
    finally:
        if made:
            _drop_postgres(made[0], made[1])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
