"""From input records to items ready to write: pure Python, no database, no Django.

`Normalizer` turns the records of one input, in order, into two kinds of output, handed
to a callback as they are ready:

- `Item`: one conversation (or one run of a transcript session) with its messages as
  compact rows (role, content JSON, text, tool use?, tool output?, created_at) and the
  rolling digest of every message, which is what the writer compares against the
  database;
- `Problem`: a record that did not become data, with its raw text and the reason.

It also counts lines, skipped events by kind and the formats it saw. It runs in the
process that writes; being pure, it could run in a worker process beside it (tried, and
measured slower: see conversations/README.md).
"""

from __future__ import annotations

import datetime as dt
import gzip
import hashlib
import json
import zlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import IO, Any

import orjson

from . import formats
from .fastjson import canonical_bytes, compact_dumps, compact_utf8
from .formats import FormatError, NormalizedConversation
from .reader import iter_records
from .records import Record

MAX_EXTERNAL_ID = 255
# Formats whose conversations span records: read through their `Collector`.
COLLECTED = frozenset(f.NAME for f in formats.FORMATS if hasattr(f, "Collector"))

compact_json = compact_dumps
"""Any JSON value as compact text (no spaces, non-ASCII kept): how content and metadata
are stored."""
_encode_string = json.encoder.encode_basestring  # the C encoder json.dumps itself uses
# A one-text-block content's JSON around the JSON string of its text. orjson writes a
# string byte for byte as `json` does with ensure_ascii=False (same escapes), as UTF-8,
# which the digest hashes and SQLite stores: no str in between.
_TEXT_HEAD, _TEXT_TAIL = b'[{"type":"text","text":', b"}]"
# The message digest's hash, unkeyed: copied for each message (cheaper than building one
# from its parameters each time).
_DIGEST = hashlib.blake2b(digest_size=16)

# role, content JSON (UTF-8; the text only where UTF-8 cannot hold it, see content_utf8),
# text of the text blocks, is tool use, is tool output, created_at (the last three as the
# database takes them).
MessageRow = tuple[str, bytes | str, str, bool, bool, Any]


@dataclass(slots=True)
class Item:
    """A conversation (or a transcript run) ready to be merged into the database."""

    key: str  # the id the input gave ('' when it had none): how later runs find it
    external_id: str
    format: str
    started_at: dt.datetime | None
    metadata: dict[str, Any]
    continues: bool  # a later run of a transcript session already handed on
    messages: list[MessageRow]
    digests: list[str]  # digests of every message, including earlier runs
    base: int  # how many of `digests` belong to earlier runs (transcripts)
    raw: bytes | str | None
    line: int
    tracked: bool  # a transcript session (its runs are followed across the input)


@dataclass(slots=True)
class Problem:
    line: int
    raw: bytes | str
    reason: str
    detail: str = ""


Output = Item | Problem


def content_utf8(content: list[Any]) -> bytes | str:
    """Content blocks as compact JSON in UTF-8 (how the digest hashes it and the database
    takes it); a single text block (most messages) is written directly, byte for byte
    what the general encoder would produce, at a fraction of the cost. Content holding a
    lone surrogate, which UTF-8 cannot (input never does: see conversations.records),
    comes back as its JSON text."""
    if len(content) == 1:
        block = content[0]
        if (
            type(block) is dict
            and len(block) == 2
            and block.get("type") == "text"
            and type(block.get("text")) is str
            and next(iter(block)) == "type"
        ):
            return _text_block(block["text"])
    return compact_utf8(content)


def _text_block(text: str) -> bytes | str:
    try:
        return _TEXT_HEAD + orjson.dumps(text) + _TEXT_TAIL
    except orjson.JSONEncodeError:  # a lone surrogate
        return '[{"type":"text","text":' + _encode_string(text) + "}]"


def content_id(obj: Any) -> str:
    """The id of a record that has none: a digest of the whole record (metadata included,
    so two records differing only in, say, their tool list stay two conversations)."""
    canonical = canonical_bytes(obj)
    return "sha-" + hashlib.blake2b(canonical, digest_size=16).hexdigest()


