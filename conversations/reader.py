"""Reading input files into records, streaming, without losing any line.

Three layouts, chosen from the content (a gzip magic number is honoured whatever the
name): a JSON array (`[` first) is read element by element with an incremental decoder
over `json.JSONDecoder.raw_decode`, so a large array is never loaded whole; a `.json`
file (or a JSONL file that opens with a lone `{` line, i.e. pretty-printed) is read as
a sequence of top-level JSON values; anything else is JSON Lines.

Every record comes out either parsed (`obj`) or as a problem (`reason`) carrying the
raw text, so the caller can store it verbatim. In JSON Lines a bad line costs only that
line; in an array or sequence there is no reliable place to resume after a syntax
error, so the rest of the document becomes one problem.

PostgreSQL cannot store NUL characters in text or jsonb, nor can any database store
lone UTF-16 surrogates: records containing them (`\\u0000`, unpaired `\\ud800`) are
rejected with reason `nul_character` / `invalid_unicode`, never altered.
"""

from __future__ import annotations

import codecs
import gzip
import hashlib
import json
import math
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

# Raw text kept for a line over the size limit (the rest is summarised in `detail`).
RAW_KEEP = 64 * 1024
CHUNK = 1024 * 1024


class _NumberError(ValueError):
    """A number JSON allows in Python but no database stores (NaN, Infinity, 1e400)."""


def _reject_constant(name: str) -> Any:
    raise _NumberError(f"{name} is not a JSON number")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NumberError(f"{text[:40]} is out of range for a number")
    return value


# Python's json accepts NaN and Infinity and turns 1e400 into inf, which neither
# PostgreSQL nor a later json.dumps round-trip; an integer over Python's digit
# limit raises ValueError. Each becomes an `invalid_number` problem of its line.
_decoder = json.JSONDecoder(parse_constant=_reject_constant, parse_float=_finite_float)


_lenient = json.JSONDecoder(
    parse_constant=lambda _: 0.0, parse_float=lambda _: 0.0, parse_int=lambda _: 0
)


def _number_problem(exc: ValueError) -> str:
    if isinstance(exc, _NumberError):
        return str(exc)
    return f"an integer of more than {sys.get_int_max_str_digits()} digits"


_SUSPECT_STR = re.compile(r"\\u(?:0000|[dD][89a-fA-F])")
_SUSPECT_BYTES = re.compile(rb"\\u(?:0000|[dD][89a-fA-F])")
_ESCAPED_BYTES = re.compile("[\udc80-\udcff]")
_SURROGATE = re.compile("[\ud800-\udfff]")
_NON_WS = re.compile(r"\S")


@dataclass(slots=True)
class Record:
    """One input record: parsed (`obj`), skipped (`skip` kind) or a problem (`reason`)."""

    line: int
    raw: bytes | str
    obj: Any = None
    reason: str | None = None
    detail: str = ""
    skip: str | None = None


def storable_raw(raw: bytes | str) -> tuple[str, bool]:
    """The raw text as it can be stored in any database, and whether it had to be escaped.

    Bytes that are not UTF-8 become backslash escapes (`\\xff`), a NUL becomes `\\x00`.
    """
    escaped = False
    if isinstance(raw, bytes):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            text, escaped = raw.decode("utf-8", "backslashreplace"), True
    else:
        text = raw
        if _ESCAPED_BYTES.search(text) or _SURROGATE.search(text):
            text = text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
            text = _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
            escaped = True
    if "\x00" in text:
        text, escaped = text.replace("\x00", "\\x00"), True
    return text, escaped


def open_input(path: str | Path) -> IO[bytes]:
    """Open a file for reading as bytes, transparently gunzipping it."""
    handle = open(path, "rb")  # noqa: SIM115 - returned to the caller, who closes it
    if handle.peek(2)[:2] == b"\x1f\x8b":
        return gzip.GzipFile(fileobj=handle, mode="rb")  # type: ignore[return-value]
    return handle


