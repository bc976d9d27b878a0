"""Writes on sources and tokens (ingest itself lives in `conversations.ingest`)."""

import datetime as dt
import math

from django.db import IntegrityError, transaction
from django.db.models import Case, F, Q, Value, When
from django.utils import timezone

from .models import IngestToken, Source


def get_or_create_source(name: str) -> Source:
    """The source called `name`, created on first use."""
    name = name.strip() or "default"
    try:
        with transaction.atomic():
            return Source.objects.get_or_create(name=name)[0]
    except IntegrityError:  # created concurrently
        return Source.objects.get(name=name)


def create_ingest_token(*, source: Source) -> str:
    """A new token for `source`; returns the token itself, which is stored only hashed."""
    token = IngestToken.generate()
    IngestToken.objects.create(source=source, token_hash=IngestToken.hash(token))
    return token


def source_for_token(token: str) -> Source | None:
    """The source a bearer token writes to, or None when it is unknown or revoked."""
    if not token:
        return None
    found = (
        IngestToken.objects.select_related("source")
        .filter(token_hash=IngestToken.hash(token), revoked_at__isnull=True)
        .first()
    )
    return found.source if found else None


def count_api_request(*, token: str, limit: int, window_seconds: int = 60) -> int:
    """Count one request against its token's window; 0, or the seconds to wait when over.

    One UPDATE both starts a new window and counts, so concurrent requests on
    any number of processes never both take the last slot.
    """
    now = timezone.now()
    fresh = Q(window_started_at__gt=now - dt.timedelta(seconds=window_seconds))
    tokens = IngestToken.objects.filter(token_hash=IngestToken.hash(token))
    with transaction.atomic():
        tokens.update(
            window_count=Case(When(fresh, then=F("window_count") + 1), default=Value(1)),
            window_started_at=Case(When(fresh, then=F("window_started_at")), default=Value(now)),
        )
        row = tokens.values_list("window_count", "window_started_at").first()
    if row is None or row[0] <= limit or row[1] is None:
        return 0
    ends: dt.datetime = row[1] + dt.timedelta(seconds=window_seconds)
    return max(1, math.ceil((ends - now).total_seconds()))
