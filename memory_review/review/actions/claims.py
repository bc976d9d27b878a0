"""Claims: who is looking at which candidate, taken and renewed on every page and "next".

A reviewer's cycle (candidate page, decision, the next candidate) takes and renews a
claim each time, so these statements are written out once (issue 21): through the ORM,
each one's query build and the transaction Django wraps around even a one-table delete
cost more CPU than the database spent on them. Each statement here is one statement in
autocommit, as atomic as the transaction it replaces; whatever needs a row lock still
takes it in a transaction (``claim_candidate``'s slow path, ``lock_candidate``).
"""

from __future__ import annotations

import functools
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from memory_review.extraction.models import Candidate

from ..models import Claim, Skip

Status = Candidate.Status


@functools.cache
def _sql() -> dict[str, str]:
    quote = connection.ops.quote_name
    table = quote(Claim._meta.db_table)
    return {
        "drop_others": f"DELETE FROM {table} WHERE user_id = %s AND candidate_id <> %s",
        "drop_all": f"DELETE FROM {table} WHERE user_id = %s",
        "drop_decided": f"DELETE FROM {table} WHERE candidate_id = %s",
        "drop_skips": f"DELETE FROM {quote(Skip._meta.db_table)} WHERE candidate_id = %s",
        "renew": f"UPDATE {table} SET expires_at = %s WHERE candidate_id = %s AND user_id = %s",
        # Nothing comes back when the candidate has a claim already (someone else's, or
        # one taken meanwhile): then the caller locks and reads the row that is there.
        "insert": f"INSERT INTO {table} (candidate_id, user_id, claimed_at, expires_at)"
        " VALUES (%s, %s, %s, %s) ON CONFLICT DO NOTHING RETURNING id",
        "blocking": f"SELECT 1 FROM {table} WHERE candidate_id = %s AND user_id <> %s"
        " AND expires_at > %s",
    }


def _at(value: Any) -> Any:
    """A datetime as the database stores it (SQLite: naive UTC text, as the ORM writes it)."""
    return connection.ops.adapt_datetimefield_value(value)


def _run(name: str, params: list[Any]) -> int:
    with connection.cursor() as cursor:
        cursor.execute(_sql()[name], params)
        return cursor.rowcount


def _insert(candidate: Candidate, user: Any, now: Any, expires: Any) -> Claim | None:
    """The caller's new claim, or None when the candidate has one (or the database cannot
    say which row it inserted: then the caller's transaction does it as before)."""
    if not connection.features.can_return_columns_from_insert:
        return None
    with connection.cursor() as cursor:
        cursor.execute(_sql()["insert"], [candidate.pk, user.pk, _at(now), _at(expires)])
        row = cursor.fetchone()
    if row is None:
        return None
    return Claim(pk=row[0], candidate=candidate, user=user, claimed_at=now, expires_at=expires)


