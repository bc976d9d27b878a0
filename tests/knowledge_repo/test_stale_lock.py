"""A git killed mid-command leaves .git/index.lock: recovered when provably stale, reported
otherwise; kb_verify reports failed and long-pending changes."""

import os
import time

import pytest
from django.core.management import CommandError, call_command

from knowledge_repo.actions import commit_pending
from knowledge_repo.models import Change

from .conftest import make_record

pytestmark = pytest.mark.django_db


def _stale_lock(kb):
    lock = kb / ".git" / "index.lock"
    lock.write_text("")
    old = time.time() - 60
    os.utime(lock, (old, old))
    return lock


def test_a_stale_index_lock_is_removed_and_the_change_committed(kb, alice):
    make_record(alice)
    commit_pending()
    lock = _stale_lock(kb)
    change = make_record(alice, name="Deploying")
    assert [c.pk for c in commit_pending()] == [change.pk]
    assert not lock.exists()
    assert Change.objects.get(pk=change.pk).status == "committed"


def test_a_lock_some_process_holds_open_is_left_alone_and_reported(kb, alice, capsys):
    make_record(alice)
    commit_pending()
    lock = _stale_lock(kb)
    change = make_record(alice, name="Deploying")
    with open(lock):  # a git run by hand, still working
        assert commit_pending() == []
    assert lock.exists()
    failed = Change.objects.get(pk=change.pk)
    assert failed.status == "failed" and "index.lock" in failed.error
    with pytest.raises(CommandError, match="1 problem"):
        call_command("kb_verify")
    assert f"change {change.pk}: create deploying failed to commit" in capsys.readouterr().out


def test_kb_verify_reports_a_change_pending_too_long(kb, alice, settings, capsys):
    change = make_record(alice)
    call_command("kb_verify")
    assert "1 change(s) waiting for the committer" in capsys.readouterr().out
    settings.KNOWLEDGE_PENDING_GRACE_SECONDS = 0
    with pytest.raises(CommandError):
        call_command("kb_verify")
    assert f"change {change.pk}: create running-the-tests pending since" in (
        capsys.readouterr().out
    )
