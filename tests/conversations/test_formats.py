"""Each format module is a pure function from parsed JSON to a normalized conversation."""

import pytest

from conversations import formats
from conversations.formats import anthropic, native, openai, sharegpt, transcript
from conversations.formats.base import FormatError, parse_timestamp


def test_native_reads_string_and_block_content():
    conv = native.parse(
        {
            "id": "n1",
            "started_at": "2026-01-02T03:04:05Z",
            "messages": [
                {"role": "user", "content": "hello", "created_at": "2026-01-02T03:04:05Z"},
                {"role": "assistant", "content": [{"type": "text", "text": "hi"}]},
            ],
            "metadata": {"channel": "web"},
        }
    )
    assert conv.external_id == "n1"
    assert conv.started_at.isoformat() == "2026-01-02T03:04:05+00:00"
    assert [m.content for m in conv.messages] == [
        [{"type": "text", "text": "hello"}],
        [{"type": "text", "text": "hi"}],
    ]
    assert conv.messages[0].created_at is not None
    assert conv.metadata == {"channel": "web"}


def test_anthropic_request_and_response_become_one_conversation():
    record = {
        "request": {
            "model": "claude",
            "system": "You are the product agent.",
            "messages": [
                {"role": "user", "content": "What is the refund window?"},
                {
                    "role": "assistant",
                    "content": [
                        {"type": "text", "text": "Let me check."},
                        {"type": "tool_use", "id": "t1", "name": "kb", "input": {"q": "refund"}},
                    ],
                },
                {
                    "role": "user",
                    "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "30 days"}],
                },
            ],
        },
        "response": {
            "id": "msg_1",
            "type": "message",
            "content": [{"type": "text", "text": "30 days."}],
        },
    }
    assert formats.detect(record) is anthropic
    conv = anthropic.parse(record)
    assert [m.role for m in conv.messages] == ["system", "user", "assistant", "tool", "assistant"]
    assert conv.messages[2].is_tool_use and conv.messages[2].text == "Let me check."
    assert conv.messages[3].is_tool_output and conv.messages[3].text == ""
    assert conv.messages[4].text == "30 days."
    assert conv.metadata["request.model"] == "claude"


def test_openai_tool_calls_become_tool_use_blocks():
    record = {
        "id": "o1",
        "messages": [
            {"role": "system", "content": "policy"},
            {"role": "user", "content": "book a flight"},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": "c1",
                        "type": "function",
                        "function": {"name": "book", "arguments": '{"to": "PEK"}'},
                    }
                ],
            },
            {"role": "tool", "tool_call_id": "c1", "content": "booked"},
        ],
        "metadata": {"reward": 0},
    }
    assert formats.detect(record) is openai
    conv = openai.parse(record)
    call = conv.messages[2].content[0]
    assert call["type"] == "tool_use" and call["input"] == {"to": "PEK"}
    assert call["arguments"] == '{"to": "PEK"}'
    assert conv.messages[2].is_tool_use
    tool = conv.messages[3]
    assert tool.role == "tool" and tool.is_tool_output and tool.text == ""
    assert conv.metadata == {"reward": 0}


def test_sharegpt_maps_speakers_and_function_turns():
    record = {
        "conversations": [
            {"from": "human", "value": "以后请用中文回答"},
            {"from": "function_call", "value": '{"name": "search", "arguments": {"q": "x"}}'},
            {"from": "observation", "value": '{"result": 1}'},
            {"from": "gpt", "value": "好的"},
        ],
        "tools": "[]",
    }
    assert formats.detect(record) is sharegpt
    conv = sharegpt.parse(record)
    assert conv.external_id is None
    assert [m.role for m in conv.messages] == ["user", "assistant", "tool", "assistant"]
    assert conv.messages[0].text == "以后请用中文回答"
    assert conv.messages[1].content[0]["name"] == "search"
    assert conv.messages[2].is_tool_output
    assert conv.metadata == {"tools": "[]"}


@pytest.mark.parametrize(
    "turn",
    [
        {"from": "human", "value": "hi"},
        {"from": "Human", "value": "hi"},
        {"from": "gpt", "value": "a", "created_at": "2026-01-01T00:00:00Z", "x": 1},
        {"from": "system", "value": ""},
        {"from": "function_call", "value": '{"name": "f", "arguments": {}}'},
        {"from": "tool", "value": "out"},
    ],
)
def test_sharegpt_turns_read_the_same_on_the_short_path(turn):
    # The usual turn skips the general checks; what it gives is what they give.
    [message] = sharegpt.parse({"conversations": [turn]}).messages
    role = sharegpt.SPEAKERS.get(turn["from"].lower())
    if role is None:  # a tool turn: only the general path reads it
        assert message.role in ("assistant", "tool") and message.plain is None
        return
    assert (message.role, message.content, message.plain) == (
        role,
        [{"type": "text", "text": turn["value"]}],
        turn["value"],
    )
    assert message.created_at == parse_timestamp(turn.get("created_at"))


