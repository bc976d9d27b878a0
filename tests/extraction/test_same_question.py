"""Two rows of one question made one by a reviewer: "may be the same question" and its join."""

import pytest
from django.urls import reverse

from memory_review.extraction.actions import start_run
from memory_review.extraction.models import Candidate, GapGroup
from memory_review.review import actions

from .conftest import make_conversation

pytestmark = pytest.mark.django_db

SAFE = "Is there a safe in the room?"
# The same question in words the n-grams score close, but below the grouping threshold.
PASSPORT = "Can I lock my valuables in a safe?"
BREAKFAST = "Do you sell bus tickets at the front desk?"


@pytest.fixture(autouse=True)
def ngrams(settings):
    """On n-grams alone (deterministic and fast); the embedding provider is the same path."""
    settings.EXTRACTION_EMBEDDINGS = ""


def _ask(cid: str, question: str) -> None:
    make_conversation(cid, [("user", question), ("assistant", "I'm not sure, sorry.")])


def _rows(*questions: str) -> dict[str, Candidate]:
    for n, question in enumerate(questions):
        _ask(f"c{Candidate.objects.count()}-{n}", question)
    start_run(provider="heuristic")
    return {c.question: c for c in Candidate.objects.filter(kind="gap")}


def _answer(candidate: Candidate, reviewer) -> None:
    actions.approve_candidate(
        candidate=candidate,
        reviewer=reviewer,
        edits={
            "name": "Room safes",
            "description": "Every room has a safe",
            "body": "Every room has a safe for passports and valuables, in the wardrobe.",
        },
    )


def test_a_close_question_is_suggested_and_one_keypress_makes_the_two_rows_one(client, alice):
    rows = _rows(SAFE, PASSPORT, BREAKFAST)
    safe, passport, breakfast = rows[SAFE], rows[PASSPORT], rows[BREAKFAST]
    assert len({safe.group_id, passport.group_id, breakfast.group_id}) == 3  # grouping stays strict
    assert passport.group.maybe_same_id == safe.group_id
    source = passport.group_id
    assert breakfast.group.maybe_same_id is None  # nothing near enough to suggest
    client.force_login(alice)

    page = client.get(reverse("review:candidate", args=[passport.pk])).content.decode()
    assert 'id="same-question"' in page and SAFE in page
    assert (
        'id="same-question"'
        not in client.get(reverse("review:candidate", args=[breakfast.pk])).content.decode()
    )

    response = client.post(reverse("review:same_question", args=[passport.pk]))

    assert response.status_code == 302
    group = GapGroup.objects.get(pk=safe.group_id)
    assert group.visitors == 2
    assert group.wordings == [SAFE, PASSPORT]
    passport.refresh_from_db()
    assert passport.status == Candidate.Status.DUPLICATE and passport.group_id == group.pk
    assert GapGroup.objects.get(pk=source).visitors == 0
    queue = client.get(reverse("review:queue")).context["page"].rows
    assert sorted(row.asked for row in queue) == [1, 2]

    # The next visitor who asks in the joined wording joins the one row.
    _ask("later", PASSPORT)
    start_run(provider="heuristic")
    assert Candidate.objects.get(conversation__external_id="later").group_id == group.pk
    assert GapGroup.objects.get(pk=group.pk).visitors == 3


def test_answering_the_joined_row_answers_both_and_carries_both_wordings(alice):
    from knowledge_repo.models import Record

    rows = _rows(SAFE, PASSPORT)
    actions.join_same_question(candidate=rows[PASSPORT], reviewer=alice)

    _answer(rows[SAFE], alice)

    keys = Record.objects.get(slug="room-safes").search_keys
    assert SAFE in keys and PASSPORT in keys


def test_undo_takes_the_join_back(alice):
    rows = _rows(SAFE, PASSPORT)
    source = rows[PASSPORT].group_id
    actions.join_same_question(candidate=rows[PASSPORT], reviewer=alice)

    actions.undo_last_action(reviewer=alice)

    passport = Candidate.objects.get(pk=rows[PASSPORT].pk)
    assert passport.status == Candidate.Status.PENDING and passport.group_id == source
    assert passport.duplicate_of_id is None
    assert GapGroup.objects.get(pk=source).wordings == [PASSPORT]
    safe = GapGroup.objects.get(pk=rows[SAFE].group_id)
    assert safe.visitors == 1 and safe.wordings == [SAFE]


def test_no_join_once_the_other_question_is_answered(client, alice):
    rows = _rows(SAFE, PASSPORT)
    GapGroup.objects.filter(pk=rows[SAFE].group_id).update(record_slug="room-safes")
    _answer(rows[SAFE], alice)
    client.force_login(alice)
    page = client.get(reverse("review:candidate", args=[rows[PASSPORT].pk])).content.decode()
    assert 'id="same-question"' not in page

    with pytest.raises(actions.ReviewError, match="answered in room-safes"):
        actions.join_same_question(candidate=rows[PASSPORT], reviewer=alice)
    assert Candidate.objects.get(pk=rows[PASSPORT].pk).status == Candidate.Status.PENDING


def test_joining_needs_a_logged_in_reviewer_a_post_and_a_suggestion(client, alice):
    rows = _rows(SAFE, PASSPORT)
    url = reverse("review:same_question", args=[rows[PASSPORT].pk])

    assert client.post(url).status_code == 302  # to the login page
    assert GapGroup.objects.get(pk=rows[SAFE].group_id).visitors == 1
    client.force_login(alice)
    assert client.get(url).status_code == 405
    # The first row has nothing suggested: refused with the reason, nothing changes.
    response = client.post(
        reverse("review:same_question", args=[rows[SAFE].pk]), HTTP_ACCEPT="application/json"
    )
    assert response.status_code == 409
    assert "No other question is suggested" in response.json()["error"]
    assert Candidate.objects.get(pk=rows[SAFE].pk).status == Candidate.Status.PENDING


def test_a_row_suggested_the_joined_row_is_then_suggested_the_row_it_joined(alice):
    rows = _rows(SAFE, PASSPORT)
    source = GapGroup.objects.get(pk=rows[PASSPORT].group_id)
    # A third question, close to the valuables one only, came after it.
    later = GapGroup.objects.create(
        question="Is there a lockbox for my valuables?",
        key="Is there a lockbox for my valuables?",
        visitors=1,
        first_seen=source.first_seen,
        last_seen=source.last_seen,
        maybe_same=source,
    )
    lockbox = Candidate.objects.create(
        run=rows[PASSPORT].run,
        conversation=rows[PASSPORT].conversation,
        kind=Candidate.Kind.GAP,
        name=later.question,
        question=later.question,
        group=later,
        fingerprint="lockbox",
    )

    actions.join_same_question(candidate=rows[PASSPORT], reviewer=alice)

    # As the page reads it next time: the candidate and its group fresh from the database.
    assert actions.same_question_target(Candidate.objects.get(pk=lockbox.pk)) == rows[SAFE]
