"""The worked example (examples/helpdesk_agent.py) through the real SDK against a mock transport."""

import importlib.util
import json
import os
from pathlib import Path

import anthropic
import httpx2
import pytest
from memory_kb import open_knowledge

from tests.memory_kb.conftest import build_repo

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "helpdesk_agent.py"
DEMO_RECORDS = [
    (
        "free-plan",
        "Free plan",
        "What the free plan of Lumen Notes includes",
        "Yes. The free plan includes unlimited notes and syncs on up to 2 devices.",
        "reference",
    ),
    (
        "google-login",
        "Logging in with Google",
        "Why a Google login can fail",
        "Google login needs third-party cookies allowed for accounts.lumen.example.",
        "reference",
    ),
]


def _message(n, content, stop):
    return {
        "id": f"msg_{n}",
        "type": "message",
        "role": "assistant",
        "model": "claude-sonnet-4-6",
        "content": content,
        "stop_reason": stop,
        "stop_sequence": None,
        "usage": {"input_tokens": 10, "output_tokens": 5},
    }


def load_example():
    spec = importlib.util.spec_from_file_location("helpdesk_agent", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_example_answers_a_demo_question_with_citations_and_session_notes(tmp_path):
    example = load_example()
    sent = []

    def handler(request: httpx2.Request) -> httpx2.Response:
        body = json.loads(request.content)
        sent.append(body)
        if len(sent) == 1:
            note = {"command": "create", "path": "/memories/session/visitor.md", "file_text": "EN"}
            call = {"type": "tool_use", "id": "toolu_1", "name": "memory", "input": note}
            return httpx2.Response(200, json=_message(1, [call], "tool_use"))
        first = sent[0]["messages"][0]["content"][0]
        cited = {
            "type": "text",
            "text": "Yes, with unlimited notes on up to 2 devices.",
            "citations": [
                {
                    "type": "search_result_location",
                    "source": first["source"],
                    "title": first["title"],
                    "cited_text": "Yes.",
                    "search_result_index": 0,
                    "start_block_index": 0,
                    "end_block_index": 0,
                }
            ],
        }
        return httpx2.Response(200, json=_message(2, [cited], "end_turn"))

    client = anthropic.Anthropic(
        api_key="test", http_client=httpx2.Client(transport=httpx2.MockTransport(handler))
    )
    with open_knowledge(build_repo(tmp_path / "kb", DEMO_RECORDS, tag="v1")) as kb:
        text, sources = example.answer(
            client, kb, "Does Lumen Notes have a free plan?", session="s1", model="m"
        )
    assert text.startswith("Yes, with unlimited notes")
    assert sources == ["v1:records/free-plan.md"]
    user = sent[0]["messages"][0]["content"]
    assert user[0]["type"] == "search_result" and user[-1]["text"].startswith("Does Lumen")
    assert "background knowledge" in sent[0]["system"]
    assert example.NOTES.load("s1") == {"visitor.md": "EN"}


@pytest.mark.skipif(not os.environ.get("ANTHROPIC_API_KEY"), reason="needs ANTHROPIC_API_KEY")
def test_the_example_answers_for_real(tmp_path):
    with open_knowledge(build_repo(tmp_path / "kb", DEMO_RECORDS, tag="v1")) as kb:
        text, sources = load_example().answer(
            anthropic.Anthropic(),
            kb,
            "Does Lumen Notes have a free plan?",
            session="real",
            model="claude-haiku-4-5",
        )
    assert "2 devices" in text and sources
