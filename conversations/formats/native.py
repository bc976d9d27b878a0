"""Native: `{id, started_at?, messages: [{role, content: str | blocks, created_at?}], metadata?}`.

Also the fallback for any `messages` list of role/content turns that no more specific
format claims.
"""

from typing import Any

from .base import (
    ROLES,
    FormatError,
    NormalizedConversation,
    NormalizedMessage,
    as_blocks,
    conversation_id,
    extras,
    first_timestamp,
    parse_timestamp,
    tool_role,
)

NAME = "native"
KNOWN = {"id", "conversation_id", "started_at", "messages"}


def detect(obj: dict[str, Any]) -> bool:
    return isinstance(obj.get("messages"), list)


def parse_message(turn: Any, *, name: str = NAME) -> NormalizedMessage:
    # Most turns: a known role and a string, which is one text block as it stands.
    if type(turn) is dict:
        role, content = turn.get("role"), turn.get("content")
        if type(content) is str and type(role) is str and role in ROLES:
            created = turn.get("created_at") or turn.get("timestamp")
            return NormalizedMessage(
                role,
                [{"type": "text", "text": content}],
                parse_timestamp(created) if created is not None else None,
                content,
            )
    if not isinstance(turn, dict):
        raise FormatError("unknown_shape", f"a {name} message must be an object")
    role = turn.get("role")
    if not isinstance(role, str) or not role:
        raise FormatError("missing_role", "a message has no role")
    if role not in ROLES:
        raise FormatError("unknown_role", f"role {role[:40]!r}")
    if "content" not in turn or turn["content"] is None:
        raise FormatError("missing_content", f"a {role} message has no content")
    blocks = as_blocks(turn["content"])
    created = turn.get("created_at") or turn.get("timestamp")
    return NormalizedMessage(
        tool_role(role, blocks), blocks, parse_timestamp(created) if created is not None else None
    )


def parse(obj: dict[str, Any]) -> NormalizedConversation:
    turns = obj.get("messages")
    if not isinstance(turns, list):
        raise FormatError("unknown_shape", "no messages list")
    messages = [parse_message(t) for t in turns]
    if not messages:
        raise FormatError("missing_content", "no messages")
    return NormalizedConversation(
        format=NAME,
        external_id=conversation_id(obj, "id", "conversation_id"),
        messages=messages,
        started_at=parse_timestamp(obj.get("started_at")) or first_timestamp(messages),
        metadata=extras(obj, KNOWN),
    )
