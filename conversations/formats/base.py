"""The normalized conversation every format module produces, and the errors it may raise.

A format module is a pure function from parsed JSON to these dataclasses: no database,
no files. Content is kept as a list of blocks as received (a plain string becomes one
text block); `text` joins only the text of `text` blocks, the only part extraction reads.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

ROLES = frozenset({"user", "assistant", "system", "tool"})


class FormatError(Exception):
    """A record that cannot become a conversation; `reason` is the IngestProblem reason."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail


@dataclass(slots=True)
class NormalizedMessage:
    role: str
    content: list[Any]
    created_at: dt.datetime | None = None
    # The text, when `content` is exactly `[{"type": "text", "text": plain}]` as the format
    # built it from a plain string (most messages): lets ingest skip looking at the block.
    # Whoever changes `content` afterwards sets it back to None.
    plain: str | None = field(default=None, compare=False, repr=False)

    @property
    def text(self) -> str:
        return "\n".join(
            b["text"]
            for b in self.content
            if isinstance(b, dict) and b.get("type") == "text" and isinstance(b.get("text"), str)
        )

    @property
    def is_tool_use(self) -> bool:
        return any(isinstance(b, dict) and b.get("type") == "tool_use" for b in self.content)

    @property
    def is_tool_output(self) -> bool:
        return self.role == "tool" or any(
            isinstance(b, dict) and b.get("type") == "tool_result" for b in self.content
        )

    def derived(self) -> tuple[str, bool, bool]:
        """(text, is_tool_use, is_tool_output) in one pass over the blocks."""
        content = self.content
        if len(content) == 1:  # most messages: one text block
            block = content[0]
            if isinstance(block, dict) and block.get("type") == "text":
                text = block.get("text")
                return (text if isinstance(text, str) else ""), False, self.role == "tool"
        texts = []
        tool_use = False
        tool_output = self.role == "tool"
        for block in content:
            if isinstance(block, dict):
                kind = block.get("type")
                if kind == "text":
                    text = block.get("text")
                    if isinstance(text, str):
                        texts.append(text)
                elif kind == "tool_use":
                    tool_use = True
                elif kind == "tool_result":
                    tool_output = True
        return "\n".join(texts), tool_use, tool_output


@dataclass(slots=True)
class NormalizedConversation:
    """One conversation as read from one record (or one run of transcript events).

    `external_id` is None when the record carried no id: ingest then derives one from
    the content. `continues` is set for a later run of transcript events of a session
    already handed on from the same input: its messages follow those.
    """

    format: str
    external_id: str | None
    messages: list[NormalizedMessage]
    started_at: dt.datetime | None = None
    metadata: dict[str, Any] = field(default_factory=dict)
    continues: bool = False


def parse_timestamp(value: Any) -> dt.datetime | None:
    """ISO 8601 strings (a trailing Z allowed) or Unix seconds/milliseconds; naive means UTC.

    A value that is not a timestamp gives None rather than rejecting the whole record.
    """
    if isinstance(value, str):  # the usual case first
        if not value:
            return None
        try:
            parsed = dt.datetime.fromisoformat(value)  # a trailing Z too, since 3.11
        except (ValueError, OverflowError):
            return None
        return parsed if parsed.tzinfo else parsed.replace(tzinfo=dt.UTC)
    if value is None or isinstance(value, bool) or not isinstance(value, int | float):
        return None
    try:
        seconds = value / 1000 if value > 10**11 else value
        return dt.datetime.fromtimestamp(seconds, tz=dt.UTC)
    except (ValueError, OverflowError, OSError):
        return None


def as_blocks(content: Any) -> list[Any]:
    """A string becomes one text block; a list is kept as received (strings in it become
    text blocks); anything else is not content."""
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    if isinstance(content, list):
        for block in content:
            if not isinstance(block, dict):
                break
        else:
            return list(content)  # blocks as received (a copy: formats may append to it)
        blocks = []
        for block in content:
            if isinstance(block, str):
                blocks.append({"type": "text", "text": block})
            elif isinstance(block, dict):
                blocks.append(block)
            else:
                raise FormatError(
                    "invalid_content", f"content block of type {type(block).__name__}"
                )
        return blocks
    raise FormatError("invalid_content", f"content of type {type(content).__name__}")


def tool_role(role: str, blocks: list[Any]) -> str:
    """A user turn made only of tool results is tool output, not something a person said."""
    if role != "user" or not blocks:
        return role
    for block in blocks:
        if not isinstance(block, dict) or block.get("type") != "tool_result":
            return role
    return "tool"


def conversation_id(obj: dict[str, Any], *keys: str) -> str | None:
    for key in keys:
        value = obj.get(key)
        if isinstance(value, str) and value.strip():
            return value.strip()
        if isinstance(value, int) and not isinstance(value, bool):
            return str(value)
    return None


def extras(obj: dict[str, Any], known: set[str]) -> dict[str, Any]:
    """Top-level keys a format does not interpret, kept in metadata so nothing is lost."""
    metadata = obj.get("metadata")
    result = {k: v for k, v in obj.items() if k not in known and k != "metadata"}
    if isinstance(metadata, dict):
        result.update(metadata)
    elif metadata is not None:
        result["metadata"] = metadata
    return result


def first_timestamp(messages: list[NormalizedMessage]) -> dt.datetime | None:
    return next((m.created_at for m in messages if m.created_at), None)
