"""Small builders for review tests: a conversation with messages, a run, candidates."""

from __future__ import annotations

import itertools
from typing import Any

from conversations.models import Conversation, Message, Source
from memory_review.extraction.models import Candidate, ExtractionRun

_seq = itertools.count(1)


def conversation(
    texts: tuple[str, ...] = ("How do I run the tests?", "Use make test."), **kw: Any
) -> Conversation:
    source, _ = Source.objects.get_or_create(name=kw.pop("source", "help-desk"))
    conv = Conversation.objects.create(
        source=source, external_id=kw.pop("external_id", f"conv-{next(_seq)}"), **kw
    )
    roles = itertools.cycle([Message.Role.USER, Message.Role.ASSISTANT])
    Message.objects.bulk_create(
        Message(
            conversation=conv,
            order=i,
            role=role,
            content=[{"type": "text", "text": text}],
            text=text,
        )
        for i, (text, role) in enumerate(zip(texts, roles, strict=False))
    )
    conv.message_count = len(texts)
    conv.save(update_fields=["message_count"])
    return conv


def run(**kw: Any) -> ExtractionRun:
    fields = {
        "provider": ExtractionRun.Provider.ANTHROPIC,
        "model": "claude-test",
        "prompt_version": "p1",
        "status": ExtractionRun.Status.DONE,
    }
    fields.update(kw)
    return ExtractionRun.objects.create(**fields)


def candidate(**kw: Any) -> Candidate:
    n = next(_seq)
    fields: dict[str, Any] = {
        "name": f"Tests run with make test {n}",
        "description": "How to run the project's tests.",
        "body": "Run `make test` from the repository root.",
        "type": Candidate.Type.PROJECT,
        "evidence": [0, 1],
        "fingerprint": f"fp-{n}",
    }
    fields.update(kw)
    if "run" not in fields:
        fields["run"] = run()
    if "conversation" not in fields:
        fields["conversation"] = conversation()
    return Candidate.objects.create(**fields)


def personal(**kw: Any) -> Candidate:
    """A high-risk candidate: an email address in the body (publishing refuses it)."""
    return _flagged(
        "Write to jane.doe@example.com for access.", "jane.doe@example.com", "email address", **kw
    )


def postal(**kw: Any) -> Candidate:
    """A high-risk candidate whose finding two people may clear: a postal address."""
    return _flagged(
        "Visit us at 12 Baker Street, London NW1 6XE.",
        "12 Baker Street, London NW",
        "postal address",
        **kw,
    )


def _flagged(body: str, found: str, reason: str, **kw: Any) -> Candidate:
    start = body.index(found)
    end = start + len(found)
    return candidate(
        body=body,
        flag_personal_data=True,
        flags=[
            {
                "kind": "personal_data",
                "field": "body",
                "start": start,
                "end": end,
                "text": body[start:end],
                "reason": reason,
            }
        ],
        **kw,
    )


def edit_page_version(client, slug: str) -> str:
    """The record version the edit page hands out (what a browser posts back)."""
    from django.urls import reverse

    page = client.get(reverse("review:record_edit", args=[slug]))
    return page.context["form"]["version"].value()


def walk(user: Any, name: str) -> int:
    """``user`` marks every change of release ``name`` read, as on the release review."""
    from knowledge_repo.models import Release
    from memory_review.review import actions, foureyes

    release = Release.objects.get(name=name)
    changes = list(foureyes.changes_to_walk(release))
    for change in changes:
        actions.mark_read(user=user, release=release, change=change)
    return len(changes)
