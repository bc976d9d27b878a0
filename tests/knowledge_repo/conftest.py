"""Every knowledge-repo test gets its own repository and bare remote under tmp_path."""

from pathlib import Path

import pytest
from git import Repo


@pytest.fixture
def kb(settings, tmp_path) -> Path:
    """Point the app at a fresh working repository and bare remote; return the repo path."""
    settings.KNOWLEDGE_REPO_PATH = tmp_path / "knowledge"
    settings.KNOWLEDGE_PUBLISH_REMOTES = [str(tmp_path / "published.git")]
    settings.KNOWLEDGE_COMMIT_IN_PROCESS = False
    # Approvals enqueue the committer task; the dummy backend keeps it queued,
    # so each test decides when commit_pending runs.
    settings.TASKS = {"default": {"BACKEND": "django.tasks.backends.dummy.DummyBackend"}}
    # The cast's passwords need no real hashing here; it keeps these tests quick.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    return settings.KNOWLEDGE_REPO_PATH


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
