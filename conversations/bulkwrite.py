"""Bulk writes of conversations and messages through the database driver.

Conversations and messages are written with the database driver rather than
bulk_create: building model instances and compiling every value through the ORM costs
several times the insert itself, and ingest must keep pace with the database (see
bench/ingest.py).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from itertools import chain
from typing import Any

from django.db import connection

from .models import Conversation, Message


def _table(model: type[Any], fields: tuple[str, ...]) -> str:
    """``table (column, ...)`` of `model`'s `fields`, quoted for the database."""
    meta = model._meta
    quote = connection.ops.quote_name
    columns = ", ".join(quote(meta.get_field(name).column) for name in fields)
    return f"{quote(meta.db_table)} ({columns})"


def _insert_sql(model: type[Any], fields: tuple[str, ...]) -> str:
    return f"INSERT INTO {_table(model, fields)} VALUES "


def _copy_sql(model: type[Any], fields: tuple[str, ...]) -> str:
    return f"COPY {_table(model, fields)} FROM STDIN"


# Rows per INSERT statement on SQLite: 100 rows of 9 columns stay far below SQLite's
# limit of 32,766 bound variables.
SQLITE_ROWS_PER_STATEMENT = 100


def insert_rows(
    insert: str, rows: list[tuple[Any, ...]], returning: str = "", copy: str = ""
) -> list[tuple[Any, ...]]:
    """Insert `rows` with `insert` (an `INSERT INTO t (columns) VALUES ` prefix); with
    `returning` (column names), return those columns of the inserted rows, in any order.

    On SQLite, statements of many rows each (`VALUES (...), (...)`) take a third less
    time than `executemany`, which steps one row at a time; on PostgreSQL psycopg's
    `executemany` (pipelined, server-side bound) is the faster one, and `COPY` (`copy`,
    the same table and columns, when nothing is returned) faster still: the same rows,
    defaults and constraints, at a fraction of the client's and the server's CPU.
    """
    if not rows:
        return []
    width = len(rows[0])
    tail = f" RETURNING {returning}" if returning else ""
    result: list[tuple[Any, ...]] = []
    with connection.cursor() as cursor:
        if connection.vendor != "sqlite":
            if copy and not returning:
                # The driver's own cursor: its errors are raised as Django's, as the
                # cursor wrapper raises them, so a refused chunk is retried item by item.
                with connection.wrap_database_errors, cursor.cursor.copy(copy) as stream:
                    write_row = stream.write_row
                    for row in rows:
                        write_row(row)
                return result
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


def insert_flat(insert: str, params: list[Any], one: str) -> None:
    """SQLite: insert rows given as one flat list of values, row after row, with `insert`
    (an `INSERT INTO t (columns) VALUES ` prefix) and `one` the values of one row (`(?, ?,
    ...)`, see `MESSAGE_VALUES`), in statements of `SQLITE_ROWS_PER_STATEMENT` rows (see
    `insert_rows`), each bound from a slice of the list: no tuple per row and no
    flattening.

    CHECK constraints are not evaluated for these rows (`ignore_check_constraints`): the
    caller vouches for them. For messages they are a JSON_VALID test of the content,
    which ingest wrote itself as JSON a moment before, and `order >= 0`.
    """
    if not params:
        return
    width = one.count("?")
    size = SQLITE_ROWS_PER_STATEMENT * width
    full = insert + ", ".join([one] * SQLITE_ROWS_PER_STATEMENT)
    whole = len(params) - len(params) % size
    execute = sqlite3.Cursor.execute
    with connection.cursor() as cursor:
        raw = cursor.cursor
        execute(raw, "PRAGMA ignore_check_constraints = ON")
        try:
            for start in range(0, whole, size):
                execute(raw, full, params[start : start + size])
            if whole < len(params):
                rest = params[whole:]
                execute(raw, insert + ", ".join([one] * (len(rest) // width)), rest)
        finally:
            execute(raw, "PRAGMA ignore_check_constraints = OFF")


# Content JSON is the text already serialised for the digest.
MESSAGE_FIELDS = (
    "conversation",
    "order",
    "role",
    "content",
    "text",
    "is_tool_use",
    "is_tool_output",
    "created_at",
    "digest",
)
MESSAGE_INSERT = _insert_sql(Message, MESSAGE_FIELDS)
MESSAGE_VALUES = "(?, ?, ?, CAST(? AS TEXT), ?, ?, ?, ?, ?)"
"""One message row's values for `insert_flat` on SQLite: the content comes as the UTF-8
bytes of its JSON (see conversations.normalize), which SQLite takes as the same text a
str would have given, without decoding it into one and encoding it back."""
MESSAGE_VALUES_TEXT = "(" + ", ".join(["?"] * len(MESSAGE_FIELDS)) + ")"
"""`MESSAGE_VALUES` for a database whose text is not UTF-8: content as str."""
MESSAGE_COPY = _copy_sql(Message, MESSAGE_FIELDS)
"""`MESSAGE_INSERT`'s table and columns, for `insert_rows(..., copy=MESSAGE_COPY)`."""
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


CONVERSATION_STATE = (
    "SELECT id, external_id, message_count, content_hash, metadata FROM "
    f"{connection.ops.quote_name(Conversation._meta.db_table)} "
    "WHERE source_id = %s AND external_id IN "
)
"""The stored state of a source's conversations, by external id: append `(%s, ...)`."""


def json_adapter() -> Callable[[bytes | str], Any] | None:
    """How serialised JSON (text, or its UTF-8 bytes) is passed for a JSON column on this
    database (None: as it is)."""
    if connection.vendor == "postgresql":
        from psycopg.types.json import Jsonb

        def jsonb(text: bytes | str) -> Any:
            # psycopg sends what `dumps` returns, encoding a str as UTF-8.
            return Jsonb(text, dumps=_as_is)

        return jsonb
    return None


def _as_is(value: bytes | str) -> bytes | str:
    return value


def text_is_utf8() -> bool:
    """SQLite: whether the database keeps text as UTF-8 (as every database Django
    creates does), so that UTF-8 bytes cast to text are that text."""
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA encoding")
        return cursor.fetchone()[0] == "UTF-8"
