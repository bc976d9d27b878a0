"""``u`` undoes exactly the last action: a skip is undone as a skip, a bulk action as a whole."""

import pytest

from memory_review.extraction.models import Candidate
from memory_review.review import actions
from memory_review.review.models import ReviewEvent, Skip
from memory_review.review.selectors import QueueFilters, next_candidate

from . import factories


def test_undo_after_a_skip_undoes_the_skip_not_the_decision_before(alice):
    decided, skipped = factories.candidate(), factories.candidate()
    actions.reject_candidate(candidate=decided, reviewer=alice, reason="not true")
    actions.skip_candidate(candidate=skipped, reviewer=alice)

    undone = actions.undo_last_action(reviewer=alice)

    assert undone.action == ReviewEvent.Action.SKIP
    decided.refresh_from_db()
    assert decided.status == Candidate.Status.REJECTED
    assert not Skip.objects.filter(candidate=skipped, user=alice).exists()
    # Back in its place in alice's queue, not at the end of it.
    assert next_candidate(QueueFilters(), alice) == skipped
    # The next undo takes back the decision before it.
    assert actions.undo_last_action(reviewer=alice).action == ReviewEvent.Action.REJECT
    decided.refresh_from_db()
    assert decided.status == Candidate.Status.PENDING


def test_a_skip_is_in_the_audit_log(alice):
    c = factories.candidate()
    actions.skip_candidate(candidate=c, reviewer=alice)
    assert ReviewEvent.objects.get(candidate=c).action == ReviewEvent.Action.SKIP


def test_undoing_a_second_skip_keeps_the_first(alice):
    c = factories.candidate()
    first = actions.skip_candidate(candidate=c, reviewer=alice)
    actions.skip_candidate(candidate=c, reviewer=alice)
    actions.undo_last_action(reviewer=alice)
    assert Skip.objects.get(candidate=c, user=alice).at == first.at


def test_undo_after_a_bulk_undoes_the_whole_bulk(alice):
    earlier = factories.candidate()
    actions.reject_candidate(candidate=earlier, reviewer=alice, reason="not true")
    bulk = [factories.candidate() for _ in range(3)]
    result = actions.bulk_decide(
        candidate_ids=[c.pk for c in bulk], reviewer=alice, action="reject", reason="x"
    )
    assert result.done == 3

    undone = actions.undo_last_action(reviewer=alice)

    assert undone.bulk and len(undone.events) == 3
    assert {c.status for c in Candidate.objects.filter(pk__in=[c.pk for c in bulk])} == {
        Candidate.Status.PENDING
    }
    earlier.refresh_from_db()
    assert earlier.status == Candidate.Status.REJECTED


def test_two_bulk_actions_are_undone_one_at_a_time(alice):
    first = [factories.candidate() for _ in range(2)]
    second = [factories.candidate() for _ in range(2)]
    for group in (first, second):
        actions.bulk_decide(
            candidate_ids=[c.pk for c in group], reviewer=alice, action="reject", reason="x"
        )
    assert len(actions.undo_last_action(reviewer=alice).events) == 2
    statuses = dict(Candidate.objects.values_list("pk", "status"))
    assert [statuses[c.pk] for c in first] == [Candidate.Status.REJECTED] * 2
    assert [statuses[c.pk] for c in second] == [Candidate.Status.PENDING] * 2


def test_a_bulk_is_not_undone_in_part(alice, dora):
    bulk = [factories.candidate() for _ in range(2)]
    actions.bulk_decide(
        candidate_ids=[c.pk for c in bulk], reviewer=alice, action="reject", reason="x"
    )
    # dora reopens one and approves it: alice's bulk can no longer be undone as a whole.
    ReviewEvent.objects.filter(candidate=bulk[0]).update(undone_by=None)
    Candidate.objects.filter(pk=bulk[0].pk).update(status=Candidate.Status.APPROVED)
    with pytest.raises(actions.ReviewError, match="1 of these 2"):
        actions.undo_last_action(reviewer=alice)
    assert Candidate.objects.get(pk=bulk[1].pk).status == Candidate.Status.REJECTED
