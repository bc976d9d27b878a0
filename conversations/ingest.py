"""The ingest loop: records in, conversations and problems out, in bulk and idempotently.

How a conversation that is already stored is treated (same source and external id):

- Every message gets a rolling digest over its role and content blocks and all earlier
  messages, so comparing the digest at position n compares the first n messages.
- Same messages: unchanged. Stored messages are a prefix of the incoming ones: the
  conversation grew and only the new messages are added. Incoming messages are a prefix
  of the stored ones (an older, shorter copy of the log): unchanged.
- Metadata of a copy with the same messages or more (the newest seen) is merged into
  the stored metadata, its keys winning; a change there alone counts as updated. An
  older, shorter copy never changes metadata.
- Earlier messages differ (a rewritten log): nothing is mixed. The incoming version is
  stored as a new conversation `<id>~rev-<digest>` whose metadata names `revision_of`
  and `diverges_at`. The suffix is the digest of the first differing message, so
  ingesting the same rewrite again, or a grown copy of it, lands on the same revision.
- A record without an id gets `sha-<digest of the whole record>`: derived from its
  content, never from its position in a file. An identical record is then unchanged.

Writes go in chunks (a few thousand messages) in one transaction each: one query for the
conversations already known, bulk inserts for new conversations, messages and
problems, one bulk update for grown conversations, one commit.
"""

from __future__ import annotations

import gc
import json
import sqlite3
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import chain
from pathlib import Path
from typing import IO, Any

from django.conf import settings
from django.db import DatabaseError, connection, transaction
from django.utils import timezone

from .models import Conversation, IngestBatch, IngestProblem, Message, Source
from .normalize import Item, Normalizer, Output, Problem, _dumps, normalize_stream
from .normalize import content_json as content_json
from .normalize import external_id as normalized_id
from .reader import open_input, storable_raw

CHUNK_MESSAGES = 10000
CHUNK_CONVERSATIONS = 1000
CHUNK_PROBLEMS = 1000
MAX_ERRORS_REPORTED = 100


@dataclass
class IngestSummary:
    """What one file or request did; `as_dict` is the `--json` and API shape."""

    path: str
    format: str | None = None
    lines: int = 0
    conversations_created: int = 0
    conversations_updated: int = 0
    conversations_unchanged: int = 0
    conversations_revised: int = 0
    messages_added: int = 0
    skipped: Counter[str] = field(default_factory=Counter)
    problems: Counter[str] = field(default_factory=Counter)
    errors: list[dict[str, Any]] = field(default_factory=list)
    batch_id: int | None = None
    seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "batch": self.batch_id,
            "format": self.format,
            "lines": self.lines,
            "conversations_created": self.conversations_created,
            "conversations_updated": self.conversations_updated,
            "conversations_unchanged": self.conversations_unchanged,
            "conversations_revised": self.conversations_revised,
            "messages_added": self.messages_added,
            "skipped": dict(sorted(self.skipped.items())),
            "problems": dict(sorted(self.problems.items())),
            "seconds": round(self.seconds, 3),
        }


@dataclass(slots=True)
class _State:
    """A conversation as this chunk sees it: stored (`pk`) or about to be created."""

    external_id: str
    pk: int | None
    is_new: bool
    count: int
    last: str
    db_digests: list[str] | None = None
    tail: list[str] = field(default_factory=list)
    changed: bool = False
    metadata_changed: bool = False
    started_at: Any = None
    metadata: dict[str, Any] = field(default_factory=dict)
    format: str = ""


