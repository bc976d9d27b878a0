"""Parsing and writing JSON with orjson where it gives exactly what the standard `json`
module gives.

orjson parses several times faster than `json`, and for valid JSON it builds the same
values (same floats, the last of duplicate keys, the same strings), with one exception:
an integer beyond 64 bits comes back as a float where `json` keeps it exact. So text
holding a run of 19 digits or more (in a number or not) is left to `json`, and so is
every text orjson refuses (invalid JSON, NaN, 1e400, lone surrogates, deep nesting),
so that errors and their messages stay those of `json`.

Writing: for values read from JSON (str keys, no NaN), orjson writes compact JSON byte for
byte as `json` does with `ensure_ascii=False` and `(",", ":")` separators, keys sorted the
same way with `sort_keys` (code point order), except floats (`1e-05` against `1e-5`). So
text in which a float may appear (a number token with a `.` or an exponent) is written
by `json`, and so is every value orjson refuses (integers beyond 64 bits, lone
surrogates, keys that are not strings).
"""

from __future__ import annotations

import json
from typing import Any

import orjson

# Digits mapped to "0", so that one substring search finds a run of 19 of them.
DIGITS_AS_ZERO = bytes.maketrans(b"123456789[", b"000000000{")
"""`bytes.translate` table: every ASCII digit becomes `0`, and `[` becomes `{` (so one
count of `{` counts both openers)."""
_DIGITS_AS_ZERO_STR = str.maketrans("123456789", "000000000")
_LONG_DIGIT_RUN = "0" * 19
LONG_DIGIT_RUN_BYTES = b"0" * 19
"""In bytes translated by `DIGITS_AS_ZERO`: a run of 19 digits, which orjson may read
differently from `json` (see `orjson_value`)."""


def orjson_value(data: bytes) -> tuple[bool, Any]:
    """(True, value) when orjson parses `data` (UTF-8 bytes) to what `json` would give;
    (False, None) when `data` must go through `json` instead."""
    if data.translate(DIGITS_AS_ZERO).find(LONG_DIGIT_RUN_BYTES) >= 0:
        return False, None
    try:
        return True, orjson.loads(data)
    except orjson.JSONDecodeError:
        return False, None


def loads(text: str) -> Any:
    """`json.loads(text)`, faster: the same value, or the same ValueError."""
    if _LONG_DIGIT_RUN not in text.translate(_DIGITS_AS_ZERO_STR):
        try:
            return orjson.loads(text)
        except orjson.JSONDecodeError:
            pass
    return json.loads(text)


# Digits mapped to "0" and `.`, `E` to "e": every float orjson writes then holds "0e"
# (a digit followed by `.`, `e` or `E`; inside a string it costs only a needless fallback).
_FLOAT_MARKS = bytes.maketrans(b"123456789.E", b"000000000ee")


# Digits checked one by one before one search for "0e" does the rest.
_DIGITS_CHECKED = 16


def _float_marked(marked: bytes) -> bool:
    """Whether `marked` (JSON translated by `_FLOAT_MARKS`) holds "0e": the same answer
    as `b"0e" in marked`, found faster where digits are few (most text): each "0" is
    found by `find`, which skips to a single byte many times faster than it (or `in`)
    searches for two."""
    find = marked.find
    at = find(b"0")
    for _ in range(_DIGITS_CHECKED):
        if at < 0:
            return False
        if marked[at + 1 : at + 2] == b"e":
            return True
        at = find(b"0", at + 1)
    return at >= 0 and find(b"0e", at) >= 0


_COMPACT = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
_CANONICAL = json.JSONEncoder(ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode


def compact_dumps(obj: Any) -> str:
    """`json.dumps(obj, ensure_ascii=False, separators=(",", ":"))` for a value read
    from JSON, faster."""
    try:
        data = orjson.dumps(obj)
    except orjson.JSONEncodeError:
        return _COMPACT(obj)
    if _float_marked(data.translate(_FLOAT_MARKS)):
        return _COMPACT(obj)
    return data.decode()


def compact_utf8(obj: Any) -> bytes | str:
    """`compact_dumps(obj)` as UTF-8 bytes, without decoding orjson's output; the text
    itself when it cannot be UTF-8 (a lone surrogate, which input never holds: such a
    record is an `invalid_unicode` problem)."""
    try:
        data = orjson.dumps(obj)
    except orjson.JSONEncodeError:
        return _utf8_or_text(_COMPACT(obj))
    if _float_marked(data.translate(_FLOAT_MARKS)):
        return _utf8_or_text(_COMPACT(obj))
    return data


def _utf8_or_text(text: str) -> bytes | str:
    try:
        return text.encode()
    except UnicodeEncodeError:
        return text


def canonical_bytes(obj: Any) -> bytes:
    """`json.dumps(obj, ensure_ascii=False, sort_keys=True, separators=(",", ":"))` as
    UTF-8 for a value read from JSON, faster (the same UnicodeEncodeError for a lone
    surrogate)."""
    try:
        data = orjson.dumps(obj, option=orjson.OPT_SORT_KEYS)
    except orjson.JSONEncodeError:
        return _CANONICAL(obj).encode()
    if _float_marked(data.translate(_FLOAT_MARKS)):
        return _CANONICAL(obj).encode()
    return data
