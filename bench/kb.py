"""Benchmark the knowledge repository (issues 4 and 18).

For repositories of 100, 1,000 and 10,000 records: the median time from an
approval action to its commit being recorded, beside a bare `git add && git
commit` of one changed file in the same repository, measured in the same
run (target: at most 1.5× the bare commit). At the largest size: the release
checks' cold rescan (no cache: every record file read and screened; target
< 3 s), the first release cut after it (< 2 s) and the next release after 5
approvals (< 0.5 s), each with its CPU time and its ratio to the bare commit;
then the reader's open time and median select time beside a linear keyword
scan. The machine is shared: wall times swing with its load (printed), so
read the ratios and CPU times beside them.

Runs on a throwaway SQLite database and repositories under a temp dir.
Usage: .venv/bin/python bench/kb.py [--sizes 100,1000,10000] [--rounds 15]
[--release-rounds 3] [--only rescan]

``--only rescan`` times the cold rescan alone (no approvals, releases or
reads), to iterate on it faster; the default is the full run.
"""

import argparse
import os
import random
import resource
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Running a file puts its directory first on sys.path, where a sibling bench
# script could shadow a standard module.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"]
sys.path.insert(0, str(ROOT))
TMP = Path(tempfile.mkdtemp(prefix="kb-bench-"))
os.environ["MEMORY_REVIEW_VAR_DIR"] = str(TMP)
os.environ["DATABASE_URL"] = f"sqlite:///{TMP / 'bench.sqlite3'}"
os.environ.setdefault("DEBUG", "true")
os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(32))
os.environ["KNOWLEDGE_REPO_PATH"] = str(TMP / "unused")
os.environ["KNOWLEDGE_PUBLISH_REMOTES"] = str(TMP / "published.git")
os.environ["KNOWLEDGE_COMMIT_IN_PROCESS"] = "true"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "memory_review.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.contrib.auth.models import User  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import transaction  # noqa: E402
from django.test.utils import override_settings  # noqa: E402
from django.utils import timezone  # noqa: E402

from knowledge_repo import actions  # noqa: E402
from knowledge_repo.models import Change, Record  # noqa: E402
from knowledge_repo.reader import open_knowledge, tokenize  # noqa: E402
from knowledge_repo.recordfile import (  # noqa: E402
    RecordData,
    index_line,
    record_path,
    render_indexes,
    render_record,
)
from memory_review.review.actions import clear_finding  # noqa: E402

GIT_ENV = {
    **os.environ,
    "GIT_AUTHOR_NAME": "bench",
    "GIT_AUTHOR_EMAIL": "bench@localhost",
    "GIT_COMMITTER_NAME": "bench",
    "GIT_COMMITTER_EMAIL": "bench@localhost",
}
rng = random.Random(4)
VOCAB = [
    "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(4, 9)))
    for _ in range(3000)
]
HAN = "测试部署文档规范代码审查发布版本数据库服务器用户界面接口性能安全日志缓存"


def words(n: int) -> str:
    return " ".join(rng.choice(VOCAB) for _ in range(n))


def git(path: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-C", str(path), *args], check=True, env=GIT_ENV, stdout=subprocess.DEVNULL
    )


def populate(path: Path, n: int) -> None:
    """Write n records as files plus one bulk commit, and their Record rows."""
    now = timezone.now()
    stamp = now.isoformat(timespec="seconds")
    (path / "records").mkdir(exist_ok=True)
    lines, rows = {}, []
    for i in range(n):
        slug = f"record-{i:05d}"
        han = "".join(rng.choice(HAN) for _ in range(6))
        data = RecordData(
            slug=slug,
            name=f"{words(3)} {i}",
            description=words(10) + " " + han,
            type="project",
            body=words(60) + "\n",
            created=stamp,
            updated=stamp,
            sources=[f"conv:{i}#m1"],
            reviewed_by=["bench"],
        )
        (path / record_path(slug)).write_text(render_record(data), encoding="utf-8")
        lines[slug] = index_line(slug, data.name, data.description)
        rows.append(
            Record(
                slug=slug,
                name=data.name,
                description=data.description,
                type="project",
                body=data.body,
                sources=data.sources,
                reviewed_by=data.reviewed_by,
                created=now,
                updated=now,
            )
        )
    # As the committer lays them out: MEMORY.md, past its budget topic files index/<topic>.md.
    for index_file, text in render_indexes(lines).items():
        (path / index_file).parent.mkdir(exist_ok=True)
        (path / index_file).write_text(text, encoding="utf-8")
    git(path, "add", "-A")
    git(path, "commit", "-qm", f"{n} records")
    Record.objects.all().delete()
    Record.objects.bulk_create(rows, batch_size=1000)