class _Writer:
    def __init__(self, source: Source, batch: IngestBatch, summary: IngestSummary) -> None:
        self.source = source
        self.batch = batch
        self.summary = summary
        self.items: list[Item] = []
        self.item_messages = 0
        self.problems: list[IngestProblem] = []
        # Transcript sessions seen in this input: where they went (a revision, if the
        # first run diverged) and what happened to them.
        self.resolved: dict[str, str] = {}
        self.run_outcome: dict[str, str] = {}
        self.absent: set[str] = set()
        self.json_param = _json_param()

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
        outcomes: list[tuple[Item, str, str]] = []
        rows: list[tuple[_State, Item, int]] = []
        with transaction.atomic():
            states: dict[str, _State] = {}
            self.absent = set()
            wanted = {item.external_id for item in items} | {
                self.resolved[i.key] for i in items if i.continues and i.key in self.resolved
            }
            self._load(states, wanted)
            for item in items:
                target = item.external_id
                if item.continues and target in self.resolved:
                    target = self.resolved[target]
                outcome, final = self._merge(item, states, target, rows)
                outcomes.append((item, outcome, final))
            stamp = connection.ops.adapt_datetimefield_value(timezone.now())
            self._insert_conversations([s for s in states.values() if s.is_new and s.count], stamp)
            stored = [s for s in states.values() if not s.is_new]
            grown = [(s.count, s.last, stamp, s.pk) for s in stored if s.changed]
            json_param = self.json_param or str
            described = [
                (json_param(_dumps(s.metadata)), s.pk) for s in stored if s.metadata_changed
            ]
            with connection.cursor() as cursor:
                if grown:
                    cursor.executemany(CONVERSATION_UPDATE, grown)
                if described:
                    cursor.executemany(METADATA_UPDATE, described)
            insert_rows(MESSAGE_INSERT, self._message_rows(rows))
            IngestProblem.objects.bulk_create(problems)
        self.summary.messages_added += len(rows)
        for item, outcome, final in outcomes:
            self._count(item, outcome, final)

    def _insert_conversations(self, new: list[_State], stamp: Any) -> None:
        """Insert new conversations and set their primary keys."""
        if not new:
            return
        adapt = connection.ops.adapt_datetimefield_value
        json_param = self.json_param or str
        rows = [
            (
                self.source.pk,
                c.external_id,
                adapt(c.started_at) if c.started_at else None,
                json_param(_dumps(c.metadata)),
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

    def _load(self, states: dict[str, _State], external_ids: set[str]) -> None:
        """One query for the stored state of these conversations; the rest are new."""
        self.absent |= external_ids
        if not external_ids:
            return
        for pk, external_id, count, last, metadata in Conversation.objects.filter(
            source=self.source, external_id__in=external_ids
        ).values_list("pk", "external_id", "message_count", "content_hash", "metadata"):
            self.absent.discard(external_id)
            states[external_id] = _State(
                external_id=external_id,
                pk=pk,
                is_new=False,
                count=count,
                last=last,
                metadata=metadata if isinstance(metadata, dict) else {},
            )

    def _state(self, states: dict[str, _State], item: Item, external_id: str) -> _State:
        state = states.get(external_id)
        if state is None and external_id not in self.absent:
            self._load(states, {external_id})
            state = states.get(external_id)
        if state is None:
            state = _State(
                external_id=external_id,
                pk=None,
                is_new=True,
                count=0,
                last="",
                db_digests=[],
                started_at=item.started_at,
                metadata=item.metadata,
                format=item.format,
            )
            states[external_id] = state
        return state

    def _take_metadata(self, state: _State, item: Item) -> bool:
        """Merge the metadata of a copy that is as long as the stored one or longer (the
        newest copy seen) into the conversation's: its keys win, others are kept. An
        older, shorter copy never changes metadata. Returns whether anything changed."""
        incoming, current = item.metadata, state.metadata
        if incoming is current or all(
            key in current and current[key] == value for key, value in incoming.items()
        ):
            return False
        state.metadata = {**current, **incoming}
        if not state.is_new:
            state.metadata_changed = True
        return True

    def _digests(self, state: _State) -> list[str]:
        if state.db_digests is None:
            assert state.pk is not None, "a new conversation has no stored digests"
            state.db_digests = list(
                Message.objects.filter(conversation_id=state.pk)
                .order_by("order")
                .values_list("digest", flat=True)
            )
        return state.db_digests + state.tail

    def _merge(
        self,
        item: Item,
        states: dict[str, _State],
        external_id: str,
        rows: list[tuple[_State, Item, int]],
    ) -> tuple[str, str]:
        """Apply one item to the conversation `external_id`; returns (outcome, id used)."""
        state = self._state(states, item, external_id)
        incoming = item.digests
        n, k = state.count, len(incoming)
        if n <= k and (n == 0 or incoming[n - 1] == state.last) and n >= item.base:
            described = self._take_metadata(state, item)
            if n == k:
                return ("updated" if described else "unchanged"), external_id
            for index in range(n, k):
                rows.append((state, item, index))
            state.tail.extend(incoming[n:])
            state.count, state.last, state.changed = k, incoming[-1], True
            return ("created" if n == 0 and state.is_new else "updated"), external_id
        stored = self._digests(state)
        if n > k and stored[k - 1] == incoming[k - 1]:
            return "unchanged", external_id
        diverges_at = next(
            (i for i, (a, b) in enumerate(zip(stored, incoming, strict=False)) if a != b),
            min(n, k),
        )
        root = item.key or item.external_id
        revision = normalized_id(f"{item.external_id}~rev-{incoming[diverges_at][:12]}")
        if revision == external_id:  # cannot happen unless digests collide; never loop
            raise DatabaseError("conversation revision collides with itself")
        item.metadata = {
            **item.metadata,
            "revision_of": item.external_id,
            "diverges_at": diverges_at,
        }
        if item.tracked:
            self.resolved[root] = revision
        outcome, final = self._merge(item, states, revision, rows)
        return ("revised" if outcome == "created" else outcome), final

    def _message_rows(self, rows: list[tuple[_State, Item, int]]) -> list[tuple[Any, ...]]:
        json_param = self.json_param
        result: list[tuple[Any, ...]] = []
        append = result.append
        for state, item, index in rows:
            role, content, text, tool_use, tool_output, created_at = item.messages[
                index - item.base
            ]
            if json_param is not None:
                content = json_param(content)
            append(
                (
                    state.pk,
                    index,
                    role,
                    content,
                    text,
                    tool_use,
                    tool_output,
                    created_at,
                    item.digests[index],
                )
            )
        return result

    def _count(self, item: Item, outcome: str, final: str) -> None:
        summary = self.summary
        if outcome == "revised":
            summary.conversations_revised += 1
            outcome = "created"
        key = item.key or item.external_id
        if item.tracked and item.continues and key in self.run_outcome:
            # A later run of a session already counted: count the session once.
            before = self.run_outcome[key]
            rank = {"unchanged": 0, "updated": 1, "created": 2}
            if rank[outcome] <= rank[before]:
                return
            setattr(
                summary, f"conversations_{before}", getattr(summary, f"conversations_{before}") - 1
            )
        if item.tracked:
            self.run_outcome[key] = outcome
        setattr(
            summary, f"conversations_{outcome}", getattr(summary, f"conversations_{outcome}") + 1
        )


def _insert_sql(model: type[Any], fields: tuple[str, ...]) -> str:
    meta = model._meta
    quote = connection.ops.quote_name
    columns = ", ".join(quote(meta.get_field(name).column) for name in fields)
    return f"INSERT INTO {quote(meta.db_table)} ({columns}) VALUES "


# Rows per INSERT statement on SQLite: 100 rows of 9 columns stay far below SQLite's
# limit of 32,766 bound variables.
SQLITE_ROWS_PER_STATEMENT = 100


def insert_rows(
    insert: str, rows: list[tuple[Any, ...]], returning: str = ""
) -> list[tuple[Any, ...]]:
    """Insert `rows` with `insert` (an `INSERT INTO t (columns) VALUES ` prefix); with
    `returning` (column names), return those columns of the inserted rows, in any order.

    Conversations and messages are written with the database driver rather than
    bulk_create: building model instances and compiling every value through the ORM costs
    several times the insert itself, and ingest must keep pace with the database (see
    bench/ingest.py). On SQLite, statements of many rows each (`VALUES (...), (...)`)
    take a third less time than `executemany`, which steps one row at a time; on
    PostgreSQL psycopg's `executemany` (pipelined, server-side bound) is the faster one.
    """
    if not rows:
        return []
    width = len(rows[0])
    tail = f" RETURNING {returning}" if returning else ""
    result: list[tuple[Any, ...]] = []
    with connection.cursor() as cursor:
        if connection.vendor != "sqlite":
            sql = insert + "(" + ", ".join(["%s"] * width) + ")" + tail
            if not returning:
                cursor.executemany(sql, rows)
                return result
            driver = cursor.cursor
            driver.executemany(sql, rows, returning=True)
            while True:
                result.extend(driver.fetchall())
                if not driver.nextset():
                    return result
        # The driver's own cursor, with SQLite's `?` placeholders: Django's wrapper would
        # rewrite every long statement's `%s` markers on each call.
        raw = cursor.cursor
        one = "(" + ", ".join(["?"] * width) + ")"
        step = SQLITE_ROWS_PER_STATEMENT
        full = insert + ", ".join([one] * step) + tail
        flat = chain.from_iterable
        whole = len(rows) - len(rows) % step
        for start in range(0, whole, step):
            sqlite3.Cursor.execute(raw, full, list(flat(rows[start : start + step])))
            if returning:
                result.extend(raw.fetchall())
        if whole < len(rows):
            rest = rows[whole:]
            sql = insert + ", ".join([one] * len(rest)) + tail
            sqlite3.Cursor.execute(raw, sql, list(flat(rest)))
            if returning:
                result.extend(raw.fetchall())
    return result


# Content JSON is the text already serialised for the digest.
MESSAGE_INSERT = _insert_sql(
    Message,
    (
        "conversation",
        "order",
        "role",
        "content",
        "text",
        "is_tool_use",
        "is_tool_output",
        "created_at",
        "digest",
    ),
)
CONVERSATION_UPDATE = (
    f"UPDATE {connection.ops.quote_name(Conversation._meta.db_table)} SET message_count = %s, "
    "content_hash = %s, updated_at = %s WHERE id = %s"
)
METADATA_UPDATE = (
    f"UPDATE {connection.ops.quote_name(Conversation._meta.db_table)} SET metadata = %s "
    "WHERE id = %s"
)
CONVERSATION_INSERT = _insert_sql(
    Conversation,
    (
        "source",
        "external_id",
        "started_at",
        "metadata",
        "format",
        "message_count",
        "content_hash",
        "created_at",
        "updated_at",
    ),
)


def _json_param() -> Callable[[str], Any] | None:
    """How serialised JSON text is passed for a JSON column on this database (None: as
    the text itself)."""
    if connection.vendor == "postgresql":
        from psycopg.types.json import Jsonb

        def jsonb(text: str) -> Any:
            return Jsonb(text, dumps=str)

        return jsonb
    return None


def _as_json(item: Item) -> str:
    """The conversation of a transcript run as JSON, to keep when it cannot be stored."""
    messages = ",".join(
        '{"role":' + json.dumps(role) + ',"content":' + content + "}"
        for role, content, *_ in item.messages
    )
    head = json.dumps({"id": item.key or item.external_id, "format": item.format})
    return head[:-1] + ',"messages":[' + messages + "]}"


@contextmanager
def _cyclic_gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while ingesting.

    Ingest allocates millions of small dicts and lists (parsed JSON) that are freed by
    reference counting, none in cycles; yet every few hundred allocations the collector
    walks all live containers, which measured as half the run time. It is switched back
    on (if it was on) however ingest ends.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def ingest_stream(
    stream: IO[bytes],
    *,
    source: Source,
    kind: str,
    name: str,
    format: str | None = None,
    layout: str | None = None,
    progress: Callable[[], None] | None = None,
) -> IngestSummary:
    """Ingest every record of a binary stream into `source`; see the module docstring."""
    started = time.monotonic()
    batch = IngestBatch.objects.create(
        kind=kind, source=source, path=name[:1024], format=format or "", started_at=timezone.now()
    )
    summary = IngestSummary(path=name, batch_id=batch.pk)
    writer = _Writer(source, batch, summary)
    normalizer = Normalizer(writer.take, format=format, sqlite=connection.vendor == "sqlite")
    with _cyclic_gc_paused():
        normalize_stream(
            stream,
            normalizer,
            name=name,
            layout=layout,
            max_line_bytes=settings.INGEST_MAX_LINE_BYTES,
            max_depth=settings.INGEST_MAX_JSON_DEPTH,
            progress=progress,
        )
        writer.flush()
    if progress is not None:
        progress()
    _finish(summary, normalizer.lines, normalizer.skipped, normalizer.formats, format)
    summary.seconds = time.monotonic() - started
    _save_batch(batch, summary)
    return summary


def _finish(
    summary: IngestSummary,
    lines: int,
    skipped: Counter[str],
    seen_formats: Counter[str],
    format: str | None,
) -> None:
    """Copy the normalizer's counts into the summary."""
    summary.lines = lines
    summary.skipped = skipped
    summary.format = format or (",".join(sorted(seen_formats)) if seen_formats else None)


def _save_batch(batch: IngestBatch, summary: IngestSummary) -> None:
    for attr in (
        "lines",
        "conversations_created",
        "conversations_updated",
        "conversations_unchanged",
        "messages_added",
    ):
        setattr(batch, attr, getattr(summary, attr))
    batch.format = (summary.format or "")[:32]
    batch.skipped = dict(summary.skipped)
    batch.problem_counts = dict(summary.problems)
    batch.finished_at = timezone.now()
    batch.save()


def ingest_file(
    path: str | Path,
    *,
    source: Source,
    format: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> IngestSummary:
    """Ingest one file (JSON Lines, JSON array or object, gzipped or not).

    Raises OSError when the file cannot be opened or read. `progress(done, total)` is
    called now and then with compressed bytes read so far and the file size.
    """
    path = Path(path)
    total = path.stat().st_size
    with open_input(path) as stream:
        raw_file = getattr(stream, "fileobj", stream)
        report = None
        if progress is not None:

            def report() -> None:
                progress(raw_file.tell(), total)

        return ingest_stream(
            stream,
            source=source,
            kind=IngestBatch.Kind.FILE,
            name=str(path),
            format=format,
            progress=report,
        )
