"""Benchmark the working-copy checks (issue 18): what /readyz and kb_init cost.

A repository of N commits (default 10,000), each a change with its
``Change-Id`` trailer and recorded in the database, with a release tag every
100 commits. Prints the median of the quick check (``/readyz`` and the
committer's heartbeat: newest recorded commit, HEAD's change, release tags)
and the full history check (``kb_init``, a committer taking the lead), beside
a bare ``git rev-parse HEAD`` measured in the same run (the cost of one git
call on this machine, whose load is printed).

Runs on a throwaway SQLite database and repository under a temp dir.
Usage: .venv/bin/python bench/consistency.py [--commits 10000] [--rounds 15]
"""

import argparse
import os
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"]
sys.path.insert(0, str(ROOT))
TMP = Path(tempfile.mkdtemp(prefix="consistency-bench-"))
os.environ["MEMORY_REVIEW_VAR_DIR"] = str(TMP)
os.environ["DATABASE_URL"] = f"sqlite:///{TMP / 'bench.sqlite3'}"
os.environ.setdefault("DEBUG", "true")
os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(32))
os.environ["KNOWLEDGE_REPO_PATH"] = str(TMP / "knowledge")
os.environ["KNOWLEDGE_PUBLISH_REMOTES"] = str(TMP / "published.git")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "memory_review.settings")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.utils import timezone  # noqa: E402

from knowledge_repo import consistency, gitstore  # noqa: E402
from knowledge_repo.models import Change, Release  # noqa: E402


def _fast_import(repo: Path, commits: int) -> None:
    lines = []
    for i in range(1, commits + 1):
        body = f"record {i}\n"
        msg = f"Change {i}\n\nChange-Id: {i}\nChange-Kind: create\n"
        lines.append(f"blob\nmark :{i}\ndata {len(body)}\n{body}")
        lines.append(
            f"commit refs/heads/main\nmark :{10**7 + i}\n"
            f"committer b <b@x> {1_700_000_000 + i} +0000\ndata {len(msg.encode())}\n{msg}"
        )
        if i > 1:
            lines.append(f"from :{10**7 + i - 1}\n")
        lines.append(f"M 100644 :{i} records/r{i}.md\n\n")
        if i % 100 == 0:
            lines.append(
                f"tag v{i // 100}\nfrom :{10**7 + i}\n"
                f"tagger b <b@x> {1_700_000_000 + i} +0000\ndata 2\nv\n\n"
            )
    subprocess.run(["git", "init", "-q", "-b", "main", str(repo)], check=True)
    subprocess.run(
        ["git", "-C", str(repo), "fast-import", "--quiet"],
        input="".join(lines).encode(),
        check=True,
    )
    subprocess.run(["git", "-C", str(repo), "reset", "-q", "--hard", "main"], check=True)
    subprocess.run(["git", "-C", str(repo), "gc", "-q"], check=True)


def _record(repo: Path) -> None:
    out = subprocess.run(
        ["git", "-C", str(repo), "log", "--reverse", "--format=%H"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    now = timezone.now()
    Change.objects.bulk_create(
        Change(
            pk=i,
            kind="create",
            slug=f"r{i}",
            author_name="b",
            author_email="b@x",
            status=Change.Status.COMMITTED,
            commit_sha=sha,
            committed_at=now,
        )
        for i, sha in enumerate(out, start=1)
    )
    Release.objects.bulk_create(
        Release(name=f"v{i // 100}", sha=out[i - 1]) for i in range(100, len(out) + 1, 100)
    )


def _median_ms(fn, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--commits", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    repo = TMP / "knowledge"
    _fast_import(repo, args.commits)
    _record(repo)
    with gitstore.open_repo(repo) as r:
        assert consistency.quick_problems(r) == [], consistency.quick_problems(r)
        assert consistency.history_problems(r) == []
        bare = _median_ms(lambda: r.git.rev_parse("HEAD"), args.rounds)
        quick = _median_ms(lambda: consistency.quick_problems(r), args.rounds)
        full = _median_ms(lambda: consistency.history_problems(r), max(3, args.rounds // 5))
    load = os.getloadavg()[0]
    print(f"{args.commits:,} commits, {args.commits // 100} releases, load {load:.1f}")
    print(f"  bare git rev-parse HEAD     {bare:7.1f} ms")
    print(f"  quick check (/readyz)       {quick:7.1f} ms  ({quick / bare:.1f}x one git call)")
    print(f"  full check (kb_init, lead)  {full:7.1f} ms  ({full / bare:.1f}x one git call)")


if __name__ == "__main__":
    try:
        main()
    finally:
        shutil.rmtree(TMP, ignore_errors=True)