def external_id(value: str) -> str:
    """An id that fits the column: a long one keeps its head and gains a digest."""
    if len(value) <= MAX_EXTERNAL_ID:
        return value
    return value[:200] + "~" + hashlib.blake2b(value.encode(), digest_size=16).hexdigest()


def datetime_adapter(sqlite: bool) -> Callable[[dt.datetime], Any]:
    """Aware datetimes as the database takes them: on SQLite naive UTC text, as Django's
    own adapter writes it (without its per-call settings lookups); PostgreSQL's driver
    takes them as they are."""
    if not sqlite:
        return lambda value: value
    utc = dt.UTC

    def adapt(value: dt.datetime) -> str:
        # Most timestamps are read as UTC already: no conversion needed (same text).
        if value.tzinfo is not utc:
            value = value.astimezone(utc)
        return str(value.replace(tzinfo=None))

    return adapt


class Normalizer:
    """Records in (in input order), `Item`s and `Problem`s out through `emit`."""

    def __init__(
        self, emit: Callable[[Output], None], *, format: str | None = None, sqlite: bool
    ) -> None:
        self.emit = emit
        self.forced: ModuleType | None = formats.BY_NAME[format] if format else None
        self.adapt = datetime_adapter(sqlite)
        # The tool flags as the database takes them: SQLite stores a bool as the integer
        # it is, and its driver binds an int at once where a bool is first looked up
        # among adapters (~0.1 us each); PostgreSQL's column is boolean.
        self.flags: tuple[Any, Any] = (0, 1) if sqlite else (False, True)
        self.lines = 0
        self.skipped: Counter[str] = Counter()
        self.formats: Counter[str] = Counter()
        self.collectors: dict[str, Any] = {}
        # Transcript sessions seen in this input: the digests of their messages so far.
        self.runs: dict[str, list[str]] = {}

    def feed(self, record: Record) -> None:
        self.lines += 1
        if record.skip:
            self.skipped[record.skip] += 1
            return
        if record.reason:
            self.emit(Problem(record.line, record.raw, record.reason, record.detail))
            return
        obj = record.obj
        module = self.forced or formats.detect(obj)
        if module is None or not isinstance(obj, dict):
            what = type(obj).__name__ if not isinstance(obj, dict) else "object"
            detail = f"no format recognises this {what}"
            if isinstance(obj, dict):
                detail += f" (keys: {', '.join(sorted(obj)[:10])})"
            self.emit(Problem(record.line, record.raw, "unknown_shape", detail))
            return
        self.formats[module.NAME] += 1
        try:
            if module.NAME in COLLECTED:
                collector = self.collectors.get(module.NAME)
                if collector is None:
                    collector = self.collectors[module.NAME] = module.Collector()
                done, kind = collector.add(obj)
                if kind:
                    self.skipped[kind] += 1
                for conv in done:
                    self.emit(self._item(conv, None, record.line, tracked=True))
            else:
                conv = module.parse(obj)
                if conv.external_id is None:
                    conv.external_id = content_id(obj)
                self.emit(self._item(conv, record.raw, record.line, tracked=False))
        except FormatError as exc:
            self.emit(Problem(record.line, record.raw, exc.reason, exc.detail))
        except (AttributeError, KeyError, TypeError, ValueError) as exc:
            # A shape the format module did not foresee: kept, never a crash.
            self.emit(Problem(record.line, record.raw, "unknown_shape", repr(exc)))

    def unreadable(self, exc: Exception) -> None:
        """The rest of the input could not be read (a truncated or corrupt gzip stream):
        everything read so far is kept, and this says where and why."""
        self.lines += 1
        self.emit(Problem(self.lines, b"", "unreadable_input", f"{type(exc).__name__}: {exc}"))

    def finish(self) -> None:
        for collector in self.collectors.values():
            for conv in collector.finish():
                self.emit(self._item(conv, None, 0, tracked=True))

    def _item(
        self, conv: NormalizedConversation, raw: bytes | str | None, line: int, tracked: bool
    ) -> Item:
        adapt = self.adapt
        key = conv.external_id or ""
        base_digests = self.runs.get(key, []) if conv.continues else []
        digests = list(base_digests)
        previous = digests[-1] if digests else ""
        rows: list[MessageRow] = []
        add_row, add_digest = rows.append, digests.append
        new_digest, dumps, head, tail = _DIGEST.copy, orjson.dumps, _TEXT_HEAD, _TEXT_TAIL
        no, yes = self.flags
        # The last timestamp adapted: formats hand on one value for repeated text.
        last_created: dt.datetime | None = None
        last_adapted: Any = None
        encoded: bytes | str
        for message in conv.messages:
            role, created, text = message.role, message.created_at, message.plain
            if created is not None:
                if created is not last_created:
                    last_created, last_adapted = created, adapt(created)
                created = last_adapted
            # Most messages are one text block: encoded directly (see content_utf8), and
            # most of those the format built from a string (`plain`), so known to be one.
            if text is not None:
                try:
                    encoded = head + dumps(text) + tail
                except orjson.JSONEncodeError:
                    encoded = _text_block(text)
                add_row((role, encoded, text, no, yes if role == "tool" else no, created))
            else:
                content = message.content
                block = content[0] if len(content) == 1 else None
                if (
                    type(block) is dict
                    and len(block) == 2
                    and type(text := block.get("text")) is str
                    and block.get("type") == "text"
                    and next(iter(block)) == "type"
                ):
                    try:
                        encoded = head + dumps(text) + tail
                    except orjson.JSONEncodeError:
                        encoded = _text_block(text)
                    add_row((role, encoded, text, no, yes if role == "tool" else no, created))
                else:
                    encoded = compact_utf8(content)
                    text, tool_use, tool_output = message.derived()
                    add_row(
                        (
                            role,
                            encoded,
                            text,
                            yes if tool_use else no,
                            yes if tool_output else no,
                            created,
                        )
                    )
            # The rolling digest over the role and content of this and every earlier
            # message (see conversations.merging): equal at n means equal first n messages.
            # It hashes the previous digest, the role and the content JSON as UTF-8 (content
            # with a lone surrogate, which comes as text, as its surrogatepass bytes).
            digest = new_digest()
            if isinstance(encoded, bytes):
                digest.update(f"{previous}\x1f{role}\x1f".encode() + encoded)
            else:
                digest.update(f"{previous}\x1f{role}\x1f{encoded}".encode("utf-8", "surrogatepass"))
            previous = digest.hexdigest()
            add_digest(previous)
        final_id = external_id(conv.external_id or f"sha-{digests[-1]}")
        if tracked:
            self.runs[key or final_id] = digests
        return Item(
            key=key,
            external_id=final_id,
            format=conv.format,
            started_at=conv.started_at,
            metadata=conv.metadata,
            continues=conv.continues,
            messages=rows,
            digests=digests,
            base=len(base_digests),
            raw=raw,
            line=line,
            tracked=tracked,
        )


def normalize_stream(
    stream: IO[bytes],
    normalizer: Normalizer,
    *,
    name: str,
    layout: str | None,
    max_line_bytes: int,
    max_depth: int,
    progress: Callable[[], None] | None = None,
) -> None:
    """Feed every record of a binary stream to `normalizer`, then finish it; `progress()`
    is called every thousand records."""
    try:
        records = iter_records(
            stream, name=name, layout=layout, max_line_bytes=max_line_bytes, max_depth=max_depth
        )
        for number, record in enumerate(records, 1):
            normalizer.feed(record)
            if progress is not None and number % 1000 == 0:
                progress()
    except (EOFError, zlib.error, gzip.BadGzipFile) as exc:
        normalizer.unreadable(exc)
    normalizer.finish()
