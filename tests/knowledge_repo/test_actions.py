import datetime as dt
import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from django.db import connection, transaction
from django.tasks import default_task_backend

from knowledge_repo import actions
from knowledge_repo.actions import (
    RecordConflict,
    RecordNotFound,
    commit_pending,
    merge_records,
    retract_record,
    revert_change,
    update_record,
)
from knowledge_repo.models import Change, Record
from knowledge_repo.selectors import record_file
from knowledge_repo.sourcerefs import opaque

from .conftest import git, make_record


def commits(path, *args):
    return git(path, "log", "--format=%H", *args).split()


def test_an_approval_writes_the_record_and_a_pending_change(kb, alice):
    change = make_record(alice, sources=["conv:7#m3"], candidate_id=41)
    record = Record.objects.get(slug="running-the-tests")
    assert change.status == "pending" and change.kind == "create"
    assert record.commit == "" and record.reviewed_by == ["alice-pub"]
    # Commits name the reviewer's public handle at the no-reply domain, never the e-mail.
    assert change.author_name == "alice-pub"
    assert change.author_email == "alice-pub@users.noreply.invalid"
    assert change.sources == ["conv:7#m3"] and record.sources == [opaque("conv:7#m3")]


def test_the_committer_makes_one_commit_per_change_authored_by_the_reviewer(kb, alice, dora):
    make_record(alice, sources=["conv:7#m3", "conv:8#m1"], candidate_id=41)
    make_record(dora, name="Deploying", description="How we deploy")
    done = commit_pending()
    assert [c.kind for c in done] == ["create", "create"]
    log = git(kb, "log", "-2", "--format=%an <%ae>|%cn <%ce>|%B%x00")
    first = log.split("\x00")[1].lstrip("\n")
    assert first.startswith(
        "alice-pub <alice-pub@users.noreply.invalid>|memory review <memory-review@localhost>|"
    )
    assert f"Change-Id: {done[0].pk}" in first
    # The public commit names opaque sources and handles; the app keeps the rest.
    assert "Candidate:" not in first and "conv:7" not in first
    refs = f"Source: {opaque('conv:7#m3')}\nSource: {opaque('conv:8#m1')}\nReviewed-by: alice"
    assert refs in first
    record = Record.objects.get(slug="running-the-tests")
    assert record.commit == done[0].commit_sha
    assert Change.objects.get(pk=done[0].pk).status == "committed"


def test_memory_md_is_regenerated_in_the_same_commit(kb, alice):
    make_record(alice, description="Line one\nline two")
    commit_pending()
    changed = git(kb, "show", "--name-only", "--format=", "HEAD").split()
    assert sorted(changed) == ["MEMORY.md", "records/running-the-tests.md"]
    index = (kb / "MEMORY.md").read_text()
    assert "- [Running the tests](records/running-the-tests.md) - Line one line two\n" in index


def test_an_update_keeps_the_slug_and_accumulates_sources(kb, alice, dora):
    make_record(alice, sources=["conv:1"])
    update_record(
        author=dora,
        slug="running-the-tests",
        name="Running all tests",
        description="d",
        body="Run `make test` from the root.\n",
        type="project",
        sources=["conv:2"],
    )
    commit_pending()
    record = Record.objects.get(slug="running-the-tests")
    # Sources accumulate; reviewed_by names who approved this text, not earlier versions.
    assert record.sources == [opaque("conv:1"), opaque("conv:2")]
    assert record.reviewed_by == ["dora-pub"]
    assert "from the root" in record_file("running-the-tests")
    assert len(commits(kb, "--", "records/running-the-tests.md")) == 2


def test_it_refuses_to_update_a_missing_or_retracted_record(kb, alice):
    with pytest.raises(RecordNotFound):
        update_record(author=alice, slug="nope", name="x", description="", body="", type="user")
    make_record(alice)
    retract_record(author=alice, slug="running-the-tests", reason="wrong")
    with pytest.raises(RecordNotFound):
        retract_record(author=alice, slug="running-the-tests", reason="again")


def test_it_refuses_a_second_current_record_with_the_same_name(kb, alice):
    make_record(alice, name="Deploying")
    with pytest.raises(RecordConflict):
        make_record(alice, name="deploying")


def test_the_same_slug_gets_a_suffix(kb, alice):
    make_record(alice, name="Deploying!")
    make_record(alice, name="Deploying?")
    assert sorted(Record.objects.values_list("slug", flat=True)) == ["deploying", "deploying-2"]


def test_a_bad_name_never_reaches_git(kb, alice):
    make_record(alice, name="../../CON")
    make_record(alice, name="测试")
    commit_pending()
    files = git(kb, "ls-files").split()
    assert all(f == "MEMORY.md" or f.startswith("records/") for f in files)
    assert len(files) == 3


