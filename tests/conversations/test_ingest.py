"""The ingest loop: lossless, idempotent, growth-aware, for every layout and format."""

import gzip
import json

import pytest
from django.db import connection
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from conversations.ingest import ingest_file
from conversations.models import Conversation, IngestBatch, IngestProblem, Message, Source
from conversations.normalize import content_utf8

pytestmark = pytest.mark.django_db


@pytest.fixture
def source():
    return Source.objects.create(name="agent")


def _native(cid, *texts):
    roles = ["user", "assistant"]
    return {
        "id": cid,
        "messages": [{"role": roles[i % 2], "content": t} for i, t in enumerate(texts)],
    }


def _jsonl(path, *records):
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), "utf-8")
    return path


def _texts(external_id):
    conv = Conversation.objects.get(external_id=external_id)
    return list(conv.messages.order_by("order").values_list("text", flat=True))


def test_it_stores_conversations_with_messages(tmp_path, source):
    path = _jsonl(tmp_path / "a.jsonl", _native("c1", "hi", "hello"), _native("c2", "你好"))
    summary = ingest_file(path, source=source)
    assert summary.lines == 2
    assert summary.conversations_created == 2
    assert summary.messages_added == 3
    assert _texts("c1") == ["hi", "hello"]
    conv = Conversation.objects.get(external_id="c1")
    assert conv.message_count == 2 and conv.format == "native"
    batch = IngestBatch.objects.get(pk=summary.batch_id)
    assert batch.lines == 2 and batch.messages_added == 3 and batch.finished_at


def test_it_creates_nothing_the_second_time(tmp_path, source):
    path = _jsonl(
        tmp_path / "a.jsonl",
        _native("c1", "hi", "hello"),
        {"conversations": [{"from": "human", "value": "no id"}]},
    )
    ingest_file(path, source=source)
    again = ingest_file(path, source=source)
    assert again.conversations_created == 0
    assert again.conversations_unchanged == 2
    assert again.messages_added == 0
    assert Conversation.objects.count() == 2
    assert Message.objects.count() == 3


def test_records_without_id_get_an_id_from_their_content_not_position(tmp_path, source):
    a = {"conversations": [{"from": "human", "value": "first"}]}
    b = {"conversations": [{"from": "human", "value": "second"}]}
    ingest_file(_jsonl(tmp_path / "1.jsonl", a, b), source=source)
    summary = ingest_file(_jsonl(tmp_path / "2.jsonl", b, a), source=source)
    assert summary.conversations_unchanged == 2
    assert Conversation.objects.filter(external_id__startswith="sha-").count() == 2


def test_a_grown_conversation_gains_only_its_new_messages(tmp_path, source):
    ingest_file(_jsonl(tmp_path / "1.jsonl", _native("c1", "hi", "hello")), source=source)
    first_ids = list(Message.objects.order_by("order").values_list("pk", flat=True))
    summary = ingest_file(
        _jsonl(
            tmp_path / "2.jsonl", _native("c1", "hi", "hello", "remember that we ship to Norway")
        ),
        source=source,
    )
    assert summary.conversations_updated == 1 and summary.messages_added == 1
    assert _texts("c1") == ["hi", "hello", "remember that we ship to Norway"]
    assert list(Message.objects.order_by("order").values_list("pk", flat=True))[:2] == first_ids
    assert Conversation.objects.get(external_id="c1").message_count == 3


@pytest.mark.parametrize("returning", [True, False], ids=["returning", "no-returning"])
def test_many_conversations_in_one_chunk_keep_their_own_messages(
    tmp_path, source, monkeypatch, returning
):
    # More rows than one multi-row INSERT statement holds, and a remainder: every message
    # must land on its own conversation, in order; also on a database (SQLite before
    # 3.35) that cannot return the new rows' ids from the INSERT.
    if not returning:
        monkeypatch.setattr(connection.features, "can_return_rows_from_bulk_insert", False)
    records = [_native(f"c{n}", f"question {n}", f"answer {n}") for n in range(257)]
    summary = ingest_file(_jsonl(tmp_path / "many.jsonl", *records), source=source)
    assert summary.conversations_created == 257 and summary.messages_added == 514
    for n in (0, 99, 100, 199, 200, 256):
        assert _texts(f"c{n}") == [f"question {n}", f"answer {n}"]
    assert Conversation.objects.get(external_id="c256").message_count == 2


