"""How an incoming conversation meets the stored one: idempotent, never mixing versions.

How a conversation that is already stored is treated (same source and external id):

- Every message gets a rolling digest over its role and content blocks and all earlier
  messages, so comparing the digest at position n compares the first n messages.
- Same messages: unchanged. Stored messages are a prefix of the incoming ones: the
  conversation grew and only the new messages are added. Incoming messages are a prefix
  of the stored ones (an older, shorter copy of the log): unchanged.
- Metadata of a copy with the same messages or more (the newest seen) is merged into
  the stored metadata, its keys winning; a change there alone counts as updated. An
  older, shorter copy never changes metadata.
- Earlier messages differ (a rewritten log): nothing is mixed. The incoming version is
  stored as a new conversation `<id>~rev-<digest>` whose metadata names `revision_of`
  and `diverges_at`. The suffix is the digest of the first differing message, so
  ingesting the same rewrite again, or a grown copy of it, lands on the same revision.
- A record without an id gets `sha-<digest of the whole record>`: derived from its
  content, never from its position in a file. An identical record is then unchanged.

`Merger` decides this for one chunk of items at a time, with one query for the
conversations already known; `conversations.storing` writes what it decided.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from django.db import DatabaseError, connection

from .bulkwrite import CONVERSATION_STATE
from .models import Message, Source
from .normalize import Item
from .normalize import external_id as normalized_id
from .summary import IngestSummary


@dataclass(slots=True)
class ConversationState:
    """A conversation as this chunk sees it: stored (`pk`) or about to be created."""

    external_id: str
    pk: int | None
    is_new: bool
    count: int
    last: str
    db_digests: list[str] | None = None
    tail: list[str] = field(default_factory=list)
    changed: bool = False
    metadata_changed: bool = False
    started_at: Any = None
    metadata: dict[str, Any] = field(default_factory=dict)
    format: str = ""


# Messages to insert: their conversation, the item that brings them and their positions
# (`start` up to, not including, `stop`).
NewMessages = tuple[ConversationState, Item, int, int]


@dataclass
class MergedChunk:
    """What merging one chunk decided: the conversations it touched (by external id),
    each item's (outcome, external id used) and the messages to insert."""

    states: dict[str, ConversationState]
    outcomes: list[tuple[Item, str, str]]
    rows: list[NewMessages]

    @property
    def messages(self) -> int:
        """How many messages `rows` inserts."""
        return sum(stop - start for _, _, start, stop in self.rows)


