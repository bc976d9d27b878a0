"""Sharing work out: by hand, round-robin over a filtered queue, "Assigned to me", claims."""

import pytest
from django.test import Client
from django.urls import reverse

from memory_review.extraction.models import Candidate
from memory_review.review import actions
from memory_review.review.models import Assignment, Claim, HeldChange, ReviewEvent
from memory_review.review.targets import Target

from . import factories

NEW_URLS = [
    ("review:assigned", "get"),
    ("review:assign", "post"),
    ("review:assign_queue", "post"),
    ("review:comment_add", "post"),
    ("review:second_opinion", "post"),
    ("review:notifications", "get"),
    ("review:notifications_read", "post"),
]


def _assigned(client) -> str:
    return client.get(reverse("review:assigned")).content.decode()


def test_round_robin_shares_the_filtered_queue_out_in_queue_order(client, bob, alice, dora):
    mine = [factories.candidate(type=Candidate.Type.PROJECT) for _ in range(4)]
    other = factories.candidate(type=Candidate.Type.FEEDBACK)
    client.force_login(bob)
    response = client.post(
        reverse("review:assign_queue"),
        {"queue": "type=project", "assignees": ["alice", "dora"]},
        follow=True,
    )
    assert "4 items assigned: alice 2, dora 2." in response.content.decode()
    owners = dict(Assignment.objects.values_list("candidate_id", "assignee__username"))
    assert other.pk not in owners
    assert sorted(owners.values()) == ["alice", "alice", "dora", "dora"]
    assert {owners[c.pk] for c in mine[:2]} == {"alice", "dora"}
    client.force_login(alice)
    page = _assigned(client)
    for c in mine:
        assert (c.name in page) == (owners[c.pk] == "alice")
    # The header's badge counts them on every page.
    queue = client.get(reverse("review:queue")).content.decode()
    assert 'id="assigned-badge"' in queue and '<span class="count on">2</span>' in queue
    assert ReviewEvent.objects.filter(action="assign").count() == 4


def test_round_robin_leaves_assigned_items_alone_unless_asked(client, bob, alice, dora):
    a, b = factories.candidate(), factories.candidate()
    actions.assign_items(targets=[Target(candidate=a)], assignees=[alice], by=bob)
    client.force_login(bob)
    response = client.post(reverse("review:assign_queue"), {"assignees": ["dora"]}, follow=True)
    assert "1 already assigned" in response.content.decode()
    assert Assignment.objects.get(candidate=a).assignee == alice
    assert Assignment.objects.get(candidate=b).assignee == dora
    client.post(reverse("review:assign_queue"), {"assignees": ["dora"], "reassign": "1"})
    assert Assignment.objects.get(candidate=a).assignee == dora


def test_round_robin_never_hands_a_second_approval_to_the_first_approver(bob, alice, dora):
    waiting = [factories.personal(fingerprint=f"p{i}") for i in range(3)]
    for c in waiting:
        actions.approve_candidate(candidate=c, reviewer=alice)
    targets = [Target(candidate=Candidate.objects.get(pk=c.pk)) for c in waiting]
    result = actions.assign_items(targets=targets, assignees=[alice, dora], by=bob)
    assert result.assigned == {"dora": 3}


def test_held_changes_of_the_second_tab_are_shared_out_too(client, bob, alice, dora):
    event = actions.approve_candidate(candidate=factories.candidate(), reviewer=alice)
    from knowledge_repo.models import Change

    slug = Change.objects.get(pk=event.change_id).slug
    actions.edit_record(user=alice, slug=slug, fields={"body": "Write to jane.doe@example.com."})
    held = HeldChange.objects.get()
    client.force_login(bob)
    client.post(
        reverse("review:assign_queue"), {"queue": "tab=second", "assignees": ["alice", "dora"]}
    )
    assert Assignment.objects.get(held=held).assignee == dora
    client.force_login(dora)
    assert f"Held change #{held.pk}" in _assigned(client)


