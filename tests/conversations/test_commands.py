import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from conversations.models import Conversation, IngestToken, Source

pytestmark = pytest.mark.django_db


def _write(tmp_path):
    path = tmp_path / "log.jsonl"
    record = {"id": "c1", "messages": [{"role": "user", "content": "hi"}]}
    path.write_text(json.dumps(record) + "\n" + "not json\n", "utf-8")
    return path


def test_ingest_prints_one_json_summary_per_file(tmp_path):
    path = _write(tmp_path)
    out = StringIO()
    call_command("ingest", str(path), str(path), source="web", json=True, stdout=out)
    first, second = [json.loads(line) for line in out.getvalue().splitlines()]
    assert first["path"] == str(path)
    assert first["lines"] == 2
    assert first["conversations_created"] == 1
    assert first["messages_added"] == 1
    assert first["problems"] == {"invalid_json": 1}
    assert first["skipped"] == {}
    assert (second["conversations_unchanged"], second["messages_added"]) == (1, 0)
    assert Conversation.objects.get().source.name == "web"


def test_ingest_prints_a_readable_summary(tmp_path):
    out = StringIO()
    call_command("ingest", str(_write(tmp_path)), stdout=out)
    text = out.getvalue()
    assert "1 created" in text and "1 messages added" in text and "invalid_json 1" in text


def test_ingest_fails_clearly_on_a_missing_file(tmp_path):
    with pytest.raises(CommandError, match="cannot read .*missing.jsonl"):
        call_command("ingest", str(tmp_path / "missing.jsonl"))
    assert not Conversation.objects.exists()


def test_ingest_fails_clearly_on_a_directory(tmp_path):
    with pytest.raises(CommandError, match="cannot read"):
        call_command("ingest", str(tmp_path))


def test_ingest_token_prints_a_token_stored_only_hashed():
    out = StringIO()
    call_command("ingest_token", "web", stdout=out)
    token = out.getvalue().strip()
    stored = IngestToken.objects.get()
    assert stored.source == Source.objects.get(name="web")
    assert stored.token_hash == IngestToken.hash(token) != token
