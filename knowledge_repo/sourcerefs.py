"""Opaque source references: what published records say about where they came from.

A record's ``sources`` are public, so they never name a visitor's conversation.
Each cited turn (``<source>/<external id>#<turn>``) becomes ``src-`` and 16 hex
digits of an HMAC under ``settings.SOURCE_REF_KEY``: stable, and only the review
app, which keeps the table of references, can resolve one.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Iterable

from django.conf import settings

from .models import SourceRef

OPAQUE = re.compile(r"^src-[0-9a-f]{16}$")


def opaque(internal: str) -> str:
    """The published reference of one internal source."""
    digest = hmac.new(
        settings.SOURCE_REF_KEY.encode(), internal.encode("utf-8"), hashlib.sha256
    ).hexdigest()
    return f"src-{digest[:16]}"


def publish_refs(sources: Iterable[str]) -> list[str]:
    """References for the given sources, in order, each once; remembers how to resolve them.

    A value that already is a reference (a merged record's sources) is kept.
    """
    refs: dict[str, None] = {}
    rows: list[SourceRef] = []
    for source in sources:
        if not source:
            continue
        if OPAQUE.match(source):
            refs.setdefault(source, None)
            continue
        ref = opaque(source)
        refs.setdefault(ref, None)
        rows.append(SourceRef(ref=ref, internal=source))
    if rows:
        SourceRef.objects.bulk_create(rows, ignore_conflicts=True)
    return list(refs)


def resolve(refs: Iterable[str]) -> dict[str, str]:
    """Internal sources of the references the app knows (others are left out)."""
    wanted = [r for r in refs if OPAQUE.match(r)]
    return dict(SourceRef.objects.filter(ref__in=wanted).values_list("ref", "internal"))