class Merger:
    """Merges items into the stored conversations of one source, over one input."""

    def __init__(self, source: Source, summary: IngestSummary) -> None:
        self.source = source
        self.summary = summary
        # Transcript sessions seen in this input: where they went (a revision, if the
        # first run diverged) and what happened to them.
        self.resolved: dict[str, str] = {}
        self.run_outcome: dict[str, str] = {}
        self.absent: set[str] = set()

    def merge(self, items: list[Item]) -> MergedChunk:
        """Decide what each item does to its conversation; run inside the transaction
        that writes the result, so the stored state read here stays true."""
        chunk = MergedChunk(states={}, outcomes=[], rows=[])
        states = chunk.states
        self.absent = set()
        wanted = {item.external_id for item in items} | {
            self.resolved[i.key] for i in items if i.continues and i.key in self.resolved
        }
        self._load(states, wanted)
        for item in items:
            target = item.external_id
            if item.continues and target in self.resolved:
                target = self.resolved[target]
            outcome, final = self._merge(item, states, target, chunk.rows)
            chunk.outcomes.append((item, outcome, final))
        return chunk

    def _load(self, states: dict[str, ConversationState], external_ids: set[str]) -> None:
        """One query for the stored state of these conversations; the rest are new."""
        self.absent |= external_ids
        if not external_ids:
            return
        # Through the cursor: the ORM compiled each of the (up to a thousand) ids in turn.
        wanted = list(external_ids)
        with connection.cursor() as cursor:
            cursor.execute(
                CONVERSATION_STATE + "(" + ", ".join(["%s"] * len(wanted)) + ")",
                [self.source.pk, *wanted],
            )
            found = cursor.fetchall()
        for pk, external_id, count, last, metadata in found:
            if isinstance(metadata, str):  # JSON as text, as JSONField reads it
                metadata = json.loads(metadata)
            self.absent.discard(external_id)
            states[external_id] = ConversationState(
                external_id=external_id,
                pk=pk,
                is_new=False,
                count=count,
                last=last,
                metadata=metadata if isinstance(metadata, dict) else {},
            )

    def _state(
        self, states: dict[str, ConversationState], item: Item, external_id: str
    ) -> ConversationState:
        state = states.get(external_id)
        if state is None and external_id not in self.absent:
            self._load(states, {external_id})
            state = states.get(external_id)
        if state is None:
            state = ConversationState(
                external_id=external_id,
                pk=None,
                is_new=True,
                count=0,
                last="",
                db_digests=[],
                started_at=item.started_at,
                metadata=item.metadata,
                format=item.format,
            )
            states[external_id] = state
        return state

    def _take_metadata(self, state: ConversationState, item: Item) -> bool:
        """Merge the metadata of a copy that is as long as the stored one or longer (the
        newest copy seen) into the conversation's: its keys win, others are kept. An
        older, shorter copy never changes metadata. Returns whether anything changed."""
        incoming, current = item.metadata, state.metadata
        if incoming is current or all(
            key in current and current[key] == value for key, value in incoming.items()
        ):
            return False
        state.metadata = {**current, **incoming}
        if not state.is_new:
            state.metadata_changed = True
        return True

    def _digests(self, state: ConversationState) -> list[str]:
        if state.db_digests is None:
            assert state.pk is not None, "a new conversation has no stored digests"
            state.db_digests = list(
                Message.objects.filter(conversation_id=state.pk)
                .order_by("order")
                .values_list("digest", flat=True)
            )
        return state.db_digests + state.tail

    def _merge(
        self,
        item: Item,
        states: dict[str, ConversationState],
        external_id: str,
        rows: list[NewMessages],
    ) -> tuple[str, str]:
        """Apply one item to the conversation `external_id`; returns (outcome, id used)."""
        state = self._state(states, item, external_id)
        incoming = item.digests
        n, k = state.count, len(incoming)
        if n <= k and (n == 0 or incoming[n - 1] == state.last) and n >= item.base:
            described = self._take_metadata(state, item)
            if n == k:
                return ("updated" if described else "unchanged"), external_id
            rows.append((state, item, n, k))
            state.tail.extend(incoming[n:])
            state.count, state.last, state.changed = k, incoming[-1], True
            return ("created" if n == 0 and state.is_new else "updated"), external_id
        stored = self._digests(state)
        if n > k and stored[k - 1] == incoming[k - 1]:
            return "unchanged", external_id
        diverges_at = next(
            (i for i, (a, b) in enumerate(zip(stored, incoming, strict=False)) if a != b),
            min(n, k),
        )
        root = item.key or item.external_id
        revision = normalized_id(f"{item.external_id}~rev-{incoming[diverges_at][:12]}")
        if revision == external_id:  # cannot happen unless digests collide; never loop
            raise DatabaseError("conversation revision collides with itself")
        item.metadata = {
            **item.metadata,
            "revision_of": item.external_id,
            "diverges_at": diverges_at,
        }
        if item.tracked:
            self.resolved[root] = revision
        outcome, final = self._merge(item, states, revision, rows)
        return ("revised" if outcome == "created" else outcome), final

    def count(self, item: Item, outcome: str, final: str) -> None:
        """Count an item's outcome in the summary, once its chunk has committed (a
        transcript session once, however many runs it came in)."""
        summary = self.summary
        if outcome == "revised":
            summary.conversations_revised += 1
            outcome = "created"
        key = item.key or item.external_id
        if item.tracked and item.continues and key in self.run_outcome:
            # A later run of a session already counted: count the session once.
            before = self.run_outcome[key]
            rank = {"unchanged": 0, "updated": 1, "created": 2}
            if rank[outcome] <= rank[before]:
                return
            setattr(
                summary, f"conversations_{before}", getattr(summary, f"conversations_{before}") - 1
            )
        if item.tracked:
            self.run_outcome[key] = outcome
        setattr(
            summary, f"conversations_{outcome}", getattr(summary, f"conversations_{outcome}") + 1
        )
