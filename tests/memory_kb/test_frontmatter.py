"""The fast front-matter reading gives exactly what YAML gives, or hands the text to YAML."""

import pytest
import yaml
from memory_kb.frontmatter import read_front_matter
from memory_kb.recordfile import RecordData, parse_record, render_record, split_front_matter

ODD = [
    "yes",
    "No",
    "null",
    "~",
    "1",
    "1.5",
    ".inf",
    "2024-01-01",
    "<<",
    "a: b",
    "a #b",
    "a:",
    " a",
    "'q'",
    '"q"',
    "a\\b",
    "[x]",
    "&a",
    "a\tb",
    "a\u2028b",
    "\ufeffa",
    "0x1F",
    "a#b",
    "é 数据",
]


@pytest.mark.parametrize("value", ODD + ["plain words", "数据库 服务器"])
def test_a_rendered_record_reads_as_yaml_reads_it(value):
    record = RecordData(
        slug="x",
        name=value,
        description=value,
        type="project",
        body="b\n",
        created="2026-01-01T00:00:00+00:00",
        updated=value,
        sources=[value, "conv:1#m1"],
        reviewed_by=[value],
        valid_until=value,
    )
    front, _ = split_front_matter(render_record(record))
    fast = read_front_matter(front)
    assert fast is None or fast == yaml.safe_load(front)
    assert parse_record(render_record(record), "x") == record


@pytest.mark.parametrize("value", ODD)
def test_hand_written_values_yaml_reads_otherwise_go_to_yaml(value):
    text = f"---\nname: n\ntype: project\ndescription: {value}\nsources:\n- {value}\n---\nbody"
    front, _ = split_front_matter(text)
    fast = read_front_matter(front)
    try:
        expected = yaml.safe_load(front)
    except yaml.YAMLError:
        expected = None
    assert fast is None or fast == expected


def test_the_writers_shape_is_read_without_yaml():
    front = (
        "name: n\ndescription: d\ntype: user\ncreated: '2026-01-01'\nsources: []\nreviewed_by:\n- a"
    )
    assert read_front_matter(front) == {
        "name": "n",
        "description": "d",
        "type": "user",
        "created": "2026-01-01",
        "sources": [],
        "reviewed_by": ["a"],
    }
    assert read_front_matter(front + "\nname: again") is None  # duplicate key: YAML decides
    assert read_front_matter("name: n\nextra: x") is None  # unknown key
