"""Benchmark the reader public agents install (issue 11), beside the old one.

At 10,000 records, from a bare published remote: the open time cold (first
open: clone, read, index) and cached (later opens), and the median select
time; next to the reader before issue 11 (``knowledge_repo/reader.py`` at
commit d50446e, loaded from git into a temporary package), which cloned the
remote on every open and kept no cache. Needs no Django and no database.

Usage: .venv/bin/python bench/reader.py [--records 10000] [--rounds 5]
"""

import argparse
import importlib
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

from memory_kb import open_knowledge  # noqa: E402
from memory_kb.recordfile import RecordData, index_line, record_path, render_index, render_record  # noqa: E402,E501

OLD_COMMIT = "d50446e"
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
    (work / "MEMORY.md").write_text(render_index(lines), encoding="utf-8")
    git(work, "add", "-A")
    git(work, "commit", "-qm", f"{n} records")
    git(work, "tag", "-a", "v1", "-m", "Release v1")
    git(work, "branch", "published")
    remote = tmp / "published.git"
    subprocess.run(["git", "clone", "-q", "--bare", str(work), str(remote)], check=True)
    return remote


def load_old(tmp: Path):
    """The reader of commit d50446e as a temporary package, or None when git lacks it."""
    package = tmp / "oldreader"
    package.mkdir()
    try:
        for name in ("reader", "recordfile"):
            text = git(ROOT, "show", f"{OLD_COMMIT}:knowledge_repo/{name}.py")
            (package / f"{name}.py").write_text(text, encoding="utf-8")
    except subprocess.CalledProcessError:
        return None
    (package / "__init__.py").write_text("", encoding="utf-8")
    sys.path.insert(0, str(tmp))
    return importlib.import_module("oldreader.reader")


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

        colds = []
        for r in range(3):
            took, kb = timed(lambda r=r: open_knowledge(url, cache_dir=tmp / f"cold-{r}"))
            colds.append(took)
        cached = [
            timed(lambda: open_knowledge(url, cache_dir=tmp / "cold-0"))[0]
            for _ in range(args.rounds)
        ]
        new = (statistics.median(colds), statistics.median(cached), select_median(kb, qs))

        old_module = load_old(tmp)
        print(f"\n{'':28}{'new (memory_kb)':>16}{'old (' + OLD_COMMIT + ')':>18}")
        if old_module is None:
            old = None
            print("(the old reader is not in this clone's history: no baseline)")
        else:
            opens = []
            for _ in range(3):
                took, old_kb = timed(lambda: old_module.open_knowledge(url))
                opens.append(took)
                old_kb.close()
            old_kb = old_module.open_knowledge(url)
            old = (statistics.median(opens), statistics.median(opens), select_median(old_kb, qs))
            old_kb.close()
        labels = ("open, cold (first open)", "open, cached (later opens)", "select, median")
        for i, label in enumerate(labels):
            base = f"{ms(old[i]):>18}" if old else f"{'-':>18}"
            print(f"{label:28}{ms(new[i]):>16}{base}")
        if old:
            print(
                f"\ncached open is {old[1] / new[1]:.0f}× faster than the old open "
                "(the old reader cloned the remote on every open; it had no cache)"
            )
        print("target: cached open < 200 ms at 10,000 records")
    finally:
        import shutil

        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
