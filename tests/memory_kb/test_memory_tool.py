"""The Anthropic memory tool: the release read-only under /memories/kb, notes per session."""

import pytest
from memory_kb import MAX_VIEW_CHARS, MemoryToolHandler, SessionNotes, open_knowledge

from .conftest import RECORDS, build_repo


@pytest.fixture
def kb(kbpath):
    with open_knowledge(kbpath) as kb:
        yield kb


@pytest.fixture
def notes():
    return SessionNotes()


@pytest.fixture
def tool(kb, notes):
    return MemoryToolHandler(kb, notes=notes, session="visitor-1")


def view(tool, path, **extra):
    return tool.handle({"command": "view", "path": path, **extra})


def test_view_lists_two_levels_like_the_sdk(tool):
    tool.handle({"command": "create", "path": "/memories/session/prefs.md", "file_text": "hi"})
    listing = view(tool, "/memories")
    assert not listing.is_error
    assert listing.content.startswith(
        "Here're the files and directories up to 2 levels deep in /memories"
    )
    lines = listing.content.splitlines()
    assert any(line.endswith("\t/memories/kb/") for line in lines)
    assert any(line.endswith("\t/memories/kb/MEMORY.md") for line in lines)
    assert any(line.endswith("\t/memories/kb/records/") for line in lines)
    assert any(line.endswith("\t/memories/session/prefs.md") for line in lines)
    # Three levels down is not listed from the root ...
    assert not any("/memories/kb/records/coffee.md" in line for line in lines)
    # ... but is from /memories/kb.
    assert "/memories/kb/records/coffee.md" in view(tool, "/memories/kb/").content


def test_view_shows_a_record_with_line_numbers(tool):
    result = view(tool, "/memories/kb/records/coffee.md", view_range=[2, 2])
    assert result.content.endswith("     2\tname: Coffee machine")
    block = result.as_block("toolu_1")
    assert block["tool_use_id"] == "toolu_1" and block["is_error"] is False


@pytest.mark.parametrize(
    "command",
    [
        {"command": "create", "path": "/memories/kb/x.md", "file_text": "hi"},
        {
            "command": "str_replace",
            "path": "/memories/kb/MEMORY.md",
            "old_str": "a",
            "new_str": "b",
        },
        {
            "command": "insert",
            "path": "/memories/kb/MEMORY.md",
            "insert_line": 1,
            "insert_text": "x",
        },
        {"command": "delete", "path": "/memories/kb/records/coffee.md"},
        {
            "command": "rename",
            "old_path": "/memories/kb/MEMORY.md",
            "new_path": "/memories/session/x",
        },
        {"command": "rename", "old_path": "/memories/session/a", "new_path": "/memories/kb/a"},
        {"command": "create", "path": "/memories/x.md", "file_text": "hi"},
    ],
)
def test_the_release_is_read_only(tool, kb, command):
    tool.handle({"command": "create", "path": "/memories/session/a", "file_text": "note"})
    before = {p: kb.file(p) for p in kb.paths()}
    result = tool.handle(command)
    assert result.is_error
    assert "read-only" in result.content or "only files under /memories/session" in result.content
    assert {p: kb.file(p) for p in kb.paths()} == before


def test_session_notes_are_writable_and_per_session(kb, notes):
    alice = MemoryToolHandler(kb, notes=notes, session="alice")
    bob = MemoryToolHandler(kb, notes=notes, session="bob")
    path = "/memories/session/visitor.md"
    assert not alice.handle(
        {"command": "create", "path": path, "file_text": "Prefers French.\n"}
    ).is_error
    assert not alice.handle(
        {"command": "str_replace", "path": path, "old_str": "French", "new_str": "German"}
    ).is_error
    alice.handle({"command": "insert", "path": path, "insert_line": 0, "insert_text": "# Visitor"})
    assert view(alice, path).content.endswith(
        "     1\t# Visitor\n     2\tPrefers German.\n     3\t"
    )
    assert view(bob, path).is_error  # another visitor never sees it
    alice.handle({"command": "rename", "old_path": path, "new_path": "/memories/session/v2.md"})
    assert view(alice, "/memories/session/v2.md").content.count("German") == 1
    assert not alice.handle({"command": "delete", "path": "/memories/session/v2.md"}).is_error
    assert view(alice, "/memories/session/v2.md").is_error


def test_a_note_is_a_file_or_a_directory_never_both(tool):
    create = {"command": "create", "file_text": "x"}
    assert not tool.handle({**create, "path": "/memories/session/a/b.md"}).is_error
    assert "already exists" in tool.handle({**create, "path": "/memories/session/a"}).content
    assert not tool.handle({**create, "path": "/memories/session/c"}).is_error
    assert tool.handle({**create, "path": "/memories/session/c/d.md"}).is_error
    listing = view(tool, "/memories/session").content
    assert "\t/memories/session/a/\n" in listing and listing.endswith("\t/memories/session/c")


