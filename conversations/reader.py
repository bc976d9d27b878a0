"""Reading input files into records, streaming, without losing any line.

Three layouts, chosen from the content (a gzip magic number is honoured whatever the
name): a JSON array (`[` first) is read element by element, so a large array is never
loaded whole; a `.json` file (or a JSONL file that opens with a lone `{` line, i.e.
pretty-printed) is read as a sequence of top-level JSON values (both in
`conversations.documents`); anything else is JSON Lines, here.

Every record comes out either parsed (`obj`) or as a problem (`reason`) carrying the
raw text, so the caller can store it verbatim (see `conversations.records`). In JSON
Lines a bad line costs only that line; in an array or sequence there is no reliable
place to resume after a syntax error, so the rest of the document becomes one problem.
"""

from __future__ import annotations

import codecs
import gzip
import hashlib
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import orjson

from .documents import CHUNK, iter_document
from .fastjson import DIGITS_AS_ZERO, LONG_DIGIT_RUN_BYTES
from .records import RAW_KEEP, SUSPECT_BYTES, Record, parse_line


def open_input(path: str | Path) -> IO[bytes]:
    """Open a file for reading as bytes, transparently gunzipping it."""
    handle = open(path, "rb")  # noqa: SIM115 - returned to the caller, who closes it
    if handle.peek(2)[:2] != b"\x1f\x8b":
        return handle
    handle.close()
    # Opened by name, so that closing the GzipFile closes the file too (one given as
    # `fileobj` is left open).
    return gzip.GzipFile(path, "rb")  # type: ignore[return-value]


# What a blank line may open with: nothing, or any byte `bytes.strip` strips.
_BLANK_START = frozenset((b"", b" ", b"\t", b"\n", b"\r", b"\x0b", b"\x0c"))


def iter_lines(
    stream: IO[bytes], *, max_line_bytes: int, max_depth: int, first_line: int = 1
) -> Iterator[Record]:
    """JSON Lines: one record per line; blank lines are skipped as `blank_line`."""
    number = first_line - 1
    readline, limit = stream.readline, max_line_bytes + 1
    loads, refused = orjson.loads, orjson.JSONDecodeError
    while True:
        raw = readline(limit)
        if not raw:
            return
        number += 1
        if len(raw) > max_line_bytes and not raw.endswith(b"\n"):
            yield _overlong(stream, number, raw, max_line_bytes)
            continue
        raw = raw.rstrip(b"\r\n")
        if number == 1 and raw.startswith(codecs.BOM_UTF8):
            raw = raw[len(codecs.BOM_UTF8) :]
        # A record starts with `{` or `[`: only a line opening with a blank can be blank.
        if raw[:1] in _BLANK_START and not raw.strip():
            yield Record(line=number, raw=raw, skip="blank_line")
            continue
        # The usual line, inline: nothing `parse_line` would treat apart (a run of 19
        # digits, deep nesting, a `\u0000` or surrogate escape), and orjson reads it.
        # Any other line goes through `parse_line` whole, so values, reasons and details
        # are the same.
        # (`find` rather than `in`: `in` on bytes costs several times as much.)
        marked = raw.translate(DIGITS_AS_ZERO)
        if (
            marked.find(LONG_DIGIT_RUN_BYTES) < 0
            and marked.count(b"{") <= max_depth
            and (raw.find(b"\\") < 0 or not SUSPECT_BYTES.search(raw))
        ):
            try:
                obj = loads(raw)
            except refused:
                pass
            else:
                yield Record(number, raw, obj)
                continue
        yield parse_line(Record(line=number, raw=raw), raw, max_depth)


def _overlong(stream: IO[bytes], number: int, head: bytes, limit: int) -> Record:
    digest = hashlib.sha256(head)
    total = len(head)
    kept = head[:RAW_KEEP]
    while not head.endswith(b"\n"):
        head = stream.readline(CHUNK)
        if not head:
            break
        digest.update(head)
        total += len(head)
    return Record(
        line=number,
        raw=kept,
        reason="line_too_long",
        detail=f"{total} bytes over the limit of {limit}; sha256 {digest.hexdigest()}",
    )


def iter_records(
    stream: IO[bytes],
    *,
    name: str = "",
    layout: str | None = None,
    max_line_bytes: int,
    max_depth: int,
) -> Iterator[Record]:
    """Records from a binary stream. `layout` is `lines` or `document`; by default it is
    chosen from the content and the name (see the module docstring)."""
    if layout is None:
        head = _peek(stream)
        stripped = head.lstrip(b"\xef\xbb\xbf \t\r\n")
        lower = name.lower().removesuffix(".gz")
        pretty = stripped.startswith(b"{") and not stripped[1:].split(b"\n", 1)[0].strip()
        if stripped.startswith(b"[") or lower.endswith(".json") or pretty:
            layout = "document"
        else:
            layout = "lines"
    if layout == "document":
        return iter_document(stream, max_line_bytes=max_line_bytes, max_depth=max_depth)
    return iter_lines(stream, max_line_bytes=max_line_bytes, max_depth=max_depth)


def _peek(stream: IO[bytes]) -> bytes:
    peek = getattr(stream, "peek", None)
    if peek is not None:
        data = peek(4096)
        if data:
            return data[:4096]
    position = stream.tell()
    data = stream.read(4096)
    stream.seek(position)
    return data
