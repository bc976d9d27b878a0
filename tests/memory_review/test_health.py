"""/healthz and /readyz for load balancers; the same figures on the dashboard."""

import datetime as dt

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from knowledge_repo.models import Change, CommitterStatus, Record
from memory_review.jobs import claim_due
from memory_review.models import JobRun
from memory_review.review.models import Claim
from tests.review import factories

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _repo(settings, tmp_path):
    settings.KNOWLEDGE_REPO_PATH = tmp_path / "knowledge"
    settings.KNOWLEDGE_PUBLISH_REMOTES = [str(tmp_path / "published.git")]
    settings.READY_CACHE_SECONDS = 0


def _change(status="pending", age=0, **extra):
    change = Change.objects.create(
        kind="create", slug="x", author_name="A", author_email="a@x", status=status, **extra
    )
    Change.objects.filter(pk=change.pk).update(
        created_at=timezone.now() - dt.timedelta(seconds=age)
    )
    return change


def test_healthz_answers_anyone_with_nothing_but_ok(client):
    response = client.get("/healthz")
    assert response.status_code == 200 and response.json() == {"status": "ok"}
    assert client.post("/healthz").status_code == 405


def test_readyz_answers_a_flood_from_one_cached_result(client, settings, django_assert_num_queries):
    settings.READY_CACHE_SECONDS = 60
    assert client.get("/readyz").status_code == 200
    _change(status="failed")
    with django_assert_num_queries(0):
        for _ in range(20):
            assert client.get("/readyz").status_code == 200  # the cached result
    settings.READY_CACHE_SECONDS = 0  # the next probe after the cache ages sees the failure
    assert client.get("/readyz").status_code == 503


def test_readyz_is_ok_on_a_healthy_embedded_install(client):
    response = client.get("/readyz")
    assert response.status_code == 200, response.json()
    assert response.json()["checks"]["database"] == "ok"


def test_readyz_fails_on_a_failed_change_without_revealing_it(client):
    _change(status="failed", error="fatal: secret-looking path /srv/x")
    response = client.get("/readyz")
    assert response.status_code == 503
    assert response.json()["checks"]["outbox"] == "failing"
    assert b"secret-looking" not in response.content and b"/srv/x" not in response.content


def test_readyz_fails_on_a_change_pending_too_long(client, settings):
    _change(age=10)
    assert client.get("/readyz").status_code == 200
    settings.KNOWLEDGE_PENDING_GRACE_SECONDS = 5
    assert client.get("/readyz").status_code == 503


def test_readyz_wants_a_live_writable_committer_when_not_in_process(client, settings):
    settings.KNOWLEDGE_COMMIT_IN_PROCESS = False
    assert client.get("/readyz").json()["checks"]["committer"] == "failing"
    now = timezone.now()
    row = CommitterStatus.objects.create(
        name="h:1", working_copy="/k", is_leader=True, writable=True, started_at=now, last_seen=now
    )
    assert client.get("/readyz").status_code == 200
    CommitterStatus.objects.filter(pk=row.pk).update(last_seen=now - dt.timedelta(minutes=5))
    assert client.get("/readyz").json()["checks"]["committer"] == "failing"


def test_readyz_reports_task_queue_lag(client, settings):
    from django_tasks_db.models import DBTaskResult

    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    settings.READY_MAX_TASK_LAG = 60
    from memory_review.jobs import scheduled_job

    scheduled_job.using(backend="default").enqueue("expire_claims")
    assert client.get("/readyz").json()["checks"]["task_queue"] == "ok"
    DBTaskResult.objects.update(enqueued_at=timezone.now() - dt.timedelta(minutes=5))
    response = client.get("/readyz")
    assert response.status_code == 503 and response.json()["checks"]["task_queue"] == "failing"


def test_the_dashboard_shows_checks_and_jobs_to_reviewers_only(client, alice, charlie):
    _change(status="failed", error="git refused")
    call_command("scheduler", "--run-now", "expire_claims")
    client.force_login(charlie)
    assert client.get("/dashboard/").status_code == 403
    client.force_login(alice)
    page = client.get("/dashboard/").content.decode()
    assert "Operations" in page and "0 pending, 1 failed" in page
    assert "Expire stale claims" in page and "expired 0 claim(s)" in page


def test_jobs_expire_claims_and_remind_about_valid_until(alice, capsys):
    candidate = factories.candidate()
    now = timezone.now()
    Claim.objects.create(
        candidate=candidate, user=alice, claimed_at=now, expires_at=now - dt.timedelta(seconds=1)
    )
    call_command("scheduler", "--run-now", "expire_claims")
    assert not Claim.objects.exists()
    Record.objects.create(
        slug="sale",
        name="Sale",
        type="project",
        created=now,
        updated=now,
        valid_until=timezone.localdate() + dt.timedelta(days=3),
    )
    call_command("scheduler", "--run-now", "valid_until")
    assert "1 record(s) expire within 30 days: sale" in capsys.readouterr().out
    assert JobRun.objects.get(name="valid_until").last_ok is True


def test_retry_commits_requeues_failed_changes(settings, alice, capsys):
    from tests.knowledge_repo.conftest import make_record

    settings.KNOWLEDGE_COMMIT_IN_PROCESS = False
    settings.KNOWLEDGE_COMMIT_ENQUEUE = False
    change = make_record(alice)
    Change.objects.filter(pk=change.pk).update(status="failed", error="x")
    call_command("scheduler", "--run-now", "retry_commits")
    assert Change.objects.get(pk=change.pk).status == "pending"
    assert "requeued 1" in capsys.readouterr().out


def test_a_failing_job_is_recorded_and_reported(settings):
    from memory_review.extraction.models import ExtractionRun

    ExtractionRun.objects.create(
        provider="anthropic", model="m", status="submitted", batch_id="msgbatch_x"
    )
    with pytest.raises(CommandError):
        call_command("scheduler", "--run-now", "collect_batches")
    assert JobRun.objects.get(name="collect_batches").last_ok is False


def test_a_due_job_is_claimed_once(settings):
    now = timezone.now()
    assert claim_due("expire_claims", now=now)
    assert not claim_due("expire_claims", now=now + dt.timedelta(seconds=5))
    assert claim_due("expire_claims", now=now + dt.timedelta(seconds=61))


def test_the_scheduler_enqueues_what_is_due(settings, capsys):
    settings.TASKS = {"default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"}}
    call_command("scheduler", "--once")
    out = capsys.readouterr().out
    assert "enqueued expire_claims" in out
    assert JobRun.objects.get(name="expire_claims").runs == 1
