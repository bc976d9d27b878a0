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


def _findings(**kwargs):
    from knowledge_repo.actions import cut_release

    result = cut_release(user=None, dry_run=True, **kwargs)
    return sorted((f.slug, f.kind, f.line, f.text, f.message) for f in result.findings)


def _forget(kb):
    for cached in (kb / ".git").glob("kb-*"):
        cached.unlink()


def test_an_incremental_rescan_finds_exactly_what_a_cold_one_finds(kb, alice, bob):
    names = [f"Opening hours of shop {i}" for i in range(12)]
    for i, name in enumerate(names):
        make_record(alice, name=name, description=f"When shop {i} opens and closes on weekdays")
    make_record(alice, name="Parking", description="Where visitors park the car near the office")
    commit_pending()
    first = _findings()
    assert any(f[1] == "near_duplicate" for f in first)
    assert first == (_forget(kb) or _findings())

    # Edits: one record now duplicates another, one gets personal data, one is retracted.
    update_record(
        author=alice,
        slug="parking",
        name="Parking near the office",
        description="When shop 3 opens and closes on weekdays",
        body="Call 555-123-4567 for a spot.\n",
        type="project",
    )
    retract_record(author=alice, slug="opening-hours-of-shop-0", reason="Closed")
    make_record(alice, name="Deliveries", description="Where couriers leave parcels for us")
    commit_pending()
    # A rename made in git directly (the checks read the tree, whatever made it).
    git(kb, "mv", "records/deliveries.md", "records/parcels.md")
    git(kb, "-c", "user.name=a", "-c", "user.email=a@b", "commit", "-qm", "rename")
    incremental = _findings()
    _forget(kb)
    cold = _findings()
    assert incremental == cold
    assert ("parking", "personal_data") in {(f[0], f[1]) for f in cold}
    assert all(f[0] != "opening-hours-of-shop-0" for f in cold)
    # And once more from the state the cold scan left.
    assert _findings() == cold
