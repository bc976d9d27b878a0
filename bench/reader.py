"""Benchmark the reader public agents install, beside a bare ``git clone`` of the same remote.

At 10,000 records, from a bare published remote filled by ``git push`` (as
the app publishes, so the remote holds a pack like any git host): the first
open (fetch, read, parse, index, store; target < 1 s), the first open and
its first select together, a cached open (target < 0.2 s), a cached open
after the check interval (one ``git ls-remote``), and the median select,
each next to a bare ``git clone`` of the same remote measured in the same
run. Needs no Django and no database.

Usage: .venv/bin/python bench/reader.py [--records 10000] [--rounds 5]
"""

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Running a file puts its directory first on sys.path, where a sibling bench
# script could shadow a standard module.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"]
sys.path.insert(0, str(ROOT / "reader"))

from memory_kb import cache as cache_module  # noqa: E402
from memory_kb import open_knowledge  # noqa: E402
from memory_kb.recordfile import RecordData, index_line, record_path, render_record  # noqa: E402
from memory_kb.topics import render_indexes  # noqa: E402

rng = random.Random(11)
VOCAB = [
    "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(4, 9)))
    for _ in range(3000)
]
HAN = "测试部署文档规范代码审查发布版本数据库服务器用户界面接口性能安全日志缓存"


def words(n: int) -> str:
    return " ".join(rng.choice(VOCAB) for _ in range(n))


def git(path: Path, *args: str) -> str:
    env = {
        "GIT_AUTHOR_NAME": "bench",
        "GIT_AUTHOR_EMAIL": "bench@example.invalid",
        "GIT_COMMITTER_NAME": "bench",
        "GIT_COMMITTER_EMAIL": "bench@example.invalid",
        "PATH": "/usr/local/bin:/usr/bin:/bin",
    }
    return subprocess.run(
        ["git", "-C", str(path), *args], check=True, capture_output=True, text=True, env=env
    ).stdout


def build_remote(tmp: Path, n: int) -> Path:
    work = tmp / "work"
    (work / "records").mkdir(parents=True)
    git(work, "init", "-q", "-b", "main")
    lines = {}
    for i in range(n):
        slug = f"record-{i:05d}"
        han = "".join(rng.choice(HAN) for _ in range(6))
        data = RecordData(
            slug=slug,
            name=f"{words(3)} {i}",
            description=f"{words(10)} {han}",
            type="project",
            body=words(60) + "\n",
            created="2026-01-01T00:00:00+00:00",
            updated="2026-01-01T00:00:00+00:00",
            sources=[f"s-{i:05d}"],
            reviewed_by=["bench"],
        )
        (work / record_path(slug)).write_text(render_record(data), encoding="utf-8")
        lines[slug] = index_line(slug, data.name, data.description)
    for name, text in render_indexes(lines).items():
        (work / name).parent.mkdir(exist_ok=True)
        (work / name).write_text(text, encoding="utf-8")
    git(work, "add", "-A")
    git(work, "commit", "-qm", f"{n} records")
    git(work, "tag", "-a", "v1", "-m", "Release v1")
    git(work, "branch", "published")
    remote = tmp / "published.git"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
    git(work, "push", "-q", str(remote), "published", "v1")
    return remote


def timed(fn):
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.1f} ms"


def queries() -> list[str]:
    english = [" ".join(rng.choice(VOCAB) for _ in range(rng.randint(2, 6))) for _ in range(60)]
    chinese = ["".join(rng.choice(HAN) for _ in range(5)) for _ in range(20)]
    return english + chinese


def select_median(kb, qs: list[str]) -> float:
    return statistics.median(timed(lambda q=q: kb.select(q, k=5))[0] for q in qs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="reader-bench-"))
    try:
        took, remote = timed(lambda: build_remote(tmp, args.records))
        print(f"{args.records} records in a bare published remote (built in {took:.1f} s)")
        qs = queries()
        url = f"file://{remote}"
        rounds = range(max(3, args.rounds))
        clones = [
            timed(lambda r=r: git(tmp, "clone", "-q", "--bare", url, str(tmp / f"clone-{r}")))[0]
            for r in rounds
        ]
        colds = [
            timed(lambda r=r: open_knowledge(url, cache_dir=tmp / f"cold-{r}"))[0] for r in rounds
        ]
        first_answers = [
            timed(lambda r=r: open_knowledge(url, cache_dir=tmp / f"ans-{r}").select(qs[0]))[0]
            for r in rounds
        ]
        cached = [timed(lambda: open_knowledge(url, cache_dir=tmp / "cold-0"))[0] for _ in rounds]
        checked = []
        for _ in rounds:
            state = cache_module.KnowledgeCache(url, tmp / "cold-0")
            data = state.state()
            data["checked_at"] = 0  # the check interval has passed: one ls-remote
            state._save_state(data)  # noqa: SLF001 - the bench ages the cache
            checked.append(timed(lambda: open_knowledge(url, cache_dir=tmp / "cold-0"))[0])
        kb = open_knowledge(url, cache_dir=tmp / "cold-0")
        clone = statistics.median(clones)
        rows = [
            ("bare git clone (baseline)", clone),
            ("first open (target < 1 s)", statistics.median(colds)),
            ("first open + first select", statistics.median(first_answers)),
            ("cached open (target < 0.2 s)", statistics.median(cached)),
            ("cached open + ref check", statistics.median(checked)),
            ("select, median", select_median(kb, qs)),
        ]
        print(f"\n{'':32}{'time':>12}{'× bare clone':>14}")
        for label, seconds in rows:
            print(f"{label:32}{ms(seconds):>12}{seconds / clone:>13.2f}×")
        print(
            "\nfirst open = fetch + read + parse + index + store; the cache keeps JSON, "
            "a later open loads it and, past the check interval, asks the remote for its refs"
        )
    finally:
        import shutil

        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
