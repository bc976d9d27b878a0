"""One input record, and whether its JSON can be stored: parsed, or a problem with a reason.

Every record comes out either parsed (`obj`) or as a problem (`reason`) carrying the raw
text, so the caller can store it verbatim.

PostgreSQL cannot store NUL characters in text or jsonb, nor can any database store
lone UTF-16 surrogates: records containing them (`\\u0000`, unpaired `\\ud800`) are
rejected with reason `nul_character` / `invalid_unicode`, never altered. Numbers no
database stores (NaN, Infinity, 1e400, integers over Python's digit limit) are rejected
with reason `invalid_number`.
"""

from __future__ import annotations

import json
import math
import re
import sys
from dataclasses import dataclass
from typing import Any

from .fastjson import orjson_value

# Raw text kept for a line over the size limit (the rest is summarised in `detail`).
RAW_KEEP = 64 * 1024


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
DECODER = json.JSONDecoder(parse_constant=_reject_constant, parse_float=_finite_float)
"""The JSON decoder for input records: raises ValueError on a number no database stores."""


def number_problem(exc: ValueError) -> str:
    """The `detail` of an `invalid_number` problem raised by `DECODER`."""
    if isinstance(exc, _NumberError):
        return str(exc)
    return f"an integer of more than {sys.get_int_max_str_digits()} digits"


_SUSPECT_STR = re.compile(r"\\u(?:0000|[dD][89a-fA-F])")
SUSPECT_BYTES = re.compile(rb"\\u(?:0000|[dD][89a-fA-F])")
"""A `\\u0000` or surrogate escape in a line's bytes: its strings need `_unstorable`."""
ESCAPED_BYTES = re.compile("[\udc80-\udcff]")
"""Bytes that were not UTF-8, as `surrogateescape` decoding leaves them in text."""
_SURROGATE = re.compile("[\ud800-\udfff]")


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
        if ESCAPED_BYTES.search(text) or _SURROGATE.search(text):
            text = text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
            text = _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
            escaped = True
    if "\x00" in text:
        text, escaped = text.replace("\x00", "\\x00"), True
    return text, escaped


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


# The scanner DECODER.decode runs inside (set in JSONDecoder.__init__, not in its stubs).
_scan_once = DECODER.scan_once  # type: ignore[attr-defined]
_JSON_SPACE = " \t\n\r"


def _decode(text: str) -> Any:
    """`DECODER.decode(text)`, without its two whitespace regex matches for the usual line
    (no leading or trailing blanks); anything else, including every error, goes through
    `DECODER.decode` itself, so values and error messages are the same."""
    if text and text[0] not in _JSON_SPACE:
        try:
            obj, end = _scan_once(text, 0)
        except StopIteration:
            pass
        else:
            if end == len(text):
                return obj
    return DECODER.decode(text)


def parse_line(record: Record, raw: bytes, max_depth: int) -> Record:
    """Parse one line of bytes into `record.obj`, or set the problem reason.

    orjson reads the usual line straight from its bytes (`conversations.fastjson`);
    where it would differ from `json` and on every error, the line goes through
    `parse_record`, so values, reasons and details are the same.
    """
    parsed, obj = orjson_value(raw)
    if parsed:
        return _validate_bytes(record, obj, raw, max_depth)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        record.reason, record.detail = "invalid_utf8", str(exc)
        return record
    return parse_record(record, text, max_depth)


def _validate_bytes(record: Record, obj: Any, raw: bytes, max_depth: int) -> Record:
    """`validate` for a line still in bytes (its `{`, `[` and `\\u` escapes are ASCII,
    so the counts and searches are the same as on its text)."""
    if raw.count(b"{") + raw.count(b"[") > max_depth and _too_deep(obj, max_depth):
        record.reason, record.detail = "too_deep", f"nested deeper than {max_depth}"
        return record
    if SUSPECT_BYTES.search(raw):
        bad = _unstorable(obj)
        if bad:
            record.reason, record.detail = bad, _UNSTORABLE_DETAIL[bad]
            return record
    record.obj = obj
    return record


_UNSTORABLE_DETAIL = {
    "nul_character": "contains U+0000, which PostgreSQL cannot store",
    "invalid_unicode": "contains an unpaired UTF-16 surrogate",
}


def parse_record(record: Record, text: str, max_depth: int) -> Record:
    """Parse `text` into `record.obj`, or set the problem reason."""
    try:
        obj = _decode(text)
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
        record.reason, record.detail = "invalid_number", number_problem(exc)
        return record
    return validate(record, obj, text, max_depth)


def validate(record: Record, obj: Any, text: str, max_depth: int) -> Record:
    """Keep `obj` (parsed from `text`) as the record's value, or set the problem reason
    when it is nested deeper than `max_depth` or holds a string no database stores."""
    if text.count("{") + text.count("[") > max_depth and _too_deep(obj, max_depth):
        record.reason, record.detail = "too_deep", f"nested deeper than {max_depth}"
        return record
    if _SUSPECT_STR.search(text):
        bad = _unstorable(obj)
        if bad:
            record.reason, record.detail = bad, _UNSTORABLE_DETAIL[bad]
            return record
    record.obj = obj
    return record
