"""Keeps the suite out of ``var/`` and the checkout (a pytest plugin: ``-p tests.isolation``).

Loaded from ``addopts`` before pytest-django reads the settings, it points
every path the app writes to by default at a temporary home made for the
session: ``MEMORY_REVIEW_VAR_DIR`` (and with it the SQLite database, the
development key, the knowledge repository, the publish remotes, backups,
static files and the supervisor configuration), the reader's cache
(``XDG_CACHE_HOME``) and Hypothesis' example database. Path settings given in
the environment (``KNOWLEDGE_REPO_PATH``, ``KNOWLEDGE_SHARED_REMOTE``, ...) are
dropped for the run, so a shell set up for production cannot point the suite
at a real working copy. Subprocesses inherit the same environment.

At the end of the session it compares ``var/`` (every name, size and
modification time, so git refs of repositories in it too) and the checkout
(its HEAD, and files that were not there before) with what they were at the
start, and fails the run naming what changed. Tracked files the run did not
create are not compared: people edit while a long suite runs.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

# Settings whose value is a path (or a remote) the app writes to; unset, each defaults
# to a place under MEMORY_REVIEW_VAR_DIR.
PATH_SETTINGS = (
    "KNOWLEDGE_REPO_PATH",
    "KNOWLEDGE_PUBLISH_REMOTES",
    "KNOWLEDGE_SHARED_REMOTE",
    "BACKUP_DIR",
    "STATIC_ROOT",
    "SQLITE_TEST_NAME",
)
# Caches of the tools themselves, in the checkout by their own design.
TOOL_CACHES = (".venv/", ".pytest_cache/", ".mypy_cache/", ".ruff_cache/")

Snapshot = dict[str, tuple[int, int]]


def isolate(home: Path) -> dict[str, str]:
    """Point the process environment's writable paths into ``home``; returns what was set."""
    values = {
        "MEMORY_REVIEW_VAR_DIR": str(home / "var"),
        "XDG_CACHE_HOME": str(home / "cache"),
        "HYPOTHESIS_STORAGE_DIRECTORY": str(home / "hypothesis"),
        "MEMORY_REVIEW_TEST_HOME": str(home),
    }
    for name in PATH_SETTINGS:
        os.environ.pop(name, None)
    os.environ.update(values)
    return values


def snapshot(root: Path) -> Snapshot:
    """Every file, link and directory under ``root``: relative path -> (size, mtime in ns)."""
    found: Snapshot = {}
    if not root.exists():
        return found
    for folder, dirs, files in os.walk(root):
        for name in [*dirs, *files]:
            path = Path(folder) / name
            try:
                st = path.lstat()
            except FileNotFoundError:
                continue
            size = 0 if path.is_dir() and not path.is_symlink() else st.st_size
            found[path.relative_to(root).as_posix()] = (size, st.st_mtime_ns)
    return found


def compare(before: Snapshot, after: Snapshot, prefix: str = "") -> list[str]:
    """What differs between two snapshots, one line per path, sorted."""
    lines = []
    for path in sorted(before.keys() | after.keys()):
        if path not in before:
            lines.append(f"added {prefix}{path}")
        elif path not in after:
            lines.append(f"removed {prefix}{path}")
        elif before[path] != after[path]:
            lines.append(f"changed {prefix}{path}")
    return lines


def _git(checkout: Path, *args: str) -> str | None:
    try:
        result = subprocess.run(
            ["git", "-C", str(checkout), *args], capture_output=True, text=True, check=False
        )
    except OSError:
        return None
    return result.stdout if result.returncode == 0 else None


def checkout_state(checkout: Path) -> dict[str, str]:
    """The checkout's HEAD and the files git does not track (untracked and ignored ones),
    leaving out ``var/`` (compared in full), bytecode and the tools' own caches."""
    head = _git(checkout, "rev-parse", "HEAD")
    if head is None:
        return {}  # not a git checkout: only var/ is compared
    state = {"HEAD": head.strip()}
    listing = _git(
        checkout, "status", "--porcelain=v1", "-z", "--untracked-files=normal", "--ignored=matching"
    )
    for entry in (listing or "").split("\0"):
        code, path = entry[:2], entry[3:]
        if code not in ("??", "!!") or not path or path.startswith(("var/", *TOOL_CACHES)):
            continue
        if "__pycache__/" in path or path.endswith(".pyc"):
            continue
        state[path] = "untracked" if code == "??" else "ignored"
    return state


class Guard:
    """What ``var/`` and the checkout were at the start, and what changed since."""

    def __init__(self, checkout: Path) -> None:
        self.checkout = checkout
        self.var = checkout / "var"
        self.var_before = snapshot(self.var)
        self.checkout_before = checkout_state(checkout)

    def changes(self) -> list[str]:
        lines = compare(self.var_before, snapshot(self.var), prefix="var/")
        after = checkout_state(self.checkout)
        if self.checkout_before.get("HEAD") != after.get("HEAD"):
            lines.append(f"HEAD moved: {self.checkout_before.get('HEAD')} -> {after.get('HEAD')}")
        lines += [f"added {path}" for path in sorted(after.keys() - self.checkout_before.keys())]
        return lines


_home: Path | None = None
_guard: Guard | None = None


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config: pytest.Config) -> None:
    # Before pytest-django imports the settings (they create VAR_DIR and a key in it).
    global _home, _guard
    _guard = Guard(early_config.rootpath)
    _home = Path(tempfile.mkdtemp(prefix="memory-review-tests-"))
    isolate(_home)


def pytest_report_header(config: pytest.Config) -> str:
    return f"isolated in {_home} (var/ and the checkout are checked at the end)"


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if _guard is None:
        return
    lines = _guard.changes()
    if not lines:
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    shown = lines[:50] + ([f"... and {len(lines) - 50} more"] if len(lines) > 50 else [])
    text = (
        f"The test run wrote outside its temporary directories, into {_guard.checkout}:\n  "
        + "\n  ".join(shown)
    )
    if reporter is not None:
        reporter.write_sep("=", "isolation", red=True)
        reporter.write_line(text)
    else:
        print(text)
    session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_unconfigure(config: pytest.Config) -> None:
    if _home is not None:
        shutil.rmtree(_home, ignore_errors=True)
