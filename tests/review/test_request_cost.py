"""Issue 21, speed under load: what one review cycle (candidate page, decision) costs in
queries, and that the cheaper paths still show and decide the same things."""

import pytest
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


def test_the_candidate_page_makes_at_most_10_queries(
    reviewing, alice, django_assert_max_num_queries
):
    """19 before (the header's two counts, the undo check without an undo), 17 before the
    own claim was renewed by one UPDATE, 16 before an undecided candidate's changes were
    no longer looked up, 15 before the claim statements left their transactions and
    related_rows spared the empty lists' queries. Measured as reviewers open it: claimed
    already, by "next" or the decision before."""
    first = factories.candidate()
    reviewing.get(reverse("review:candidate", args=[first.pk]))
    with django_assert_max_num_queries(10):
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


def test_approve_and_next_make_at_most_25_queries(
    reviewing, alice, settings, django_assert_max_num_queries
):
    """32 on PostgreSQL before the decided candidate was no longer read once more by the
    view, 31 (SQLite 28) before the claim statements left their transactions."""
    settings.KNOWLEDGE_COMMIT_IN_PROCESS = False
    settings.KNOWLEDGE_COMMIT_ENQUEUE = False
    first, _second = factories.candidate(), factories.candidate()
    public_handle(alice)
    selectors.facet_counts()
    assert reviewing.get(reverse("review:candidate", args=[first.pk])).status_code == 200
    with django_assert_max_num_queries(25):
        response = reviewing.post(reverse("review:approve", args=[first.pk]))
    assert response.status_code == 302
    assert Candidate.objects.get(pk=first.pk).status == Candidate.Status.APPROVED


def test_colleague_names_are_the_colleagues_queryset(alice, bob, dora, charlie):
    """The written-out query lists whom ``colleagues()`` lists, in its order: active holders
    of either role, once each (bob also a reviewer), not charlie (no role) or inactive ones."""
    from django.contrib.auth.models import Group, User

    from memory_review.review.selectors.team import colleague_names, colleagues

    bob.groups.add(Group.objects.get(name="reviewer"))
    gone = User.objects.create_user("zed", "zed@example.org", "pw", is_active=False)
    gone.groups.add(Group.objects.get(name="reviewer"))
    User.objects.create_user("aaron", "aaron@example.org", "pw").groups.add(
        Group.objects.get(name="publisher")
    )
    names = [(c.pk, c.get_username()) for c in colleague_names()]
    assert names == [(u.pk, u.get_username()) for u in colleagues()]
    assert [n for _pk, n in names] == ["aaron", "alice", "bob", "dora"]


def test_related_rows_says_which_lists_the_page_has(alice, bob):
    c = factories.candidate()
    other = factories.candidate()
    assert selectors.related_rows(c) == selectors.related_rows(other)
    assert not any(vars(selectors.related_rows(c)).values())
    factories.candidate(duplicate_of=c)
    assert selectors.related_rows(c).duplicates and not selectors.related_rows(other).duplicates
    actions.add_comment(target=Target(candidate=c), author=bob, body="look")
    assert selectors.related_rows(c).comments
    actions.assign_items(targets=[Target(candidate=c)], assignees=[alice], by=bob)
    assert selectors.related_rows(c).assignment
    actions.reject_candidate(candidate=other, reviewer=bob, reason="not true")
    found = selectors.related_rows(other)
    assert found.events and not (found.comments or found.assignment or found.duplicates)


def test_the_candidate_page_shows_what_related_rows_found(reviewing, alice, bob):
    """Comments, the assignment, near-duplicates and decisions still show when there are some."""
    c = factories.candidate(name="The commented fact")
    factories.candidate(name="Its near copy", duplicate_of=c)
    actions.add_comment(target=Target(candidate=c), author=bob, body="Is this @alice's?")
    actions.assign_items(targets=[Target(candidate=c)], assignees=[alice], by=bob)
    actions.skip_candidate(candidate=c, reviewer=bob)
    page = reviewing.get(reverse("review:candidate", args=[c.pk])).content.decode()
    assert "Is this" in page and '<strong class="mention">@alice</strong>' in page
    assert "Assigned to <strong>alice</strong> by bob." in page
    assert "Its near copy" in page and "Near-duplicates of this one" in page
    assert "<li>skip by bob, " in page
    assert '<option value="alice" selected>alice</option>' in page


def test_role_names_are_what_the_orm_reads(alice, bob, charlie):
    """roles._groups's written-out query finds the roles the ORM finds, no other group."""
    from django.contrib.auth.models import Group

    from memory_review.roles import ROLES, _groups, is_publisher, is_reviewer

    bob.groups.add(Group.objects.get(name="reviewer"), Group.objects.create(name="editors"))
    charlie.groups.add(Group.objects.get(name="editors"))
    for user in (alice, bob, charlie):
        fresh = type(user).objects.get(pk=user.pk)
        expected = set(user.groups.filter(name__in=ROLES).values_list("name", flat=True))
        assert _groups(fresh) == expected
    assert [is_reviewer(u) for u in (alice, bob, charlie)] == [True, True, False]
    assert [is_publisher(u) for u in (alice, bob, charlie)] == [False, True, False]
