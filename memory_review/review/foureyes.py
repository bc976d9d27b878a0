"""Four eyes on everything public: the publisher is the second reader of every change.

No text reaches a published release unless two different people have read
it. Every change is approved by at least one person (two when the gate says
so); the publisher of a release must then

- have walked it: read every change since the last published release on the
  release review (each reading a :class:`~memory_review.review.models.ReleaseReading`),
- and not be the only approver of any of those changes,

so each change has had an approver and a publisher who are different people.
A change no person approved (written around the review app) cannot be
published at all. The same rule holds for the pages, the admin (which cannot
publish) and the ``kb_publish``/``kb_rollback`` commands, which need the
operator's account (``--user``). A rollback publishes no new text: it may only
go back to a release that was published before.

This module decides; the review actions call it before they call
``knowledge_repo.actions``, beside the knowledge repository's own publish
checks.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import QuerySet

from knowledge_repo.models import Change, Publication, Release
from memory_review.roles import is_publisher

from .errors import ReviewError
from .models import ReleaseReading


class FourEyesRefused(ReviewError):
    """Publishing (or rolling back) would put text in public that one person alone read."""


def base_release(release: Release) -> Release | None:
    """The release the review of ``release`` starts after: the newest one published before.

    Only releases that were published count: changes of a release that was cut
    but never published are walked again in the next one.
    """
    published = (
        Release.objects.filter(
            publications__action=Publication.Action.PUBLISH,
            last_change_id__lte=release.last_change_id or 0,
        )
        .exclude(pk=release.pk)
        .distinct()
        .order_by("-last_change_id", "-pk")
    )
    return published.first()


def changes_to_walk(release: Release) -> QuerySet[Change]:
    """Every committed change in ``release`` that no published release held, oldest first."""
    base = base_release(release)
    after = (base.last_change_id or 0) if base is not None else 0
    return Change.objects.filter(
        status=Change.Status.COMMITTED, pk__gt=after, pk__lte=release.last_change_id or 0
    ).order_by("pk")


def approver_ids(change: Change) -> list[int]:
    """The accounts that approved this change's text (its author, for older changes)."""
    ids = change.payload.get("approver_ids")
    if ids is None:
        ids = [change.author_id] if change.author_id is not None else []
    return [int(i) for i in ids]


def read_ids(release: Release, user: Any) -> set[int]:
    """The changes of ``release`` that ``user`` has marked read."""
    if user is None or not getattr(user, "pk", None):
        return set()
    return set(
        ReleaseReading.objects.filter(release=release, user=user).values_list(
            "change_id", flat=True
        )
    )


def sole_approver_problems(changes: Iterable[Change], user: Any) -> list[str]:
    """Changes that ``user`` approved alone, or that no person approved."""
    problems = []
    for change in changes:
        ids = approver_ids(change)
        if not ids:
            problems.append(f"change {change.pk} ({change.slug}) was approved by no one")
        elif set(ids) == {user.pk}:
            problems.append(
                f"you approved change {change.pk} ({change.slug}) alone; "
                "another publisher must publish it"
            )
    return problems


def publish_problems(*, user: Any, release: Release) -> list[str]:
    """Why ``user`` may not publish ``release`` under the four-eyes rule (empty: they may)."""
    if user is None or not getattr(user, "pk", None):
        return ["a person must publish: name the account (kb_publish --user)"]
    if not is_publisher(user):
        return [f"{user.get_username()} is not a publisher"]
    changes = list(changes_to_walk(release))
    problems = sole_approver_problems(changes, user)
    unread = [c.pk for c in changes if c.pk not in read_ids(release, user)]
    if unread:
        problems.append(
            f"{len(unread)} of {len(changes)} changes in {release.name} are not marked read "
            "by you: walk the release review first"
        )
    return problems


def require_four_eyes(*, user: Any, release: Release) -> None:
    """Raise :class:`FourEyesRefused` unless ``user`` may publish ``release``."""
    problems = publish_problems(user=user, release=release)
    if problems:
        shown = "; ".join(problems[:5])
        more = f" (and {len(problems) - 5} more)" if len(problems) > 5 else ""
        raise FourEyesRefused(f"{release.name} cannot be published by you: {shown}{more}.")


def require_rollback_allowed(*, user: Any, current: Release | None) -> None:
    """A rollback needs a named publisher; it goes to the release published before ``current``.

    Going back publishes nothing new: the target (``rollback_target``) was
    public before, and the publish rule runs on it again.
    """
    if user is None or not getattr(user, "pk", None):
        raise FourEyesRefused("A person must roll back: name the account (kb_rollback --user).")
    if not is_publisher(user):
        raise FourEyesRefused(f"{user.get_username()} is not a publisher.")