def _too_deep(obj: Any, limit: int) -> bool:
    stack = [(obj, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > limit:
            return True
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values() if isinstance(v, dict | list))
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value if isinstance(v, dict | list))
    return False


def _unstorable(obj: Any) -> str | None:
    """`nul_character` or `invalid_unicode` when a string (or key) cannot be stored."""
    stack = [obj]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            if "\x00" in value:
                return "nul_character"
            if _SURROGATE.search(value):
                return "invalid_unicode"
        elif isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return None


def _check(record: Record, text: str, max_depth: int) -> Record:
    """Parse `text` into `record.obj`, or set the problem reason."""
    try:
        obj = _decoder.decode(text)
    except json.JSONDecodeError as exc:
        # JSON never contains a raw NUL, so looking for one only on failure is enough.
        if "\x00" in text:
            record.reason, record.detail = "nul_character", "a NUL character in the raw line"
        else:
            record.reason, record.detail = "invalid_json", str(exc)
        return record
    except RecursionError:
        record.reason, record.detail = "too_deep", f"nested deeper than {max_depth}"
        return record
    except ValueError as exc:
        record.reason, record.detail = "invalid_number", _number_problem(exc)
        return record
    return _validate(record, obj, text, max_depth)


def _validate(record: Record, obj: Any, text: str, max_depth: int) -> Record:
    if text.count("{") + text.count("[") > max_depth and _too_deep(obj, max_depth):
        record.reason, record.detail = "too_deep", f"nested deeper than {max_depth}"
        return record
    if _SUSPECT_STR.search(text):
        bad = _unstorable(obj)
        if bad:
            record.reason = bad
            record.detail = (
                "contains U+0000, which PostgreSQL cannot store"
                if bad == "nul_character"
                else "contains an unpaired UTF-16 surrogate"
            )
            return record
    record.obj = obj
    return record


def iter_lines(
    stream: IO[bytes], *, max_line_bytes: int, max_depth: int, first_line: int = 1
) -> Iterator[Record]:
    """JSON Lines: one record per line; blank lines are skipped as `blank_line`."""
    number = first_line - 1
    while True:
        raw = stream.readline(max_line_bytes + 1)
        if not raw:
            return
        number += 1
        if len(raw) > max_line_bytes and not raw.endswith(b"\n"):
            yield _overlong(stream, number, raw, max_line_bytes)
            continue
        raw = raw.rstrip(b"\r\n")
        if number == 1 and raw.startswith(codecs.BOM_UTF8):
            raw = raw[len(codecs.BOM_UTF8) :]
        if not raw.strip():
            yield Record(line=number, raw=raw, skip="blank_line")
            continue
        record = Record(line=number, raw=raw)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            record.reason, record.detail = "invalid_utf8", str(exc)
            yield record
            continue
        yield _check(record, text, max_depth)


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


class _Document:
    """A JSON text read incrementally: a buffer, a position in it and the line there."""

    def __init__(self, stream: IO[bytes]) -> None:
        self.stream = stream
        self.decoder = codecs.getincrementaldecoder("utf-8")("surrogateescape")
        self.buf = ""
        self.pos = 0
        self.line = 1
        self.eof = False
        self.bad_utf8 = False

    def fill(self) -> bool:
        if self.eof:
            return False
        data = self.stream.read(CHUNK)
        text = self.decoder.decode(data, final=not data)
        if not data:
            self.eof = True
        if self.line == 1 and self.pos == 0 and not self.buf and text.startswith("\ufeff"):
            text = text[1:]
        if _ESCAPED_BYTES.search(text):
            self.bad_utf8 = True
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
                obj, end = _decoder.raw_decode(doc.buf, doc.pos)
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
                number_error = _number_problem(exc)
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
        elif doc.bad_utf8 and _ESCAPED_BYTES.search(raw):
            record.reason, record.detail = "invalid_utf8", "bytes that are not UTF-8"
        else:
            _validate(record, obj, raw, max_depth)
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
