"""Storing what ingest read: conversations, messages and problems, in bulk, one chunk at a time.

Writes go in chunks (a few thousand messages) in one transaction each: one query for the
conversations already known (`conversations.merging`), bulk inserts for new
conversations, messages and problems, one bulk update for grown conversations, one
commit. A chunk the database refuses is written again item by item, so one bad
conversation cannot take its neighbours with it; the one that still fails is kept as a
`storage_error` problem.
"""

from __future__ import annotations

import json
from typing import Any

from django.db import DatabaseError, connection, transaction
from django.utils import timezone

from .bulkwrite import (
    CONVERSATION_INSERT,
    CONVERSATION_UPDATE,
    MESSAGE_COPY,
    MESSAGE_INSERT,
    MESSAGE_VALUES,
    MESSAGE_VALUES_TEXT,
    METADATA_UPDATE,
    insert_flat,
    insert_rows,
    json_adapter,
    text_is_utf8,
)
from .merging import ConversationState, Merger, NewMessages
from .models import Conversation, IngestBatch, IngestProblem, Source
from .normalize import Item, Output, Problem, compact_json, datetime_adapter
from .records import storable_raw
from .summary import IngestSummary

CHUNK_MESSAGES = 10000
CHUNK_CONVERSATIONS = 1000
CHUNK_PROBLEMS = 1000
MAX_ERRORS_REPORTED = 100


