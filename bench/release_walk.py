"""Benchmark the release review (issue 23): the page a publisher walks before publishing.

For releases of 100, 300 and 1,000 changes (each an update of a record with
a 1–2 KB body): the time to build the review (diffs of name, description and
body, screening findings, approvers, readings) and to render the whole page,
beside a baseline measured in the same run: a plain unified diff of the same
files (what the record history page computes), with no screening.

Runs on a throwaway SQLite database. Usage: .venv/bin/python bench/release_walk.py [--sizes 100,300,1000]
"""

import argparse
import difflib
import os
import secrets
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"]
sys.path.insert(0, str(ROOT))
TMP = Path(tempfile.mkdtemp(prefix="walk-bench-"))
os.environ["MEMORY_REVIEW_VAR_DIR"] = str(TMP)
os.environ["DATABASE_URL"] = f"sqlite:///{TMP / 'bench.sqlite3'}"
os.environ.setdefault("DEBUG", "true")
os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(32))
os.environ["KNOWLEDGE_REPO_PATH"] = str(TMP / "unused")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "memory_review.settings")

import django  # noqa: E402

django.setup()

from django.contrib.auth.models import Group, User  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.template.loader import render_to_string  # noqa: E402
from django.test import RequestFactory  # noqa: E402

from knowledge_repo.models import Change, ChangeFile, Release  # noqa: E402
from knowledge_repo.recordfile import RecordData, render_record  # noqa: E402
from memory_review.review.selectors.release_walk import release_walk  # noqa: E402

WORDS = [
    "the",
    "shop",
    "opens",
    "at",
    "nine",
    "and",
    "closes",
    "at",
    "six",
    "parcels",
    "reach",
    "norway",
    "in",
    "five",
    "days",
]


def _body(i: int, version: int) -> str:
    lines = [
        " ".join(WORDS[(i + k + j) % len(WORDS)] for j in range(12)).capitalize() + "."
        for k in range(20)
    ]
    lines[(i + version) % 20] = f"Changed in version {version}: the price is {i + version} EUR."
    return "\n".join(lines) + "\n"


def _file(i: int, version: int) -> str:
    return render_record(
        RecordData(
            slug=f"record-{i}",
            name=f"Record {i}",
            description=f"What record {i} says (v{version})",
            type="reference",
            body=_body(i, version),
            created="2026-01-01T00:00:00+00:00",
            updated="2026-01-02T00:00:00+00:00",
            reviewed_by=["alice"],
        )
    )


def _seed(n: int, author: User) -> Release:
    Change.objects.all().delete()
    changes = Change.objects.bulk_create(
        Change(
            kind=Change.Kind.UPDATE,
            slug=f"record-{i}",
            payload={
                "write": {},
                "message": f"Update record-{i}: Record {i}",
                "reviewed_by": ["alice"],
                "approver_ids": [author.pk],
            },
            author=author,
            author_name="alice",
            author_email="alice@users.noreply.invalid",
            status=Change.Status.COMMITTED,
            commit_sha=f"{i:040x}",
        )
        for i in range(n)
    )
    ChangeFile.objects.bulk_create(
        ChangeFile(change=c, slug=c.slug, before=_file(i, 1), after=_file(i, 2))
        for i, c in enumerate(changes)
    )
    return Release.objects.create(name=f"r{n}", sha="0" * 40, last_change_id=changes[-1].pk)


def _baseline(release: Release) -> float:
    start = time.perf_counter()
    files = ChangeFile.objects.filter(change_id__lte=release.last_change_id)
    for f in files:
        "\n".join(difflib.unified_diff((f.before or "").splitlines(), (f.after or "").splitlines()))
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="100,300,1000")
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    alice = User.objects.create_user("alice")
    bob = User.objects.create_user("bob")
    bob.groups.add(Group.objects.get_or_create(name="publisher")[0])
    request = RequestFactory().get("/releases/x/review/")
    request.user = bob
    release_walk(_seed(5, alice), bob)  # warm up: detectors compile their patterns once
    print(
        f"{'changes':>8} {'build ms':>9} {'render ms':>10} {'ms/change':>10} {'diff-only ms':>13} {'ratio':>6}"
    )
    for n in (int(s) for s in args.sizes.split(",")):
        release = _seed(n, alice)
        base = _baseline(release)
        start = time.perf_counter()
        walk = release_walk(release, bob)
        built = time.perf_counter() - start
        start = time.perf_counter()
        html = render_to_string("review/release_walk.html", {"walk": walk}, request=request)
        rendered = time.perf_counter() - start
        assert walk.total == n and html.count('class="card walk-item') == n
        total = built + rendered
        print(
            f"{n:>8} {built * 1000:>9.0f} {rendered * 1000:>10.0f} {total * 1000 / n:>10.2f} "
            f"{base * 1000:>13.0f} {total / base:>6.1f}"
        )


if __name__ == "__main__":
    main()
