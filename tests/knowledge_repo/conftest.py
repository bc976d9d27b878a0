"""Helpers of the knowledge-repo tests (the `kb` fixture is the suite's, in tests/conftest.py)."""

from pathlib import Path

from git import Repo


def git(path: Path, *args: str) -> str:
    """Run a git command in ``path`` (a plain helper for assertions)."""
    repo = Repo(path)
    try:
        return repo.git.execute(["git", *args], strip_newline_in_stdout=False)
    finally:
        repo.close()


def make_record(author, name="Running the tests", **fields):
    from knowledge_repo.actions import create_record

    values = {
        "description": "How to run the test suite",
        "body": "Run `make test`.\n",
        "type": "project",
    }
    values.update(fields)
    return create_record(author=author, name=name, **values)
