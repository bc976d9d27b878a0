"""The memory tool against the anthropic SDK: its tool runner, and its own local-filesystem tool.

The session area must behave exactly like the SDK's ``BetaLocalFilesystemMemoryTool``
(same answers, same errors), and ``tool_runner`` must take the handler as it is.
"""

import json

import anthropic
import httpx2
import pytest
from anthropic.lib.tools import BetaAbstractMemoryTool
from anthropic.tools.memory import BetaLocalFilesystemMemoryTool
from memory_kb import MAX_LIST_ENTRIES, MemoryToolHandler, SessionNotes, open_knowledge

from .conftest import RECORDS, build_repo


@pytest.fixture
def kb(kbpath):
    with open_knowledge(kbpath) as kb:
        yield kb


@pytest.fixture
def tool(kb):
    return MemoryToolHandler(kb, notes=SessionNotes(), session="visitor-1")


def test_it_is_the_sdks_memory_tool(tool):
    assert isinstance(tool, BetaAbstractMemoryTool)
    assert tool.to_dict() == {"type": "memory_20250818", "name": "memory"}
    assert tool.name == "memory"


SESSION_SCRIPT = [
    {"command": "create", "path": "/memories/session/prefs.md", "file_text": "Likes tea.\n"},
    {"command": "create", "path": "/memories/session/prefs.md", "file_text": "other"},
    {"command": "view", "path": "/memories/session/prefs.md"},
    {"command": "str_replace", "path": "/memories/session/prefs.md", "old_str": "tea", "new_str": "coffee"},
    {"command": "str_replace", "path": "/memories/session/prefs.md", "old_str": "zzz", "new_str": "a"},
    {"command": "insert", "path": "/memories/session/prefs.md", "insert_line": 1, "insert_text": "Speaks French."},
    {"command": "insert", "path": "/memories/session/prefs.md", "insert_line": 2, "insert_text": "Tall.\n"},
    {"command": "insert", "path": "/memories/session/prefs.md", "insert_line": 4, "insert_text": "x"},
    {"command": "view", "path": "/memories/session/prefs.md"},
    {"command": "view", "path": "/memories/session/prefs.md", "view_range": [2, 3]},
    {"command": "view", "path": "/memories/session/prefs.md", "view_range": [2, -1]},
    {"command": "str_replace", "path": "/memories/session/prefs.md", "old_str": "e", "new_str": "E"},
    {"command": "create", "path": "/memories/session/trip/plan.md", "file_text": "Paris\nin May\n"},
    {"command": "create", "path": "/memories/session/trip/days/one.md", "file_text": "Louvre"},
    {"command": "rename", "old_path": "/memories/session/trip", "new_path": "/memories/session/prefs.md"},
    {"command": "rename", "old_path": "/memories/session/trip", "new_path": "/memories/session/travel"},
    {"command": "view", "path": "/memories/session/travel/days/one.md"},
    {"command": "view", "path": "/memories/session/trip/plan.md"},
    {"command": "str_replace", "path": "/memories/session/nothing.md", "old_str": "a", "new_str": "b"},
    {"command": "delete", "path": "/memories/session/travel"},
    {"command": "view", "path": "/memories/session/travel/plan.md"},
    {"command": "delete", "path": "/memories/session/travel"},
    {"command": "rename", "old_path": "/memories/session/prefs.md", "new_path": "/memories/session/p.md"},
    {"command": "view", "path": "/memories/session/p.md"},
]  # fmt: skip


def _sdk_answer(sdk, command):
    try:
        return str(sdk.call(command)), False
    except anthropic.lib.tools.ToolError as exc:
        return str(exc), True


def test_the_session_area_answers_as_the_sdks_own_tool(tool, tmp_path):
    sdk = BetaLocalFilesystemMemoryTool(str(tmp_path / "sdk"))
    for command in SESSION_SCRIPT:
        ours = tool.handle(command)
        expected, failed = _sdk_answer(sdk, command)
        assert ours.is_error == failed, (command, ours.content, expected)
        if failed:
            assert ours.content == f"Error: {expected}", command
        else:
            assert ours.content == expected, command


