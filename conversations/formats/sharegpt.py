"""ShareGPT: `{"conversations": [{"from", "value"}], "system"?, "tools"?}`.

Speakers human/user are the visitor, gpt/assistant/... the agent; `function_call` turns
become an assistant `tool_use` block (the value kept verbatim as `arguments`) and
`observation`/`function`/`tool` turns a `tool_result` block. A `system` field becomes
the first message; `tools` and other keys stay in metadata.
"""

from typing import Any

from ..fastjson import loads
from .base import (
    FormatError,
    NormalizedConversation,
    NormalizedMessage,
    conversation_id,
    extras,
    first_timestamp,
    parse_timestamp,
)

NAME = "sharegpt"
SPEAKERS = {
    "human": "user",
    "user": "user",
    "gpt": "assistant",
    "assistant": "assistant",
    "chatgpt": "assistant",
    "bard": "assistant",
    "bing": "assistant",
    "model": "assistant",
    "system": "system",
}
KNOWN = {"id", "conversation_id", "conversations", "system", "started_at"}


def detect(obj: dict[str, Any]) -> bool:
    return isinstance(obj.get("conversations"), list)


def _message(turn: Any) -> NormalizedMessage:
    # Most turns: a speaker written as SPEAKERS has it (so not a tool turn) and a string.
    if type(turn) is dict:
        speaker, value = turn.get("from"), turn.get("value")
        if type(value) is str and type(speaker) is str:
            role = SPEAKERS.get(speaker)
            if role is not None:
                created = turn.get("created_at")
                return NormalizedMessage(
                    role,
                    [{"type": "text", "text": value}],
                    parse_timestamp(created) if created is not None else None,
                    value,
                )
    if not isinstance(turn, dict):
        raise FormatError("unknown_shape", "a sharegpt turn must be an object")
    speaker = turn.get("from")
    if not isinstance(speaker, str) or not speaker:
        raise FormatError("missing_role", "a turn has no 'from'")
    value = turn.get("value")
    if value is None:
        raise FormatError("missing_content", f"a {speaker!r} turn has no value")
    if not isinstance(value, str):
        raise FormatError("invalid_content", f"value of type {type(value).__name__}")
    created = turn.get("created_at")
    created_at = parse_timestamp(created) if created is not None else None
    if speaker == "function_call":
        try:
            call = loads(value)
        except ValueError:
            call = None
        name = call.get("name") if isinstance(call, dict) else None
        arguments = call.get("arguments") if isinstance(call, dict) else None
        block = {"type": "tool_use", "name": name, "input": arguments, "arguments": value}
        return NormalizedMessage(role="assistant", content=[block], created_at=created_at)
    if speaker in {"observation", "function", "tool"}:
        block = {"type": "tool_result", "content": value}
        return NormalizedMessage(role="tool", content=[block], created_at=created_at)
    role = SPEAKERS.get(speaker.lower())
    if role is None:
        raise FormatError("unknown_role", f"speaker {speaker[:40]!r}")
    return NormalizedMessage(role, [{"type": "text", "text": value}], created_at, value)


def parse(obj: dict[str, Any]) -> NormalizedConversation:
    turns = obj.get("conversations")
    if not isinstance(turns, list):
        raise FormatError("unknown_shape", "no conversations list")
    messages = []
    system = obj.get("system")
    if isinstance(system, str) and system:
        messages.append(
            NormalizedMessage(
                role="system", content=[{"type": "text", "text": system}], plain=system
            )
        )
    messages.extend([_message(t) for t in turns])
    if not messages:
        raise FormatError("missing_content", "no turns")
    return NormalizedConversation(
        format=NAME,
        external_id=conversation_id(obj, "id", "conversation_id"),
        messages=messages,
        started_at=parse_timestamp(obj.get("started_at")) or first_timestamp(messages),
        metadata=extras(obj, KNOWN),
    )
