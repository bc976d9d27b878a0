"""Releases, publications, rollbacks and cleared findings, each with its audit event.

The knowledge repository does the git work (``knowledge_repo.actions``); these
wrappers are what the pages and the ``kb_*`` commands call, so the audit log
holds every release and publication beside the review decisions.
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from knowledge_repo import publicrule

from .. import foureyes
from ..errors import ReviewError, SecondReviewerRequired
from ..models import ReleaseReading, ReviewEvent
from .decision import Action


def _event(user: Any, action: str, reason: str, after: dict[str, Any] | None = None) -> None:
    ReviewEvent.objects.create(
        user=user, action=action, reason=reason, after=after or {}, at=timezone.now()
    )


def cut_release(*, user: Any, name: str | None = None, dry_run: bool = False) -> Any:
    """Run the checks on the tree and tag a release when nothing blocks it."""
    from knowledge_repo import actions as kr

    result = kr.cut_release(user=user, name=name, dry_run=dry_run)
    if result.release is not None and user is not None:
        _event(
            user,
            Action.RELEASE,
            f"cut {result.release.name} at {result.release.sha[:10]}",
            {"release": result.release.name, "changelog": result.changelog},
        )
    return result


def publish_release(
    *, user: Any, name: str, operator: str = "", replace_public_history: bool = False
) -> Any:
    """Publish a release and record who did.

    Four eyes first (:func:`~memory_review.review.foureyes.require_four_eyes`,
    :class:`~memory_review.review.foureyes.FourEyesRefused`): ``user`` walked
    every change since the last published release and approved none of them
    alone. Then the knowledge repository's publish-time check may refuse it.
    ``operator`` (``os-user@host``) is recorded when a command did it.
    """
    from knowledge_repo import actions as kr
    from knowledge_repo.models import Release

    release = Release.objects.filter(name=name).first()
    if release is None:
        raise kr.KnowledgeError(f"there is no release named {name!r}")
    foureyes.require_four_eyes(user=user, release=release)
    publication = kr.publish_release(
        user=user, name=name, replace_public_history=replace_public_history
    )
    if user is not None:
        failed = ", ".join(publication.failed_remotes)
        _event(
            user,
            Action.PUBLISH,
            f"published {name}"
            + (f"; remotes that failed: {failed}" if failed else "")
            + (" replacing the remotes' history" if replace_public_history else "")
            + (f" (command run by {operator})" if operator else ""),
            {
                "release": name,
                "results": publication.results,
                "operator": operator,
                "snapshot": publication.snapshot_sha,
            },
        )
    return publication


def rollback_release(*, user: Any, operator: str = "") -> Any:
    """Move published back one release and record who did (a named publisher, to a
    release that was published before: :func:`~memory_review.review.foureyes.require_rollback_allowed`)."""
    from knowledge_repo import actions as kr

    foureyes.require_rollback_allowed(user=user, current=kr.published_release())
    publication = kr.rollback_release(user=user)
    if user is not None:
        _event(
            user,
            Action.ROLLBACK,
            f"rolled published back to {publication.release.name}"
            + (f" (command run by {operator})" if operator else ""),
            {
                "release": publication.release.name,
                "results": publication.results,
                "operator": operator,
            },
        )
    return publication


@transaction.atomic(durable=True)
def clear_finding(*, user: Any, finding: Any, reason: str) -> Any:
    """Let one release-check finding ship, with the reason a person gives.

    A high-risk finding needs two different people: the first clearance waits,
    a second person confirms it. A clearance is tied to the text found, so an
    edit that changes it brings the finding back.
    """
    from knowledge_repo.models import FindingClearance

    if not reason.strip():
        raise ReviewError("Say why this finding may ship.")
    refused = publicrule.refused_findings([finding])
    if refused:
        raise ReviewError(
            f"{finding.path}:{finding.line}: {refused[finding.key]}; no clearance lets it ship: "
            f"{publicrule.SHIP_HINT}."
        )
    now = timezone.now()
    clearance = FindingClearance.objects.select_for_update().filter(key=finding.key).first()
    if clearance is None:
        clearance = FindingClearance.objects.create(
            key=finding.key,
            slug=finding.slug,
            kind=finding.kind,
            text=finding.text,
            reason=reason.strip(),
            high_risk=finding.high_risk,
            cleared_by=user,
            cleared_at=now,
        )
        what = "first clearance" if finding.high_risk else "cleared"
    elif clearance.in_force:
        raise ReviewError("This finding is already cleared.")
    elif clearance.cleared_by_id == user.pk:
        raise SecondReviewerRequired(
            "You gave the first clearance; a different person must confirm a high-risk finding."
        )
    else:
        clearance.confirmed_by = user
        clearance.confirmed_at = now
        clearance.confirm_reason = reason.strip()  # kept apart: the page labels it in its language
        clearance.save(update_fields=["confirmed_by", "confirmed_at", "confirm_reason"])
        what = "confirmed clearance"
    ReviewEvent.objects.create(
        user=user,
        action=Action.CLEAR_FINDING,
        record_slug=finding.slug,
        reason=f"{what} of {finding.kind} at {finding.path}:{finding.line}: {reason.strip()}",
        after={"kind": finding.kind, "text": finding.text, "key": finding.key},
        at=now,
    )
    return clearance


def mark_read(*, user: Any, release: Any, change: Any) -> int:
    """Record that ``user`` read ``change`` on the review of ``release``; the number left.

    Only a change the release review lists can be marked. The reading that
    completes the walk leaves an audit event.
    """
    ids = set(foureyes.changes_to_walk(release).values_list("pk", flat=True))
    if change.pk not in ids:
        raise ReviewError(f"Change {change.pk} is not one of the changes {release.name} publishes.")
    try:
        with transaction.atomic():
            ReleaseReading.objects.create(
                release=release, change=change, user=user, read_at=timezone.now()
            )
    except IntegrityError:
        return len(ids - foureyes.read_ids(release, user))  # read already: nothing new
    left = len(ids - foureyes.read_ids(release, user))
    if left == 0:
        _event(
            user,
            Action.WALK_RELEASE,
            f"read all {len(ids)} changes of {release.name}",
            {"release": release.name, "changes": len(ids)},
        )
    return left
