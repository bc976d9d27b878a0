"""Bulk work with the cyclic garbage collector paused (pure Python: no Django).

Ingest and the release checks' rescan make and drop millions of small containers
(parsed JSON, parsed records, pools, findings), none of them in reference cycles, so
reference counting frees them all. Left on, the collector walks every live container
every few hundred allocations, and the promotions it makes bring on full collections of
the whole heap: half of an ingest's run time, 0.2-0.4 s of a 10,000-record rescan.
Processes forked meanwhile (the rescan's screening workers) inherit the pause, so none
of them walks, and copies, the pages it inherited.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def cyclic_gc_paused() -> Iterator[None]:
    """No cyclic collection meanwhile; switched back on (if it was on) however the work ends."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