def test_the_tool_runner_takes_the_handler_as_it_is(kb, tool):
    steps = [
        {"command": "view", "path": "/memories/kb/MEMORY.md"},
        {"command": "create", "path": "/memories/session/visitor.md", "file_text": "Asks in EN.\n"},
        {"command": "create", "path": "/memories/session/visitor.md", "file_text": "again"},
        {"command": "delete", "path": "/memories/kb/records/coffee.md"},
    ]
    sent = []

    def handler(request: httpx2.Request) -> httpx2.Response:
        body = json.loads(request.content)
        sent.append(body)
        n = len(sent)
        if n <= len(steps):
            content = [
                {"type": "tool_use", "id": f"toolu_{n}", "name": "memory", "input": steps[n - 1]}
            ]
            stop = "tool_use"
        else:
            content = [{"type": "text", "text": "Coffee is on the second floor."}]
            stop = "end_turn"
        return httpx2.Response(
            200,
            json={
                "id": f"msg_{n}",
                "type": "message",
                "role": "assistant",
                "model": "claude-sonnet-4-6",
                "content": content,
                "stop_reason": stop,
                "stop_sequence": None,
                "usage": {"input_tokens": 10, "output_tokens": 5},
            },
        )

    client = anthropic.Anthropic(
        api_key="test", http_client=httpx2.Client(transport=httpx2.MockTransport(handler))
    )
    runner = client.beta.messages.tool_runner(
        model="claude-sonnet-4-6",
        max_tokens=512,
        messages=[{"role": "user", "content": "Where is the coffee?"}],
        tools=[tool],
    )
    final = runner.until_done()
    assert final.content[0].text == "Coffee is on the second floor."
    assert sent[0]["tools"] == [{"type": "memory_20250818", "name": "memory"}]
    results = [body["messages"][-1]["content"][0] for body in sent[1:]]
    assert [r["tool_use_id"] for r in results] == ["toolu_1", "toolu_2", "toolu_3", "toolu_4"]

    def text(result):
        content = result["content"]
        return content if isinstance(content, str) else "".join(b["text"] for b in content)

    assert "[Coffee machine](records/coffee.md)" in text(results[0])
    assert not results[0].get("is_error") and not results[1].get("is_error")
    assert text(results[1]) == "File created successfully at: /memories/session/visitor.md"
    assert results[2]["is_error"] and "already exists" in text(results[2])
    assert results[3]["is_error"] and "read-only" in text(results[3])
    # The model's note stayed with the session; the release is unchanged.
    assert tool.notes.load("visitor-1") == {"visitor.md": "Asks in EN.\n"}
    assert kb.file("records/coffee.md") is not None


def test_a_listing_is_capped_and_says_how_to_page(tmp_path):
    many = [(f"r-{i:04d}", f"Record {i}", "d", "b", "project") for i in range(1_200)]
    with open_knowledge(build_repo(tmp_path / "kb", [*RECORDS, *many])) as kb:
        tool = MemoryToolHandler(kb)
        first = tool.handle({"command": "view", "path": "/memories/kb/records"}).content
        rows = [line for line in first.splitlines() if line.startswith("1") or "\t/" in line]
        assert len(rows) == MAX_LIST_ENTRIES + 1  # the directory itself, then the entries
        assert "Pass view_range [501, 1000]" in first
        seen = set()
        start = 1
        while True:
            page = tool.handle(
                {"command": "view", "path": "/memories/kb/records", "view_range": [start, -1]}
            ).content
            seen.update(line.split("\t")[1] for line in page.splitlines()[2:] if "\t" in line)
            if "Pass view_range [" not in page:
                break
            start = int(page.rsplit("view_range [", 1)[1].split(",")[0])
        assert len(seen) == 1_205


def test_the_release_cannot_be_deleted_or_renamed_whole(tool):
    for command in (
        {"command": "delete", "path": "/memories"},
        {"command": "delete", "path": "/memories/kb"},
        {"command": "rename", "old_path": "/memories/kb", "new_path": "/memories/session/kb"},
        {"command": "delete", "path": "/memories/session"},
    ):
        result = tool.handle(command)
        assert result.is_error, command
    assert not tool.handle({"command": "view", "path": "/memories/kb"}).is_error
