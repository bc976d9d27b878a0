"""An index that fits any loader: MEMORY.md within 200 lines / 25 KB, topic files past that."""

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from memory_kb import MemoryToolHandler, open_knowledge
from memory_kb.recordfile import index_line
from memory_kb.topics import INDEX_MAX_BYTES, INDEX_MAX_LINES, render_indexes, update_indexes

from .conftest import build_repo

LINK = re.compile(r"\]\(([^)]+\.md)\)")


def many(n):
    return [
        (f"topic-{i:03d}", f"Answer number {i}", f"What visitors ask about item {i}", f"Body {i}.", "reference")
        for i in range(n)
    ]  # fmt: skip


def claude_code_load(path: Path) -> str:
    """What a Claude Code-style loader reads of a file: the first 200 lines, at most 25 KB."""
    head = "".join(path.read_text(encoding="utf-8").splitlines(keepends=True)[:200])
    return head.encode("utf-8")[:25_000].decode("utf-8", "ignore")


def test_every_record_is_two_steps_from_a_memory_md_within_budget(tmp_path):
    repo = build_repo(tmp_path / "kb", many(265))
    memory = claude_code_load(repo / "MEMORY.md")
    assert memory == (repo / "MEMORY.md").read_text()  # nothing cut off
    reached = set()
    for link in LINK.findall(memory):
        target = (repo / link).resolve()
        assert link.startswith("index/") and target.exists()
        text = claude_code_load(target)
        assert text == target.read_text()  # each topic file fits too
        for record in LINK.findall(text):
            assert (target.parent / record).resolve().exists(), record
            reached.add(Path(record).stem)
    assert reached == {slug for slug, *_ in many(265)}


def test_a_small_knowledge_base_keeps_one_flat_memory_md():
    files = render_indexes({"a": "- [A](records/a.md) - first"})
    assert files == {"MEMORY.md": "# Memory\n\n- [A](records/a.md) - first\n"}


def test_long_descriptions_split_by_bytes_too():
    lines = {f"r-{i:03d}": f"- [R {i}](records/r-{i:03d}.md) - " + "é" * 400 for i in range(120)}
    for text in render_indexes(lines).values():
        assert text.count("\n") <= INDEX_MAX_LINES and len(text.encode()) <= INDEX_MAX_BYTES


def test_the_reader_serves_a_split_index(tmp_path):
    with open_knowledge(build_repo(tmp_path / "kb", many(265), tag="v1")) as kb:
        assert len(kb.summaries()) == 265
        assert kb.summaries()[7] == (
            "topic-007",
            "Answer number 7",
            "What visitors ask about item 7",
        )
        assert kb.select("answer number 42 item")[0].slug == "topic-042"
        topics = [p for p in kb.paths() if p.startswith("index/")]
        assert len(topics) >= 2
        tool = MemoryToolHandler(kb)
        listing = tool.handle({"command": "view", "path": "/memories/kb/index"}).content
        assert all(f"/memories/kb/{t}" in listing for t in topics)
        page = tool.handle({"command": "view", "path": f"/memories/kb/{topics[0]}"}).content
        assert "](../records/topic-" in page


