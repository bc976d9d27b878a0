"""Record actions: each writes the new state (Record) and a pending Change in one transaction."""

from __future__ import annotations

import dataclasses
import datetime as dt
import logging
from collections.abc import Sequence
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from ..models import Change, Record
from ..recordfile import RECORD_TYPES, RecordData, flatten
from ..slugs import unique_slug
from ..sourcerefs import publish_refs
from .workspace import (
    KnowledgeError,
    RecordConflict,
    RecordNotFound,
    author_identity,
    handles,
    plain_newlines,
    unique,
)

logger = logging.getLogger(__name__)


class KeepType:
    """Type of ``KEEP``: "leave this field as it is"."""


KEEP = KeepType()


def _check_fields(name: str, type: str) -> None:
    if not flatten(name):
        raise KnowledgeError("a record needs a name")
    if type not in RECORD_TYPES:
        raise KnowledgeError(f"type must be one of {', '.join(RECORD_TYPES)}, not {type!r}")


def _iso(value: dt.datetime | dt.date | None) -> str | None:
    return value.isoformat() if value else None


def record_data(record: Record) -> RecordData:
    """The file contents a Record row stands for."""
    return RecordData(
        slug=record.slug,
        name=record.name,
        description=record.description,
        type=record.type,
        body=record.body,
        created=record.created.isoformat(timespec="seconds"),
        updated=record.updated.isoformat(timespec="seconds"),
        sources=list(record.sources),
        reviewed_by=list(record.reviewed_by),
        supersedes=list(record.supersedes),
        valid_until=_iso(record.valid_until),
        search_keys=list(record.search_keys),
    )


def _file_state(record: Record) -> dict[str, Any]:
    state = dataclasses.asdict(record_data(record))
    del state["slug"]
    return state


def _name_taken(name: str, *, exclude: Sequence[str] = ()) -> bool:
    return (
        Record.objects.filter(retracted=False, name_key=flatten(name).casefold())
        .exclude(slug__in=list(exclude))
        .exists()
    )


def _live(slug: str) -> Record:
    record = Record.objects.select_for_update().filter(slug=slug, retracted=False).first()
    if record is None:
        raise RecordNotFound(f"there is no current record {slug!r}")
    return record


def enqueue_change(
    *,
    kind: str,
    slug: str,
    author: Any,
    write: dict[str, Record],
    remove: Sequence[str] = (),
    candidate_id: int | None,
    sources: Sequence[str],
    message: str,
    extra: dict[str, Any] | None = None,
    reviewed_by: Sequence[str] = (),
    approvers: Sequence[Any] = (),
    refs: Sequence[str] | None = None,
) -> Change:
    """Queue one change for its commit; ``approvers`` (default: the author) approved its text."""
    name, email = author_identity(author)
    payload: dict[str, Any] = {
        "write": {s: _file_state(r) for s, r in write.items()},
        "remove": list(remove),
        "message": message,
        # Trailers of the public commit: opaque references (``refs`` if the caller made them)
        # and handles only.
        "refs": list(refs) if refs is not None else publish_refs(sources),
        "reviewed_by": list(reviewed_by),
        # Who approved the text (account ids, never in git): publishing needs another reader.
        "approver_ids": list(dict.fromkeys(u.pk for u in approvers or [author] if u is not None)),
        **(extra or {}),
    }
    change = Change.objects.create(
        kind=kind,
        slug=slug,
        payload=payload,
        author=author,
        author_name=name,
        author_email=email,
        candidate_id=candidate_id,
        sources=unique(sources),
    )
    if settings.KNOWLEDGE_COMMIT_IN_PROCESS:
        transaction.on_commit(_commit_after_transaction)
    elif settings.KNOWLEDGE_COMMIT_ENQUEUE:
        transaction.on_commit(_enqueue_commit)
    return change


def _commit_after_transaction() -> None:
    # The approval is already safe in the outbox: a git failure here must not
    # turn the reviewer's request into an error. kb_commit retries later.
    from .committer import commit_pending

    try:
        commit_pending()
    except Exception:
        logger.exception("the knowledge committer failed; run manage.py kb_commit")


