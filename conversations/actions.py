"""Writes on sources and tokens (ingest itself lives in `conversations.ingest`)."""

from django.db import IntegrityError, transaction

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
