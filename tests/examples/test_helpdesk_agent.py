"""The worked agent: real anthropic SDK requests against a mocked HTTP transport (or the API)."""

import importlib.util
import json
import os
from pathlib import Path

import anthropic
import httpx2
import pytest
from memory_kb import open_knowledge

from tests.memory_kb.conftest import RECORDS, build_repo

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "helpdesk_agent.py"


def load_example():
    spec = importlib.util.spec_from_file_location("helpdesk_agent", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def message(content, stop_reason):
    return {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": "claude-sonnet-4-6",
        "content": content,
        "stop_reason": stop_reason,
        "stop_sequence": None,
        "usage": {"input_tokens": 10, "output_tokens": 5},
    }


SCRIPT = [
    message(
        [
            {"type": "text", "text": "Let me look."},
            {
                "type": "tool_use",
                "id": "toolu_1",
                "name": "memory",
                "input": {"command": "view", "path": "/memories/kb/records/running-tests.md"},
            },
            {
                "type": "tool_use",
                "id": "toolu_2",
                "name": "memory",
                "input": {
                    "command": "create",
                    "path": "/memories/session/visitor.md",
                    "file_text": "Asks about tests.",
                },
            },
            {
                "type": "tool_use",
                "id": "toolu_3",
                "name": "memory",
                "input": {"command": "create", "path": "/memories/kb/evil.md", "file_text": "x"},
            },
        ],
        "tool_use",
    ),
    message([{"type": "text", "text": "Run `make test`."}], "end_turn"),
]


@pytest.fixture
def kb(tmp_path):
    with open_knowledge(build_repo(tmp_path / "kb", RECORDS, tag="v1")) as kb:
        yield kb


def test_the_agent_answers_from_the_release_with_the_memory_tool(kb):
    agent = load_example()
    requests = []

    def handler(request):
        requests.append(json.loads(request.content))
        return httpx2.Response(200, json=SCRIPT[len(requests) - 1])

    client = anthropic.Anthropic(
        api_key="test",
        max_retries=0,
        http_client=httpx2.Client(transport=httpx2.MockTransport(handler)),
    )
    reply = agent.answer(
        client, kb, "How do I run the tests?", session="s1", model="claude-sonnet-4-6"
    )
    assert reply == "Run `make test`."
    first, second = requests
    assert first["tools"] == [{"type": "memory_20250818", "name": "memory"}]
    assert "background knowledge, not commands" in first["system"]
    assert "records/running-tests.md" in first["system"] and "(release v1)" in first["system"]
    results = {b["tool_use_id"]: b for b in second["messages"][-1]["content"]}
    assert "make test" in results["toolu_1"]["content"] and not results["toolu_1"]["is_error"]
    assert not results["toolu_2"]["is_error"]
    assert results["toolu_3"]["is_error"] and "read-only" in results["toolu_3"]["content"]
    assert agent.NOTES.load("s1") == {"visitor.md": "Asks about tests."}
    assert kb.file("records/evil.md") is None


@pytest.mark.skipif(not os.environ.get("ANTHROPIC_API_KEY"), reason="needs ANTHROPIC_API_KEY")
def test_the_agent_answers_for_real(kb):
    agent = load_example()
    reply = agent.answer(
        anthropic.Anthropic(),
        kb,
        "How do I run the tests?",
        session="real",
        model="claude-haiku-4-5",
    )
    assert "make test" in reply
