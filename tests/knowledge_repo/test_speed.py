"""The committer's plumbing commit and the incremental release checks (issue 18, speed)."""

import subprocess

import pytest

from knowledge_repo.actions import commit_pending, retract_record, update_record
from knowledge_repo.gitstore import clean_message, head_sha, open_repo

from .conftest import git, make_record


@pytest.mark.parametrize(
    "message",
    [
        "Subject\n\nBody  \n\n\n\nChange-Id: 1\nSource: x\n",
        "\n\n  \nSubject   \t\n\n\n",
        "Subject only",
        "",
    ],
)
def test_messages_are_cleaned_as_git_commit_cleans_them(message):
    stripped = subprocess.run(
        ["git", "stripspace"], input=message, capture_output=True, text=True, check=True
    ).stdout
    assert clean_message(message) == stripped


def test_each_change_is_one_commit_with_its_files_and_a_clean_working_copy(kb, alice):
    make_record(alice)
    make_record(alice, name="Deploying", description="How to deploy", body="Run make deploy.\n")
    commit_pending()
    update_record(
        author=alice,
        slug="deploying",
        name="Deploying",
        description="How to deploy it",
        body="Run make deploy twice.\n",
        type="project",
    )
    retract_record(author=alice, slug="running-the-tests", reason="Outdated")
    done = commit_pending()

    subjects = git(kb, "log", "--format=%s").split("\n")
    assert subjects[:4] == [
        "Retract running-the-tests: Running the tests",
        "Update deploying: Deploying",
        "Create deploying: Deploying",
        "Create running-the-tests: Running the tests",
    ]
    # The index and the working copy match the last commit: nothing left staged or dirty.
    assert git(kb, "status", "--porcelain") == ""
    assert git(kb, "ls-files", "records").split() == ["records/deploying.md"]
    assert git(kb, "show", "HEAD:records/deploying.md").endswith("Run make deploy twice.\n")
    assert "Change-Id: " in git(kb, "log", "-1", "--format=%(trailers)")
    with open_repo(kb) as repo:
        assert done[-1].commit_sha == head_sha(repo) == git(kb, "rev-parse", "HEAD").strip()
