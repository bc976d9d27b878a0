"""Knowledge bases for the reader's tests: real git repositories, built with git itself."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from memory_kb.recordfile import RecordData, index_line, record_path, render_record
from memory_kb.topics import render_indexes

RECORDS = [
    (
        "running-tests",
        "Running the tests",
        "How to run the test suite",
        "Run `make test`; pytest picks up tests/.",
        "project",
    ),
    (
        "deploying",
        "Deploying",
        "Releases go out on Fridays",
        "Deploy with `make deploy` after the release checks pass.",
        "project",
    ),
    (
        "cesi-guifan",
        "测试规范",
        "写测试的规范",
        "每个功能都要有测试，测试要覆盖边界情况。",
        "reference",
    ),
    (
        "tesuto",
        "テストの書き方",
        "テストを書くときの決まり",
        "テストは小さく、名前は振る舞いで付ける。",
        "reference",
    ),
    ("coffee", "Coffee machine", "Where the coffee is", "Second floor, next to the lifts.", "user"),
]

GIT_ENV = {
    "GIT_AUTHOR_NAME": "a",
    "GIT_AUTHOR_EMAIL": "a@example.invalid",
    "GIT_COMMITTER_NAME": "a",
    "GIT_COMMITTER_EMAIL": "a@example.invalid",
    "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
    "HOME": os.environ.get("HOME", "/tmp"),
}


def git(path: Path, *args: str) -> str:
    """Run git in ``path`` with a fixed identity; its stdout."""
    return subprocess.run(
        ["git", "-C", str(path), *args], check=True, capture_output=True, text=True, env=GIT_ENV
    ).stdout


def write_records(path: Path, records, *, extra=None) -> None:
    """Write record files and MEMORY.md into a working tree."""
    lines = {}
    (path / "records").mkdir(parents=True, exist_ok=True)
    for slug, name, description, body, type_ in records:
        data = RecordData(
            slug=slug,
            name=name,
            description=description,
            type=type_,
            body=body + "\n",
            created="2026-01-01T00:00:00+00:00",
            updated="2026-01-01T00:00:00+00:00",
            sources=[f"src-{slug}"],
            reviewed_by=["alice"],
            **(extra or {}).get(slug, {}),
        )
        (path / record_path(slug)).write_text(render_record(data), encoding="utf-8")
        lines[slug] = index_line(slug, name, description)
    shutil.rmtree(path / "index", ignore_errors=True)
    for name, text in render_indexes(lines).items():
        (path / name).parent.mkdir(exist_ok=True)
        (path / name).write_text(text, encoding="utf-8")


def build_repo(path: Path, records, *, branch="published", extra=None, tag=None) -> Path:
    """A repository with the records committed on main, ``branch`` and optionally ``tag`` there."""
    path.mkdir(parents=True, exist_ok=True)
    git(path, "init", "-q", "-b", "main")
    write_records(path, records, extra=extra)
    git(path, "add", "-A")
    git(path, "commit", "-qm", "records")
    git(path, "branch", branch)
    if tag:
        git(path, "tag", "-a", tag, "-m", f"Release {tag}")
    return path


def publish(path: Path, tmp_path: Path) -> Path:
    """A bare published remote of ``path`` (like the app's publish step)."""
    bare = tmp_path / "published.git"
    subprocess.run(["git", "clone", "-q", "--bare", str(path), str(bare)], check=True)
    return bare


@pytest.fixture
def kbpath(tmp_path) -> Path:
    """A working repository with the five records on ``published``, tagged v1."""
    return build_repo(tmp_path / "kb", RECORDS, tag="v1")


@pytest.fixture
def remote(kbpath, tmp_path) -> Path:
    """A bare published remote of ``kbpath``."""
    return publish(kbpath, tmp_path)
