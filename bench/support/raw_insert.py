"""The raw-insert baseline of bench/ingest.py: the message rows ingest stored, written
again with the driver's `executemany` into a table of the same shape and indexes; on
PostgreSQL also with `COPY` (what ingest itself uses there), into a second such table."""

from __future__ import annotations

import time
from typing import Any

COLUMNS = (
    'conversation_id, "order", role, content, text, is_tool_use, is_tool_output, created_at, digest'
)


def create_raw_table() -> None:
    """An empty table shaped like conversations_message: same columns and indexes."""
    from django.db import connection

    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            for table in ("bench_raw", "bench_raw_copy"):
                cursor.execute(f"CREATE TABLE {table} (LIKE conversations_message INCLUDING ALL)")
            return
        cursor.execute(
            "SELECT sql FROM sqlite_master "
            "WHERE tbl_name = 'conversations_message' AND sql IS NOT NULL"
        )
        for (sql,) in cursor.fetchall():
            sql = sql.replace("conversations_message", "bench_raw")
            sql = sql.replace('CREATE UNIQUE INDEX "', 'CREATE UNIQUE INDEX "bench_')
            cursor.execute(sql.replace('CREATE INDEX "', 'CREATE INDEX "bench_'))


def raw_insert(low: int, high: int, *, copy: bool = False) -> tuple[float, float]:
    """Seconds (wall clock, and this process's CPU) to write the message rows ingest stored (ids in (low, high]) again, as
    stored, into bench_raw with the driver's executemany in one transaction. Rows are
    read in slices so memory stays flat; only the writes and the commit are timed. With
    `copy` (PostgreSQL), the rows go into bench_raw_copy with COPY instead."""
    from django.db import connection

    raw = connection.connection  # the driver's own connection, no Django in the way
    postgres = connection.vendor == "postgresql"
    mark = "%s" if postgres else "?"
    content = "content::text" if postgres else "content"
    select = (
        f"SELECT {COLUMNS.replace('content', content, 1)} FROM conversations_message "
        f"WHERE id > {mark} AND id <= {mark} ORDER BY id"
    )
    insert = f"INSERT INTO bench_raw ({COLUMNS}) VALUES ({', '.join([mark] * 9)})"
    wall = cpu = 0.0
    reader = raw.cursor()
    writer = raw.cursor()

    def timed(run: Any, *args: Any) -> None:
        nonlocal wall, cpu
        started, started_cpu = time.perf_counter(), time.process_time()
        run(*args)
        wall += time.perf_counter() - started
        cpu += time.process_time() - started_cpu

    timed(writer.execute, "BEGIN")
    for first in range(low, high, 10_000):
        reader.execute(select, (first, min(first + 10_000, high)))
        rows = reader.fetchall()
        if copy:
            timed(_copy_rows, writer, rows)
        else:
            timed(writer.executemany, insert, rows)
    timed(writer.execute, "COMMIT")
    return wall, cpu


def _copy_rows(writer: Any, rows: list[tuple[Any, ...]]) -> None:
    with writer.copy(f"COPY bench_raw_copy ({COLUMNS}) FROM STDIN") as stream:
        for row in rows:
            stream.write_row(row)
