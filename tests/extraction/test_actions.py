"""Runs: idempotent, incremental, resumable, and no conversation extracted twice."""

from datetime import timedelta

import pytest

from memory_review.extraction.actions import (
    ChunkRunner,
    Selection,
    process_chunk,
    resume_run,
    start_run,
)
from memory_review.extraction.models import (
    Candidate,
    ExtractionItem,
    ExtractionRun,
    ExtractionState,
)

from .conftest import add_messages, item, make_conversation, message_json

pytestmark = pytest.mark.django_db


def _remembering(name, source="agent"):
    return make_conversation(
        name, [("user", f"Remember: desk {name} is on floor 2."), ("assistant", "Noted.")], source
    )


def test_running_twice_queues_nothing_new():
    for i in range(3):
        _remembering(f"c{i}")

    first = start_run(provider="heuristic")
    second = start_run(provider="heuristic")

    assert first.candidates_queued == 3
    assert second.conversations_read == 0 and second.candidates_queued == 0
    assert Candidate.objects.count() == 3


def test_a_grown_conversation_is_extracted_again_only_for_its_new_messages(api):
    conv = make_conversation("grow", [("user", "hello"), ("assistant", "hi")])
    api.answer(message_json({"items": []}))
    start_run(provider="anthropic")
    assert ExtractionState.objects.get(conversation=conv).last_message_order == 1

    add_messages(conv, [("user", "The cafe moved to floor 3."), ("assistant", "Thanks!")])
    api.answer(message_json({"items": [item(evidence=[0]), item(name="Cafe", evidence=[1, 2])]}))
    run = start_run(provider="anthropic")

    user_turn = api.message_bodies[-1]["messages"][0]["content"]
    assert "id up to 1 were reviewed before" in user_turn
    assert "The cafe moved" in user_turn and '"id": 0' in user_turn  # context is still shown
    assert run.filtered == {"context_only": 1}
    assert list(Candidate.objects.values_list("name", flat=True)) == ["Cafe"]
    assert ExtractionState.objects.get(conversation=conv).last_message_order == 3


def test_a_run_that_died_resumes_where_it_stopped(settings):
    settings.TASKS = {"default": {"BACKEND": "django.tasks.backends.dummy.DummyBackend"}}
    for i in range(4):
        _remembering(f"c{i}")
    run = start_run(provider="heuristic")  # enqueued, never run: the worker "died"
    items = list(run.items.order_by("pk"))
    # One item was done before the crash, one was claimed by the dead worker.
    process_chunk(run_id=run.pk, item_ids=[items[0].pk])
    ChunkRunner(run).claim([items[1].pk])
    ExtractionItem.objects.filter(pk=items[1].pk).update(
        claimed_at=items[1].claimed_at or run.started_at - timedelta(hours=1)
    )
    run.refresh_from_db()
    assert run.status == ExtractionRun.Status.RUNNING and run.candidates_queued == 1

    settings.TASKS = {"default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"}}
    resume_run(run=run, stale_after=timedelta(0))

    run.refresh_from_db()
    assert run.status == ExtractionRun.Status.DONE
    assert run.conversations_read == 4 and run.candidates_queued == 4
    assert Candidate.objects.count() == 4
    assert sorted(Candidate.objects.values_list("conversation__external_id", flat=True)) == [
        "c0",
        "c1",
        "c2",
        "c3",
    ]


def test_an_item_is_claimed_by_one_worker_only():
    _remembering("c0")
    run = start_run(provider="heuristic", selection=Selection(limit=1))
    run.items.update(status=ExtractionItem.Status.PENDING)
    (pk,) = run.items.values_list("pk", flat=True)

    assert len(ChunkRunner(run).claim([pk])) == 1
    assert ChunkRunner(run).claim([pk]) == []


def test_a_conversation_done_by_another_run_is_not_extracted_again(settings):
    settings.TASKS = {"default": {"BACKEND": "django.tasks.backends.dummy.DummyBackend"}}
    _remembering("c0")
    slow = start_run(provider="heuristic")
    settings.TASKS = {"default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"}}
    start_run(provider="heuristic")

    process_chunk(run_id=slow.pk, item_ids=list(slow.items.values_list("pk", flat=True)))

    slow.refresh_from_db()
    assert Candidate.objects.count() == 1
    assert slow.status == ExtractionRun.Status.DONE and slow.conversations_read == 0


def test_selection_by_source_and_limit():
    _remembering("a", source="web")
    _remembering("b", source="web")
    _remembering("c", source="kiosk")

    run = start_run(provider="heuristic", selection=Selection(source="web", limit=1))

    assert run.conversations_read == 1
    assert Candidate.objects.get().conversation.external_id == "a"
