"""The ingest loop: records in, conversations and problems out, in bulk and idempotently.

How a conversation that is already stored is treated (same source and external id):

- Every message gets a rolling digest over its role and content blocks and all earlier
  messages, so comparing the digest at position n compares the first n messages.
- Same messages: unchanged. Stored messages are a prefix of the incoming ones: the
  conversation grew and only the new messages are added. Incoming messages are a prefix
  of the stored ones (an older, shorter copy of the log): unchanged.
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

import datetime as dt
import gc
import gzip
import hashlib
import json
import sqlite3
import time
import zlib
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import chain
from pathlib import Path
from types import ModuleType
from typing import IO, Any

from django.conf import settings
from django.db import DatabaseError, connection, transaction
from django.utils import timezone

from . import formats
from .formats import FormatError, NormalizedConversation
from .models import Conversation, IngestBatch, IngestProblem, Message, Source
from .reader import Record, iter_records, open_input, storable_raw

CHUNK_MESSAGES = 10000
CHUNK_CONVERSATIONS = 1000
CHUNK_PROBLEMS = 1000
MAX_ERRORS_REPORTED = 100
MAX_EXTERNAL_ID = 255

_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
_encode_string = json.encoder.encode_basestring  # the C encoder json.dumps itself uses


def content_json(content: list[Any]) -> str:
    """Content blocks as compact JSON; a single text block (most messages) is written
    directly, byte for byte what the general encoder would produce, at a fraction of
    the cost."""
    if len(content) == 1:
        block = content[0]
        if (
            type(block) is dict
            and len(block) == 2
            and block.get("type") == "text"
            and type(block.get("text")) is str
            and next(iter(block)) == "type"
        ):
            return '[{"type":"text","text":' + _encode_string(block["text"]) + "}]"
    return _dumps(content)


def _datetime_adapter() -> Callable[[Any], Any]:
    """Aware datetimes as this database takes them (SQLite: naive UTC text, as Django's
    own adapter writes them, without its per-call settings lookups)."""
    if connection.vendor == "sqlite":
        utc = dt.UTC

        def adapt(value: Any) -> Any:
            return str(value.astimezone(utc).replace(tzinfo=None)) if value else None

        return adapt
    return connection.ops.adapt_datetimefield_value


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


def message_digests(previous: str, rows: Iterable[tuple[str, str]]) -> list[str]:
    """Rolling digests of (role, content JSON) pairs, continuing from `previous`."""
    result = []
    blake2b = hashlib.blake2b
    for role, content_json in rows:
        previous = blake2b(
            f"{previous}\x1f{role}\x1f{content_json}".encode("utf-8", "surrogatepass"),
            digest_size=16,
        ).hexdigest()
        result.append(previous)
    return result


def content_id(obj: Any) -> str:
    """The id of a record that has none: a digest of the whole record (metadata included,
    so two records differing only in, say, their tool list stay two conversations)."""
    canonical = json.dumps(obj, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return "sha-" + hashlib.blake2b(canonical.encode(), digest_size=16).hexdigest()


def _external_id(value: str) -> str:
    if len(value) <= MAX_EXTERNAL_ID:
        return value
    return value[:200] + "~" + hashlib.blake2b(value.encode(), digest_size=16).hexdigest()


@dataclass(slots=True)
class _Item:
    conversation: NormalizedConversation
    external_id: str
    contents: list[str]  # content JSON of the messages carried by this item
    digests: list[str]  # digests of every message, including earlier runs
    base: int  # how many of `digests` belong to earlier runs (transcripts)
    raw: bytes | str | None
    line: int
    tracked: bool


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
    started_at: Any = None
    metadata: dict[str, Any] = field(default_factory=dict)
    format: str = ""


class _Writer:
    def __init__(self, source: Source, batch: IngestBatch, summary: IngestSummary) -> None:
        self.source = source
        self.batch = batch
        self.summary = summary
        self.items: list[_Item] = []
        self.item_messages = 0
        self.problems: list[IngestProblem] = []
        # Transcript sessions seen in this input: their digests so far, where they went
        # (a revision, if the first run diverged) and what happened to them.
        self.runs: dict[str, list[str]] = {}
        self.resolved: dict[str, str] = {}
        self.run_outcome: dict[str, str] = {}
        self.absent: set[str] = set()
        self.json_param = _json_param()
        self.adapt_datetime = _datetime_adapter()

    # Input side

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

    def add(
        self, conv: NormalizedConversation, raw: bytes | str | None, line: int, tracked: bool
    ) -> None:
        contents = [content_json(m.content) for m in conv.messages]
        base_digests = self.runs.get(conv.external_id or "", []) if conv.continues else []
        previous = base_digests[-1] if base_digests else ""
        digests = base_digests + message_digests(
            previous, zip((m.role for m in conv.messages), contents, strict=True)
        )
        external_id = _external_id(conv.external_id or f"sha-{digests[-1]}")
        if tracked:
            self.runs[conv.external_id or external_id] = digests
        self.items.append(
            _Item(conv, external_id, contents, digests, len(base_digests), raw, line, tracked)
        )
        self.item_messages += len(contents)
        if len(self.items) >= CHUNK_CONVERSATIONS or self.item_messages >= CHUNK_MESSAGES:
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
                    raw = item.raw if item.raw is not None else _dumps(_as_json(item))
                    self.problem(item.line, raw, "storage_error", str(exc))
            self.flush()

    def _write(self, items: list[_Item], problems: list[IngestProblem]) -> None:
        outcomes: list[tuple[_Item, str, str]] = []
        rows: list[tuple[_State, _Item, int]] = []
        with transaction.atomic():
            states: dict[str, _State] = {}
            self.absent = set()
            wanted = {item.external_id for item in items} | {
                self.resolved[i.conversation.external_id or ""]
                for i in items
                if i.conversation.continues and (i.conversation.external_id or "") in self.resolved
            }
            self._load(states, wanted)
            for item in items:
                target = item.external_id
                if item.conversation.continues and target in self.resolved:
                    target = self.resolved[target]
                outcome, final = self._merge(item, states, target, rows)
                outcomes.append((item, outcome, final))
            stamp = connection.ops.adapt_datetimefield_value(timezone.now())
            self._insert_conversations([s for s in states.values() if s.is_new and s.count], stamp)
            grown = [
                (s.count, s.last, stamp, s.pk)
                for s in states.values()
                if not s.is_new and s.changed
            ]
            if grown:
                with connection.cursor() as cursor:
                    cursor.executemany(CONVERSATION_UPDATE, grown)
            insert_rows(MESSAGE_INSERT, list(self._message_rows(rows)))
            IngestProblem.objects.bulk_create(problems)
        self.summary.messages_added += len(rows)
        for item, outcome, final in outcomes:
            self._count(item, outcome, final)

    def _insert_conversations(self, new: list[_State], stamp: Any) -> None:
        """Insert new conversations and set their primary keys (two queries in all)."""
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
        for pk, external_id, count, last in Conversation.objects.filter(
            source=self.source, external_id__in=external_ids
        ).values_list("pk", "external_id", "message_count", "content_hash"):
            self.absent.discard(external_id)
            states[external_id] = _State(
                external_id=external_id,
                pk=pk,
                is_new=False,
                count=count,
                last=last,
            )

    def _state(self, states: dict[str, _State], item: _Item, external_id: str) -> _State:
        state = states.get(external_id)
        if state is None and external_id not in self.absent:
            self._load(states, {external_id})
            state = states.get(external_id)
        if state is None:
            conv = item.conversation
            state = _State(
                external_id=external_id,
                pk=None,
                is_new=True,
                count=0,
                last="",
                db_digests=[],
                started_at=conv.started_at,
                metadata=conv.metadata,
                format=conv.format,
            )
            states[external_id] = state
        return state

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
        item: _Item,
        states: dict[str, _State],
        external_id: str,
        rows: list[tuple[_State, _Item, int]],
    ) -> tuple[str, str]:
        """Apply one item to the conversation `external_id`; returns (outcome, id used)."""
        state = self._state(states, item, external_id)
        incoming = item.digests
        n, k = state.count, len(incoming)
        if n <= k and (n == 0 or incoming[n - 1] == state.last) and n >= item.base:
            if n == k:
                return "unchanged", external_id
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
        root = item.conversation.external_id or item.external_id
        revision = _external_id(f"{item.external_id}~rev-{incoming[diverges_at][:12]}")
        if revision == external_id:  # cannot happen unless digests collide; never loop
            raise DatabaseError("conversation revision collides with itself")
        item.conversation.metadata = {
            **item.conversation.metadata,
            "revision_of": item.external_id,
            "diverges_at": diverges_at,
        }
        if item.tracked:
            self.resolved[root] = revision
        outcome, final = self._merge(item, states, revision, rows)
        return ("revised" if outcome == "created" else outcome), final

    def _message_rows(self, rows: list[tuple[_State, _Item, int]]) -> Iterable[tuple[Any, ...]]:
        adapt, json_param = self.adapt_datetime, self.json_param
        for state, item, index in rows:
            offset = index - item.base
            message = item.conversation.messages[offset]
            text, tool_use, tool_output = message.derived()
            content = item.contents[offset]
            created_at = message.created_at
            yield (
                state.pk,
                index,
                message.role,
                json_param(content) if json_param else content,
                text,
                tool_use,
                tool_output,
                adapt(created_at) if created_at is not None else None,
                item.digests[index],
            )

    def _count(self, item: _Item, outcome: str, final: str) -> None:
        summary = self.summary
        if outcome == "revised":
            summary.conversations_revised += 1
            outcome = "created"
        key = item.conversation.external_id or item.external_id
        if item.tracked and item.conversation.continues and key in self.run_outcome:
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


def insert_rows(insert: str, rows: list[tuple[Any, ...]]) -> None:
    """Insert `rows` with `insert` (an `INSERT INTO t (columns) VALUES ` prefix).

    Conversations and messages are written with the database driver rather than
    bulk_create: building model instances and compiling every value through the ORM costs
    several times the insert itself, and ingest must keep pace with the database (see
    bench/ingest.py). On SQLite, statements of many rows each (`VALUES (...), (...)`)
    take a third less time than `executemany`, which steps one row at a time; on
    PostgreSQL psycopg's `executemany` (pipelined, server-side bound) is the faster one.
    """
    if not rows:
        return
    width = len(rows[0])
    with connection.cursor() as cursor:
        if connection.vendor != "sqlite":
            cursor.executemany(insert + "(" + ", ".join(["%s"] * width) + ")", rows)
            return
        # The driver's own cursor, with SQLite's `?` placeholders: Django's wrapper would
        # rewrite every long statement's `%s` markers on each call.
        raw = cursor.cursor
        one = "(" + ", ".join(["?"] * width) + ")"
        step = SQLITE_ROWS_PER_STATEMENT
        full = insert + ", ".join([one] * step)
        flat = chain.from_iterable
        whole = len(rows) - len(rows) % step
        for start in range(0, whole, step):
            sqlite3.Cursor.execute(raw, full, list(flat(rows[start : start + step])))
        if whole < len(rows):
            rest = rows[whole:]
            sqlite3.Cursor.execute(raw, insert + ", ".join([one] * len(rest)), list(flat(rest)))


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


def _as_json(item: _Item) -> dict[str, Any]:
    conv = item.conversation
    return {
        "id": conv.external_id,
        "format": conv.format,
        "messages": [{"role": m.role, "content": m.content} for m in conv.messages],
    }


class _Reader:
    """Turns records into conversations via the format modules."""

    def __init__(self, writer: _Writer, forced: ModuleType | None) -> None:
        self.writer = writer
        self.forced = forced
        self.collectors: dict[str, Any] = {}
        self.formats: Counter[str] = Counter()

    def feed(self, record: Record) -> None:
        summary = self.writer.summary
        summary.lines += 1
        if record.skip:
            summary.skipped[record.skip] += 1
            return
        if record.reason:
            self.writer.problem(record.line, record.raw, record.reason, record.detail)
            return
        module = self.forced or formats.detect(record.obj)
        if module is None or not isinstance(record.obj, dict):
            what = type(record.obj).__name__ if not isinstance(record.obj, dict) else "object"
            detail = f"no format recognises this {what}"
            if isinstance(record.obj, dict):
                detail += f" (keys: {', '.join(sorted(record.obj)[:10])})"
            self.writer.problem(record.line, record.raw, "unknown_shape", detail)
            return
        self.formats[module.NAME] += 1
        try:
            if hasattr(module, "Collector"):
                collector = self.collectors.get(module.NAME)
                if collector is None:
                    collector = self.collectors[module.NAME] = module.Collector()
                done, kind = collector.add(record.obj)
                if kind:
                    summary.skipped[kind] += 1
                for conv in done:
                    self.writer.add(conv, None, record.line, tracked=True)
            else:
                conv = module.parse(record.obj)
                if conv.external_id is None:
                    conv.external_id = content_id(record.obj)
                self.writer.add(conv, record.raw, record.line, tracked=False)
        except FormatError as exc:
            self.writer.problem(record.line, record.raw, exc.reason, exc.detail)
        except (AttributeError, KeyError, TypeError, ValueError) as exc:
            # A shape the format module did not foresee: kept, never a crash.
            self.writer.problem(record.line, record.raw, "unknown_shape", repr(exc))

    def finish(self) -> None:
        for collector in self.collectors.values():
            for conv in collector.finish():
                self.writer.add(conv, None, 0, tracked=True)
        self.writer.flush()


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
    forced = formats.BY_NAME[format] if format else None
    started = time.monotonic()
    batch = IngestBatch.objects.create(
        kind=kind, source=source, path=name[:1024], format=format or "", started_at=timezone.now()
    )
    summary = IngestSummary(path=name, batch_id=batch.pk)
    writer = _Writer(source, batch, summary)
    reader = _Reader(writer, forced)
    with _cyclic_gc_paused():
        try:
            records = iter_records(
                stream,
                name=name,
                layout=layout,
                max_line_bytes=settings.INGEST_MAX_LINE_BYTES,
                max_depth=settings.INGEST_MAX_JSON_DEPTH,
            )
            for number, record in enumerate(records, 1):
                reader.feed(record)
                if progress is not None and number % 1000 == 0:
                    progress()
        except (EOFError, zlib.error, gzip.BadGzipFile) as exc:
            # A truncated or corrupt gzip stream: keep everything read so far, and say
            # where and why the rest could not be read.
            summary.lines += 1
            writer.problem(summary.lines, b"", "unreadable_input", f"{type(exc).__name__}: {exc}")
        reader.finish()
    if progress is not None:
        progress()
    summary.format = format or (",".join(sorted(reader.formats)) if reader.formats else None)
    summary.seconds = time.monotonic() - started
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
    return summary


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