def approval_to_commit(user: User, slug: str, round_: int) -> float:
    start = time.perf_counter()
    with transaction.atomic():
        change = actions.update_record(
            author=user,
            slug=slug,
            # Words of their own: edits that all read alike would be near-duplicates.
            name=f"{words(3)} {slug}",
            description=f"{words(10)} round {round_}",
            body=words(60) + "\n",
            type="project",
            sources=[f"conv:bench#{round_}"],
        )
    # The in-process committer ran on commit; the change must be recorded now.
    assert Change.objects.get(pk=change.pk).status == Change.Status.COMMITTED
    return time.perf_counter() - start


def bare_commit(path: Path, round_: int) -> float:
    target = path / "records" / "record-00001.md"
    start = time.perf_counter()
    target.write_text(target.read_text(encoding="utf-8") + f"bare {round_}\n", encoding="utf-8")
    git(path, "add", "--", "records/record-00001.md")
    git(path, "commit", "-q", "-m", f"bare {round_}")
    return time.perf_counter() - start


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="100,1000,10000")
    parser.add_argument("--rounds", type=int, default=15, help="approvals per size")
    parser.add_argument(
        "--release-rounds", type=int, default=3, help="cold rescans and next releases to time"
    )
    parser.add_argument(
        "--only", choices=["rescan"], help="time only the cold rescan at the largest size"
    )
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    call_command("migrate", verbosity=0, skip_checks=True)
    user = User.objects.create_user("bench", "bench@localhost", first_name="Bench")
    print(f"knowledge repository bench (temp dir {TMP}, load average {os.getloadavg()[0]:.1f})")
    print(f"{'records':>8} {'approval→commit':>16} {'bare git commit':>16} {'ratio':>6}")
    results = {}
    for n in sizes:
        path = TMP / f"kb-{n}"
        with override_settings(KNOWLEDGE_REPO_PATH=path):
            actions.ensure_initialised()
            populate(path, n)
            if args.only == "rescan":
                if n == max(sizes):
                    cold_rescans(path, user, n, args.release_rounds)
                continue
            approve, bare = [], []
            for r in range(args.rounds):
                # Interleaved so both see the same machine load.
                approve.append(approval_to_commit(user, f"record-{(r * 7919) % n:05d}", r))
                bare.append(bare_commit(path, r))
            a, b = statistics.median(approve), statistics.median(bare)
            results[n] = (a, b)
            verdict = "meets" if a <= 1.5 * b else "MISSES"
            print(f"{n:>8} {ms(a):>16} {ms(b):>16} {a / b:>5.2f}×  (target ≤ 1.5×: {verdict})")
            if n == max(sizes):
                git(path, "checkout", "-q", "--", ".")
                release_and_read(path, user, n, b, args.release_rounds)
    print(f"load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    if not results:
        return
    first, last = results[sizes[0]], results[sizes[-1]]
    print(
        f"growth {sizes[0]}→{sizes[-1]} records: approval→commit ×{last[0] / first[0]:.2f}, "
        f"bare commit ×{last[1] / first[1]:.2f}"
    )


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _timed(fn):  # type: ignore[no-untyped-def]
    """(result, wall seconds, (CPU seconds of this process, of its finished children)) of a call.

    Children count: the checks fork screening workers and run git.
    """
    wall, own, children = time.perf_counter(), time.process_time(), _children_cpu()
    result = fn()
    cpu = (time.process_time() - own, _children_cpu() - children)
    return result, time.perf_counter() - wall, cpu


def _forget_checks(path: Path) -> None:
    # What makes a rescan cold: no cache of parsed records, findings, near-duplicate
    # state (kb-duplicates-*.sqlite3 and its WAL files) or earlier checks.
    for cached in (path / ".git").glob("kb-*"):
        if cached.suffix in (".jsonl", ".json") or ".sqlite3" in cached.name:
            cached.unlink()


def _figure(
    label: str,
    walls: list[float],
    cpus: list[tuple[float, float]],
    bare: float | None,
    target: float,
) -> None:
    wall = statistics.median(walls)
    cpu = statistics.median(own + children for own, children in cpus)
    own = statistics.median(own for own, _ in cpus)
    children = statistics.median(children for _, children in cpus)
    verdict = "meets" if wall < target else "MISSES"
    versus = f"{wall / bare:5.1f}× a bare commit; " if bare else ""
    print(
        f"{label:<44} {ms(wall)} (CPU {ms(cpu).strip()}: own {ms(own).strip()} + children "
        f"{ms(children).strip()}; {versus}median of {len(walls)}; "
        f"target < {target:g} s: {verdict})"
    )


def cold_rescans(
    path: Path, user: User, n: int, rounds: int, bare: float | None = None
) -> actions.ReleaseResult:
    """Time ``rounds`` cold rescans (a dry-run release with no cache); the last one's result."""
    walls, cpus = [], []
    for _ in range(rounds):
        _forget_checks(path)
        dry, wall, cpu = _timed(lambda: actions.cut_release(user=user, dry_run=True))
        walls.append(wall)
        cpus.append(cpu)
    kinds = Counter(f.kind for f in dry.findings)
    _figure(f"checks' cold rescan of {n} records", walls, cpus, bare, 3)
    print(f"  findings {dict(kinds)}")
    return dry


def release_and_read(path: Path, user: User, n: int, bare: float, rounds: int) -> None:
    # Undo the bare commits' edit so git and the database agree before releasing.
    text = (path / "records" / "record-00001.md").read_text(encoding="utf-8")
    (path / "records" / "record-00001.md").write_text(
        "\n".join(line for line in text.split("\n") if not line.startswith("bare ")),
        encoding="utf-8",
    )
    git(path, "commit", "-qam", "undo bare edits")
    dry = cold_rescans(path, user, n, rounds, bare)
    # Whatever is blocking, a person clears (two for high-risk).
    second = User.objects.get_or_create(username="bench-2", defaults={"first_name": "Two"})[0]
    for finding in dry.findings:
        if finding.blocking:
            clear_finding(user=user, finding=finding, reason="bench")
            if finding.high_risk:
                clear_finding(user=second, finding=finding, reason="bench")
    result, wall, cpu = _timed(lambda: actions.cut_release(user=user, name="bench-1"))
    assert result.release is not None, result.failures
    _figure("cold release (first cut: checks and tag)", [wall], [cpu], bare, 2)
    walls, cpus = [], []
    for run in range(rounds):
        for r in range(5):
            approval_to_commit(user, f"record-{(r * 104729 + run * 31) % n:05d}", 100 + run * 5 + r)
        result, wall, cpu = _timed(
            lambda run=run: actions.cut_release(user=user, name=f"bench-{run + 2}")
        )
        assert result.release is not None, result.failures
        walls.append(wall)
        cpus.append(cpu)
    _figure("next release after 5 approvals", walls, cpus, bare, 0.5)
    last = f"bench-{rounds + 1}"

    opens = []
    for _ in range(3):
        start = time.perf_counter()
        kb = open_knowledge(path, ref=last)
        opens.append(time.perf_counter() - start)
        kb.close()
    kb = open_knowledge(path, ref=last)
    print(f"reader open at {n} records (median of 3): {ms(statistics.median(opens))}")
    queries = [" ".join(rng.choice(VOCAB) for _ in range(rng.randint(2, 6))) for _ in range(60)]
    queries += ["".join(rng.choice(HAN) for _ in range(5)) for _ in range(20)]
    selects = []
    for q in queries:
        start = time.perf_counter()
        kb.select(q, k=5)
        selects.append(time.perf_counter() - start)
    texts = [f"{r.name}\n{r.description}\n{r.body}".lower() for r in kb.records()]
    scans = []
    for q in queries:
        terms = set(tokenize(q))
        start = time.perf_counter()
        # The baseline an agent without an index would do: look at every record.
        hits = [(sum(t in text for t in terms), i) for i, text in enumerate(texts)]
        sorted(hits, reverse=True)[:5]
        scans.append(time.perf_counter() - start)
    s, scan = statistics.median(selects), statistics.median(scans)
    print(f"select median at {n} records: {ms(s)}  (target < 5 ms)")
    print(f"linear keyword scan median:    {ms(scan)}  (select is {scan / s:.0f}× faster)")
    kb.close()


if __name__ == "__main__":
    try:
        main()
    finally:
        import shutil

        shutil.rmtree(TMP, ignore_errors=True)
        _ = settings