def test_notes_never_reach_the_knowledge_base(kbpath, kb, notes, tmp_path):
    from .conftest import git

    head = git(kbpath, "rev-parse", "HEAD")
    tool = MemoryToolHandler(kb, notes=notes, session="s")
    tool.handle({"command": "create", "path": "/memories/session/n.md", "file_text": "x"})
    assert git(kbpath, "rev-parse", "HEAD") == head
    assert git(kbpath, "status", "--porcelain") == ""
    assert "session" not in " ".join(kb.paths())


def test_notes_expire_with_the_session(kb):
    notes = SessionNotes(ttl=0)
    tool = MemoryToolHandler(kb, notes=notes, session="s")
    tool.handle({"command": "create", "path": "/memories/session/n.md", "file_text": "x"})
    assert view(tool, "/memories/session/n.md").is_error  # expired at once
    kept = SessionNotes()
    tool = MemoryToolHandler(kb, notes=kept, session="s")
    tool.handle({"command": "create", "path": "/memories/session/n.md", "file_text": "x"})
    kept.end("s")
    assert view(tool, "/memories/session/n.md").is_error


def test_notes_can_live_in_a_directory_under_hashed_names(kb, tmp_path):
    notes = SessionNotes(tmp_path / "notes")
    tool = MemoryToolHandler(kb, notes=notes, session="../../etc/passwd")
    tool.handle({"command": "create", "path": "/memories/session/n.md", "file_text": "kept"})
    files = list((tmp_path / "notes").iterdir())
    assert len(files) == 1 and files[0].suffix == ".json" and ".." not in files[0].name
    again = MemoryToolHandler(
        kb, notes=SessionNotes(tmp_path / "notes"), session="../../etc/passwd"
    )
    assert "kept" in view(again, "/memories/session/n.md").content


def test_notes_have_limits(kb):
    tool = MemoryToolHandler(kb, notes=SessionNotes(max_files=1, max_bytes=10), session="s")
    big = tool.handle({"command": "create", "path": "/memories/session/a", "file_text": "x" * 11})
    assert big.is_error and "at most 10 bytes" in big.content
    tool.handle({"command": "create", "path": "/memories/session/a", "file_text": "x"})
    second = tool.handle({"command": "create", "path": "/memories/session/b", "file_text": "x"})
    assert second.is_error


def test_without_notes_the_session_root_is_refused(kb):
    tool = MemoryToolHandler(kb)
    result = tool.handle({"command": "create", "path": "/memories/session/a", "file_text": "x"})
    assert result.is_error and "not available" in result.content
    assert "/memories/session" not in view(tool, "/memories").content


@pytest.mark.parametrize(
    "path",
    [
        "/memories/../etc/passwd",
        "/memories/kb/records/../../x",
        "/memories/session/../kb/MEMORY.md",
        "/etc/passwd",
        "memories",
        "/memoriesX/a",
        "/memories/./kb",
        "/memories//kb",
        "/memories\\..\\x",
        "/memories/kb/records/coffee.md\0",
        "/memories/session/%2e%2e/x",
        "/memories/session/.hidden",
        "/memories/session/a/../../kb/x",
        "/memories/session/\u2024\u2024/x",
        None,
        7,
    ],
)
def test_every_path_outside_the_roots_is_refused(tool, path):
    for command in (
        {"command": "view", "path": path},
        {"command": "create", "path": path, "file_text": "x"},
    ):
        result = tool.handle(command)
        assert result.is_error, command


def test_a_huge_record_is_paged_not_returned_whole(tmp_path):
    body = "\n".join(f"line {n} " + "x" * 100 for n in range(20_000))
    path = build_repo(tmp_path / "kb", [*RECORDS, ("huge", "Huge", "big", body, "user")])
    with open_knowledge(path) as kb:
        tool = MemoryToolHandler(kb)
        first = view(tool, "/memories/kb/records/huge.md").content
        assert len(first) < MAX_VIEW_CHARS + 2_000
        assert "Pass view_range [" in first
        start = int(first.rsplit("view_range [", 1)[1].split(",")[0])
        page = view(tool, "/memories/kb/records/huge.md", view_range=[start, -1]).content
        assert f"{start:6d}\tline " in page and f"(Shown lines {start}-" in page
        one_line = build_repo(tmp_path / "kb2", [("long", "Long", "d", "y" * 1_000_000, "user")])
    with open_knowledge(one_line) as kb:
        tool = MemoryToolHandler(kb)
        head = view(tool, "/memories/kb/records/long.md").content
        assert "wrapped" in head.splitlines()[0] and len(head) < MAX_VIEW_CHARS + 2_000
        seen = "".join(line.split("\t", 1)[1] for line in head.splitlines()[1:-1])
        # Every part of the one long line is reachable by paging.
        while "Pass view_range [" in head:
            start = int(head.rsplit("view_range [", 1)[1].split(",")[0])
            head = view(tool, "/memories/kb/records/long.md", view_range=[start, -1]).content
            assert len(head) < MAX_VIEW_CHARS + 2_000
            rows = [line for line in head.splitlines()[1:] if not line.startswith("(Shown")]
            seen += "".join(line.split("\t", 1)[1] for line in rows)
        assert "y" * 1_000_000 in seen and seen.count("y") < 1_000_010
