import pytest

from knowledge_repo.actions import (
    commit_pending,
    cut_release,
    publish_release,
    retract_record,
    update_record,
)
from knowledge_repo.reader import KnowledgeBaseError
from knowledge_repo.selectors import (
    checks_with_findings,
    open_release,
    record_file,
    record_history,
)
from knowledge_repo.sourcerefs import opaque

from .conftest import make_record


def test_history_lists_each_commit_with_who_what_and_why(kb, alice, dora):
    make_record(alice, body="first\n", sources=["conv:1#m2"], candidate_id=5)
    update_record(
        author=dora,
        slug="running-the-tests",
        name="Running the tests",
        description="d",
        body="second\n",
        type="project",
        candidate_id=6,
        sources=["conv:2#m1"],
    )
    retract_record(author=alice, slug="running-the-tests", reason="gone")
    commit_pending()
    history = record_history("running-the-tests")
    assert [(h.author_name, h.candidate_id) for h in history] == [
        ("alice-pub", None),
        ("dora-pub", 6),
        ("alice-pub", 5),
    ]
    assert history[1].sources == [opaque("conv:2#m1")]
    assert history[1].author_email == "dora-pub@users.noreply.invalid"
    assert "-first" in history[1].diff and "+second" in history[1].diff
    assert (
        history[0].message.startswith("Retract running-the-tests") and "gone" in history[0].message
    )
    assert history[2].date.tzinfo is not None and history[2].change_id is not None
    assert record_history("never-existed") == []


def test_record_file_reads_any_ref(kb, alice):
    make_record(alice, body="first\n")
    done = commit_pending()
    update_record(
        author=alice,
        slug="running-the-tests",
        name="Running the tests",
        description="d",
        body="second\n",
        type="project",
    )
    commit_pending()
    assert record_file("running-the-tests").endswith("second\n")
    assert record_file("running-the-tests", ref=done[0].commit_sha).endswith("first\n")
    assert record_file("nope") is None
    assert record_file("../MEMORY") is None


def test_open_release_reads_what_was_published_with_the_budget(kb, settings, alice, bob):
    make_record(alice)
    make_record(alice, name="Deploying")
    commit_pending()
    with pytest.raises(KnowledgeBaseError):
        open_release()
    publish_release(user=bob, name=cut_release(user=bob).release.name)
    # A budget lowered after the release: readers carry the most relevant lines.
    settings.PROMPT_INDEX_MAX_LINES = 1
    with open_release() as release:
        assert [r.slug for r in release.records()] == ["deploying", "running-the-tests"]
        assert release.index_text().endswith(
            "(1 more records are not listed here; "
            "the most relevant to this conversation are listed "
            "first.)"
        )


def test_other_work_beside_the_checks_runs_once_on_the_parsed_tree(kb, alice):
    # cut_release builds its changelog there, while the screening workers screen.
    make_record(alice, name="Tests")
    make_record(alice, name="Deploying")
    commit_pending()
    seen = []
    checks_with_findings(meanwhile=lambda snap: seen.append(sorted(snap.summaries)))
    assert seen == [["deploying", "tests"]]
