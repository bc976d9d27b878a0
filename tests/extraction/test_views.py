import pytest
from django.urls import reverse

from memory_review.extraction.actions import start_run
from memory_review.extraction.models import ExtractionFailure

from .conftest import make_conversation

pytestmark = pytest.mark.django_db


@pytest.fixture
def run():
    conv = make_conversation("c", [("user", "Remember: the museum is closed on Mondays.")])
    run = start_run(provider="heuristic")
    ExtractionFailure.objects.create(
        run=run, conversation=conv, reason="malformed", detail="not JSON", raw_output="{oops <b>"
    )
    return run


def test_runs_page_lists_runs_with_figures(client, alice, run):
    client.force_login(alice)

    response = client.get(reverse("extraction:runs"))

    assert response.status_code == 200
    assert f"#{run.pk}" in response.text and "heuristic" in response.text


def test_run_detail_shows_failures_with_raw_output_and_candidates(client, alice, run):
    client.force_login(alice)

    response = client.get(reverse("extraction:run_detail", args=[run.pk]))

    assert response.status_code == 200
    assert "{oops &lt;b&gt;" in response.text  # raw output, escaped
    assert "closed on Mondays" in response.text
    assert "heuristic extractor" in response.text


def test_publishers_may_see_runs(client, bob, run):
    client.force_login(bob)
    assert client.get(reverse("extraction:runs")).status_code == 200


def test_anonymous_visitors_are_sent_to_login(client, run):
    response = client.get(reverse("extraction:run_detail", args=[run.pk]))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_users_without_a_role_are_refused(client, charlie, run):
    client.force_login(charlie)
    assert client.get(reverse("extraction:runs")).status_code == 403
    assert client.get(reverse("extraction:run_detail", args=[run.pk])).status_code == 403


def test_it_rejects_post(client, alice, run):
    client.force_login(alice)
    assert client.post(reverse("extraction:runs")).status_code == 405


def test_unknown_run_is_404(client, alice):
    client.force_login(alice)
    assert client.get(reverse("extraction:run_detail", args=[999])).status_code == 404