def _enqueue_commit() -> None:
    from ..tasks import commit_outbox

    try:
        commit_outbox.enqueue()
    except Exception:
        logger.exception("could not enqueue the knowledge committer; run manage.py kb_commit")


def _save_new(record: Record) -> None:
    try:
        with transaction.atomic():
            record.save()
    except IntegrityError as exc:
        raise RecordConflict(f"the slug {record.slug!r} was taken at the same moment") from exc


def _slug_taken(slug: str) -> bool:
    # Retracted slugs stay taken so a slug's history always tells one story.
    return Record.objects.filter(slug=slug).exists()


def _revivable(candidate_id: int | None) -> Record | None:
    """The retracted record this candidate created before, if its approval was undone."""
    if candidate_id is None:
        return None
    creates = Change.objects.filter(candidate_id=candidate_id, kind=Change.Kind.CREATE)
    created = creates.order_by("-pk").first()
    if created is None:
        return None
    return Record.objects.select_for_update().filter(slug=created.slug, retracted=True).first()


def create_record(
    *,
    author: Any,
    name: str,
    description: str,
    body: str,
    type: str,
    sources: Sequence[str] = (),
    candidate_id: int | None = None,
    supersedes: Sequence[str] = (),
    valid_until: dt.date | None = None,
    open_flags: Sequence[str] = (),
    approvers: Sequence[Any] = (),
    context: str = "",
    reuse_slug: bool = True,
    search_keys: Sequence[str] = (),
) -> Change:
    """Add a record; records it ``supersedes`` leave the current set (kept in history).

    ``approvers`` (the author when empty) are who ``reviewed_by`` names. ``sources``
    are internal references (kept on the Change); the record carries opaque ones.
    ``context`` (a gap's question) stays in the app's history, not in git;
    ``search_keys`` (visitors' wordings, screened; with the superseded records')
    go into the front matter. A candidate approved again after its approval
    was undone gets back its slug.
    """
    _check_fields(name, type)
    with transaction.atomic():
        if _name_taken(name):
            raise RecordConflict(f"a current record is already named {flatten(name)!r}")
        superseded = [_live(slug) for slug in unique(supersedes)]
        now = timezone.now()
        revived = _revivable(candidate_id) if reuse_slug else None
        reviewers = handles(approvers or [author])
        record = Record(
            pk=revived.pk if revived else None,
            slug=revived.slug if revived else unique_slug(name, _slug_taken),
            name=flatten(name),
            name_key=flatten(name).casefold(),
            description=plain_newlines(description),
            body=plain_newlines(body),
            type=type,
            sources=publish_refs(sources),
            reviewed_by=reviewers,
            supersedes=[r.slug for r in superseded],
            valid_until=valid_until,
            search_keys=unique([*search_keys, *(k for r in superseded for k in r.search_keys)]),
            created=now,
            updated=now,
            open_flags=unique(open_flags),
        )
        if revived is not None:
            record.created = revived.created
            record.save()
        else:
            _save_new(record)
        for old in superseded:
            old.retracted = True
            old.commit = ""
            old.save(update_fields=["retracted", "commit", "updated_at"])
        return enqueue_change(
            kind=Change.Kind.CREATE,
            slug=record.slug,
            author=author,
            write={record.slug: record},
            remove=[r.slug for r in superseded],
            candidate_id=candidate_id,
            sources=sources,
            refs=record.sources,
            message=f"Create {record.slug}: {record.name}",
            reviewed_by=reviewers,
            approvers=approvers,
            extra={"context": context} if context else None,
        )


