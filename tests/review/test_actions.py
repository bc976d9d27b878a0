from datetime import timedelta

import pytest
from django.utils import timezone
from git import Repo

from knowledge_repo.models import Change, Record
from knowledge_repo.sourcerefs import resolve
from memory_review.extraction.models import Candidate
from memory_review.review import actions
from memory_review.review.models import Claim, ReviewEvent, Skip

from . import factories


def _git_log(path, *args: str) -> str:
    repo = Repo(path)
    try:
        return repo.git.log(*args)
    finally:
        repo.close()


def test_approval_commits_the_record_with_the_reviewer_as_author(
    alice, knowledge_repo, django_capture_on_commit_callbacks
):
    c = factories.candidate(name="Tests run with make")
    with django_capture_on_commit_callbacks(execute=True):
        event = actions.approve_candidate(candidate=c, reviewer=alice)
    c.refresh_from_db()
    assert c.status == Candidate.Status.APPROVED
    assert event.action == ReviewEvent.Action.APPROVE
    change = Change.objects.get(pk=event.change_id or 0)
    assert change.status == Change.Status.COMMITTED
    record = Record.objects.get(slug=change.slug)
    internal = [
        f"help-desk/{c.conversation.external_id}#0",
        f"help-desk/{c.conversation.external_id}#1",
    ]
    # The published record names its sources only by opaque references, which
    # the app alone resolves; the change keeps the conversations.
    assert change.sources == internal
    assert all(ref.startswith("src-") for ref in record.sources)
    assert resolve(record.sources) == dict(zip(record.sources, internal, strict=True))
    assert record.reviewed_by == ["alice-pub"]
    author = _git_log(knowledge_repo, "-1", "--format=%an <%ae>", "--", f"records/{change.slug}.md")
    assert author == "alice-pub <alice-pub@users.noreply.invalid>"
    message = _git_log(knowledge_repo, "-1", "--format=%B", "--", f"records/{change.slug}.md")
    assert "Reviewed-by: alice" in message and c.conversation.external_id not in message


def test_edits_are_applied_and_audited(alice, django_capture_on_commit_callbacks):
    c = factories.candidate()
    with django_capture_on_commit_callbacks(execute=True):
        event = actions.approve_candidate(
            candidate=c, reviewer=alice, edits={"name": "Run the suite", "type": "reference"}
        )
    assert event.before["name"] != "Run the suite"
    assert event.after["name"] == "Run the suite"
    assert (
        Record.objects.get(slug=Change.objects.get(pk=event.change_id or 0).slug).type
        == "reference"
    )


def test_a_second_decision_loses_and_names_the_first(alice, dora):
    c = factories.candidate()
    actions.reject_candidate(candidate=c, reviewer=alice, reason="not true")
    with pytest.raises(
        actions.AlreadyDecided, match="Alice already decided this candidate: reject"
    ):
        actions.approve_candidate(candidate=c, reviewer=dora)
    assert not Change.objects.exists()


def test_high_risk_needs_a_second_different_reviewer(
    alice, dora, django_capture_on_commit_callbacks
):
    c = factories.personal()
    first = actions.approve_candidate(candidate=c, reviewer=alice)
    assert first.action == ReviewEvent.Action.FIRST_APPROVAL
    c.refresh_from_db()
    assert c.status == Candidate.Status.AWAITING_SECOND
    assert not Change.objects.exists()
    with pytest.raises(actions.SecondReviewerRequired):
        actions.approve_candidate(candidate=c, reviewer=alice)
    with django_capture_on_commit_callbacks(execute=True):
        second = actions.approve_candidate(candidate=c, reviewer=dora)
    assert second.action == ReviewEvent.Action.APPROVE
    c.refresh_from_db()
    assert c.status == Candidate.Status.APPROVED
    record = Record.objects.get()
    assert record.open_flags == ["personal_data"]


def test_redacted_personal_data_needs_one_person_and_leaves_no_open_flag(
    alice, django_capture_on_commit_callbacks
):
    # The gate reads the text that will be committed: once the address is
    # redacted, nothing high-risk is left and one reviewer is enough.
    c = factories.personal()
    body = "Write to the [email address redacted] for access."
    with django_capture_on_commit_callbacks(execute=True):
        event = actions.approve_candidate(candidate=c, reviewer=alice, edits={"body": body})
    assert event.action == ReviewEvent.Action.APPROVE
    c.refresh_from_db()
    assert not c.flag_personal_data
    assert Record.objects.get().open_flags == []