class Writer:
    """Takes the normalizer's items and problems and stores them, counting in `summary`."""

    def __init__(self, source: Source, batch: IngestBatch, summary: IngestSummary) -> None:
        self.source = source
        self.batch = batch
        self.summary = summary
        self.items: list[Item] = []
        self.item_messages = 0
        self.problems: list[IngestProblem] = []
        self.merger = Merger(source, summary)
        self.json_param = json_adapter()
        self.sqlite = connection.vendor == "sqlite"
        # Message content comes as UTF-8 bytes (conversations.normalize); SQLite takes
        # them as text where its text is UTF-8, and is handed a str anywhere else.
        self.utf8 = self.sqlite and text_is_utf8()
        # What Django's adapt_datetimefield_value writes, without its per-call lookups.
        self.adapt_datetime = datetime_adapter(connection.vendor == "sqlite")

    # Input side

    def take(self, output: Output) -> None:
        """The Normalizer's callback."""
        if type(output) is Item:
            self.items.append(output)
            self.item_messages += len(output.messages)
            if len(self.items) >= CHUNK_CONVERSATIONS or self.item_messages >= CHUNK_MESSAGES:
                self.flush()
        else:
            assert isinstance(output, Problem)
            self.problem(output.line, output.raw, output.reason, output.detail)

    def problem(self, line: int, raw: bytes | str, reason: str, detail: str = "") -> None:
        text, escaped = storable_raw(raw)
        self.problems.append(
            IngestProblem(
                batch=self.batch,
                line_number=line,
                reason=reason,
                detail=detail[:2000],
                raw=text,
                raw_is_escaped=escaped,
            )
        )
        self.summary.problems[reason] += 1
        if len(self.summary.errors) < MAX_ERRORS_REPORTED:
            self.summary.errors.append({"line": line, "reason": reason, "detail": detail[:500]})
        if len(self.problems) >= CHUNK_PROBLEMS:
            self.flush()

    # Output side

    def flush(self) -> None:
        items, problems = self.items, self.problems
        self.items, self.problems, self.item_messages = [], [], 0
        if not items and not problems:
            return
        try:
            self._write(items, problems)
        except DatabaseError:
            # A race with a concurrent ingest, or a value the database refused: write
            # item by item so one bad conversation cannot take its neighbours with it.
            # (Counts change only once a write has committed, so nothing is undone here.)
            self._write([], problems)
            for item in items:
                try:
                    self._write([item], [])
                except DatabaseError as exc:
                    raw = item.raw if item.raw is not None else _as_json(item)
                    self.problem(item.line, raw, "storage_error", str(exc))
            self.flush()

    def _write(self, items: list[Item], problems: list[IngestProblem]) -> None:
        with transaction.atomic():
            chunk = self.merger.merge(items)
            states, rows = chunk.states, chunk.rows
            stamp = connection.ops.adapt_datetimefield_value(timezone.now())
            self._insert_conversations([s for s in states.values() if s.is_new and s.count], stamp)
            stored = [s for s in states.values() if not s.is_new]
            grown = [(s.count, s.last, stamp, s.pk) for s in stored if s.changed]
            json_param = self.json_param or str
            described = [
                (json_param(compact_json(s.metadata)), s.pk) for s in stored if s.metadata_changed
            ]
            with connection.cursor() as cursor:
                if grown:
                    cursor.executemany(CONVERSATION_UPDATE, grown)
                if described:
                    cursor.executemany(METADATA_UPDATE, described)
            if self.utf8:
                insert_flat(MESSAGE_INSERT, self._message_params(rows), MESSAGE_VALUES)
            elif self.sqlite:
                params = [_text(v) for v in self._message_params(rows)]
                insert_flat(MESSAGE_INSERT, params, MESSAGE_VALUES_TEXT)
            else:
                insert_rows(MESSAGE_INSERT, self._message_rows(rows), copy=MESSAGE_COPY)
            IngestProblem.objects.bulk_create(problems)
        self.summary.messages_added += chunk.messages
        for item, outcome, final in chunk.outcomes:
            self.merger.count(item, outcome, final)

    def _insert_conversations(self, new: list[ConversationState], stamp: Any) -> None:
        """Insert new conversations and set their primary keys."""
        if not new:
            return
        adapt = self.adapt_datetime
        json_param = self.json_param or str
        rows = [
            (
                self.source.pk,
                c.external_id,
                adapt(c.started_at) if c.started_at else None,
                json_param(compact_json(c.metadata)),
                c.format,
                c.count,
                c.last,
                stamp,
                stamp,
            )
            for c in new
        ]
        if connection.features.can_return_rows_from_bulk_insert:
            ids = dict(insert_rows(CONVERSATION_INSERT, rows, returning="external_id, id"))
        else:  # SQLite before 3.35 has no RETURNING
            insert_rows(CONVERSATION_INSERT, rows)
            ids = dict(
                Conversation.objects.filter(
                    source=self.source, external_id__in=[c.external_id for c in new]
                ).values_list("external_id", "pk")
            )
        for conv in new:
            conv.pk = ids[conv.external_id]

    def _message_rows(self, rows: list[NewMessages]) -> list[tuple[Any, ...]]:
        json_param = self.json_param
        result: list[tuple[Any, ...]] = []
        append = result.append
        for state, item, start, stop in rows:
            pk, base, digests = state.pk, item.base, item.digests
            for index in range(start, stop):
                role, content, text, tool_use, tool_output, created_at = item.messages[index - base]
                if json_param is not None:
                    content = json_param(content)
                append(
                    (
                        pk,
                        index,
                        role,
                        content,
                        text,
                        tool_use,
                        tool_output,
                        created_at,
                        digests[index],
                    )
                )
        return result

    def _message_params(self, rows: list[NewMessages]) -> list[Any]:
        """The message rows' values in one flat list, row after row (SQLite, where
        content JSON is passed as its text): no tuple per row."""
        params: list[Any] = []
        extend = params.extend
        for state, item, start, stop in rows:
            pk, base, digests = state.pk, item.base, item.digests
            for index, (role, content, text, tool_use, tool_output, created_at) in enumerate(
                item.messages[start - base : stop - base], start
            ):
                extend(
                    (
                        pk,
                        index,
                        role,
                        content,
                        text,
                        tool_use,
                        tool_output,
                        created_at,
                        digests[index],
                    )
                )
        return params


def _text(value: Any) -> Any:
    """A value as a database whose text is not UTF-8 takes it: bytes (content JSON) as
    text."""
    return value.decode() if type(value) is bytes else value


def _as_json(item: Item) -> str:
    """The conversation of a transcript run as JSON, to keep when it cannot be stored."""
    messages = ",".join(
        '{"role":' + json.dumps(role) + ',"content":' + _text(content) + "}"
        for role, content, *_ in item.messages
    )
    head = json.dumps({"id": item.key or item.external_id, "format": item.format})
    return head[:-1] + ',"messages":[' + messages + "]}"