def test_a_retraction_removes_the_file_and_keeps_history(kb, alice):
    make_record(alice)
    retract_record(author=alice, slug="running-the-tests", reason="It was wrong.")
    commit_pending()
    assert not (kb / "records/running-the-tests.md").exists()
    assert "running-the-tests" not in (kb / "MEMORY.md").read_text()
    assert "It was wrong." in git(kb, "log", "-1", "--format=%B")
    assert len(commits(kb, "--", "records/running-the-tests.md")) == 2
    assert Record.objects.get(slug="running-the-tests").retracted


def test_a_merge_replaces_several_records_with_one_in_one_commit(kb, alice, dora):
    make_record(alice, name="Tests", sources=["conv:1"])
    make_record(alice, name="Test runner", sources=["conv:2"])
    change = merge_records(
        author=dora,
        slugs=["tests", "test-runner"],
        name="Tests",
        description="All of it",
        body="Use make test.\n",
        type="project",
        sources=["conv:3"],
    )
    commit_pending()
    assert change.slug == "tests"
    record = Record.objects.get(slug="tests")
    assert record.supersedes == ["test-runner"]
    assert record.sources == [opaque("conv:1"), opaque("conv:2"), opaque("conv:3")]
    assert record.reviewed_by == ["dora-pub"]
    assert Record.objects.get(slug="test-runner").retracted
    assert git(kb, "show", "--no-renames", "--name-status", "--format=", "HEAD").split() == [
        "M",
        "MEMORY.md",
        "D",
        "records/test-runner.md",
        "M",
        "records/tests.md",
    ]
    with pytest.raises(RecordConflict):
        merge_records(author=dora, slugs=["tests"], name="x", description="", body="", type="user")


def test_a_revert_is_a_new_commit_restoring_the_old_text(kb, alice, dora):
    make_record(alice, body="Original.\n")
    update_record(
        author=dora,
        slug="running-the-tests",
        name="Running the tests",
        description="d",
        body="Edited wrongly.\n",
        type="project",
    )
    done = commit_pending()
    before = commits(kb)
    revert = revert_change(author=alice, change=done[1])
    commit_pending()
    after = commits(kb)
    assert after[1:] == before  # nothing rewritten
    assert record_file("running-the-tests").endswith("Original.\n")
    assert Record.objects.get(slug="running-the-tests").body == "Original.\n"
    assert f"Reverts-Change: {done[1].pk}" in git(kb, "log", "-1", "--format=%B")
    assert revert.kind == "revert"


def test_reverting_a_create_retracts_and_a_stale_revert_is_refused(kb, alice):
    create = make_record(alice)
    with pytest.raises(RecordConflict):
        revert_change(author=alice, change=create)  # not committed yet
    commit_pending()
    create.refresh_from_db()
    update_record(
        author=alice,
        slug="running-the-tests",
        name="Running the tests",
        description="",
        body="later",
        type="project",
    )
    with pytest.raises(RecordConflict):
        revert_change(author=alice, change=create)


def test_a_crash_between_commit_and_database_update_does_not_commit_twice(kb, alice):
    change = make_record(alice)
    commit_pending()
    sha = Change.objects.get(pk=change.pk).commit_sha
    # What a crash right after `git commit` leaves: the commit exists, the
    # database never heard of it, and the in-flight marker is still there.
    Change.objects.filter(pk=change.pk).update(status="pending", commit_sha="", committed_at=None)
    Record.objects.update(commit="")
    (kb / ".git" / "kb-inflight").write_text(str(change.pk))
    make_record(alice, name="Deploying")

    done = commit_pending()

    assert [c.pk for c in done][0] == change.pk
    assert Change.objects.get(pk=change.pk).commit_sha == sha
    assert git(kb, "log", "--format=%B").count(f"Change-Id: {change.pk}\n") == 1
    assert len(commits(kb)) == 3  # initial + the two changes
    assert Record.objects.get(slug="running-the-tests").commit == sha
    assert not (kb / ".git" / "kb-inflight").exists()


def test_a_crash_while_writing_files_is_cleaned_up(kb, alice):
    change = make_record(alice)
    actions.ensure_initialised()
    (kb / "records").mkdir(exist_ok=True)
    (kb / "records" / "half-written.md").write_text("---\nname: partial")
    (kb / "MEMORY.md").write_text("garbage")
    (kb / ".git" / "kb-inflight").write_text(str(change.pk))
    commit_pending()
    assert not (kb / "records" / "half-written.md").exists()
    assert git(kb, "status", "--porcelain") == ""
    assert "running-the-tests" in (kb / "MEMORY.md").read_text()


