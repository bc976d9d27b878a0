"""`manage.py ingest_token SOURCE`: a new bearer token for the HTTP ingest API."""

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from conversations.actions import create_ingest_token, get_or_create_source


class Command(BaseCommand):
    help = (
        "Create a bearer token for POST /api/v1/conversations into SOURCE (created if "
        "needed) and print it once. Only its hash is stored: it cannot be shown again."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("source")

    def handle(self, *args: Any, **options: Any) -> None:
        token = create_ingest_token(source=get_or_create_source(options["source"]))
        self.stdout.write(token)
