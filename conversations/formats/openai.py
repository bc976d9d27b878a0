"""OpenAI chat: `messages` with roles system/developer/user/assistant/tool, assistant
`tool_calls` and `tool` turns answering them (legacy `function` too).

Tool calls become `tool_use` blocks after the assistant's text, tool turns become one
`tool_result` block, so every format reaches the database with the same block types.
The call's `arguments` string is kept verbatim; `input` holds it parsed when it parses.
"""

from typing import Any

from ..fastjson import loads
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

NAME = "openai"
OPENAI_ROLES = {"tool", "function", "developer"}
ROLE_MAP = {"developer": "system", "function": "tool"}
KNOWN = {"id", "conversation_id", "messages", "started_at"}
TEXT_ROLES = frozenset({"system", "user", "assistant"})


def detect(obj: dict[str, Any]) -> bool:
    turns = obj.get("messages")
    if not isinstance(turns, list):
        return False
    for turn in turns:
        if isinstance(turn, dict) and (
            "tool_calls" in turn or "function_call" in turn or turn.get("role") in OPENAI_ROLES
        ):
            return True
    return False


def _tool_use(call: Any) -> dict[str, Any]:
    if not isinstance(call, dict):
        raise FormatError("unknown_shape", "a tool call must be an object")
    function: dict[str, Any] = call["function"] if isinstance(call.get("function"), dict) else call
    arguments = function.get("arguments")
    try:
        parsed = loads(arguments) if isinstance(arguments, str) else arguments
    except ValueError:
        parsed = None
    return {
        "type": "tool_use",
        "id": call.get("id"),
        "name": function.get("name"),
        "input": parsed,
        "arguments": arguments,
    }


def _message(turn: Any) -> NormalizedMessage:
    # Most turns: a role that takes text, a string and no tool calls, which is one text
    # block as it stands (what the general path below makes of it).
    if type(turn) is dict:
        role, content = turn.get("role"), turn.get("content")
        if (
            type(content) is str
            and type(role) is str
            and not turn.get("tool_calls")
            and not turn.get("function_call")
        ):
            role = ROLE_MAP.get(role, role)
            if role in TEXT_ROLES:
                created = turn.get("created_at")
                return NormalizedMessage(
                    role,
                    [{"type": "text", "text": content}],
                    parse_timestamp(created) if created is not None else None,
                    content,
                )
    if not isinstance(turn, dict):
        raise FormatError("unknown_shape", "an openai message must be an object")
    role = turn.get("role")
    if not isinstance(role, str) or not role:
        raise FormatError("missing_role", "a message has no role")
    role = ROLE_MAP.get(role, role)
    if role not in {"system", "user", "assistant", "tool"}:
        raise FormatError("unknown_role", f"role {role[:40]!r}")
    calls = turn.get("tool_calls") or (
        [{"function": turn["function_call"]}] if turn.get("function_call") else []
    )
    content = turn.get("content")
    if content is None and not calls:
        raise FormatError("missing_content", f"a {role} message has neither content nor tool calls")
    if role == "tool":
        result: dict[str, Any] = {"type": "tool_result", "tool_use_id": turn.get("tool_call_id")}
        if turn.get("name"):
            result["name"] = turn["name"]
        result["content"] = content
        blocks: list[Any] = [result]
    else:
        blocks = as_blocks(content) if content is not None else []
        if isinstance(calls, list):
            blocks.extend(_tool_use(c) for c in calls)
        else:
            raise FormatError("unknown_shape", "tool_calls is not a list")
    created = turn.get("created_at")
    return NormalizedMessage(
        role,
        blocks,
        parse_timestamp(created) if created is not None else None,
        content if type(content) is str and role != "tool" and len(blocks) == 1 else None,
    )


def parse(obj: dict[str, Any]) -> NormalizedConversation:
    turns = obj.get("messages")
    if not isinstance(turns, list):
        raise FormatError("unknown_shape", "no messages list")
    messages = [_message(t) for t in turns]
    if not messages:
        raise FormatError("missing_content", "no messages")
    return NormalizedConversation(
        format=NAME,
        external_id=conversation_id(obj, "id", "conversation_id"),
        messages=messages,
        started_at=parse_timestamp(obj.get("started_at")) or first_timestamp(messages),
        metadata=extras(obj, KNOWN),
    )
