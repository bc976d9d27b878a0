"""Citations: selections as the SDK's ``search_result`` blocks, sent and cited through the SDK."""

import json

import anthropic
import httpx2
from memory_kb import open_knowledge, search_result_blocks

from .conftest import RECORDS, build_repo


def test_a_record_without_description_or_body_never_makes_an_empty_block(tmp_path):
    records = [*RECORDS, ("bare", "Bare lifts schedule", "", "", "reference")]
    with open_knowledge(build_repo(tmp_path / "kb", records, tag="v2")) as kb:
        selected = kb.select("bare lifts schedule")
        assert selected and selected[0].slug == "bare"
        blocks = search_result_blocks(selected)
    assert blocks[0]["content"] == [{"type": "text", "text": "Bare lifts schedule"}]
    for block in blocks:
        assert all(part["text"].strip() for part in block["content"])


def test_one_search_result_per_record_with_release_and_slug_cited_through_the_sdk(kbpath):
    sent = []

    def handler(request: httpx2.Request) -> httpx2.Response:
        sent.append(json.loads(request.content))
        result = sent[0]["messages"][0]["content"][0]
        return httpx2.Response(
            200,
            json={
                "id": "msg_1",
                "type": "message",
                "role": "assistant",
                "model": "claude-sonnet-4-6",
                "content": [
                    {
                        "type": "text",
                        "text": "Second floor, next to the lifts.",
                        "citations": [
                            {
                                "type": "search_result_location",
                                "source": result["source"],
                                "title": result["title"],
                                "cited_text": "Second floor, next to the lifts.",
                                "search_result_index": 0,
                                "start_block_index": 0,
                                "end_block_index": 0,
                            }
                        ],
                    }
                ],
                "stop_reason": "end_turn",
                "stop_sequence": None,
                "usage": {"input_tokens": 10, "output_tokens": 5},
            },
        )

    client = anthropic.Anthropic(
        api_key="test", http_client=httpx2.Client(transport=httpx2.MockTransport(handler))
    )
    with open_knowledge(kbpath) as kb:
        blocks = kb.search_results("where is the coffee machine", k=3)
    assert len({b["source"] for b in blocks}) == len(blocks)
    answer = client.messages.create(
        model="claude-sonnet-4-6",
        max_tokens=200,
        messages=[{"role": "user", "content": [*blocks, {"type": "text", "text": "Coffee?"}]}],
    )
    assert sent[0]["messages"][0]["content"][0]["source"] == "v1:records/coffee.md"
    citation = answer.content[0].citations[0]
    assert citation.type == "search_result_location"
    assert citation.source == "v1:records/coffee.md" and citation.title == "Coffee machine"
