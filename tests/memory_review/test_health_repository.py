"""/readyz fails, and the dashboard says why, when the repository and the database disagree."""

import pytest
from django.utils import timezone

from knowledge_repo.actions import commit_pending, cut_release
from knowledge_repo.models import Change, ChangeFile, CommitterStatus, Record, Release
from tests.knowledge_repo.conftest import git, make_record

pytestmark = pytest.mark.django_db


@pytest.fixture
def embedded(kb, settings, alice, bob):
    """An embedded install (the web process commits) with two records and release v1."""
    settings.READY_CACHE_SECONDS = 0
    make_record(alice, name="Opening hours")
    make_record(alice, name="Refund policy")
    commit_pending()
    release = cut_release(user=bob).release
    settings.KNOWLEDGE_COMMIT_IN_PROCESS = True
    return release


def _ready(client):
    response = client.get("/readyz")
    return response.status_code, response.json()["checks"].get("repository")


def _dashboard(client, user) -> str:
    client.force_login(user)
    return client.get("/dashboard/").content.decode()


def test_readyz_checks_that_the_repository_agrees_with_the_database(client, embedded, alice):
    assert _ready(client) == (200, "ok")
    assert "agrees with the database" in _dashboard(client, alice)


def test_a_moved_release_tag_fails_readyz_and_the_dashboard_names_it(client, embedded, kb, alice):
    git(kb, "tag", "-f", "-a", "v1", "-m", "moved", "HEAD~1")

    assert _ready(client) == (503, "failing")
    page = _dashboard(client, alice)
    assert f"the database&#x27;s release v1 is commit {embedded.sha[:12]}" in page
    assert "Point KNOWLEDGE_REPO_PATH" in page


def test_a_working_copy_reset_behind_recorded_commits_fails_readyz(client, embedded, kb, alice):
    make_record(alice, name="Free plan")
    commit_pending()
    git(kb, "reset", "-q", "--hard", "HEAD~1")

    assert _ready(client) == (503, "failing")
    assert "which HEAD&#x27;s history lacks" in _dashboard(client, alice)


def test_another_databases_working_copy_fails_readyz(client, embedded, alice):
    make_record(alice, name="Free plan")
    commit_pending()
    # The working copy stays; the database is another one (make serve after make run).
    ChangeFile.objects.all().delete()
    Change.objects.all().delete()
    Record.objects.all().delete()
    Release.objects.all().delete()

    assert _ready(client) == (503, "failing")
    assert "a change this database does not know" in _dashboard(client, alice)


def test_a_committer_that_refused_its_working_copy_fails_readyz_with_its_reason(
    client, settings, alice
):
    settings.KNOWLEDGE_COMMIT_IN_PROCESS = False
    settings.READY_CACHE_SECONDS = 0
    now = timezone.now()
    CommitterStatus.objects.create(
        name="host-b:7",
        working_copy="/srv/knowledge",
        is_leader=False,
        writable=True,
        started_at=now,
        last_seen=now,
        message="refused to lead: the shared remote /srv/shared.git lacks 3 commit(s)",
    )

    response = client.get("/readyz")
    assert response.status_code == 503 and response.json()["checks"]["committer"] == "failing"
    assert b"lacks" not in response.content
    page = _dashboard(client, alice)
    assert "no committer leads: host-b:7 refused to lead: the shared remote" in page
