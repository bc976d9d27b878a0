"""Two rows of one question made one by a person: joining a gap's group into another.

Grouping stays strict (a row mixing two questions is worse than one question over two
rows), so a question asked in words the vectors score far apart can arrive as two rows.
A new group remembers its nearest other group below the threshold (`GapGroup.maybe_same`)
and the candidate page shows it; the reviewer who agrees joins them: the visitors add up,
the wordings join (later visitors asking in either wording join the one group, and its
answer carries both as search keys), every gap of the row moves over, and the candidate
closes as a duplicate. Undo takes the join back as it was.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import transaction

from memory_review.extraction.groups import rescore_open_rows, with_wording, wordings_of_key
from memory_review.extraction.models import Candidate, GapGroup

from ..errors import ReviewError
from ..models import ReviewEvent
from .decision import OPEN_STATUSES, finish_decision, lock_candidate, snapshot

Action = ReviewEvent.Action


def open_row(group: GapGroup | None) -> Candidate | None:
    """The row a group shows in the queue (its oldest open gap), or None when it has none."""
    if group is None:
        return None
    return Candidate.objects.filter(group=group, status__in=OPEN_STATUSES).order_by("pk").first()


def same_question_target(candidate: Candidate) -> Candidate | None:
    """The open row of the group this gap's group may ask the same question as, if any."""
    group = candidate.group if candidate.group_id else None
    if group is None or group.maybe_same_id is None or group.maybe_same_id == group.pk:
        return None
    other = GapGroup.objects.filter(pk=group.maybe_same_id, answered_at=None).first()
    return open_row(other)


@transaction.atomic(durable=True)
def join_same_question(*, candidate: Candidate, reviewer: Any) -> ReviewEvent:
    """Join this gap's group into the group it may ask the same question as (see module)."""
    c = lock_candidate(candidate.pk, reviewer)
    if c.kind != Candidate.Kind.GAP or c.group_id is None:
        raise ReviewError("Only a knowledge gap's question can be joined to another.")
    source = GapGroup.objects.select_for_update().get(pk=c.group_id)
    target_id = source.maybe_same_id
    target = (
        GapGroup.objects.select_for_update().filter(pk=target_id).first() if target_id else None
    )
    if target is None or target.pk == source.pk:
        raise ReviewError("No other question is suggested for this one.")
    if target.answered_at is not None:
        raise ReviewError(
            f"The other question was answered in {target.record_slug}: update that record "
            "to answer this one too."
        )
    row = open_row(target)
    if row is None:
        raise ReviewError("The other question has no open row any more.")
    before = snapshot(c)
    moved = list(Candidate.objects.filter(group=source).values_list("pk", flat=True))
    joined: dict[str, Any] = {
        "from": source.pk,
        "into": target.pk,
        "key": source.key,
        "visitors": source.visitors,
        "first_seen": source.first_seen.isoformat(),
        "last_seen": source.last_seen.isoformat(),
        "into_key": target.key,
        "into_first_seen": target.first_seen.isoformat(),
        "into_last_seen": target.last_seen.isoformat(),
        "moved": moved,
    }
    key = target.key
    for wording in wordings_of_key(source.key):
        key = with_wording(key, wording)
    target.key = key
    target.visitors += source.visitors
    target.first_seen = min(target.first_seen, source.first_seen)
    target.last_seen = max(target.last_seen, source.last_seen)
    target.save(update_fields=["key", "visitors", "first_seen", "last_seen"])
    Candidate.objects.filter(pk__in=moved).update(group=target)
    # The emptied group keeps its question for the record, but no wording to join; rows that
    # may ask the same question as it now may ask it as the joined row.
    GapGroup.objects.filter(pk=source.pk).update(key="", visitors=0)
    GapGroup.objects.filter(maybe_same=source).exclude(pk=target.pk).update(maybe_same=target)
    rescore_open_rows(target, target.last_seen)
    c.group = target
    c.status = Candidate.Status.DUPLICATE
    c.duplicate_of = row
    event = finish_decision(
        c,
        reviewer,
        action=Action.DUPLICATE,
        before={**before, "joined": joined},
        reason=f"same question as candidate {row.pk} (its row now counts "
        f"{target.visitors} visitors)",
    )
    return event


def unjoin(event: ReviewEvent) -> None:
    """Take back the join `event` recorded (called by undo, inside its transaction).

    Visitors who asked since the join stay with the group they joined; the wordings the
    joined group brought leave the other one again. Refused once the other question was
    answered: the answer covers both by then.
    """
    joined = event.before["joined"]
    target = GapGroup.objects.select_for_update().filter(pk=joined["into"]).first()
    source = GapGroup.objects.select_for_update().filter(pk=joined["from"]).first()
    if target is None or source is None:
        raise ReviewError("The joined question's rows are gone; the join cannot be undone.")
    if target.answered_at is not None and target.answered_at >= event.at:
        raise ReviewError(
            f"The question was answered in {target.record_slug} since the join; the join stays."
        )
    brought = set(wordings_of_key(joined["key"])) - set(wordings_of_key(joined["into_key"]))
    target.key = "\n".join(w for w in wordings_of_key(target.key) if w not in brought)
    target.visitors = max(target.visitors - joined["visitors"], 1)
    target.first_seen = dt.datetime.fromisoformat(joined["into_first_seen"])
    if target.last_seen == dt.datetime.fromisoformat(joined["last_seen"]):
        # Nobody asked since: the last visit is the joined row's again.
        target.last_seen = dt.datetime.fromisoformat(joined["into_last_seen"])
    target.save(update_fields=["key", "visitors", "first_seen", "last_seen"])
    source.key = joined["key"]
    source.visitors = joined["visitors"]
    source.first_seen = dt.datetime.fromisoformat(joined["first_seen"])
    source.last_seen = dt.datetime.fromisoformat(joined["last_seen"])
    source.save(update_fields=["key", "visitors", "first_seen", "last_seen"])
    Candidate.objects.filter(pk__in=joined["moved"], group=target).update(group=source)
    rescore_open_rows(target, target.last_seen)
    rescore_open_rows(source, source.last_seen)


__all__ = ["join_same_question", "open_row", "same_question_target", "unjoin"]
