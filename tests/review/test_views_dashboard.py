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
