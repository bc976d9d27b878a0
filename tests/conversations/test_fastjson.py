"""JSON lines read by orjson come out exactly as the json module reads them: same values,
same problems with the same details (conversations.fastjson)."""

import io
import json

import pytest

from conversations.fastjson import canonical_bytes, compact_dumps, compact_utf8, loads
from conversations.ingest import ingest_file
from conversations.models import Conversation, Message, Source
from conversations.normalize import content_utf8
from conversations.reader import iter_lines
from conversations.records import Record, parse_line, parse_record

LINES = [
    b'{"id": "a", "messages": [{"role": "user", "content": "hi"}]}',
    b'{"a": 1, "b": 2, "a": 3}',
    b'{"x": [1.5, -0.0, 1e5, 1E+2, 5e-324, 0.1, 123456789012345678, -922337203685477580]}',
    b'{"big": 123456789012345678901234567890, "neg": -9223372036854775809}',
    b'{"u": 18446744073709551615, "v": 18446744073709551616}',
    b'{"text": "\\ud83d\\ude00 \\u2028 \\u00e9 \xe4\xbb\xa5\xe5\x90\x8e \\" \\\\ \\/"}',
    b'{"nul": "a\\u0000b"}',
    b'{"lone": "\\ud800"}',
    b'{"reversed": "\\ude00\\ud83d"}',
    b'{"escaped": "\\\\u0000 is not a NUL"}',
    b'{"x": NaN}',
    b'{"x": -Infinity}',
    b'{"x": 1e400}',
    b'{"x": 1}  ',
    b'{"x": 1,}',
    b'{"x": "tab\tinside"}',
    b'{"x": "\xff"}',
    b"[" * 70 + b"]" * 70,
    b"[" * 2000 + b"]" * 2000,
    b'{"x": 1} {"y": 2}',
    b"",
]


def _outcome(record: Record) -> tuple:
    return (record.reason, record.detail, json.dumps(record.obj), type(record.obj))


@pytest.mark.parametrize("raw", LINES)
def test_a_line_reads_as_the_json_module_reads_it(raw):
    fast = parse_line(Record(line=1, raw=raw), raw, 64)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        assert (fast.reason, fast.detail) == ("invalid_utf8", str(exc))
        return
    slow = parse_record(Record(line=1, raw=raw), text, 64)
    assert _outcome(fast) == _outcome(slow)


def test_json_lines_read_each_line_as_parse_line_does():
    # iter_lines reads the usual line inline: every line comes out as parse_line has it.
    stream = io.BytesIO(b"\n".join(raw for raw in LINES if b"\n" not in raw) + b"\n")
    records = list(iter_lines(stream, max_line_bytes=1 << 20, max_depth=64))
    expected = [
        parse_line(Record(line=n, raw=raw), raw, 64) if raw.strip() else None
        for n, raw in enumerate((r for r in LINES if b"\n" not in r), 1)
    ]
    assert len(records) == len(expected)
    for record, want in zip(records, expected, strict=True):
        if want is None:
            assert record.skip == "blank_line"
        else:
            assert (record.line, record.raw) == (want.line, want.raw)
            assert _outcome(record) == _outcome(want)


def test_long_integers_are_kept_exact():
    value = loads('{"n": 123456789012345678901234567890}')["n"]
    assert value == 123456789012345678901234567890 and type(value) is int


@pytest.mark.parametrize("text", ['{"a": 1', "NaN", '"\\ud800"', "", "[1e400]"])
def test_loads_answers_as_json_loads_does(text):
    try:
        expected = repr(json.loads(text))
    except ValueError as exc:
        with pytest.raises(ValueError, match=None) as caught:
            loads(text)
        assert str(caught.value) == str(exc)
    else:
        assert repr(loads(text)) == expected


@pytest.mark.django_db
def test_a_long_integer_in_a_record_is_stored_exactly(tmp_path):
    path = tmp_path / "log.jsonl"
    record = {
        "id": "big",
        "messages": [
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": "c",
                        "function": {"name": "f", "arguments": '{"n": 98765432109876543210}'},
                    }
                ],
            },
            {"role": "tool", "tool_call_id": "c", "content": "ok"},
        ],
        "metadata": {"order": 123456789012345678901234567890},
    }
    path.write_text(json.dumps(record) + "\n", "utf-8")
    ingest_file(path, source=Source.objects.create(name="agent"))
    conversation = Conversation.objects.get()
    assert conversation.metadata["order"] == 123456789012345678901234567890
    call = Message.objects.get(order=0).content[0]
    assert call["input"] == {"n": 98765432109876543210}


VALUES = [
    {"b": 1, "a": [1, 2.5, -0.0, 1e-05, 1e16, 5e-324], "é": {"Z": None, "😀": True}},
    {"big": 123456789012345678901234567890, "u": 18446744073709551615, "i": -(2**63)},
    {"text": "a:1.5 and 3e2 in a string", "ctl": '\x00\x07\x1f\t\n\x7f\u2028"\\/'},
    [{"type": "text", "text": "以后请 用中文"}, {"type": "tool_use", "input": {"x": 0.1}}],
    # Many digits before the first float (past the ones checked one by one), or none.
    {"ids": list(range(40)), "late": 1e-07, "then": [2.5]},
    {"ids": [12, 345, 6789] * 10, "text": "9 easy 0 E 7. and 8e"},
    1.5,
    -3,
    "s",
    [],
    {},
]


@pytest.mark.parametrize("value", VALUES)
def test_json_is_written_as_the_json_module_writes_it(value):

    compact = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    canonical = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    assert compact_dumps(value) == compact
    assert compact_utf8(value) == compact.encode()
    assert canonical_bytes(value) == canonical.encode()


def test_a_lone_surrogate_fails_as_it_does_with_json():

    with pytest.raises(UnicodeEncodeError):
        canonical_bytes({"x": "\ud800"})
    # No UTF-8 holds it: the compact JSON comes back as text.
    assert compact_utf8({"x": "\ud800", "f": 1.5}) == '{"x":"\ud800","f":1.5}'


def test_every_character_is_written_as_the_json_module_writes_it():
    # A message's one text block is written by orjson (conversations.normalize): every
    # code point but the surrogates, escaped or not, as json writes it.
    text = "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF)
    assert compact_utf8(text) == json.dumps(text, ensure_ascii=False).encode()
    assert (
        content_utf8([{"type": "text", "text": text}])
        == json.dumps(
            [{"type": "text", "text": text}], ensure_ascii=False, separators=(",", ":")
        ).encode()
    )
