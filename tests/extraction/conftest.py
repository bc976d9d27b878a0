"""Small conversations made with the ORM, and the real Anthropic SDK on a mock transport."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import httpx2
import pytest

from conversations.models import Conversation, Message, Source

Spec = tuple[str, str] | tuple[str, str, dict[str, Any]]


def make_conversation(external_id: str, turns: list[Spec], source: str = "agent") -> Conversation:
    src, _ = Source.objects.get_or_create(name=source)
    conv = Conversation.objects.create(source=src, external_id=external_id)
    add_messages(conv, turns)
    return conv


def add_messages(conv: Conversation, turns: list[Spec]) -> None:
    start = conv.messages.count()
    for i, spec in enumerate(turns):
        role, text = spec[0], spec[1]
        extra = spec[2] if len(spec) > 2 else {}  # type: ignore[misc]
        Message.objects.create(
            conversation=conv,
            order=start + i,
            role=role,
            text=text,
            content=[{"type": "text", "text": text}],
            **extra,
        )
    conv.message_count = conv.messages.count()
    conv.save()


def message_json(payload: Any, *, usage: dict[str, int] | None = None) -> dict[str, Any]:
    """An API Message whose text is `payload` (JSON-encoded unless a str)."""
    text = payload if isinstance(payload, str) else json.dumps(payload)
    return {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": "claude-sonnet-4-6",
        "content": [{"type": "text", "text": text}],
        "stop_reason": "end_turn",
        "stop_sequence": None,
        "usage": usage
        or {
            "input_tokens": 100,
            "output_tokens": 50,
            "cache_creation_input_tokens": 0,
            "cache_read_input_tokens": 800,
        },
    }


def item(**overrides: Any) -> dict[str, Any]:
    base = {
        "kind": "memory",
        "type": "project",
        "scope": "persistent",
        "operation": "create",
        "target_slug": "",
        "name": "Opening hours",
        "description": "When the help desk is open",
        "body": "The help desk is open 9:00-17:00 on weekdays.",
        "question": "",
        "poor_answer": "",
        "evidence": [0],
        "confidence": 0.9,
    }
    base.update(overrides)
    return base


class FakeAPI:
    """Records every request the SDK really sent; answers with queued responses."""

    def __init__(self) -> None:
        self.requests: list[httpx2.Request] = []
        self.bodies: list[dict[str, Any]] = []
        self.responder: Callable[[httpx2.Request, dict[str, Any]], httpx2.Response] | None = None
        self.queue: list[httpx2.Response] = []

    def __call__(self, request: httpx2.Request) -> httpx2.Response:
        self.requests.append(request)
        body = json.loads(request.content) if request.content else {}
        self.bodies.append(body)
        if self.queue:
            return self.queue.pop(0)
        assert self.responder is not None, f"unexpected request {request.method} {request.url}"
        return self.responder(request, body)

    def answer(
        self, payload: Any, status: int = 200, headers: dict[str, str] | None = None
    ) -> None:
        self.queue.append(httpx2.Response(status, json=payload, headers=headers))

    @property
    def message_bodies(self) -> list[dict[str, Any]]:
        return [
            b
            for r, b in zip(self.requests, self.bodies, strict=True)
            if r.url.path == "/v1/messages"
        ]


@pytest.fixture
def api(settings) -> FakeAPI:
    fake = FakeAPI()
    settings.ANTHROPIC_API_KEY = "test"
    settings.EXTRACTION_HTTP_CLIENT_FACTORY = lambda: httpx2.Client(
        transport=httpx2.MockTransport(fake)
    )
    settings.EXTRACTION_RETRY_MAX_WAIT = 0.05
    settings.EXTRACTION_MAX_CONCURRENCY = 1
    return fake