def test_the_newest_copy_of_a_conversation_updates_its_metadata(tmp_path, source):
    def ingest(name, *texts, **metadata):
        record = {**_native("c1", *texts), "metadata": metadata}
        return ingest_file(_jsonl(tmp_path / name, record), source=source)

    def metadata():
        return Conversation.objects.get(external_id="c1").metadata

    ingest("1.jsonl", "a", "b", status="open", channel="web")
    grown = ingest("2.jsonl", "a", "b", "c", status="closed", rating=5)
    assert grown.conversations_updated == 1 and grown.messages_added == 1
    # The newer copy's keys win; keys it does not carry are kept.
    assert metadata() == {"status": "closed", "channel": "web", "rating": 5}

    relabelled = ingest("3.jsonl", "a", "b", "c", status="reopened")
    assert relabelled.conversations_updated == 1 and relabelled.messages_added == 0
    assert metadata()["status"] == "reopened"

    older = ingest("4.jsonl", "a", "b", status="open")
    assert older.conversations_unchanged == 1
    assert metadata()["status"] == "reopened"

    same = ingest("5.jsonl", "a", "b", "c", status="reopened")
    assert same.conversations_unchanged == 1
    assert Message.objects.count() == 3


def test_an_older_shorter_copy_changes_nothing(tmp_path, source):
    ingest_file(_jsonl(tmp_path / "1.jsonl", _native("c1", "a", "b", "c")), source=source)
    summary = ingest_file(_jsonl(tmp_path / "2.jsonl", _native("c1", "a", "b")), source=source)
    assert summary.conversations_unchanged == 1
    assert _texts("c1") == ["a", "b", "c"]


def test_a_rewritten_conversation_becomes_a_revision_never_a_mix(tmp_path, source):
    ingest_file(_jsonl(tmp_path / "1.jsonl", _native("c1", "a", "b")), source=source)
    summary = ingest_file(
        _jsonl(tmp_path / "2.jsonl", _native("c1", "a", "CHANGED", "c")), source=source
    )
    assert summary.conversations_revised == 1 and summary.conversations_created == 1
    assert _texts("c1") == ["a", "b"]
    revision = Conversation.objects.exclude(external_id="c1").get()
    assert revision.external_id.startswith("c1~rev-")
    assert revision.metadata["revision_of"] == "c1" and revision.metadata["diverges_at"] == 1
    assert _texts(revision.external_id) == ["a", "CHANGED", "c"]
    # The same rewrite again, then grown: same revision, no new conversation.
    again = ingest_file(
        _jsonl(tmp_path / "3.jsonl", _native("c1", "a", "CHANGED", "c", "d")), source=source
    )
    assert again.conversations_updated == 1 and again.conversations_created == 0
    assert _texts(revision.external_id) == ["a", "CHANGED", "c", "d"]


def test_the_same_id_twice_in_one_file_grows_within_the_chunk(tmp_path, source):
    path = _jsonl(tmp_path / "a.jsonl", _native("c1", "a"), _native("c1", "a", "b"))
    summary = ingest_file(path, source=source)
    assert _texts("c1") == ["a", "b"]
    assert summary.conversations_created == 1 and summary.conversations_updated == 1


def test_sources_keep_their_own_conversations(tmp_path, source):
    other = Source.objects.create(name="other")
    path = _jsonl(tmp_path / "a.jsonl", _native("c1", "a"))
    ingest_file(path, source=source)
    assert ingest_file(path, source=other).conversations_created == 1


def test_it_reads_a_gzipped_json_array_element_by_element(tmp_path, source):
    path = tmp_path / "a.json.gz"
    records = [_native(f"c{i}", f"text {i}") for i in range(3)]
    with gzip.open(path, "wt", encoding="utf-8") as out:
        json.dump(records, out, indent=2)
    summary = ingest_file(path, source=source)
    assert summary.conversations_created == 3 and not summary.problems