def test_second_reviewer_who_edits_becomes_the_first_approver(alice, dora):
    c = factories.personal()
    actions.approve_candidate(candidate=c, reviewer=alice)
    event = actions.approve_candidate(candidate=c, reviewer=dora, edits={"name": "Access requests"})
    assert event.action == ReviewEvent.Action.FIRST_APPROVAL
    assert not Change.objects.exists()
    with pytest.raises(actions.SecondReviewerRequired):
        actions.approve_candidate(candidate=c, reviewer=dora)


def test_someone_elses_live_claim_blocks_a_decision(alice, dora):
    c = factories.candidate()
    actions.claim_candidate(candidate=c, user=dora)
    with pytest.raises(actions.ClaimedByOther, match="Dora is reviewing"):
        actions.reject_candidate(candidate=c, reviewer=alice, reason="not true")


def test_an_expired_claim_can_be_taken_over(alice, dora):
    c = factories.candidate()
    actions.claim_candidate(candidate=c, user=dora)
    Claim.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    claim = actions.claim_candidate(candidate=c, user=alice)
    assert claim.user == alice
    actions.reject_candidate(candidate=c, reviewer=alice, reason="not true")
    assert not Claim.objects.exists()


def test_claim_keeps_the_other_reviewers_live_claim(alice, dora, settings):
    settings.REVIEW_CLAIM_SECONDS = 60
    c = factories.candidate()
    mine = actions.claim_candidate(candidate=c, user=dora)
    assert actions.claim_candidate(candidate=c, user=alice).user == dora
    assert (mine.expires_at - mine.claimed_at).total_seconds() == 60


def test_reopening_my_claimed_candidate_renews_my_claim(alice, dora, settings):
    """Issue 21: the renewal is one UPDATE; the claim stays the same row, keeps when it was
    first claimed, runs again for the full time (an expired one too) and still blocks others."""
    settings.REVIEW_CLAIM_SECONDS = 60
    c, other = factories.candidate(), factories.candidate()
    actions.claim_candidate(candidate=other, user=alice)
    first = actions.claim_candidate(candidate=c, user=alice)
    Claim.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    renewed = actions.claim_candidate(candidate=c, user=alice)
    assert renewed.user == alice and (renewed.expires_at - timezone.now()).total_seconds() > 50
    row = Claim.objects.get()
    assert (row.pk, row.candidate, row.claimed_at) == (first.pk, c, first.claimed_at)
    assert row.expires_at == renewed.expires_at
    assert actions.claim_candidate(candidate=c, user=dora).user == alice


def test_undo_reopens_a_rejected_candidate(alice):
    c = factories.candidate()
    actions.reject_candidate(candidate=c, reviewer=alice, reason="not true")
    undo = actions.undo_last_decision(reviewer=alice)
    c.refresh_from_db()
    assert c.status == Candidate.Status.PENDING
    assert ReviewEvent.objects.get(action="reject").undone_by == undo
    with pytest.raises(actions.NothingToUndo):
        actions.undo_last_decision(reviewer=alice)


def test_undo_of_an_approval_is_a_new_revert_commit(
    alice, knowledge_repo, django_capture_on_commit_callbacks
):
    c = factories.candidate()
    with django_capture_on_commit_callbacks(execute=True):
        event = actions.approve_candidate(candidate=c, reviewer=alice)
    slug = Change.objects.get(pk=event.change_id or 0).slug
    with django_capture_on_commit_callbacks(execute=True):
        actions.undo_last_decision(reviewer=alice)
    c.refresh_from_db()
    assert c.status == Candidate.Status.PENDING
    assert Record.objects.get(slug=slug).retracted
    subjects = _git_log(knowledge_repo, "--format=%s").splitlines()
    assert subjects[0].startswith("Revert change")
    assert any(s.startswith("Create") for s in subjects[1:])


def test_undo_is_refused_after_someone_else_decided(alice, dora):
    c = factories.personal()
    actions.approve_candidate(candidate=c, reviewer=alice)
    actions.reject_candidate(candidate=c, reviewer=dora, reason="personal data")
    with pytest.raises(actions.ReviewError, match="after you"):
        actions.undo_last_decision(reviewer=alice)


