"""A knowledge base at one release: its records, indexed for selection.

``KnowledgeBase`` answers questions about a ``Snapshot`` (everything read
from a release tree, see ``snapshot``): ``select``, ``records``, ``record``,
``file``, ``public_file``, ``status``.
"""

from __future__ import annotations

import datetime as dt
import heapq
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .recordfile import (
    CHANGELOG_FILE,
    RECORDS_DIR,
    RecordData,
    RecordFormatError,
    index_line,
    parse_record,
    record_path,
    render_public,
    split_front_matter,
)
from .snapshot import Snapshot

__all__ = [
    "DEFAULT_INDEX_MAX_CHARS",
    "DEFAULT_INDEX_MAX_LINES",
    "DEFAULT_MIN_SCORE",
    "DEFAULT_RECORDS_MAX_CHARS",
    "KnowledgeBase",
    "Selection",
    "Snapshot",
]

DEFAULT_INDEX_MAX_LINES = 200
"""Default budget: at most this many index lines in a prompt."""
DEFAULT_INDEX_MAX_CHARS = 25_000
"""Default budget: at most this many characters of index in a prompt."""
DEFAULT_RECORDS_MAX_CHARS = 20_000
"""Default budget: at most this many characters of selected records in a prompt."""
DEFAULT_MIN_SCORE = 0.1
"""Default relevance floor: a record matching less of a question's weight is not selected."""


@dataclass(frozen=True)
class Selection:
    """One record chosen for a question, with what an agent may show of it.

    ``source`` is the record's path in the release, ``release`` the release
    (tag) or ref it was read at, ``score`` its BM25 score and ``relevance``
    the share of the question it matches. Internal fields of the record
    (who reviewed it, which conversations it came from) are not carried.
    """

    slug: str
    name: str
    description: str
    body: str
    source: str
    release: str
    score: float
    relevance: float
    truncated: bool = False

    @property
    def citation_source(self) -> str:
        """``<release>:<path>``, git's notation for the file at that release."""
        return f"{self.release}:{self.source}" if self.release else self.source

    def as_dict(self) -> dict[str, Any]:
        """The selection as plain JSON-ready data."""
        return {
            "slug": self.slug,
            "name": self.name,
            "description": self.description,
            "body": self.body,
            "source": self.source,
            "release": self.release,
            "score": round(self.score, 4),
            "relevance": round(self.relevance, 4),
            "truncated": self.truncated,
        }