def test_it_reads_a_pretty_printed_json_object(tmp_path, source):
    path = tmp_path / "one.json"
    path.write_text(json.dumps(_native("c1", "a", "b"), indent=2), "utf-8")
    assert ingest_file(path, source=source).messages_added == 2


def test_it_reads_gzipped_json_lines_whatever_the_name(tmp_path, source):
    path = tmp_path / "log"
    path.write_bytes(gzip.compress(json.dumps(_native("c1", "a")).encode() + b"\n"))
    assert ingest_file(path, source=source).conversations_created == 1


def test_a_gzipped_file_is_closed_with_its_reader(tmp_path):
    from conversations.reader import open_input

    path = tmp_path / "log.gz"
    path.write_bytes(gzip.compress(b"{}\n"))
    with open_input(path) as stream:
        underlying = stream.fileobj  # the file under the gzip stream
        assert stream.read() == b"{}\n"
    assert underlying.closed


def _problems(summary):
    return list(
        IngestProblem.objects.filter(batch_id=summary.batch_id)
        .order_by("line_number")
        .values_list("line_number", "reason", "raw")
    )


def test_it_keeps_bad_lines_with_number_reason_and_raw_text(tmp_path, source):
    good = json.dumps(_native("ok", "fine"))
    lines = [
        good.encode(),
        b'{"id": "x", "messages": [',
        b'{"id": "bad", "messages": [{"role": "user", "content": "caf\xe9"}]}',
        json.dumps(_native("nul", "a\u0000b")).encode(),
        b'{"id": "s", "messages": [{"role": "user", "content": "\\ud800"}]}',
        b'{"hello": "world"}',
        b"[1, 2]",
        json.dumps({"messages": [{"content": "x"}]}).encode(),
        json.dumps({"messages": [{"role": "user"}]}).encode(),
        json.dumps({"messages": [{"role": "wizard", "content": "x"}]}).encode(),
        b"",
        b'{"raw": "nul \x00 byte"}',
    ]
    path = tmp_path / "bad.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    summary = ingest_file(path, source=source)
    assert summary.lines == 12
    assert summary.conversations_created == 1
    assert summary.skipped == {"blank_line": 1}
    reasons = {line: reason for line, reason, _ in _problems(summary)}
    assert reasons == {
        2: "invalid_json",
        3: "invalid_utf8",
        4: "nul_character",
        5: "invalid_unicode",
        6: "unknown_shape",
        7: "unknown_shape",
        8: "missing_role",
        9: "missing_content",
        10: "unknown_role",
        12: "nul_character",
    }
    raws = {line: raw for line, _, raw in _problems(summary)}
    assert raws[2] == '{"id": "x", "messages": ['
    assert raws[3] == '{"id": "bad", "messages": [{"role": "user", "content": "caf\\xe9"}]}'
    assert raws[4] == lines[3].decode()
    assert raws[12] == '{"raw": "nul \\x00 byte"}'
    escaped = IngestProblem.objects.get(batch_id=summary.batch_id, line_number=3)
    assert escaped.raw_is_escaped
    # Every line is accounted for: stored, skipped or a problem.
    assert (
        summary.conversations_created
        + sum(summary.skipped.values())
        + sum(summary.problems.values())
        == summary.lines
    )


def test_it_rejects_lines_over_the_limit_but_reads_on(tmp_path, source, settings):
    settings.INGEST_MAX_LINE_BYTES = 100
    long = json.dumps(_native("long", "x" * 500))
    path = tmp_path / "a.jsonl"
    path.write_text(long + "\n" + json.dumps(_native("short", "y")) + "\n", "utf-8")
    summary = ingest_file(path, source=source)
    assert summary.problems == {"line_too_long": 1}
    assert summary.conversations_created == 1
    problem = IngestProblem.objects.get(reason="line_too_long")
    assert problem.line_number == 1 and long.startswith(problem.raw)
    assert str(len(long) + 1) in problem.detail