def test_update_needs_a_target_record(alice):
    c = factories.candidate(operation=Candidate.Operation.UPDATE)
    with pytest.raises(actions.ReviewError, match="needs the record"):
        actions.approve_candidate(candidate=c, reviewer=alice)


def test_knowledge_refusal_rolls_the_decision_back(alice):
    c = factories.candidate(operation=Candidate.Operation.UPDATE, target_slug="no-such-record")
    with pytest.raises(actions.ReviewError):
        actions.approve_candidate(candidate=c, reviewer=alice)
    c.refresh_from_db()
    assert c.status == Candidate.Status.PENDING
    assert not ReviewEvent.objects.exists()


def test_merge_updates_the_existing_record(alice, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        first = actions.approve_candidate(
            candidate=factories.candidate(name="Testing"), reviewer=alice
        )
    slug = Change.objects.get(pk=first.change_id).slug
    c = factories.candidate(name="Testing, again")
    with django_capture_on_commit_callbacks(execute=True):
        actions.merge_candidate(
            candidate=c,
            reviewer=alice,
            target_slug=slug,
            edits={"name": "Testing", "description": "d", "body": "merged body", "type": "project"},
        )
    c.refresh_from_db()
    assert c.status == Candidate.Status.MERGED
    assert Record.objects.get(slug=slug).body == "merged body"


def test_duplicate_and_skip(alice):
    c = factories.candidate(duplicate_of_record="tests")
    event = actions.mark_duplicate(candidate=c, reviewer=alice)
    assert event.reason == "tests"
    other = factories.candidate()
    actions.claim_candidate(candidate=other, user=alice)
    actions.skip_candidate(candidate=other, reviewer=alice)
    assert Skip.objects.filter(candidate=other, user=alice).exists()
    assert not Claim.objects.filter(candidate=other).exists()


def test_bulk_decide_counts_what_it_left_alone(alice, dora):
    ids = [factories.candidate().pk for _ in range(3)]
    actions.claim_candidate(candidate=Candidate.objects.get(pk=ids[0]), user=dora)
    result = actions.bulk_decide(candidate_ids=ids, reviewer=alice, action="reject", reason="x")
    assert result.done == 2
    assert result.refused == {"ClaimedByOther": 1}
    assert ReviewEvent.objects.filter(bulk=True).count() == 2


def test_gap_answer_creates_a_record(alice, django_capture_on_commit_callbacks):
    c = factories.candidate(
        kind=Candidate.Kind.GAP, question="Do you ship to Norway?", poor_answer="I don't know."
    )
    with django_capture_on_commit_callbacks(execute=True):
        event = actions.approve_candidate(
            candidate=c,
            reviewer=alice,
            edits={"name": "Shipping to Norway", "description": "We ship", "body": "Yes, 5 days."},
        )
    assert event.action == ReviewEvent.Action.ANSWER_GAP
    assert Record.objects.get().name == "Shipping to Norway"


def test_reviewers_asking_for_the_next_candidate_at_once_get_different_ones(alice, dora):
    from memory_review.review.selectors import QueueFilters

    first, second = factories.candidate(), factories.candidate()
    mine = actions.claim_next(QueueFilters(), alice)
    theirs = actions.claim_next(QueueFilters(), dora)
    assert {mine.pk, theirs.pk} == {first.pk, second.pk}
    assert Claim.objects.get(candidate=mine).user == alice
    assert actions.claim_next(QueueFilters(), dora, exclude=theirs.pk) is None


def test_a_reviewer_without_a_handle_gets_a_random_one_that_is_not_a_login_name(db):
    from django.contrib.auth.models import User

    from memory_review.review.identity import public_handle
    from memory_review.review.models import ReviewerProfile

    erin = User.objects.create_user("erin", "erin@example.org", "pw")
    handle = public_handle(erin)
    assert handle.startswith("reviewer-") and "erin" not in handle
    assert public_handle(User.objects.get(pk=erin.pk)) == handle  # kept on the profile
    assert ReviewerProfile.objects.get(user=erin).public_handle == handle


def test_staff_cannot_set_a_login_name_as_a_handle(db, alice, dora):
    from django.core.exceptions import ValidationError

    profile = alice.reviewer_profile
    profile.public_handle = "dora"
    with pytest.raises(ValidationError, match="must not be a login name"):
        profile.full_clean()
    profile.public_handle = "Alice"
    with pytest.raises(ValidationError):
        profile.full_clean()