def test_an_item_is_assigned_by_hand_on_its_page_and_leaves_the_list_once_decided(
    client, alice, dora
):
    c = factories.candidate()
    client.force_login(alice)
    page = client.get(reverse("review:candidate", args=[c.pk])).content.decode()
    assert 'id="assign-form"' in page and "Assigned to nobody." in page
    client.post(reverse("review:assign"), {"target": f"candidate:{c.pk}", "assignee": "dora"})
    page = client.get(reverse("review:candidate", args=[c.pk])).content.decode()
    assert "Assigned to <strong>dora</strong> by alice." in page
    client.get(reverse("review:queue"))  # alice moves on
    client.force_login(dora)
    assert c.name in _assigned(client)
    actions.reject_candidate(candidate=c, reviewer=dora, reason="not true")
    assert c.name not in _assigned(client)
    # Unassigning with no name chosen.
    other = factories.candidate()
    actions.assign_items(targets=[Target(candidate=other)], assignees=[dora], by=alice)
    client.post(reverse("review:assign"), {"target": f"candidate:{other.pk}", "assignee": ""})
    assert not Assignment.objects.filter(candidate=other).exists()


def test_work_goes_only_to_reviewers_and_publishers(client, alice, charlie):
    c = factories.candidate()
    client.force_login(alice)
    response = client.post(
        reverse("review:assign"),
        {"target": f"candidate:{c.pk}", "assignee": "charlie"},
        follow=True,
    )
    assert "Choose a reviewer or publisher" in response.content.decode()
    assert not Assignment.objects.exists()
    with pytest.raises(actions.ReviewError, match="Not a reviewer or publisher: charlie"):
        actions.assign_items(targets=[Target(candidate=c)], assignees=[charlie], by=alice)
    assert client.post(reverse("review:assign"), {"target": "candidate:999999"}).status_code == 404
    assert client.post(reverse("review:assign"), {"target": "nonsense"}).status_code == 404


@pytest.mark.parametrize(("name", "method"), NEW_URLS)
def test_the_team_pages_need_the_role_and_the_right_method(client, charlie, alice, name, method):
    url = reverse(name)
    assert getattr(client, method)(url).status_code == 302  # anonymous: to the login page
    client.force_login(charlie)
    assert getattr(client, method)(url).status_code == 403
    client.force_login(alice)
    wrong = client.get(url) if method == "post" else client.post(url)
    assert wrong.status_code == 405


def test_team_forms_need_the_csrf_token(alice):
    c = factories.candidate()
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    for name, data in [
        ("review:assign", {"target": f"candidate:{c.pk}", "assignee": "alice"}),
        ("review:comment_add", {"target": f"candidate:{c.pk}", "body": "hi"}),
        ("review:assign_queue", {"assignees": ["alice"]}),
    ]:
        assert client.post(reverse(name), data).status_code == 403
    assert not Assignment.objects.exists()


def test_a_claim_never_blocks_a_second_approval(client, alice, bob):
    """The issue's case: a publisher edits a held candidate (its new first approver) and keeps
    it open; the original reviewer's second approval goes through at once."""
    c = factories.personal()
    actions.approve_candidate(candidate=c, reviewer=alice)
    actions.approve_candidate(candidate=c, reviewer=bob, edits={"name": "Access requests"})
    client.force_login(bob)
    client.get(reverse("review:candidate", args=[c.pk]))  # bob holds it open
    client.force_login(alice)
    page = client.get(reverse("review:candidate", args=[c.pk])).content.decode()
    assert "is reviewing this candidate" not in page
    event = actions.approve_candidate(candidate=c, reviewer=alice)
    assert event.action == ReviewEvent.Action.APPROVE


def test_a_claim_ends_when_its_holder_moves_on(client, alice, dora):
    c = factories.candidate()
    client.force_login(dora)
    client.get(reverse("review:candidate", args=[c.pk]))
    assert Claim.objects.filter(user=dora).exists()
    client.get(reverse("review:queue"))
    assert not Claim.objects.filter(user=dora).exists()
    client.get(reverse("review:candidate", args=[c.pk]))
    client.get(reverse("review:assigned"))
    assert not Claim.objects.exists()
    actions.reject_candidate(candidate=c, reviewer=alice, reason="not true")
