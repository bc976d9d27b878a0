from django.urls import reverse

from memory_review.review import actions

from . import factories


def test_home_sends_reviewers_to_the_dashboard(client, alice):
    client.force_login(alice)
    assert client.get(reverse("home"))["Location"] == reverse("review:dashboard")


def test_dashboard_shows_pending_decisions_and_runs(client, alice):
    run = factories.run(input_tokens=1234, output_tokens=56, cost_usd="0.0123")
    c = factories.candidate(run=run)
    factories.candidate(run=run)
    actions.reject_candidate(candidate=c, reviewer=alice, reason="not true")
    client.force_login(alice)
    response = client.get(reverse("review:dashboard"))
    assert response.status_code == 200
    assert response.context["pending"] == 1
    assert response.context["per_reviewer"][0]["user__username"] == "alice"
    html = response.content.decode()
    assert "1234 / 56" in html and "$0.0123" in html
    assert "0% of 1" in html


def test_dashboard_requires_a_role(client, charlie):
    client.force_login(charlie)
    assert client.get(reverse("review:dashboard")).status_code == 403


def test_replay_shows_what_the_published_release_selects(
    client, alice, bob, django_capture_on_commit_callbacks
):
    from knowledge_repo import actions as kr

    with django_capture_on_commit_callbacks(execute=True):
        actions.approve_candidate(
            candidate=factories.candidate(
                name="Shipping to Norway", description="Delivery times to Norway", body="Five days."
            ),
            reviewer=alice,
        )
    release = kr.cut_release(user=bob).release
    assert release is not None
    kr.publish_release(user=bob, name=release.name)
    conv = factories.conversation(("How long is shipping to Norway?", "Not sure."))
    client.force_login(alice)
    response = client.get(reverse("review:replay", args=[conv.pk]))
    assert response.status_code == 200
    assert "Shipping to Norway" in response.content.decode()
    assert [s.slug for s in response.context["rows"][0]["selected"]] == ["shipping-to-norway"]


def test_replay_without_a_published_release_says_so(client, alice):
    conv = factories.conversation()
    client.force_login(alice)
    response = client.get(reverse("review:replay", args=[conv.pk]))
    assert response.status_code == 200
    assert "Cannot read the knowledge base" in response.content.decode()
