import string

from hypothesis import given, settings
from hypothesis import strategies as st

from knowledge_repo.recordfile import (
    RecordData,
    RecordFormatError,
    index_entry,
    index_line,
    parse_index,
    parse_record,
    render_index,
    render_record,
    update_index,
)

# Any text a reviewer can type: every Unicode character that UTF-8 can hold.
text = st.text(st.characters(exclude_categories=["Cs"]))
tricky = st.sampled_from(
    [
        "---",
        "a\n---\nb",
        "---\n",
        "yes",
        "null",
        "1.0",
        "- x",
        "key: value",
        "'\"",
        "#x",
        "测试の書き方 🎉",
        " lead",
        "trail ",
        "\r\n",
        "\u2028",
        "\x85",
        "\ufeff",
        "[a](b)",
        "",
    ]
)
value = st.one_of(text, tricky, st.lists(tricky).map("".join))


@settings(max_examples=300, deadline=None)
@given(
    name=value.filter(lambda s: s.strip() != ""),
    description=value,
    body=value,
    sources=st.lists(value, max_size=3),
    supersedes=st.lists(value, max_size=2),
    valid_until=st.one_of(st.none(), value.filter(bool)),
)
def test_any_text_round_trips_exactly(name, description, body, sources, supersedes, valid_until):
    record = RecordData(
        slug="a-record",
        name=name,
        description=description,
        type="reference",
        body=body,
        created="2026-01-02T03:04:05+00:00",
        updated="2026-01-02T03:04:05+00:00",
        sources=sources,
        reviewed_by=["alice"],
        supersedes=supersedes,
        valid_until=valid_until,
    )
    text_ = render_record(record)
    assert parse_record(text_, "a-record") == record
    # The front matter never contains a line that is exactly --- before its end.
    lines = text_.split("\n")
    assert lines[0] == "---"
    closing = lines.index("---", 1)
    assert "\n".join(lines[closing + 1 :]) == body


@settings(max_examples=200, deadline=None)
@given(name=value, description=value)
def test_an_index_line_is_one_line_whatever_the_text(name, description):
    line = index_line("a-record", name, description)
    assert "\n" not in line and "\r" not in line and len(line.splitlines()) == 1
    assert parse_index(render_index({"a-record": line})) == {"a-record": line}
    assert index_entry(line)[0] == "a-record"


def test_a_name_cannot_forge_another_index_line():
    line = index_line("real", "x](records/evil.md) - y\n- [forged](records/forged.md)", "d")
    assert index_entry(line)[0] == "real"
    assert list(parse_index(line)) == ["real"]


def test_it_rejects_files_without_front_matter():
    for broken in ["no front matter", "---\nname: x\n", "---\n- a list\n---\n"]:
        try:
            parse_record(broken, "x")
        except RecordFormatError:
            continue
        raise AssertionError(f"{broken!r} parsed")


def test_it_rejects_unsafe_yaml_tags():
    evil = "---\nname: !!python/object/apply:os.system ['true']\ntype: user\n---\n"
    try:
        parse_record(evil, "x")
    except RecordFormatError:
        return
    raise AssertionError("an unsafe tag was loaded")


def test_it_rejects_an_unknown_type():
    try:
        parse_record("---\nname: x\ntype: secret\n---\n", "x")
    except RecordFormatError as exc:
        assert "type" in str(exc)
    else:
        raise AssertionError


def test_the_file_is_readable_yaml_for_people():
    text_ = render_record(
        RecordData(
            slug="s",
            name="Plain name",
            description="Two\nlines",
            type="user",
            body="Body\n",
            sources=["conv:1#m2"],
            reviewed_by=["alice"],
        )
    )
    assert "name: Plain name\n" in text_
    assert 'description: "Two\\nlines"\n' in text_
    assert set(text_) <= set(string.printable)


slug_st = st.from_regex(r"[a-z0-9]{1,6}(-[a-z0-9]{1,4})?", fullmatch=True)


@settings(max_examples=200, deadline=None)
@given(
    existing=st.dictionaries(slug_st, value, max_size=8),
    changes=st.dictionaries(slug_st, st.one_of(st.none(), value), max_size=4),
)
def test_updating_the_index_in_place_equals_rebuilding_it(existing, changes):
    lines = {slug: index_line(slug, name, "d") for slug, name in existing.items()}
    new = {slug: None if n is None else index_line(slug, n, "x") for slug, n in changes.items()}
    expected = dict(lines)
    for slug, line in new.items():
        if line is None:
            expected.pop(slug, None)
        else:
            expected[slug] = line
    assert update_index(render_index(lines), new) == render_index(expected)


def test_a_hand_edited_index_is_rebuilt_not_corrupted():
    text = "# Notes\n- [b](records/b.md)\nsome prose\n- [a](records/a.md)\n"
    assert update_index(text, {"c": "- [c](records/c.md)"}) == render_index(
        {"a": "- [a](records/a.md)", "b": "- [b](records/b.md)", "c": "- [c](records/c.md)"}
    )