@pytest.mark.django_db(transaction=True)
def test_two_committers_racing_commit_each_change_once(kb, alice):
    for n in range(6):
        make_record(alice, name=f"Fact {n}")
    errors: list[BaseException] = []
    barrier = threading.Barrier(2)

    def run():
        try:
            barrier.wait()
            commit_pending()
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    log = git(kb, "log", "--format=%B")
    for change in Change.objects.all():
        assert change.status == "committed"
        assert log.count(f"Change-Id: {change.pk}\n") == 1
    assert len(commits(kb)) == 7
    assert git(kb, "status", "--porcelain") == ""


def test_in_process_the_commit_follows_the_transaction(
    kb, settings, alice, django_capture_on_commit_callbacks
):
    settings.KNOWLEDGE_COMMIT_IN_PROCESS = True
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        change = make_record(alice)
        assert Change.objects.get(pk=change.pk).status == "pending"
    assert Change.objects.get(pk=change.pk).status == "committed"


def test_a_rolled_back_approval_leaves_nothing_behind(kb, alice):
    with pytest.raises(RuntimeError), transaction.atomic():
        make_record(alice)
        raise RuntimeError("the review action failed after calling us")
    assert not Change.objects.exists() and not Record.objects.exists()
    assert commit_pending() == []


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_committer_processes_racing_commit_each_change_once(kb, settings, alice):
    if connection.vendor != "postgresql":
        pytest.skip("other processes can only see the test database on PostgreSQL")
    for n in range(8):
        make_record(alice, name=f"Fact {n}")
    actions.ensure_initialised()
    db = connection.settings_dict
    auth = db["USER"] + (f":{db['PASSWORD']}" if db["PASSWORD"] else "")
    env = {
        **os.environ,
        "DEBUG": "true",
        "DATABASE_URL": f"postgres://{auth}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
        "KNOWLEDGE_REPO_PATH": str(kb),
        "KNOWLEDGE_PUBLISH_REMOTES": ",".join(settings.KNOWLEDGE_PUBLISH_REMOTES),
        "KNOWLEDGE_COMMIT_IN_PROCESS": "false",
        "TASKS_BACKEND": "django.tasks.backends.dummy.DummyBackend",
    }
    root = Path(__file__).resolve().parents[2]
    command = [sys.executable, "manage.py", "kb_commit", "--skip-checks"]
    procs = [
        subprocess.Popen(command, cwd=root, env=env, stdout=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    outputs = [p.communicate(timeout=300)[0] for p in procs]
    assert [p.returncode for p in procs] == [0, 0]
    counts = [int(re.search(r"committed (\d+) change", out).group(1)) for out in outputs]
    assert sum(counts) == 8
    log = git(kb, "log", "--format=%B")
    for change in Change.objects.all():
        assert change.status == "committed"
        assert log.count(f"Change-Id: {change.pk}\n") == 1
    assert len(commits(kb)) == 9


def test_creating_a_record_that_supersedes_another_replaces_it_in_one_commit(kb, alice):
    make_record(alice, name="Deploy day", body="Thursdays.\n")
    make_record(
        alice,
        name="Deploy schedule",
        body="Fridays.\n",
        supersedes=["deploy-day"],
        valid_until=dt.date(2030, 1, 1),
    )
    commit_pending()
    assert Record.objects.get(slug="deploy-day").retracted
    new = Record.objects.get(slug="deploy-schedule")
    assert new.supersedes == ["deploy-day"]
    assert git(kb, "show", "--no-renames", "--name-status", "--format=", "HEAD").split() == [
        "M",
        "MEMORY.md",
        "D",
        "records/deploy-day.md",
        "A",
        "records/deploy-schedule.md",
    ]
    text = record_file("deploy-schedule")
    assert "supersedes:\n- deploy-day\n" in text and "valid_until: '2030-01-01'\n" in text
    update_record(
        author=alice,
        slug="deploy-schedule",
        name="Deploy schedule",
        description="",
        body="Fridays, 10:00.\n",
        type="project",
    )
    assert Record.objects.get(slug="deploy-schedule").valid_until == dt.date(2030, 1, 1)
    with pytest.raises(RecordNotFound):
        make_record(alice, name="Another", supersedes=["deploy-day"])


def test_out_of_process_the_approval_enqueues_the_committer_task(
    kb, settings, alice, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        change = make_record(alice)
    assert [r.task.name for r in default_task_backend.results] == ["commit_outbox"]
    assert Change.objects.get(pk=change.pk).status == "pending"
    settings.TASKS = {"default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"}}
    with django_capture_on_commit_callbacks(execute=True):
        second = make_record(alice, name="Deploying")
    assert Change.objects.get(pk=second.pk).status == "committed"
    assert Change.objects.get(pk=change.pk).status == "committed"
