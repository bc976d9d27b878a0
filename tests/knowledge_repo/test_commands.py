from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from knowledge_repo.actions import commit_pending
from knowledge_repo.models import Change, Record
from memory_review.review.management.options import operator
from memory_review.review.models import ReviewEvent
from tests.review.factories import walk

from .conftest import git, make_record


def run(*args):
    out, err = StringIO(), StringIO()
    call_command(*args, stdout=out, stderr=err)
    return out.getvalue() + err.getvalue()


def test_kb_init_creates_both_repositories_and_is_idempotent(kb, tmp_path, db):
    assert "created" in run("kb_init")
    assert git(kb, "show", "HEAD:MEMORY.md") == "# Memory\n\n"
    assert (tmp_path / "published.git" / "HEAD").exists()
    assert "already there" in run("kb_init")
    assert len(git(kb, "log", "--format=%H").split()) == 1


def test_kb_commit_drains_the_outbox(kb, alice):
    make_record(alice)
    out = run("kb_commit")
    assert "committed 1 change(s)" in out and "create running-the-tests" in out
    assert "committed 0 change(s)" in run("kb_commit")


def test_kb_commit_reports_failures_and_retries_them(kb, alice):
    change = make_record(alice)
    Change.objects.filter(pk=change.pk).update(status="failed", error="disk full")
    with pytest.raises(CommandError):
        run("kb_commit")
    assert "committed 1" in run("kb_commit", "--retry-failed")


def test_kb_verify_prints_each_disagreement(kb, alice):
    make_record(alice)
    make_record(alice, name="Deploying")
    commit_pending()
    assert "ok" in run("kb_verify")
    Record.objects.filter(slug="deploying").update(body="edited behind git's back")
    Record.objects.filter(slug="running-the-tests").delete()
    out = StringIO()
    with pytest.raises(CommandError, match="2 problem"):
        call_command("kb_verify", stdout=out)
    assert "deploying: body differs between database and git" in out.getvalue()
    assert "running-the-tests: in git but not in the database" in out.getvalue()


def test_kb_verify_notices_a_lost_commit_record(kb, alice):
    change = make_record(alice)
    commit_pending()
    Record.objects.update(commit="")
    Change.objects.filter(pk=change.pk).update(commit_sha="0" * 40)
    out = StringIO()
    with pytest.raises(CommandError, match="2 problem"):
        call_command("kb_verify", stdout=out)
    assert "running-the-tests: database says commit (none)" in out.getvalue()
    assert f"change {change.pk}: commit {'0' * 40} is not in git" in out.getvalue()


def test_kb_reindex_rebuilds_the_index_from_git(kb, alice):
    make_record(alice, name="Deploying", open_flags=["personal_data"])
    make_record(alice)
    commit_pending()
    Record.objects.filter(slug="running-the-tests").delete()
    Record.objects.filter(slug="deploying").update(body="wrong", commit="")
    assert "created 1, updated 1, retracted 0" in run("kb_reindex")
    deploying = Record.objects.get(slug="deploying")
    assert deploying.body == "Run `make test`.\n" and deploying.commit
    assert deploying.open_flags == ["personal_data"]
    assert "ok" in run("kb_verify")
    make_record(alice, name="Pending one")
    with pytest.raises(CommandError, match="outbox"):
        run("kb_reindex")


def test_kb_release_prints_failures_and_tags_when_clean(kb, alice, bob):
    make_record(alice)
    with pytest.raises(CommandError, match="no tag"):
        run("kb_release", "--user", "bob")
    commit_pending()
    assert "dry run" in run("kb_release", "--dry-run")
    out = run("kb_release", "--user", "bob", "--name", "first")
    assert "index: 1 lines" in out and "added: 1" in out and "released first" in out
    assert git(kb, "tag").split() == ["first"]


def test_kb_publish_and_kb_rollback(kb, tmp_path, alice, bob):
    make_record(alice)
    commit_pending()
    run("kb_release", "--name", "v1")
    make_record(alice, name="Deploying")
    commit_pending()
    run("kb_release", "--name", "v2")
    # A person publishes, and only what they walked on the release review.
    with pytest.raises(CommandError, match="--user"):
        run("kb_publish", "v1")
    with pytest.raises(CommandError, match="not marked read"):
        run("kb_publish", "v1", "--user", "bob")
    walk(bob, "v1")
    assert "published is now v1" in run("kb_publish", "v1", "--user", "bob")
    walk(bob, "v2")
    assert "published is now v2" in run("kb_publish", "v2", "--user", "bob")
    event = ReviewEvent.objects.filter(action="publish").first()
    assert event.user == bob and event.after["operator"] == operator()
    assert "run again with --yes" in run("kb_rollback")
    with pytest.raises(CommandError, match="A person must roll back"):
        run("kb_rollback", "--yes")
    assert "published is now v1" in run("kb_rollback", "--yes", "--user", "bob")
    remote = tmp_path / "published.git"
    assert git(remote, "rev-parse", "published^{tree}") == git(kb, "rev-parse", "v1^{tree}")
    assert "Roll back to v1" in git(remote, "log", "-1", "--format=%B", "published")
    with pytest.raises(CommandError):
        run("kb_publish", "v9")
    with pytest.raises(CommandError, match="no user"):
        run("kb_publish", "v2", "--user", "nobody")