def test_export_flat_writes_one_directory_an_s09_loader_reads(tmp_path):
    repo = build_repo(tmp_path / "kb", many(265), tag="v1")
    out = tmp_path / "flat"
    result = subprocess.run(
        [sys.executable, "-m", "memory_kb", "--repo", str(repo), "--cache-dir", str(tmp_path / "c"),
         "export", "--flat", str(out)],
        capture_output=True, text=True,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert not [p for p in out.iterdir() if p.is_dir()]
    # An s09-style loader: every *.md with front matter in one directory is a memory.
    memories = {}
    for path in out.glob("*.md"):
        text = path.read_text()
        if text.startswith("---\n"):
            meta = yaml.safe_load(text.split("---\n")[1])
            memories[path.stem] = meta
    assert len(memories) == 265 and memories["topic-003"]["name"] == "Answer number 3"
    assert memories["topic-003"]["type"] == "reference" and memories["topic-003"]["release"] == "v1"
    assert all("reviewed_by" not in m and "sources" not in m for m in memories.values())
    # The index's links stay inside the directory.
    for index in [out / "MEMORY.md", *out.glob("MEMORY.*.md")]:
        for link in LINK.findall(index.read_text()):
            assert "/" not in link and (out / link).exists(), (index.name, link)
    again = subprocess.run(
        [sys.executable, "-m", "memory_kb", "--repo", str(repo), "--cache-dir", str(tmp_path / "c"),
         "export", "--flat", str(out)],
        capture_output=True, text=True,
    )  # fmt: skip
    assert again.returncode == 0, again.stderr
    (tmp_path / "busy").mkdir()
    (tmp_path / "busy" / "mine.txt").write_text("keep")
    refused = subprocess.run(
        [sys.executable, "-m", "memory_kb", "--repo", str(repo), "--cache-dir", str(tmp_path / "c"),
         "export", "--flat", str(tmp_path / "busy")],
        capture_output=True, text=True,
    )  # fmt: skip
    assert refused.returncode == 2 and "not empty" in refused.stderr
    assert json.loads(json.dumps(sorted(p.name for p in (tmp_path / "busy").iterdir()))) == [
        "mine.txt"
    ]


def _lines(sizes: list[int]) -> dict[str, str]:
    return {
        f"{'abcdefghij'[i % 10]}{i:04d}": index_line(
            f"{'abcdefghij'[i % 10]}{i:04d}", f"R {i}", "d" * n
        )
        for i, n in enumerate(sizes)
    }


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(0, 300), min_size=201, max_size=700),
    st.lists(st.tuples(st.integers(0, 699), st.integers(0, 600)), min_size=1, max_size=4),
)
def test_an_edit_rewrites_only_its_topic_file_and_equals_a_full_render(sizes, edits):
    """Edits (an approval's) give exactly the files a full render gives, whatever lines grow or shrink."""
    entries = _lines(sizes)
    files = render_indexes(entries)
    slugs = sorted(entries)
    changed = {}
    for at, size in edits:
        slug = slugs[at % len(slugs)]
        changed[slug] = index_line(slug, f"Edited {slug}", "e" * size)
    expected = render_indexes({**entries, **changed})
    result = update_indexes(files, dict(changed))
    after = {**files, **{p: t for p, t in result.items() if t is not None}}
    for path, text in result.items():
        if text is None:
            del after[path]
    assert after == expected


def test_an_approval_at_scale_writes_one_topic_file():
    entries = _lines([60] * 5000)
    files = render_indexes(entries)
    slug = sorted(entries)[2345]
    holder = next(p for p, text in files.items() if f"/{slug}.md)" in text and p != "MEMORY.md")
    result = update_indexes(files, {slug: index_line(slug, "Edited", "f" * 55)})
    assert list(result) == [holder]
    assert f"[Edited](../records/{slug}.md) - {'f' * 55}" in str(result[holder])


def _applied(files, result):
    after = {**files, **{p: t for p, t in result.items() if t is not None}}
    return {p: t for p, t in after.items() if result.get(p, "") is not None}


def _first_slugs(files):
    return [Path(LINK.findall(files[p])[0]).stem for p in sorted(files) if p != "MEMORY.md"]


def test_a_first_record_that_shrinks_moves_into_the_topic_file_before():
    """The edge the fast path must hand to the full render: one file's first record moves back.

    Searched for, not hand-made: a topic file's first line shrinks just enough to
    fit in the file before while the next file keeps its own first record.
    """
    rng = random.Random(2)  # short and long lines: the cuts fall where the bytes run out
    entries = _lines([rng.choice([10, 400]) for _ in range(1500)])
    files = render_indexes(entries)
    firsts = _first_slugs(files)
    cases = 0
    for slug in firsts[1:-1]:
        for size in range(0, 400, 10):
            changed = {slug: index_line(slug, "S", "d" * size)}
            expected = render_indexes({**entries, **changed})
            moved = set(firsts) - set(_first_slugs(expected))
            if moved == {slug}:
                cases += 1
                assert _applied(files, update_indexes(files, changed)) == expected
    assert cases  # the search found the edge, so the assertion above ran
