"""The replay page: turns, figures, gaps, two releases side by side."""

from django.urls import reverse

from knowledge_repo import actions as kr
from memory_review.extraction.models import Candidate
from memory_review.review import actions

from . import factories


def _publish(user, name):
    release = kr.cut_release(user=user, name=name).release
    assert release is not None
    kr.publish_release(user=user, name=release.name)


def test_replay_shows_what_the_published_release_selects(
    client, alice, bob, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        actions.approve_candidate(
            candidate=factories.candidate(
                name="Shipping to Norway", description="Delivery times to Norway", body="Five days."
            ),
            reviewer=alice,
        )
    _publish(bob, "v1")
    conv = factories.conversation(("How long is shipping to Norway?", "Not sure."))
    client.force_login(alice)
    response = client.get(reverse("review:replay", args=[conv.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Shipping to Norway" in html and "100%" in html
    turn = response.context["result"].turns[0]
    assert [slug for slug, _ in turn.selected[0]] == ["shipping-to-norway"]


def test_replay_compares_two_releases_and_lists_unanswered_gaps(
    client, alice, bob, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        kr.create_record(
            author=bob,
            name="Shipping to Norway",
            description="Delivery times",
            body="Five days.\n",
            type="project",
        )
    _publish(bob, "v1")
    with django_capture_on_commit_callbacks(execute=True):
        kr.create_record(
            author=bob,
            name="Returns",
            description="How to return an item",
            body="Use the form.\n",
            type="project",
        )
    _publish(bob, "v2")
    conv = factories.conversation(("How do I return an item?", "Not sure."))
    factories.candidate(
        kind=Candidate.Kind.GAP, question="How do I return an item?", conversation=conv
    )
    client.force_login(alice)
    response = client.get(reverse("review:replay", args=[conv.pk]), {"ref": "v1", "compare": "v2"})
    html = response.content.decode()
    v1, v2 = response.context["result"].figures
    assert (v1.hits, v2.hits) == (0, 1) and (len(v1.gaps_unanswered), len(v2.gaps_unanswered)) == (
        1,
        0,
    )
    assert "the releases differ" in html and "unanswered" in html and "0 of 1" in html


def test_replay_without_a_published_release_says_so(client, alice):
    conv = factories.conversation()
    client.force_login(alice)
    response = client.get(reverse("review:replay", args=[conv.pk]))
    assert response.status_code == 200
    assert "Cannot read the knowledge base" in response.content.decode()


def test_replay_needs_a_role_and_a_get(client, alice, charlie):
    conv = factories.conversation()
    url = reverse("review:replay", args=[conv.pk])
    assert client.get(url).status_code in (302, 403)
    client.force_login(charlie)
    assert client.get(url).status_code == 403
    client.force_login(alice)
    assert client.post(url).status_code == 405
    assert client.get(reverse("review:replay", args=[conv.pk + 999])).status_code == 404
