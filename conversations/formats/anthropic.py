"""Anthropic Messages logs: a request (`model`, `system`, `messages` with string or block
content: text, tool_use, tool_result, ...), optionally with its response, as
`{"request": {...}, "response": {...}}`, or a bare response (`"type": "message"`).

The top-level `system` prompt becomes a system message first; the response becomes the
last assistant message.
"""

from typing import Any

from . import native
from .base import (
    FormatError,
    NormalizedConversation,
    NormalizedMessage,
    as_blocks,
    conversation_id,
    extras,
    first_timestamp,
    parse_timestamp,
)

NAME = "anthropic"
ANTHROPIC_BLOCKS = {"tool_use", "tool_result", "thinking", "redacted_thinking", "document"}
KNOWN = {"id", "conversation_id", "request", "response", "messages", "system", "started_at"}


def _has_anthropic_blocks(turns: Any) -> bool:
    if not isinstance(turns, list):
        return False
    for turn in turns:
        content = turn.get("content") if isinstance(turn, dict) else None
        if isinstance(content, list):
            for block in content:
                if isinstance(block, dict) and block.get("type") in ANTHROPIC_BLOCKS:
                    return True
    return False


def detect(obj: dict[str, Any]) -> bool:
    if isinstance(obj.get("request"), dict) or obj.get("type") == "message":
        return True
    turns = obj.get("messages")
    return isinstance(turns, list) and (
        "system" in obj or ("model" in obj and "max_tokens" in obj) or _has_anthropic_blocks(turns)
    )


def _response_message(response: dict[str, Any]) -> NormalizedMessage:
    if "content" not in response or response["content"] is None:
        raise FormatError("missing_content", "the response has no content")
    return NormalizedMessage(role="assistant", content=as_blocks(response["content"]))


def parse(obj: dict[str, Any]) -> NormalizedConversation:
    request = obj.get("request") if isinstance(obj.get("request"), dict) else None
    response = obj.get("response") if isinstance(obj.get("response"), dict) else None
    body: dict[str, Any]
    if request is None and obj.get("type") == "message":
        response, body = obj, {}
    else:
        body = request if request is not None else obj
    turns = body.get("messages", [])
    if not isinstance(turns, list):
        raise FormatError("unknown_shape", "messages is not a list")
    messages: list[NormalizedMessage] = []
    system = body.get("system")
    if system:
        messages.append(NormalizedMessage(role="system", content=as_blocks(system)))
    messages.extend(native.parse_message(t, name=NAME) for t in turns)
    if response is not None:
        messages.append(_response_message(response))
    if not messages:
        raise FormatError("missing_content", "no messages")
    metadata = extras(obj, KNOWN)
    if request is not None:
        metadata.update({f"request.{k}": v for k, v in request.items() if k not in KNOWN})
    if response is not None and response is not obj:
        metadata.update({f"response.{k}": v for k, v in response.items() if k != "content"})
    return NormalizedConversation(
        format=NAME,
        external_id=conversation_id(obj, "conversation_id", "id"),
        messages=messages,
        started_at=parse_timestamp(obj.get("started_at")) or first_timestamp(messages),
        metadata=metadata,
    )
