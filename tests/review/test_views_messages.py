"""Every action says exactly what it did: the reason, the new title, the last of a list."""

import pytest
from django.urls import reverse

from memory_review.extraction.models import Candidate
from memory_review.review import actions
from memory_review.review.models import Claim

from . import factories

JSON = {"HTTP_ACCEPT": "application/json"}


@pytest.fixture
def reviewing(client, alice):
    client.force_login(alice)
    return client


def test_the_reject_message_names_the_reason(reviewing):
    c = factories.candidate(name="Ships to Mars")
    data = reviewing.post(
        reverse("review:reject", args=[c.pk]), {"reason": "not true", "detail": "no"}, **JSON
    ).json()
    assert data["message"] == "“Ships to Mars” rejected: not true: no."


def test_the_reject_message_is_in_the_reviewers_language(reviewing):
    c = factories.candidate(name="Ships to Mars")
    data = reviewing.post(
        reverse("review:reject", args=[c.pk]),
        {"reason": "not true"},
        HTTP_ACCEPT_LANGUAGE="zh-Hans",
        **JSON,
    ).json()
    assert "不属实" in data["message"]


def test_a_held_approval_names_the_new_title(reviewing):
    c = factories.personal(name="Old title")
    data = reviewing.post(
        reverse("review:approve", args=[c.pk]),
        {
            "name": "Support contact",
            "description": "Where to ask for access.",
            "body": c.body,
            "type": c.type,
            "operation": c.operation,
        },
        **JSON,
    ).json()
    assert data["ok"]
    assert "“Support contact”: first approval recorded" in data["message"]
    assert "Old title" not in data["message"]


def test_the_last_approval_of_a_filtered_list_leaves_its_message_for_the_queue(reviewing):
    c = factories.candidate(name="Only reference", type=Candidate.Type.REFERENCE)
    factories.candidate(name="A project note")
    data = reviewing.post(
        reverse("review:approve", args=[c.pk]), {"queue": "type=reference"}, **JSON
    ).json()
    assert data["html"] is None and data["next_url"].endswith("?type=reference")
    html = reviewing.get(data["next_url"]).content.decode()
    assert "“Only reference” approved. Nothing left with these filters." in html


def test_approving_from_the_list_claims_nothing_else(reviewing, alice):
    c, other = factories.candidate(name="First"), factories.candidate(name="Second")
    data = reviewing.post(reverse("review:approve", args=[c.pk]), {"from_list": "1"}, **JSON).json()
    assert data == {"ok": True, "message": "“First” approved.", "next_url": None, "html": None}
    assert not Claim.objects.filter(candidate=other).exists()


def test_undo_says_it_undid_the_skip(reviewing, alice):
    decided, skipped = factories.candidate(name="Decided"), factories.candidate(name="Skipped")
    actions.reject_candidate(candidate=decided, reviewer=alice, reason="not true")
    reviewing.post(reverse("review:skip", args=[skipped.pk]), **JSON)
    data = reviewing.post(reverse("review:undo"), **JSON).json()
    assert data["message"] == "Undone: skip of “Skipped”."


def test_undo_of_a_bulk_says_how_many(reviewing, alice):
    ids = [factories.candidate().pk for _ in range(3)]
    actions.bulk_decide(candidate_ids=ids, reviewer=alice, action="reject", reason="x")
    data = reviewing.post(reverse("review:undo"), **JSON).json()
    assert data["message"] == "Undone: the bulk reject of 3 candidates."


def test_skip_and_duplicate_work_on_a_knowledge_gap(reviewing, alice):
    gap = factories.candidate(kind=Candidate.Kind.GAP, question="Does it sync?", name="Sync")
    assert reviewing.post(reverse("review:skip", args=[gap.pk]), **JSON).json()["ok"]
    data = reviewing.post(reverse("review:duplicate", args=[gap.pk]), **JSON).json()
    assert data["ok"], data
    gap.refresh_from_db()
    assert gap.status == Candidate.Status.DUPLICATE
