"""Storing what ingest read: message content reaches the database as the same text
whichever way it is handed over, and a refused conversation is kept as a problem."""

import json

import pytest
from django.db import DatabaseError, connection

from conversations import storing
from conversations.ingest import ingest_file
from conversations.models import IngestProblem, Message, Source
from conversations.normalize import content_utf8

pytestmark = pytest.mark.django_db

EVENTS = [
    {"type": "user", "sessionId": "s1", "message": {"role": "user", "content": '以后请 \\ "'}},
    {
        "type": "assistant",
        "sessionId": "s1",
        "message": {"role": "assistant", "id": "m", "content": [{"type": "text", "text": "ok"}]},
    },
    {"type": "user", "sessionId": "s2", "message": {"role": "user", "content": "other 😀"}},
]


def _write(tmp_path):
    path = tmp_path / "log.jsonl"
    path.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in EVENTS), "utf-8")
    return path


def _rows(source):
    return list(
        Message.objects.filter(conversation__source=source)
        .order_by("conversation__external_id", "order")
        .values_list("role", "content", "text", "digest")
    )


def test_content_is_stored_as_text(tmp_path):
    ingest_file(_write(tmp_path), source=Source.objects.create(name="agent"))
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("SELECT DISTINCT typeof(content) FROM conversations_message")
            assert cursor.fetchall() == [("text",)]
    assert Message.objects.get(text="ok").content == [{"type": "text", "text": "ok"}]


def test_a_database_whose_text_is_not_utf8_gets_the_same_rows(tmp_path, monkeypatch):
    path = _write(tmp_path)
    usual = Source.objects.create(name="usual")
    ingest_file(path, source=usual)
    monkeypatch.setattr(storing, "text_is_utf8", lambda: False)
    other = Source.objects.create(name="other")
    ingest_file(path, source=other)
    assert _rows(other) == _rows(usual) and len(_rows(usual)) == 3


def test_a_refused_conversation_is_kept_with_its_messages(tmp_path, monkeypatch):
    write = storing.Writer._write

    def refuse_s1(self, items, problems):
        if any(item.external_id == "s1" for item in items):
            raise DatabaseError("refused")
        write(self, items, problems)

    monkeypatch.setattr(storing.Writer, "_write", refuse_s1)
    summary = ingest_file(_write(tmp_path), source=Source.objects.create(name="agent"))
    assert summary.problems == {"storage_error": 1}
    problem = IngestProblem.objects.get()
    kept = json.loads(problem.raw)
    assert kept["id"] == "s1" and kept["format"] == "transcript"
    assert [m["content"] for m in kept["messages"]] == [
        [{"type": "text", "text": '以后请 \\ "'}],
        [{"type": "text", "text": "ok"}],
    ]
    assert Message.objects.get().text == "other 😀"


def test_content_no_utf8_can_hold_stays_text():
    # Input never holds a lone surrogate (conversations.records rejects it); were one to
    # reach the normaliser, its content would be the JSON text, as the encoder writes it.
    content = [{"type": "text", "text": "\ud800"}]
    assert content_utf8(content) == json.dumps(content, ensure_ascii=False, separators=(",", ":"))


def test_check_constraints_are_back_on_after_ingest(tmp_path):
    # Message rows skip their CHECK constraints (JSON the ingest itself wrote, orders
    # from 0): only while they are inserted.
    ingest_file(_write(tmp_path), source=Source.objects.create(name="agent"))
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA ignore_check_constraints")
            assert cursor.fetchone()[0] == 0
            cursor.execute(
                "SELECT count(*) FROM conversations_message WHERE NOT json_valid(content)"
            )
            assert cursor.fetchone()[0] == 0