@dataclass
class KnowledgeBase:
    """The records of one knowledge base at one ref, ready for selection.

    Build it with ``open_knowledge``. ``stale`` is true when the release
    served may not be the remote's current one: the remote could not be
    asked, or it holds a release that was refused (``notes`` say which).
    ``check`` says how the ref was checked (``ok``, ``failed``, ``pinned``
    for a tag or commit, ``local`` for a repository read in place) and
    ``checked_at`` when the remote last answered; ``status()`` has it all. A record whose ``valid_until`` has passed is listed by
    ``records()`` but never selected.
    """

    snapshot: Snapshot
    location: str = ""
    ref: str | None = None
    index_max_lines: int = DEFAULT_INDEX_MAX_LINES
    index_max_chars: int = DEFAULT_INDEX_MAX_CHARS
    records_max_chars: int = DEFAULT_RECORDS_MAX_CHARS
    min_score: float = DEFAULT_MIN_SCORE
    today: dt.date | None = None
    stale: bool = False
    notes: list[str] = field(default_factory=list)
    checked_at: float | None = None
    check: str = "local"

    def __post_init__(self) -> None:
        today = self.today or dt.datetime.now(dt.UTC).date()
        self._by_slug = {slug: i for i, slug in enumerate(self.snapshot.slugs)}
        self._live = [not _expired(until, today) for until in self.snapshot.valid_until]
        self._parsed: dict[int, RecordData | None] = {}

    @property
    def release(self) -> str:
        """The release (tag) the knowledge was read at, else the ref or commit."""
        return self.snapshot.release or self.ref or ""

    def status(self) -> dict[str, Any]:
        """What is served and how current it is: release, commit, check, checked_at, stale, notes."""
        when = self.checked_at
        return {
            "location": self.location,
            "ref": self.ref,
            "release": self.release,
            "commit": self.snapshot.commit,
            "check": self.check,
            "checked_at": (
                None
                if when is None
                else dt.datetime.fromtimestamp(when, dt.UTC).isoformat(timespec="seconds")
            ),
            "stale": self.stale,
            "notes": list(self.notes),
        }

    @property
    def problems(self) -> dict[str, str]:
        """Files of the tree that are not records in the record format, with the reason."""
        return self.snapshot.problems

    def __enter__(self) -> KnowledgeBase:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Nothing to release; kept so a knowledge base works as a context manager."""

    def slugs(self) -> list[str]:
        """Every record's slug, in slug order (expired ones included)."""
        return list(self.snapshot.slugs)

    def summaries(self) -> list[tuple[str, str, str]]:
        """``(slug, name, description)`` of every live record, in slug order."""
        snap = self.snapshot
        return [
            (snap.slugs[i], snap.names[i], snap.descriptions[i])
            for i, live in enumerate(self._live)
            if live
        ]

    def file(self, path: str) -> str | None:
        """The text of a knowledge file (``MEMORY.md``, ``records/<slug>.md``…), or None."""
        if path.startswith(f"{RECORDS_DIR}/") and path.endswith(".md"):
            i = self._by_slug.get(path[len(RECORDS_DIR) + 1 : -len(".md")])
            return None if i is None else self.snapshot.texts[i]
        return self.snapshot.other_files.get(path)

    def public_file(self, path: str) -> str | None:
        """A knowledge file as agents are shown it: a record without its internal fields.

        A record keeps its name, description, type, dates and ``valid_until``
        and gains its ``release``; who reviewed it (``reviewed_by``) and which
        conversations it came from (``sources``) are left out. Other files are
        as published.
        """
        if not (path.startswith(f"{RECORDS_DIR}/") and path.endswith(".md")):
            return self.snapshot.other_files.get(path)
        slug = path[len(RECORDS_DIR) + 1 : -len(".md")]
        record = self.record(slug)
        if record is None:
            return None
        shown = {
            "name": record.name,
            "description": record.description,
            "type": record.type,
            "updated": record.updated or record.created,
            "release": self.release,
        }
        if record.valid_until:
            shown["valid_until"] = record.valid_until
        return render_public(shown, record.body)

    def paths(self) -> list[str]:
        """Paths of every knowledge file, sorted."""
        return sorted([*self.snapshot.other_files, *map(record_path, self.snapshot.slugs)])

    def _record(self, i: int) -> RecordData | None:
        if i not in self._parsed:
            slug = self.snapshot.slugs[i]
            try:
                self._parsed[i] = parse_record(self.snapshot.texts[i], slug)
            except RecordFormatError as exc:
                self.snapshot.problems[record_path(slug)] = str(exc)
                self._parsed[i] = None
        return self._parsed[i]

    def records(self) -> list[RecordData]:
        """Every record that parses, in slug order (expired ones included)."""
        return [r for i in range(len(self.snapshot.slugs)) if (r := self._record(i)) is not None]

    def record(self, slug: str) -> RecordData | None:
        """The record with this slug, or None."""
        i = self._by_slug.get(slug)
        return None if i is None else self._record(i)

    def is_live(self, slug: str) -> bool:
        """True when the record exists and its ``valid_until`` has not passed."""
        i = self._by_slug.get(slug)
        return i is not None and self._live[i]

    def scores(self, query: str) -> dict[int, float]:
        """BM25 score of each matching live record, by its position in ``slugs()``."""
        return self.snapshot.index.scores(query, self._live)

    def _selection(self, i: int, score: float, ideal: float, room: int | None = None) -> Selection:
        text = self.snapshot.texts[i]
        _front, body = split_front_matter(text)
        truncated = room is not None and len(body) > room
        if truncated:
            body = body[:room] + "\n[…truncated]"
        return Selection(
            slug=self.snapshot.slugs[i],
            name=self.snapshot.names[i],
            description=self.snapshot.descriptions[i],
            body=body,
            source=record_path(self.snapshot.slugs[i]),
            release=self.release,
            score=score,
            relevance=score / ideal if ideal else 0.0,
            truncated=truncated,
        )

    def fit(
        self, ranked: list[tuple[int, float]], query: str, k: int, max_chars: int
    ) -> list[Selection]:
        """The first ``k`` of ``ranked`` (position, score) that fit in ``max_chars`` of text."""
        ideal = self.snapshot.index.ideal(query)
        chosen: list[Selection] = []
        used = 0
        for i, score in ranked:
            if len(chosen) >= k:
                break
            size = len(self.snapshot.texts[i])
            if used + size > max_chars:
                room = max_chars - used
                if not chosen and room > 200:
                    chosen.append(self._selection(i, score, ideal, room))
                break
            chosen.append(self._selection(i, score, ideal))
            used += size
        return chosen

    def select(
        self,
        query: str,
        k: int = 5,
        max_chars: int | None = None,
        *,
        min_score: float | None = None,
    ) -> list[Selection]:
        """Up to ``k`` records relevant to ``query``, within ``max_chars`` of text.

        Records matching less than ``min_score`` of the question's weight
        (see ``SearchIndex``) are left out, so an unrelated question selects
        nothing rather than filler.
        """
        limit = self.records_max_chars if max_chars is None else max_chars
        floor = self.min_score if min_score is None else min_score
        scores = self.scores(query)
        ideal = self.snapshot.index.ideal(query)
        if ideal and floor > 0:
            scores = {i: s for i, s in scores.items() if s / ideal >= floor}
        top = heapq.nlargest(k, scores.items(), key=lambda item: (item[1], -item[0]))
        return self.fit(top, query, k, limit)

    def index_lines(self, order: list[int] | None = None) -> list[str]:
        """MEMORY.md lines of the live records, in slug order or the given order of positions."""
        snap = self.snapshot
        positions = order if order is not None else [i for i, ok in enumerate(self._live) if ok]
        return [index_line(snap.slugs[i], snap.names[i], snap.descriptions[i]) for i in positions]

    @property
    def changelog(self) -> str:
        """CHANGELOG.md of the release, or an empty string."""
        return self.snapshot.other_files.get(CHANGELOG_FILE, "")

    # The prompt helpers as methods, for agents that hold a knowledge base.

    def system_prompt(self, base: str, recent_user_texts: Sequence[str], **options: Any) -> str:
        """``prompt.system_prompt`` for this knowledge base."""
        from .prompt import system_prompt

        return system_prompt(self, base, recent_user_texts, **options)

    def index_text(self, query: str = "", **options: Any) -> str:
        """``prompt.index_text`` for this knowledge base."""
        from .prompt import index_text

        return index_text(self, query, **options)

    def select_with_model(self, query: str, client: Any, **options: Any) -> list[Selection]:
        """``prompt.select_with_model`` for this knowledge base."""
        from .prompt import select_with_model

        return select_with_model(self, query, client, **options)

    def search_results(self, query: str, k: int = 5) -> list[dict[str, Any]]:
        """The selection for ``query`` as Anthropic ``search_result`` blocks (for citations)."""
        from .prompt import search_result_blocks

        return search_result_blocks(self.select(query, k=k))


def _expired(valid_until: str, today: dt.date) -> bool:
    if not valid_until:
        return False
    try:
        return dt.date.fromisoformat(valid_until[:10]) < today
    except ValueError:
        return False
