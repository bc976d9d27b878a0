import pytest
from django.urls import reverse

from knowledge_repo.models import Publication, Release
from memory_review.review import actions

from . import factories


@pytest.fixture
def approved(alice, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        actions.approve_candidate(candidate=factories.candidate(name="Shipping"), reviewer=alice)


def test_releases_page_is_for_publishers(client, alice, charlie, db):
    for user in (charlie, alice):
        client.force_login(user)
        assert client.get(reverse("review:releases")).status_code == 403
        assert client.post(reverse("review:release_cut")).status_code == 403


def test_releases_page_shows_changes_and_checks(client, bob, approved):
    client.force_login(bob)
    html = client.get(reverse("review:releases")).content.decode()
    assert "added" in html and "Shipping" in html
    assert "all checks pass" in html


def test_failed_checks_link_to_their_record(
    client, bob, alice, dora, django_capture_on_commit_callbacks
):
    c = factories.personal(name="Contact")
    actions.approve_candidate(candidate=c, reviewer=alice)
    with django_capture_on_commit_callbacks(execute=True):
        actions.approve_candidate(candidate=c, reviewer=dora)
    client.force_login(bob)
    response = client.get(reverse("review:releases"))
    html = response.content.decode()
    assert 'id="check-failures"' in html
    assert reverse("review:record", args=["contact"]) in html
    client.post(reverse("review:release_cut"))
    assert not Release.objects.exists()


def test_publisher_cuts_publishes_and_rolls_back(
    client, bob, alice, approved, django_capture_on_commit_callbacks
):
    client.force_login(bob)
    client.post(reverse("review:release_cut"), {"name": "v1"})
    assert Release.objects.get().name == "v1"
    # Walk the release on its review page, one change at a time.
    walk_url = reverse("review:release_walk", args=["v1"])
    html = client.get(walk_url).content.decode()
    assert "Shipping" in html and 'id="walk-read">0<' in html and "disabled" in html
    change = Release.objects.get().last_change_id
    response = client.post(
        reverse("review:release_read", args=["v1"]),
        {"change": change},
        HTTP_ACCEPT="application/json",
    )
    assert response.json() == {"ok": True, "message": response.json()["message"], "left": 0}
    response = client.post(reverse("review:release_publish"), {"name": "v1"})
    assert response.status_code == 302
    publication = Publication.objects.get()
    assert publication.ok and publication.user == bob
    with django_capture_on_commit_callbacks(execute=True):
        actions.approve_candidate(candidate=factories.candidate(name="Refunds"), reviewer=alice)
    client.post(reverse("review:release_cut"), {"name": "v2"})
    factories.walk(bob, "v2")
    client.post(reverse("review:release_publish"), {"name": "v2"})
    client.post(reverse("review:release_rollback"))
    assert Publication.objects.first().release.name == "v1"
    html = client.get(reverse("review:releases")).content.decode()
    assert "rolled back to it by bob" in html


def test_publish_wrong_method(client, bob, db):
    client.force_login(bob)
    assert client.get(reverse("review:release_publish")).status_code == 405