def update_record(
    *,
    author: Any,
    slug: str,
    name: str,
    description: str,
    body: str,
    type: str,
    sources: Sequence[str] = (),
    candidate_id: int | None = None,
    open_flags: Sequence[str] = (),
    valid_until: dt.date | None | KeepType = KEEP,
    approvers: Sequence[Any] = (),
    search_keys: Sequence[str] | KeepType = KEEP,
) -> Change:
    """Change a record's text; the slug stays (links keep working), sources accumulate.

    ``open_flags`` replaces the record's flags; ``valid_until`` and ``search_keys``
    are kept unless given (given keys replace them). ``reviewed_by`` becomes the
    people who approved this text (``approvers``, or the author).
    """
    _check_fields(name, type)
    with transaction.atomic():
        record = _live(slug)
        if _name_taken(name, exclude=[slug]):
            raise RecordConflict(f"another current record is named {flatten(name)!r}")
        record.name = flatten(name)
        record.name_key = record.name.casefold()
        record.description = plain_newlines(description)
        record.body = plain_newlines(body)
        record.type = type
        record.sources = publish_refs([*record.sources, *sources])
        record.reviewed_by = handles(approvers or [author])
        record.open_flags = unique(open_flags)
        if not isinstance(valid_until, KeepType):
            record.valid_until = valid_until
        if not isinstance(search_keys, KeepType):
            record.search_keys = list(search_keys)
        record.updated = timezone.now()
        record.commit = ""
        record.save()
        return enqueue_change(
            kind=Change.Kind.UPDATE,
            slug=slug,
            author=author,
            write={slug: record},
            candidate_id=candidate_id,
            sources=sources,
            message=f"Update {slug}: {record.name}",
            reviewed_by=record.reviewed_by,
            approvers=approvers,
        )


def retract_record(
    *, author: Any, slug: str, reason: str, candidate_id: int | None = None
) -> Change:
    """Take a record out of the current set; its history stays in git."""
    with transaction.atomic():
        record = _live(slug)
        record.retracted = True
        record.commit = ""
        record.save(update_fields=["retracted", "commit", "updated_at"])
        return enqueue_change(
            kind=Change.Kind.RETRACT,
            slug=slug,
            author=author,
            write={},
            remove=[slug],
            candidate_id=candidate_id,
            sources=[],
            message=f"Retract {slug}: {record.name}\n\n{plain_newlines(reason).strip()}",
            extra={"reason": plain_newlines(reason)},
        )


def merge_records(
    *,
    author: Any,
    slugs: Sequence[str],
    name: str,
    description: str,
    body: str,
    type: str,
    sources: Sequence[str] = (),
    candidate_id: int | None = None,
    approvers: Sequence[Any] = (),
    open_flags: Sequence[str] = (),
    valid_until: dt.date | None = None,
) -> Change:
    """Replace several records by one that supersedes them, in one commit.

    The merged record keeps the slug of a merged record when its name gives
    that slug, so links to the main record survive; the others are removed
    (their search keys stay, on it).
    """
    _check_fields(name, type)
    wanted = unique(slugs)
    if len(wanted) < 2:
        raise RecordConflict("a merge needs at least two different records")
    with transaction.atomic():
        merged = [_live(slug) for slug in wanted]
        if _name_taken(name, exclude=wanted):
            raise RecordConflict(f"another current record is named {flatten(name)!r}")
        slug = unique_slug(name, lambda s: _slug_taken(s) and s not in wanted)
        all_sources = publish_refs([*(s for r in merged for s in r.sources), *sources])
        reviewers = handles(approvers or [author])
        now = timezone.now()
        record = next((r for r in merged if r.slug == slug), None)
        if record is None:
            record = Record(slug=slug, created=min(r.created for r in merged))
        record.name = flatten(name)
        record.name_key = record.name.casefold()
        record.description = plain_newlines(description)
        record.body = plain_newlines(body)
        record.type = type
        record.sources = all_sources
        record.reviewed_by = reviewers
        record.supersedes = [s for s in wanted if s != slug]
        record.search_keys = unique([k for r in merged for k in r.search_keys])
        record.open_flags = unique(open_flags)
        record.valid_until = valid_until
        record.updated = now
        record.retracted = False
        record.commit = ""
        if record.pk is None:
            _save_new(record)
        else:
            record.save()
        for old in merged:
            if old.slug != slug:
                old.retracted = True
                old.commit = ""
                old.save(update_fields=["retracted", "commit", "updated_at"])
        return enqueue_change(
            kind=Change.Kind.MERGE,
            slug=slug,
            author=author,
            write={slug: record},
            remove=[s for s in wanted if s != slug],
            candidate_id=candidate_id,
            sources=sources,
            message=f"Merge {', '.join(wanted)} into {slug}: {record.name}",
            reviewed_by=reviewers,
            approvers=approvers,
        )
