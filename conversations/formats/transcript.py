"""Agent transcripts: one event per line (`type`, `sessionId`, `message`, `timestamp`), as
coding agents write them. Events are grouped by session id into one conversation.

- Consecutive assistant lines sharing `message.id` are one message (one line per block).
- A user line of only `tool_result` blocks is tool output (role `tool`).
- Not things a person said, so skipped and counted by kind rather than stored:
  `isMeta` lines (`meta`), `isCompactSummary` (`compact_summary`), sidechain (sub-agent)
  lines (`sidechain`), and lines whose text starts with `<command-name>`,
  `<local-command-stdout>`, `<task-notification>`, ... (`command`). Every other event
  type (progress, system, file-history-snapshot, queue-operation, summary, ...) is
  skipped under its own type.

Unlike the other formats this one keeps state across records, so it offers a
`Collector` instead of `parse`.
"""

import datetime as dt
from typing import Any

from .base import (
    FormatError,
    NormalizedConversation,
    NormalizedMessage,
    as_blocks,
    parse_timestamp,
    tool_role,
)

NAME = "transcript"
MESSAGE_TYPES = {"user", "assistant"}
SESSIONLESS_TYPES = {"file-history-snapshot", "queue-operation", "summary"}
COMMAND_PREFIXES = (
    "<command-name>",
    "<command-message>",
    "<command-args>",
    "<local-command-stdout>",
    "<local-command-stderr>",
    "<local-command-caveat>",
    "<task-notification>",
)
METADATA_KEYS = ("cwd", "gitBranch", "version", "userType", "entrypoint")
# A long session is handed on in runs of this many messages so memory stays flat.
RUN_SIZE = 500


def detect(obj: dict[str, Any]) -> bool:
    kind = obj.get("type")
    return isinstance(kind, str) and ("sessionId" in obj or kind in SESSIONLESS_TYPES)


def _leading_text(blocks: list[Any]) -> str:
    for block in blocks:
        if isinstance(block, dict) and block.get("type") == "text":
            text = block.get("text")
            return text.lstrip() if isinstance(text, str) else ""
    return ""


def skip_kind(event: dict[str, Any]) -> str | None:
    """The kind an event is skipped under, or None when it is a message to store."""
    kind = event["type"]
    if kind not in MESSAGE_TYPES:
        return kind
    if event.get("isMeta"):
        return "meta"
    if event.get("isCompactSummary"):
        return "compact_summary"
    if event.get("isSidechain"):
        return "sidechain"
    return None


class Collector:
    """Feed events in file order; get back conversations when a session's run ends."""

    def __init__(self) -> None:
        self._session: str | None = None
        self._messages: list[NormalizedMessage] = []
        self._metadata: dict[str, Any] = {}
        self._last_message_id: str | None = None
        self._seen: set[str] = set()
        # The last timestamp text read and its value: lines written together often share
        # one (every line of some logs), and an equal string parses to an equal value.
        self._stamp: str | None = None
        self._created: dt.datetime | None = None

    def _timestamp(self, value: Any) -> dt.datetime | None:
        if type(value) is str:
            if value != self._stamp:
                self._stamp, self._created = value, parse_timestamp(value)
            return self._created
        return parse_timestamp(value)

    def add(self, event: dict[str, Any]) -> tuple[list[NormalizedConversation], str | None]:
        """Returns the conversations completed by this event and the skip kind, if skipped."""
        kind = event["type"]
        # `skip_kind`, inline: most events are messages, for which it gives None.
        if kind not in MESSAGE_TYPES or (
            ("isMeta" in event or "isCompactSummary" in event or "isSidechain" in event)
            and skip_kind(event) is not None
        ):
            return [], skip_kind(event)
        session = event.get("sessionId")
        if not isinstance(session, str) or not session:
            raise FormatError("unknown_shape", "a transcript message without sessionId")
        message = event.get("message")
        if not isinstance(message, dict):
            raise FormatError("missing_content", f"a {kind} event without message")
        content = message.get("content")
        if content is None:
            raise FormatError("missing_content", f"a {kind} message without content")
        # A string (most user lines) becomes one text block without the general path.
        if type(content) is str:
            blocks: list[Any] = [{"type": "text", "text": content}]
            leading = content.lstrip() if content[:1].isspace() else content
        else:
            blocks = as_blocks(content)
            leading = _leading_text(blocks) if kind == "user" else ""
        if kind == "user" and leading.startswith(COMMAND_PREFIXES):
            return [], "command"
        role = message.get("role") or kind
        if role not in MESSAGE_TYPES:
            raise FormatError("unknown_role", f"role {str(role)[:40]!r}")
        message_id = message.get("id") if role == "assistant" else None

        done: list[NormalizedConversation] = []
        continues_last = (
            message_id is not None
            and session == self._session
            and message_id == self._last_message_id
        )
        if self._session is not None and (
            session != self._session or (len(self._messages) >= RUN_SIZE and not continues_last)
        ):
            done = self.finish()
        if self._session is None:
            self._session = session
            self._metadata = {k: event[k] for k in METADATA_KEYS if k in event}

        if continues_last and self._messages:
            last = self._messages[-1]
            last.content.extend(blocks)
            last.plain = None
        elif type(content) is str:  # one text block: never tool output
            self._messages.append(
                NormalizedMessage(role, blocks, self._timestamp(event.get("timestamp")), content)
            )
        else:
            self._messages.append(
                NormalizedMessage(
                    tool_role(role, blocks), blocks, self._timestamp(event.get("timestamp"))
                )
            )
        self._last_message_id = message_id
        return done, None

    def finish(self) -> list[NormalizedConversation]:
        """Hand on the run in progress (at a session change, a run limit, or end of input)."""
        if self._session is None or not self._messages:
            self._session = None
            return []
        session = self._session
        continues = session in self._seen
        self._seen.add(session)
        run = NormalizedConversation(
            format=NAME,
            external_id=session,
            messages=self._messages,
            started_at=self._messages[0].created_at,
            metadata={} if continues else self._metadata,
            continues=continues,
        )
        self._session, self._messages, self._last_message_id = None, [], None
        return [run]