@pytest.mark.parametrize(
    "turn, expected",
    [
        ({"role": "user", "content": "hi"}, ("user", "hi")),
        ({"role": "developer", "content": "d", "created_at": 1767225600}, ("system", "d")),
        ({"role": "assistant", "content": "a", "tool_calls": [], "function_call": None}, None),
        ({"role": "assistant", "content": "", "tool_calls": {}}, ("assistant", "")),
        ({"role": "assistant", "content": "call", "tool_calls": [{"function": {}}]}, "tool"),
        ({"role": "assistant", "content": "x", "function_call": {"name": "f"}}, "tool"),
        ({"role": "function", "name": "f", "content": "out"}, "tool"),
        ({"role": "tool", "content": "out"}, "tool"),
        ({"role": "wizard", "content": "x"}, "unknown_role"),
        ({"role": "", "content": "x"}, "missing_role"),
        ({"role": "assistant", "content": "x", "tool_calls": "no"}, "unknown_shape"),
    ],
)
def test_openai_turns_read_the_same_on_the_short_path(turn, expected):
    # The usual turn (text, no tool calls) skips the general checks; what it gives is
    # what they give: one text block, known to be one (`plain`).
    if expected in ("unknown_role", "missing_role", "unknown_shape"):
        with pytest.raises(FormatError) as caught:
            openai.parse({"messages": [turn]})
        assert caught.value.reason == expected
        return
    [message] = openai.parse({"messages": [turn]}).messages
    if expected == "tool":  # tool blocks: only the general path reads them
        assert message.plain is None and len(message.content) >= 1
        return
    role, text = expected or (turn["role"], turn["content"])
    assert (message.role, message.content, message.plain) == (
        role,
        [{"type": "text", "text": text}],
        text,
    )
    assert message.created_at == parse_timestamp(turn.get("created_at"))


def _event(kind, session="s1", **extra):
    return {"type": kind, "sessionId": session, "timestamp": "2026-02-10T21:11:56Z", **extra}


def test_transcript_timestamps_repeated_or_not_read_as_each_alone():
    stamps = [
        "2026-02-10T21:11:56Z",
        "2026-02-10T21:11:56Z",
        "2026-02-10T21:11:57.5+02:00",
        1,
        True,
    ]
    stamps += [1, "2026-02-10T21:11:56Z", "not a time", "not a time", None, 1767225600123]
    collector = transcript.Collector()
    for n, stamp in enumerate(stamps):
        event = _event("user", message={"role": "user", "content": f"m{n}"}, timestamp=stamp)
        collector.add(event)
    [run] = collector.finish()
    assert [m.created_at for m in run.messages] == [parse_timestamp(s) for s in stamps]


def test_transcript_groups_sessions_and_joins_blocks_of_one_message():
    collector = transcript.Collector()
    events = [
        _event("progress", data={}),
        _event("user", message={"role": "user", "content": "the server does not start"}),
        _event(
            "assistant",
            message={
                "id": "m1",
                "role": "assistant",
                "content": [{"type": "text", "text": "Let me look."}],
            },
        ),
        _event(
            "assistant",
            message={
                "id": "m1",
                "role": "assistant",
                "content": [{"type": "tool_use", "id": "t", "name": "Bash", "input": {}}],
            },
        ),
        _event(
            "user",
            message={
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "t", "content": "error"}],
            },
        ),
        _event("user", isMeta=True, message={"role": "user", "content": "caveat"}),
        _event("user", message={"role": "user", "content": "<command-name>/model</command-name>"}),
        _event("user", session="s2", message={"role": "user", "content": "another session"}),
    ]
    done, skipped = [], []
    for event in events:
        out, kind = collector.add(event)
        done += out
        skipped.append(kind)
    done += collector.finish()
    assert [c.external_id for c in done] == ["s1", "s2"]
    first = done[0]
    assert [m.role for m in first.messages] == ["user", "assistant", "tool"]
    assert [b["type"] for b in first.messages[1].content] == ["text", "tool_use"]
    assert first.messages[2].is_tool_output
    assert [k for k in skipped if k] == ["progress", "meta", "command"]


def test_transcript_hands_on_long_sessions_in_runs(monkeypatch):
    monkeypatch.setattr(transcript, "RUN_SIZE", 2)
    collector = transcript.Collector()
    done = []
    for i in range(5):
        done += collector.add(_event("user", message={"role": "user", "content": f"m{i}"}))[0]
    done += collector.finish()
    assert [len(c.messages) for c in done] == [2, 2, 1]
    assert [c.continues for c in done] == [False, True, True]


@pytest.mark.parametrize(
    ("module", "record", "reason"),
    [
        (native, {"messages": [{"content": "x"}]}, "missing_role"),
        (native, {"messages": [{"role": "user"}]}, "missing_content"),
        (native, {"messages": [{"role": "wizard", "content": "x"}]}, "unknown_role"),
        (native, {"messages": []}, "missing_content"),
        (native, {"messages": [{"role": "user", "content": 5}]}, "invalid_content"),
        (openai, {"messages": [{"role": "assistant"}]}, "missing_content"),
        (sharegpt, {"conversations": [{"value": "x"}]}, "missing_role"),
        (sharegpt, {"conversations": [{"from": "human"}]}, "missing_content"),
        (anthropic, {"request": {"messages": "nope"}}, "unknown_shape"),
    ],
)
def test_bad_records_raise_a_reason(module, record, reason):
    with pytest.raises(FormatError) as exc:
        module.parse(record)
    assert exc.value.reason == reason


def test_detection_prefers_the_specific_format():
    assert formats.detect({"messages": [{"role": "user", "content": "hi"}]}) is native
    assert formats.detect({"type": "user", "sessionId": "s"}) is transcript
    assert formats.detect({"conversations": []}) is sharegpt
    assert formats.detect({"something": "else"}) is None
    assert formats.detect([1, 2]) is None


def test_transcript_skips_commands_after_leading_blanks_whatever_the_content_shape():
    collector = transcript.Collector()
    texts = ["\n  <command-name>/clear</command-name>", "\u3000<local-command-stdout>"]
    kinds = [
        collector.add(_event("user", message={"role": "user", "content": text}))[1]
        for text in texts
    ] + [
        collector.add(
            _event("user", message={"role": "user", "content": [{"type": "text", "text": t}]})
        )[1]
        for t in texts
    ]
    assert kinds == ["command"] * 4
    said = _event("user", message={"role": "user", "content": " hello <command-name>"})
    assert collector.add(said)[1] is None
