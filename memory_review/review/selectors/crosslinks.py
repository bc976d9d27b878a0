"""Links between a conversation, the candidates extracted from it and the records they made.

Resolved through the database (candidate → change → record slug), never by
parsing the public ``sources`` references.
"""

from __future__ import annotations

from dataclasses import dataclass

from memory_review.extraction.models import Candidate


@dataclass(frozen=True)
class RecordLink:
    slug: str
    candidate_id: int | None


def candidates_of_conversation(conversation_id: int) -> list[Candidate]:
    return list(
        Candidate.objects.filter(conversation_id=conversation_id)
        .only("pk", "name", "status", "kind", "type", "conversation_id")
        .order_by("pk")[:200]
    )


def records_of_candidates(candidate_ids: list[int]) -> list[RecordLink]:
    """Record slugs the changes of these candidates wrote, once each, in change order."""
    from knowledge_repo.models import Change

    seen: dict[str, RecordLink] = {}
    rows = (
        Change.objects.filter(candidate_id__in=candidate_ids)
        .exclude(slug="")
        .order_by("pk")
        .values_list("slug", "candidate_id")
    )
    for slug, candidate_id in rows:
        seen.setdefault(slug, RecordLink(slug, candidate_id))
    return list(seen.values())


def candidates_of_record(slug: str) -> list[Candidate]:
    """The candidates whose changes touched this record, with their conversations."""
    from knowledge_repo.models import Change

    ids = Change.objects.filter(slug=slug, candidate_id__isnull=False).values("candidate_id")
    return list(
        Candidate.objects.filter(pk__in=ids)
        .select_related("conversation__source")
        .only(
            "pk",
            "name",
            "status",
            "conversation_id",
            "conversation__external_id",
            "conversation__source__name",
        )
        .order_by("pk")
    )