def test_it_rejects_json_nested_too_deep(tmp_path, source, settings):
    settings.INGEST_MAX_JSON_DEPTH = 10
    deep = {
        "id": "d",
        "messages": [{"role": "user", "content": "x"}],
        "metadata": {"a": [[[[[[[[[[1]]]]]]]]]]},
    }
    crash = "[" * 100_000 + "]" * 100_000
    path = _jsonl(tmp_path / "a.jsonl", deep)
    with path.open("a") as out:
        out.write(crash + "\n")
    summary = ingest_file(path, source=source)
    assert summary.problems == {"too_deep": 2}


def test_a_broken_json_array_keeps_the_good_elements_and_the_rest_verbatim(tmp_path, source):
    path = tmp_path / "a.json"
    path.write_text(
        '[\n{"id": "c1", "messages": [{"role": "user", "content": "a"}]},\n{"id": oops}\n]', "utf-8"
    )
    summary = ingest_file(path, source=source)
    assert summary.conversations_created == 1
    [(line, reason, raw)] = _problems(summary)
    assert (line, reason) == (3, "invalid_json")
    assert raw == '{"id": oops}\n]'


def test_a_json_array_element_that_is_not_a_conversation_is_a_problem(tmp_path, source):
    path = tmp_path / "a.json"
    path.write_text(
        '[{"id": "c1", "messages": [{"role": "user", "content": "a"}]}, 42, {"x": 1}]', "utf-8"
    )
    summary = ingest_file(path, source=source)
    assert summary.problems == {"unknown_shape": 2}


def test_a_forced_format_reads_records_as_that_format(tmp_path, source):
    path = _jsonl(tmp_path / "a.jsonl", _native("c1", "a"))
    summary = ingest_file(path, source=source, format="sharegpt")
    assert summary.problems == {"unknown_shape": 1}


def _transcript_lines(session, texts, start=0):
    events = []
    for i, text in enumerate(texts, start):
        role = "user" if i % 2 == 0 else "assistant"
        message = {"role": role, "content": text}
        if role == "assistant":
            message = {"id": f"m{i}", "role": role, "content": [{"type": "text", "text": text}]}
        events.append(
            {
                "type": role,
                "sessionId": session,
                "timestamp": "2026-02-10T21:11:56Z",
                "message": message,
            }
        )
    return events


def test_transcripts_group_by_session_and_count_skipped_events(tmp_path, source):
    events = [
        {"type": "file-history-snapshot", "messageId": "x", "snapshot": {}},
        {"type": "progress", "sessionId": "s1", "data": {}},
        *_transcript_lines("s1", ["hi", "hello"]),
        *_transcript_lines("s2", ["other"]),
        *_transcript_lines("s1", ["again", "yes"], start=2),
    ]
    summary = ingest_file(_jsonl(tmp_path / "t.jsonl", *events), source=source)
    assert summary.skipped == {"file-history-snapshot": 1, "progress": 1}
    assert summary.conversations_created == 2
    assert _texts("s1") == ["hi", "hello", "again", "yes"]
    again = ingest_file(_jsonl(tmp_path / "t.jsonl", *events), source=source)
    assert again.conversations_unchanged == 2 and again.messages_added == 0


def test_a_long_transcript_is_written_in_runs_and_re_ingested_unchanged(
    tmp_path, source, monkeypatch
):
    from conversations.formats import transcript

    monkeypatch.setattr(transcript, "RUN_SIZE", 3)
    events = _transcript_lines("s1", [f"t{i}" for i in range(10)])
    path = _jsonl(tmp_path / "t.jsonl", *events)
    first = ingest_file(path, source=source)
    assert (first.conversations_created, first.conversations_updated) == (1, 0)
    assert _texts("s1") == [f"t{i}" for i in range(10)]
    again = ingest_file(path, source=source)
    assert again.conversations_unchanged == 1 and again.messages_added == 0
    grown = _jsonl(tmp_path / "t2.jsonl", *_transcript_lines("s1", [f"t{i}" for i in range(12)]))
    assert ingest_file(grown, source=source).messages_added == 2


