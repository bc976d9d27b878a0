"""Sliding-window request limits shared by every web process and host.

Each key (a token, or the address of a client sending bad tokens) counts
requests in fixed slots of ``window`` seconds, kept in the database. The
estimate over the last ``window`` seconds is the current slot's count plus
the previous slot's count weighted by how much of it still lies inside the
window, so a burst straddling a slot boundary is counted in full (a fixed
window let twice the limit through there). Every request counts, refused
ones too: a client that keeps hammering stays refused until it slows down.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from django.db import connection, transaction

from .models import RateWindow


@dataclass(frozen=True)
class Verdict:
    """Whether a request may go on and, when not, the seconds to wait."""

    allowed: bool
    retry_after: int
    estimate: float


def _bump(key: str, slot: int) -> int:
    table = connection.ops.quote_name(RateWindow._meta.db_table)
    with connection.cursor() as cursor:
        # One statement counts and reads back, so concurrent requests on any
        # number of processes never both take the last place.
        cursor.execute(
            f"INSERT INTO {table} (bucket, slot, hits) VALUES (%s, %s, 1) "
            f"ON CONFLICT (bucket, slot) DO UPDATE SET hits = {table}.hits + 1 "
            "RETURNING hits",
            [key, slot],
        )
        return int(cursor.fetchone()[0])


def hit(key: str, *, limit: int, window: int = 60, now: float | None = None) -> Verdict:
    """Count one request against ``key``; refused when over ``limit`` in the last ``window`` s."""
    now = time.time() if now is None else now
    slot = int(now // window)
    into = (now - slot * window) / window
    with transaction.atomic():
        current = _bump(key, slot)
        previous = (
            RateWindow.objects.filter(bucket=key, slot=slot - 1)
            .values_list("hits", flat=True)
            .first()
            or 0
        )
    estimate = current + previous * (1.0 - into)
    if estimate <= limit:
        return Verdict(True, 0, estimate)
    # Without further requests the estimate falls linearly: find when it is back under.
    if current <= limit:
        need = (1.0 - (limit - current) / previous - into) * window
    else:
        need = (1.0 - into) * window + (1.0 - limit / current) * window
    return Verdict(False, max(1, min(window * 2, math.ceil(need))), estimate)


def prune(*, window: int = 60, now: float | None = None) -> int:
    """Delete slots too old to matter; returns how many went."""
    now = time.time() if now is None else now
    deleted, _ = RateWindow.objects.filter(slot__lt=int(now // window) - 1).delete()
    return deleted
