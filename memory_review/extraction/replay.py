"""Replay: what a release would have selected for each logged visitor turn, with figures.

For one or two releases (side by side): per turn the records selected; the
hit rate (turns with at least one record selected); and the knowledge gaps
of those conversations that are still unanswered — gap questions for which
the release selects nothing. The page and ``kb_replay`` share this read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from conversations.models import Message
from knowledge_repo.reader import KnowledgeBaseError
from knowledge_repo.selectors import open_release

from .models import Candidate

MAX_TURNS = 1000
_CLOSED = (Candidate.Status.REJECTED, Candidate.Status.DUPLICATE)


@dataclass
class ReleaseFigures:
    """One release's results over the replayed turns."""

    ref: str
    release: str = ""
    error: str = ""
    turns: int = 0
    hits: int = 0
    records_used: set[str] = field(default_factory=set)
    gaps_unanswered: list[int] = field(default_factory=list)

    @property
    def hit_rate(self) -> float:
        """Share of turns with at least one record selected."""
        return self.hits / self.turns if self.turns else 0.0


@dataclass
class ReplayTurn:
    """One visitor turn and the records each release selects for it (slug, name)."""

    message: Message
    refs: list[str]
    selected: list[list[tuple[str, str]]]

    @property
    def columns(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """``(ref, selected)`` per release, for side-by-side display."""
        return list(zip(self.refs, self.selected, strict=False))

    @property
    def changed(self) -> bool:
        """True when the releases select different records."""
        return len({tuple(s for s, _ in sel) for sel in self.selected}) > 1


@dataclass
class ReplayGap:
    """A knowledge gap of the replayed conversations and, per release, its top record."""

    candidate: Candidate
    answers: list[str]


@dataclass
class Replay:
    """Turns, gaps and figures for the replayed releases."""

    refs: list[str]
    figures: list[ReleaseFigures]
    turns: list[ReplayTurn]
    gaps: list[ReplayGap]
    truncated: bool

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready data (for ``kb_replay``)."""
        return {
            "releases": [
                {
                    "ref": f.ref,
                    "release": f.release,
                    "error": f.error,
                    "turns": f.turns,
                    "hits": f.hits,
                    "hit_rate": round(f.hit_rate, 4),
                    "records_used": sorted(f.records_used),
                    "gaps": len(self.gaps),
                    "gaps_unanswered": len(f.gaps_unanswered),
                }
                for f in self.figures
            ],
            "turns": [
                {
                    "conversation": t.message.conversation_id,
                    "message": t.message.pk,
                    "text": t.message.text,
                    "selected": [[slug for slug, _ in sel] for sel in t.selected],
                    "changed": t.changed,
                }
                for t in self.turns
            ],
            "gaps": [
                {
                    "candidate": g.candidate.pk,
                    "question": g.candidate.question,
                    "status": g.candidate.status,
                    "answered_by": g.answers,
                }
                for g in self.gaps
            ],
            "truncated": self.truncated,
        }

    def to_json(self) -> dict[str, Any]:
        """Everything the replay page shows, by id, for :meth:`from_json` (a job's result)."""
        return {
            "refs": self.refs,
            "figures": [
                {**f.__dict__, "records_used": sorted(f.records_used)} for f in self.figures
            ],
            "turns": [[t.message.pk, t.selected] for t in self.turns],
            "gaps": [[g.candidate.pk, g.answers] for g in self.gaps],
            "truncated": self.truncated,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Replay:
        """The replay again, its messages and gaps read back from the database."""
        messages = Message.objects.in_bulk([pk for pk, _ in data["turns"]])
        candidates = Candidate.objects.in_bulk([pk for pk, _ in data["gaps"]])
        refs = list(data["refs"])
        return cls(
            refs=refs,
            figures=[
                ReleaseFigures(**{**f, "records_used": set(f["records_used"])})
                for f in data["figures"]
            ],
            turns=[
                ReplayTurn(
                    message=messages[pk], refs=refs, selected=[[tuple(x) for x in s] for s in sel]
                )
                for pk, sel in data["turns"]
                if pk in messages
            ],
            gaps=[
                ReplayGap(candidate=candidates[pk], answers=answers)
                for pk, answers in data["gaps"]
                if pk in candidates
            ],
            truncated=bool(data["truncated"]),
        )


def replay(
    *,
    refs: Sequence[str],
    conversation_ids: Sequence[int] | None = None,
    max_turns: int = MAX_TURNS,
) -> Replay:
    """Replay the visitor turns (of the given conversations, or all) against each ref."""
    messages = Message.objects.filter(role=Message.Role.USER).exclude(text="")
    gaps = Candidate.objects.filter(kind=Candidate.Kind.GAP).exclude(status__in=_CLOSED)
    if conversation_ids is not None:
        messages = messages.filter(conversation_id__in=conversation_ids)
        gaps = gaps.filter(conversation_id__in=conversation_ids)
    turns = list(messages.order_by("conversation_id", "order")[: max_turns + 1])
    truncated = len(turns) > max_turns
    turns = turns[:max_turns]
    gap_rows = list(gaps.order_by("pk"))
    result = Replay(
        refs=list(refs),
        figures=[ReleaseFigures(ref=ref) for ref in refs],
        turns=[ReplayTurn(message=m, refs=list(refs), selected=[]) for m in turns],
        gaps=[ReplayGap(candidate=g, answers=[]) for g in gap_rows],
        truncated=truncated,
    )
    for figures in result.figures:
        try:
            with open_release(figures.ref) as kb:
                figures.release = kb.release
                for turn in result.turns:
                    chosen = [(s.slug, s.name) for s in kb.select(turn.message.text, k=5)]
                    turn.selected.append(chosen)
                    figures.turns += 1
                    figures.hits += bool(chosen)
                    figures.records_used.update(slug for slug, _ in chosen)
                for gap in result.gaps:
                    top = kb.select(gap.candidate.question or gap.candidate.name, k=1)
                    gap.answers.append(top[0].slug if top else "")
                    if not top:
                        figures.gaps_unanswered.append(gap.candidate.pk)
        except KnowledgeBaseError as exc:
            figures.error = str(exc)
            for turn in result.turns:
                turn.selected.append([])
            for gap in result.gaps:
                gap.answers.append("")
    return result