def claim_candidate(*, candidate: Candidate, user: Any, likely_free: bool = False) -> Claim:
    """Claim a candidate for REVIEW_CLAIM_SECONDS unless someone else holds a live claim.

    Returns the claim in force: the caller's own, or the other reviewer's.
    A reviewer holds one claim at a time: opening a candidate releases the
    one they opened before, so reading through the queue neither blocks
    others nor counts as "being reviewed". A candidate awaiting its second
    approval is never held by a claim: whoever opens it last holds it, and
    the first approver's colleague is never told to wait. ``likely_free``
    (the queue hands out unclaimed candidates) tries the insert first. A claim the
    caller already held is renewed in place and comes back unread: candidate, user
    and the new expiry, without its id or first ``claimed_at``.
    """
    now = timezone.now()
    expires = now + timedelta(seconds=settings.REVIEW_CLAIM_SECONDS)
    # The claim the reviewer held before is let go first, on its own: inside the transaction
    # below, two reviewers trading candidates would each hold the row the other's insert
    # waits for (a deadlock, found by bench/load.py). The transaction touches one candidate.
    _run("drop_others", [user.pk, candidate.pk])
    if likely_free:
        # Handed out by the queue: the insert usually wins, and a row it inserted is the
        # caller's, with nothing more to read or lock.
        claim = _insert(candidate, user, now, expires)
        if claim is not None:
            return claim
    # Opened again by the reviewer who holds it ("next" claimed it a moment ago): the
    # renewal is one UPDATE, which changes only the caller's own row (issue 21).
    if _run("renew", [_at(expires), candidate.pk, user.pk]):
        return Claim(candidate=candidate, user=user, expires_at=expires)
    with transaction.atomic():
        claim = None
        if not likely_free:
            claim = Claim.objects.select_for_update().filter(candidate=candidate).first()
        if claim is None:
            claim = _insert_or_lock(candidate, user, now, expires)
            if claim is None:  # it kept changing hands: nobody holds it now
                return Claim(candidate=candidate, user=user, claimed_at=now, expires_at=expires)
            if claim.user_id == user.pk and claim.expires_at == expires:
                return claim
        blocking = candidate.status != Status.AWAITING_SECOND
        if claim.user_id != user.pk and claim.expires_at > now and blocking:
            return claim
        if claim.user_id != user.pk:
            claim.claimed_at = now
        claim.user = user
        claim.expires_at = expires
        claim.save(update_fields=["user", "claimed_at", "expires_at"])
        return claim


def _insert_or_lock(candidate: Candidate, user: Any, now: Any, expires: Any) -> Claim | None:
    """The candidate's claim row, locked: the caller's new one, or the one already there.

    Two reviewers may open it at the same moment: the insert keeps the first row (no
    savepoint needed), and the lock then reads whichever one won. That row may be gone by
    the time it is read (its holder moved on): the insert is tried again.
    """
    for _ in range(5):
        Claim.objects.bulk_create(
            [Claim(candidate=candidate, user=user, claimed_at=now, expires_at=expires)],
            ignore_conflicts=True,
        )
        claim = Claim.objects.select_for_update().filter(candidate=candidate).first()
        if claim is not None:
            return claim
    return None


def claim_next(filters: Any, user: Any, exclude: int | None = None) -> Candidate | None:
    """Claim and return the next free candidate of the filtered queue for ``user``.

    Reviewers who ask at the same moment would all be handed the head of the
    queue; each claims before being sent there, and one who loses the race
    moves on to the next candidate instead of opening a taken one.
    """
    from .. import selectors

    tried = [exclude] if exclude else []
    for _ in range(20):
        candidate = selectors.next_candidate(filters, user, exclude=tried)
        if candidate is None:
            return None
        if claim_candidate(candidate=candidate, user=user, likely_free=True).user_id == user.pk:
            return candidate
        tried.append(candidate.pk)
    return None


def claimed_by_other(candidate_id: int, user: Any) -> Claim | None:
    """The live claim someone else holds on the candidate (with its user), else None.

    A decision asks this on every candidate it locks, and nearly always nobody else
    holds one: that answer comes from one written-out query; the claim and its holder
    are read only for the refusal that names them.
    """
    now = timezone.now()
    with connection.cursor() as cursor:
        cursor.execute(_sql()["blocking"], [candidate_id, user.pk, _at(now)])
        if cursor.fetchone() is None:
            return None
    claim = Claim.objects.select_related("user").filter(candidate_id=candidate_id).first()
    if claim and claim.user_id != user.pk and claim.expires_at > now:
        return claim
    return None


def release_decided(candidate_id: int) -> None:
    """A decided candidate's claim and skips go: nobody needs to hold or skip it any more
    (two one-table deletes, in the decision's transaction)."""
    _run("drop_decided", [candidate_id])
    _run("drop_skips", [candidate_id])


def release_claims(user: Any) -> int:
    """End every claim ``user`` holds: they moved on (to the queue, their list, a colleague)."""
    return _run("drop_all", [user.pk])
