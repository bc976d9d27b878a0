"""An answered question keeps the wordings that select it through edits and re-asks."""

import pytest

from knowledge_repo.actions import commit_pending, cut_release
from knowledge_repo.models import Record
from memory_review.extraction.actions import start_run
from memory_review.extraction.models import Candidate
from memory_review.extraction.replay import replay
from memory_review.extraction.searchkeys import is_concept_line
from memory_review.review import actions
from memory_review.review.actions.records import edit_record

from .conftest import make_conversation

pytestmark = pytest.mark.django_db

ZH = "经济舱的托运行李额度是多少？"
ANSWER = {
    "name": "Basic Economy checked baggage",
    "description": "Checked baggage on Basic Economy fares",
    "body": "Basic Economy includes no checked bag.",
}


@pytest.fixture
def runs(kb, settings):
    """Extraction runs at once (the kb fixture queues tasks); commits wait for commit_pending.

    Grouped on n-grams alone: the glossary joins the Chinese wording to the English one
    (the embedding provider keeps that pair apart; test_groups.py, `ngrams`).
    """
    settings.EXTRACTION_EMBEDDINGS = ""
    settings.TASKS = {"default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"}}
    return kb


def _ask(cid, question, answer="I'm not sure, sorry."):
    return make_conversation(cid, [("user", question), ("assistant", answer)])


def _selected(conv, ref):
    (turn,) = replay(refs=[ref], conversation_ids=[conv.pk]).turns
    return [slug for slug, _ in turn.selected[0]]


def test_a_re_ask_after_the_answer_was_edited_still_selects_it(
    runs, alice, bob, django_capture_on_commit_callbacks
):
    _ask("en", "What is the checked baggage allowance on Basic Economy?")
    _ask("zh", ZH, "抱歉，我不清楚。")
    start_run(provider="heuristic")
    lead = Candidate.objects.filter(kind="gap", status="pending").order_by("pk").first()
    with django_capture_on_commit_callbacks(execute=True):
        actions.approve_candidate(candidate=lead, reviewer=alice, edits=ANSWER)
    commit_pending()
    (record,) = Record.objects.all()
    assert ZH in record.search_keys

    # A reviewer corrects the answer: the wordings that select it stay on the record.
    edit_record(user=alice, slug=record.slug, fields={"body": "Basic Economy includes one bag."})
    commit_pending()
    assert cut_release(user=bob, name="v1").release is not None
    record.refresh_from_db()
    assert record.body == "Basic Economy includes one bag." and ZH in record.search_keys

    # The next visitor asking in Chinese gets the edited answer from the release.
    again = _ask("zh-2", ZH, "抱歉，我不清楚。")
    assert _selected(again, "v1") == [record.slug]


def test_approving_a_re_ask_rewrites_the_same_answer_and_adds_its_wording(
    runs, alice, bob, django_capture_on_commit_callbacks
):
    _ask("en", "What is the checked baggage allowance on Basic Economy?")
    start_run(provider="heuristic")
    with django_capture_on_commit_callbacks(execute=True):
        actions.approve_candidate(candidate=Candidate.objects.get(), reviewer=alice, edits=ANSWER)
    commit_pending()
    assert cut_release(user=bob, name="v1").release is not None

    _ask("en-2", "Checked baggage allowance for Basic Economy?", "I don't know that.")
    start_run(provider="heuristic")
    reask = Candidate.objects.get(status="pending")
    assert reask.still_asked_after == "v1"
    with django_capture_on_commit_callbacks(execute=True):
        actions.approve_candidate(
            candidate=reask, reviewer=alice, edits={"body": "One checked bag since May."}
        )
    commit_pending()

    (record,) = Record.objects.filter(retracted=False)
    assert record.name == ANSWER["name"] and record.body == "One checked bag since May."
    # The visitors' wordings, then one line of the glossary's words for their concepts
    # (made anew, not kept twice).
    assert record.search_keys[:-1] == [
        "What is the checked baggage allowance on Basic Economy?",
        "Checked baggage allowance for Basic Economy?",
    ]
    assert is_concept_line(record.search_keys[-1]) and "行李" in record.search_keys[-1]
    assert cut_release(user=bob, name="v2").release is not None
    third = _ask("en-3", "Checked baggage allowance for Basic Economy?")
    assert _selected(third, "v2") == [record.slug]


def test_merging_answers_keeps_the_wordings_of_both(runs, alice):
    from memory_review.review.actions.records import merge_records
    from tests.knowledge_repo.conftest import make_record

    make_record(alice, name="Bags", body="One bag.\n", search_keys=["How many bags?"])
    make_record(alice, name="Luggage", body="One bag.\n", search_keys=["行李额度是多少？"])
    commit_pending()
    merge_records(
        user=alice,
        slugs=["bags", "luggage"],
        fields={"name": "Checked bags", "description": "Bags per fare", "body": "One bag."},
    )
    commit_pending()
    (merged,) = Record.objects.filter(retracted=False)
    assert merged.search_keys == ["How many bags?", "行李额度是多少？"]
