"""Benchmark sealing releases (issue 18) at 10,000 records.

In one repository of N record files, measured in the same run: a bare
``git commit`` of one changed file (the baseline); the manifest of a first
release (every blob read through one ``git cat-file --batch`` and hashed);
the manifest of the next release after 5 changed records (the previous
manifest reused, only what ``git diff`` names hashed); an SSH-signed commit
beside an unsigned one; and the reader's check of a fetched release tree
against its manifest (``memory_kb.seal.check_manifest``). Each is the median
of ``--rounds`` runs, with its ratio to the bare commit. The machine is
shared: read the ratios beside the wall times.

Usage: .venv/bin/python bench/seal.py [--records 10000] [--rounds 5]
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"]
sys.path.insert(0, str(ROOT))

from git import Repo  # noqa: E402
from memory_kb.seal import check_manifest  # noqa: E402

from knowledge_repo.seal import write_manifest  # noqa: E402

ENV = {
    **os.environ,
    "GIT_AUTHOR_NAME": "bench",
    "GIT_AUTHOR_EMAIL": "bench@example.invalid",
    "GIT_COMMITTER_NAME": "bench",
    "GIT_COMMITTER_EMAIL": "bench@example.invalid",
}


def git(path: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(path), *args], check=True, capture_output=True, text=True, env=ENV
    ).stdout


def record(i: int, round_: int = 0) -> str:
    return (
        f"---\nname: Record {i}\ndescription: What record {i} says\ntype: project\n---\n"
        f"Body of record {i}, version {round_}. " * 8 + "\n"
    )


def timed(fn, *args, **kwargs) -> float:
    start = time.perf_counter()
    fn(*args, **kwargs)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--records", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="seal-bench-"))
    path = tmp / "kb"
    (path / "records").mkdir(parents=True)
    git(path, "init", "-q", "-b", "main")
    for i in range(args.records):
        (path / "records" / f"r{i}.md").write_text(record(i))
    (path / "MEMORY.md").write_text("# Memory\n")
    git(path, "add", "-A")
    git(path, "commit", "-qm", "records")
    key = tmp / "key"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True)
    sign = ["-c", "gpg.format=ssh", "-c", f"user.signingkey={key}"]

    bare, signed, cold, warm, reader = [], [], [], [], []
    with Repo(path) as repo:
        for n in range(args.rounds):
            (path / "records" / "r0.md").write_text(record(0, 1000 + n))
            bare.append(timed(git, path, "commit", "-qam", "bare"))
            (path / "records" / "r1.md").write_text(record(1, 1000 + n))
            signed.append(timed(git, path, *sign, "commit", "-S", "-qam", "signed"))
            cold.append(timed(write_manifest, repo, path, name=f"c{n}", previous=None))
            git(path, "commit", "-qm", f"release c{n}")
            git(path, "tag", "-a", f"c{n}", "-m", f"c{n}")
            for i in range(2, 7):
                (path / "records" / f"r{i}.md").write_text(record(i, n + 1))
            git(path, "add", "-A")
            warm.append(timed(write_manifest, repo, path, name=f"w{n}", previous=f"c{n}"))
            git(path, "commit", "-qm", f"release w{n}")
            head = git(path, "rev-parse", "HEAD").strip()
            reader.append(timed(check_manifest, path, head))
    base = statistics.median(bare)
    print(f"records: {args.records}, rounds: {args.rounds}, load: {os.getloadavg()[0]:.1f}")
    for label, values in (
        ("bare git commit (baseline)", bare),
        ("signed git commit -S (ssh)", signed),
        ("manifest, first release (cold)", cold),
        ("manifest, next release after 5 changes", warm),
        ("reader: tree checked against manifest", reader),
    ):
        median = statistics.median(values)
        print(f"{label:42s} {median * 1000:8.1f} ms  {median / base:6.2f}x bare commit")


if __name__ == "__main__":
    main()
