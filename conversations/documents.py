"""Reading a JSON document incrementally: an array of records, or a sequence of values.

A JSON array (`[` first) is read element by element with an incremental decoder over
`json.JSONDecoder.raw_decode`, so a large array is never loaded whole; any other
document is read as a sequence of top-level JSON values. In an array or sequence there
is no reliable place to resume after a syntax error, so the rest of the document
becomes one problem, its text kept (truncated when large).
"""

from __future__ import annotations

import codecs
import json
import re
from collections.abc import Iterator
from typing import IO

from .records import (
    DECODER,
    ESCAPED_BYTES,
    RAW_KEEP,
    Record,
    number_problem,
    validate,
)

CHUNK = 1024 * 1024
"""Bytes read from the input at a time."""

_lenient = json.JSONDecoder(
    parse_constant=lambda _: 0.0, parse_float=lambda _: 0.0, parse_int=lambda _: 0
)
_NON_WS = re.compile(r"\S")


class _Document:
    """A JSON text read incrementally: a buffer, a position in it and the line there."""

    def __init__(self, stream: IO[bytes]) -> None:
        self.stream = stream
        self.decoder = codecs.getincrementaldecoder("utf-8")()
        self.buf = ""
        self.pos = 0
        self.line = 1
        self.eof = False
        self.bad_utf8 = False

    def fill(self) -> bool:
        if self.eof:
            return False
        data = self.stream.read(CHUNK)
        try:
            text = self.decoder.decode(data, final=not data)
        except UnicodeDecodeError:
            # Bytes that are not UTF-8: the chunk is decoded again (the decoder keeps its
            # state when it raises) with them as surrogate escapes, which valid UTF-8
            # never gives, so no chunk needs searching for them; from here on each record
            # is (`invalid_utf8`).
            self.decoder.errors = "surrogateescape"
            text = self.decoder.decode(data, final=not data)
            self.decoder.errors = "strict"
            self.bad_utf8 = True
        if not data:
            self.eof = True
        if self.line == 1 and self.pos == 0 and not self.buf and text.startswith("\ufeff"):
            text = text[1:]
        self.buf = self.buf[self.pos :] + text
        self.pos = 0
        return True

    def advance(self, to: int) -> None:
        self.line += self.buf.count("\n", self.pos, to)
        self.pos = to

    def peek(self) -> str:
        """The next non-blank character ('' at the end), positioned on it."""
        while True:
            match = _NON_WS.search(self.buf, self.pos)
            if match:
                self.advance(match.start())
                return self.buf[self.pos]
            self.advance(len(self.buf))
            if not self.fill():
                return ""

    def rest(self, limit: int) -> tuple[str, int]:
        """Up to `limit` characters from the position on, and how many there were in all."""
        while not self.eof and len(self.buf) - self.pos <= limit:
            self.fill()
        kept = self.buf[self.pos : self.pos + limit]
        total = len(self.buf) - self.pos
        self.buf, self.pos = "", 0
        while self.fill():
            total += len(self.buf)
            self.buf, self.pos = "", 0
        return kept, total


def iter_document(stream: IO[bytes], *, max_line_bytes: int, max_depth: int) -> Iterator[Record]:
    """A JSON array of records, or a sequence of top-level JSON values."""
    doc = _Document(stream)
    doc.fill()
    is_array = doc.peek() == "["
    if is_array:
        doc.advance(doc.pos + 1)
    while True:
        char = doc.peek()
        if not char:
            if is_array:
                yield _broken(doc, "invalid_json", "the array is not closed", max_line_bytes)
            return
        if is_array and char == "]":
            doc.advance(doc.pos + 1)
            if doc.peek():
                yield _broken(doc, "invalid_json", "data after the array", max_line_bytes)
            return
        start_line = doc.line
        number_error: str | None = None
        while True:
            try:
                obj, end = DECODER.raw_decode(doc.buf, doc.pos)
            except json.JSONDecodeError as exc:
                if not doc.eof and len(doc.buf) - doc.pos <= max_line_bytes and doc.fill():
                    continue
                reason = (
                    "line_too_long" if len(doc.buf) - doc.pos > max_line_bytes else "invalid_json"
                )
                yield _broken(doc, reason, exc.msg, max_line_bytes)
                return
            except RecursionError:
                yield _broken(doc, "too_deep", f"nested deeper than {max_depth}", max_line_bytes)
                return
            except ValueError as exc:
                if not doc.eof and len(doc.buf) - doc.pos <= max_line_bytes and doc.fill():
                    continue
                # Where the value ends is known from a decoder that accepts any number.
                _, end = _lenient.raw_decode(doc.buf, doc.pos)
                number_error = number_problem(exc)
                break
            if end == len(doc.buf) and doc.fill():
                continue  # a value cut at the buffer's end (a number) may go on
            number_error = None
            break
        raw = doc.buf[doc.pos : end]
        doc.advance(end)
        record = Record(line=start_line, raw=raw)
        if number_error is not None and len(raw) <= max_line_bytes:
            record.reason, record.detail = "invalid_number", number_error
        elif len(raw) > max_line_bytes:
            record.raw, record.reason = raw[:RAW_KEEP], "line_too_long"
            record.detail = f"{len(raw)} characters over the limit of {max_line_bytes}"
        elif doc.bad_utf8 and ESCAPED_BYTES.search(raw):
            record.reason, record.detail = "invalid_utf8", "bytes that are not UTF-8"
        else:
            validate(record, obj, raw, max_depth)
        yield record
        if is_array:
            char = doc.peek()
            if char == ",":
                doc.advance(doc.pos + 1)
            elif char != "]":
                yield _broken(doc, "invalid_json", "expected ',' or ']'", max_line_bytes)
                return


def _broken(doc: _Document, reason: str, detail: str, max_line_bytes: int) -> Record:
    line = doc.line
    kept, total = doc.rest(
        min(RAW_KEEP if reason == "line_too_long" else max_line_bytes, max_line_bytes)
    )
    if total > len(kept):
        detail += f"; the rest of the document ({total} characters) is kept truncated"
    else:
        detail += "; the rest of the document is kept"
    return Record(line=line, raw=kept, reason=reason, detail=detail)