def test_tool_blocks_are_stored_but_kept_out_of_text(tmp_path, source):
    record = {
        "id": "tools",
        "messages": [
            {"role": "user", "content": "what is my order status?"},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": "c",
                        "type": "function",
                        "function": {"name": "status", "arguments": "{}"},
                    }
                ],
            },
            {"role": "tool", "tool_call_id": "c", "content": "SECRET internal output"},
            {"role": "assistant", "content": "It has shipped."},
        ],
    }
    ingest_file(_jsonl(tmp_path / "a.jsonl", record), source=source)
    messages = list(Message.objects.order_by("order"))
    assert [m.is_tool_use for m in messages] == [False, True, False, False]
    assert [m.is_tool_output for m in messages] == [False, False, True, False]
    assert messages[2].role == "tool" and messages[2].text == ""
    assert messages[2].content[0]["content"] == "SECRET internal output"
    assert not Message.objects.filter(text__contains="SECRET").exists()


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(), children, max_size=3)
    ),
    max_leaves=8,
)


@hypothesis_settings(deadline=None)
@given(
    st.lists(
        st.one_of(
            st.fixed_dictionaries({"type": st.just("text"), "text": st.text()}),
            st.dictionaries(st.text(), json_values, max_size=3),
        ),
        max_size=3,
    )
)
def test_the_fast_content_encoding_is_the_general_one(content):
    expected = json.dumps(content, ensure_ascii=False, separators=(",", ":"))
    assert content_utf8(content) == expected.encode()


def test_a_truncated_gzip_keeps_what_was_read_and_says_why(tmp_path, source):
    body = "".join(json.dumps(_native(f"c{i}", "x" * 50)) + "\n" for i in range(200))
    data = gzip.compress(body.encode())
    path = tmp_path / "cut.jsonl.gz"
    path.write_bytes(data[: len(data) // 2])
    summary = ingest_file(path, source=source)
    assert summary.problems == {"unreadable_input": 1}
    assert summary.conversations_created == summary.lines - 1 > 0
    magic_only = tmp_path / "empty.gz"
    magic_only.write_bytes(b"\x1f\x8b")
    assert ingest_file(magic_only, source=source).problems == {"unreadable_input": 1}


record_lines = st.one_of(
    st.binary(max_size=40),
    st.text(max_size=40).map(str.encode),
    st.builds(
        lambda cid, texts: json.dumps(_native(cid, *texts)).encode(),
        st.text(min_size=1, max_size=5),
        st.lists(st.text(max_size=10), min_size=1, max_size=3),
    ),
    st.sampled_from([b"{}", b"[]", b"null", b'{"messages": 1}', b'{"conversations": [1]}']),
)


@hypothesis_settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(record_lines, max_size=8))
def test_no_input_is_lost_or_crashes_ingest(tmp_path, source, lines):
    path = tmp_path / "fuzz.jsonl"
    path.write_bytes(b"\n".join(line.replace(b"\n", b" ").replace(b"\r", b" ") for line in lines))
    summary = ingest_file(path, source=source)
    accounted = (
        summary.conversations_created
        + summary.conversations_updated
        + summary.conversations_unchanged
        + sum(summary.skipped.values())
        + sum(summary.problems.values())
    )
    assert accounted == summary.lines


@hypothesis_settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.one_of(
        st.binary(max_size=60),
        st.lists(
            st.sampled_from(["[", "]", "{", "}", ",", '"a"', ":", "1", " ", "\n"]), max_size=30
        ).map(lambda parts: "".join(parts).encode()),
        st.lists(st.builds(lambda t: _native("c", t), st.text(max_size=5)), max_size=3).map(
            lambda records: json.dumps(records).encode()
        ),
    )
)
def test_no_json_document_crashes_ingest(tmp_path, source, data):
    path = tmp_path / "fuzz.json"
    path.write_bytes(data)
    summary = ingest_file(path, source=source)
    accounted = (
        summary.conversations_created
        + summary.conversations_updated
        + summary.conversations_unchanged
        + sum(summary.skipped.values())
        + sum(summary.problems.values())
    )
    assert accounted == summary.lines
