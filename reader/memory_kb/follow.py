"""A long-running reader that follows the published ref: ``KnowledgeFollower``.

``current()`` is the knowledge base being served. ``refresh()`` opens the
cache again (a cheap ref check when due, see ``cache``) and returns True
when another commit is served from then on: a new publication or a
rollback. The MCP server calls it on a timer and announces the change to
its clients; anything else that holds a knowledge base for long can too.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from .gitio import KnowledgeBaseError
from .knowledge import KnowledgeBase

__all__ = ["KnowledgeFollower"]


class KnowledgeFollower:
    """Serves the knowledge base ``opener()`` returns, and re-opens it on ``refresh()``."""

    def __init__(
        self, opener: Callable[[], KnowledgeBase], *, log: Callable[[str], None] | None = None
    ) -> None:
        self._opener = opener
        self._log = log or (lambda _message: None)
        self._lock = threading.Lock()
        self._kb = opener()

    def current(self) -> KnowledgeBase:
        """The knowledge base served now."""
        return self._kb

    __call__ = current

    def refresh(self) -> bool:
        """Check for a new release; True when the served commit changed (and is served now)."""
        with self._lock:
            try:
                kb = self._opener()
            except KnowledgeBaseError as exc:
                # Keep serving what we have; the next refresh tries again.
                self._log(f"memory-kb: warning: keeping release {self._kb.release}: {exc}")
                self._kb.stale = True
                self._kb.check = "failed"
                return False
            changed = kb.snapshot.commit != self._kb.snapshot.commit
            if changed:
                self._log(
                    f"memory-kb: now serving release {kb.release} ({kb.snapshot.commit[:12]}), "
                    f"was {self._kb.release}"
                )
            self._kb = kb
            return changed
