"""Stored message rows are exactly what the format modules read, field by field.

Ingest builds its rows on a fast path (one text block encoded directly, timestamps
already in UTC written without conversion, ...); these tests read the same files again
through the format modules' own `NormalizedMessage` (its `text`, `is_tool_use` and
`is_tool_output`, the general JSON encoder) and compare every stored field.
"""

import hashlib
import json

import pytest

from conversations import formats
from conversations.demo import demo_paths
from conversations.ingest import ingest_file
from conversations.models import Conversation, Message, Source
from conversations.normalize import content_id
from conversations.reader import iter_records, open_input

pytestmark = pytest.mark.django_db

EDGE_RECORDS = [
    {
        "id": "times",
        "messages": [
            {"role": "user", "content": "offset", "created_at": "2026-01-02T03:04:05.5+02:00"},
            {"role": "assistant", "content": "millis", "created_at": 1767225600123},
            {"role": "user", "content": "seconds", "timestamp": 1767225600},
            {"role": "assistant", "content": "naive", "created_at": "2026-03-04T05:06:07"},
            {"role": "user", "content": "zulu", "created_at": "2026-03-04T05:06:07.250Z"},
            {"role": "assistant", "content": "garbage", "created_at": "not a time"},
            {"role": "user", "content": "epoch", "created_at": 0},
        ],
    },
    {
        "id": "blocks",
        "messages": [
            {"role": "user", "content": [{"text": "keys the other way", "type": "text"}]},
            {"role": "user", "content": [{"type": "text", "text": "extra", "cache": True}]},
            {"role": "user", "content": [{"type": "text", "text": 5}]},
            {"role": "user", "content": ["plain", {"type": "image"}]},
            {
                "role": "assistant",
                "content": [
                    {"type": "text", "text": "a"},
                    {"type": "text", "text": "b"},
                    {"type": "tool_use", "id": "t", "name": "n", "input": {"é": "✓"}},
                ],
            },
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t"}]},
            {"role": "tool", "content": "tool output"},
            {"role": "system", "content": 'quote " backslash \\ tab \t 以后请'},
        ],
    },
    {"messages": [{"role": "user", "content": "no id"}], "metadata": {"k": [1, 2.5]}},
    {
        "id": "oa",
        "messages": [
            {"role": "developer", "content": "dev"},
            {
                "role": "assistant",
                "content": "calling",
                "tool_calls": [{"id": "c", "function": {"name": "f", "arguments": "{bad"}}],
            },
            {"role": "tool", "tool_call_id": "c", "content": "r", "created_at": "2026-01-01"},
        ],
    },
    {
        "conversations": [
            {"from": "human", "value": "v", "created_at": "2026-01-01T00:00:00+05:30"},
            {"from": "function_call", "value": '{"name": "n", "arguments": {}}'},
            {"from": "observation", "value": "o"},
        ],
        "system": "be brief",
    },
    {"type": "user", "sessionId": "t1", "message": {"role": "user", "content": "hi"}},
    {
        "type": "assistant",
        "sessionId": "t1",
        "timestamp": "2026-01-01T00:00:01.000001Z",
        "message": {"role": "assistant", "id": "m", "content": [{"type": "text", "text": "x"}]},
    },
    {
        "type": "assistant",
        "sessionId": "t1",
        "message": {"role": "assistant", "id": "m", "content": [{"type": "tool_use", "id": "u"}]},
    },
    {
        "type": "user",
        "sessionId": "t1",
        "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "u"}]},
    },
]


def _reference(path):
    """The conversations the format modules read from `path`, by external id."""
    found, collectors = {}, {}
    with open_input(path) as stream:
        for record in iter_records(stream, name=str(path), max_line_bytes=10**7, max_depth=64):
            module = formats.detect(record.obj) if record.obj is not None else None
            if module is None:
                continue
            if hasattr(module, "Collector"):
                collector = collectors.setdefault(module.NAME, module.Collector())
                done = collector.add(record.obj)[0]
            else:
                conv = module.parse(record.obj)
                conv.external_id = conv.external_id or content_id(record.obj)
                done = [conv]
            for conv in done:
                found.setdefault(conv.external_id, []).extend(conv.messages)
    for collector in collectors.values():
        for conv in collector.finish():
            found.setdefault(conv.external_id, []).extend(conv.messages)
    return found


def _compare(path, source):
    summary = ingest_file(path, source=source)
    assert summary.messages_added
    reference = _reference(path)
    checked = 0
    for conv in Conversation.objects.filter(source=source):
        expected = reference[conv.external_id]
        stored = list(conv.messages.order_by("order"))
        assert len(stored) == len(expected) == conv.message_count
        previous = ""
        for row, message in zip(stored, expected, strict=True):
            content = json.dumps(message.content, ensure_ascii=False, separators=(",", ":"))
            assert row.role == message.role
            assert row.content == message.content
            assert row.text == message.text
            assert row.is_tool_use == message.is_tool_use
            assert row.is_tool_output == message.is_tool_output
            assert row.created_at == message.created_at
            previous = hashlib.blake2b(
                f"{previous}\x1f{message.role}\x1f{content}".encode(), digest_size=16
            ).hexdigest()
            assert row.digest == previous
            checked += 1
        assert conv.content_hash == previous
    assert checked == Message.objects.filter(conversation__source=source).count()


@pytest.mark.parametrize("path", demo_paths(), ids=lambda p: p.name)
def test_demo_rows_are_what_the_format_modules_read(path):
    _compare(path, Source.objects.create(name="rows"))


def test_edge_rows_are_what_the_format_modules_read(tmp_path):
    path = tmp_path / "edge.jsonl"
    path.write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in EDGE_RECORDS), "utf-8"
    )
    _compare(path, Source.objects.create(name="rows"))
