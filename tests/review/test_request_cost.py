"""Issue 21, speed under load: what one review cycle (candidate page, decision) costs in
queries, and that the cheaper paths still show and decide the same things."""

import pytest
from django.db import connection
from django.urls import reverse
from django.utils import timezone

from memory_review.extraction.models import Candidate
from memory_review.review import actions, selectors
from memory_review.review.identity import public_handle
from memory_review.review.models import Notification, ReviewEvent
from memory_review.review.selectors.team import assigned_count, header_counts, unread_count
from memory_review.review.targets import Target

from . import factories


@pytest.fixture
def reviewing(client, alice):
    client.force_login(alice)
    return client


def test_header_counts_count_only_open_assignments_and_unread_notifications(
    client, alice, dora, bob
):
    open_, decided, dora_only = factories.candidate(), factories.candidate(), factories.candidate()
    actions.assign_items(
        targets=[Target(candidate=open_), Target(candidate=decided)], assignees=[alice], by=bob
    )
    actions.assign_items(targets=[Target(candidate=dora_only)], assignees=[dora], by=bob)
    actions.reject_candidate(candidate=decided, reviewer=bob, reason="not true")
    for body in ("@alice first", "@alice second", "@dora yours"):
        actions.add_comment(target=Target(candidate=open_), author=bob, body=body)
    read = Notification.objects.filter(user=alice).order_by("pk")[:1]
    Notification.objects.filter(pk__in=read).update(read_at=timezone.now())
    assert header_counts(alice) == (assigned_count(alice), unread_count(alice)) == (1, 1)
    assert header_counts(dora) == (1, 1)
    assert header_counts(bob) == (0, 0)
    client.force_login(alice)
    page = client.get(reverse("review:queue")).content.decode()
    assert 'id="assigned-badge"' in page and page.count('<span class="count on">1</span>') == 2


def test_the_candidate_page_makes_at_most_15_queries(
    reviewing, alice, django_assert_max_num_queries
):
    """19 before (the header's two counts, the undo check without an undo), 17 before the
    own claim was renewed by one UPDATE, 16 before an undecided candidate's changes were
    no longer looked up. Measured as reviewers open it: claimed already, by "next" or the
    decision before."""
    first = factories.candidate()
    reviewing.get(reverse("review:candidate", args=[first.pk]))
    with django_assert_max_num_queries(15):
        page = reviewing.get(reverse("review:candidate", args=[first.pk]))
    assert page.status_code == 200
    assert first.name in page.content.decode()


def test_a_candidate_marked_as_a_duplicate_of_another_shows_it(reviewing):
    original = factories.candidate(name="The original fact")
    copy = factories.candidate(name="The copy", duplicate_of=original)
    page = reviewing.get(reverse("review:candidate", args=[copy.pk])).content.decode()
    assert "Looks like a duplicate" in page and "The original fact" in page


@pytest.mark.parametrize("decision", ["review:approve", "review:reject"])
def test_a_decision_on_a_missing_candidate_is_a_404_and_changes_nothing(reviewing, decision):
    assert reviewing.post(reverse(decision, args=[987654]), {"reason": "other"}).status_code == 404
    assert not ReviewEvent.objects.exists()


def test_decisions_say_which_candidate_they_decided(reviewing):
    a = factories.candidate(name="Alpha fact")
    b = factories.candidate(name="Beta fact")
    done = reviewing.post(reverse("review:reject", args=[a.pk]), {"reason": "other"}, follow=True)
    assert "“Alpha fact” rejected" in done.content.decode()
    edited = reviewing.post(
        reverse("review:approve", args=[b.pk]),
        {
            "name": "Beta, edited",
            "description": "d",
            "body": "b",
            "type": "project",
            "operation": "create",
        },
        follow=True,
    )
    assert "“Beta, edited” approved." in edited.content.decode()
    assert Candidate.objects.get(pk=b.pk).status == Candidate.Status.APPROVED


def test_approve_and_next_make_at_most_31_queries(
    reviewing, alice, settings, django_assert_max_num_queries
):
    """32 on PostgreSQL before: the decided candidate was read once more by the view."""
    settings.KNOWLEDGE_COMMIT_IN_PROCESS = False
    settings.KNOWLEDGE_COMMIT_ENQUEUE = False
    first, _second = factories.candidate(), factories.candidate()
    public_handle(alice)
    selectors.facet_counts()
    assert reviewing.get(reverse("review:candidate", args=[first.pk])).status_code == 200
    with django_assert_max_num_queries(31 if connection.vendor == "postgresql" else 28):
        response = reviewing.post(reverse("review:approve", args=[first.pk]))
    assert response.status_code == 302
    assert Candidate.objects.get(pk=first.pk).status == Candidate.Status.APPROVED
