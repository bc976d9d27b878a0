"""What a comment or an assignment is about: a candidate, a held change or a record.

Forms name an item as ``candidate:12``, ``held:3`` or ``record:<slug>``;
:func:`parse_target` turns that into a :class:`Target` (or None when there
is no such item), so views and actions share one way of naming them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.urls import reverse

from memory_review.extraction.models import Candidate

from .models import HeldChange

KINDS = ("candidate", "held", "record")
OPEN_STATUSES = (Candidate.Status.PENDING, Candidate.Status.AWAITING_SECOND)


@dataclass(frozen=True)
class Target:
    """One item people talk about or are assigned: exactly one of its three fields is set."""

    candidate: Candidate | None = None
    held: HeldChange | None = None
    slug: str = ""

    @property
    def kind(self) -> str:
        return "candidate" if self.candidate else "held" if self.held else "record"

    @property
    def key(self) -> str:
        """The form value naming this item (``candidate:12``)."""
        if self.candidate is not None:
            return f"candidate:{self.candidate.pk}"
        if self.held is not None:
            return f"held:{self.held.pk}"
        return f"record:{self.slug}"

    def url(self) -> str:
        if self.candidate is not None:
            return reverse("review:candidate", args=[self.candidate.pk])
        if self.held is not None:
            return reverse("review:held", args=[self.held.pk])
        return reverse("review:record", args=[self.slug])

    def label(self) -> str:
        """How the item is named in messages, e-mails and the audit log (English)."""
        if self.candidate is not None:
            return f"candidate {self.candidate.pk} ({self.candidate.name})"
        if self.held is not None:
            return f"held change #{self.held.pk} ({self.held.slug})"
        return f"record {self.slug}"

    def lookup(self) -> dict[str, Any]:
        """Keyword arguments selecting this item's comments (or assignment)."""
        if self.candidate is not None:
            return {"candidate": self.candidate}
        if self.held is not None:
            return {"held": self.held}
        return {"record_slug": self.slug}

    @property
    def record_slug(self) -> str:
        """The record the item is about, for the audit event ("" for a new candidate)."""
        if self.candidate is not None:
            return self.candidate.target_slug
        if self.held is not None:
            return self.held.slug
        return self.slug

    def is_open(self) -> bool:
        """Still to be decided (a record is always open to comments, never assignable)."""
        if self.candidate is not None:
            return self.candidate.status in OPEN_STATUSES
        if self.held is not None:
            return self.held.status == HeldChange.Status.WAITING
        return True

    def assignable(self) -> bool:
        return self.kind != "record" and self.is_open()


def parse_target(value: str) -> Target | None:
    """The item a form names, or None when the value is malformed or names nothing."""
    from knowledge_repo.models import Record

    kind, _sep, ident = str(value or "").partition(":")
    if kind == "candidate" and ident.isdigit():
        candidate = Candidate.objects.filter(pk=int(ident)).first()
        return Target(candidate=candidate) if candidate else None
    if kind == "held" and ident.isdigit():
        held = HeldChange.objects.filter(pk=int(ident)).first()
        return Target(held=held) if held else None
    if kind == "record" and ident and Record.objects.filter(slug=ident).exists():
        return Target(slug=ident)
    return None
