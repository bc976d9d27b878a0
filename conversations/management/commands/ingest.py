"""`manage.py ingest PATH…`: load conversation logs, keeping every bad line as a problem."""

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from conversations import formats
from conversations.actions import get_or_create_source
from conversations.ingest import IngestSummary, ingest_file


class Command(BaseCommand):
    help = (
        "Ingest conversation logs (JSON Lines, JSON array or object, optionally gzipped) in "
        "any supported format. Idempotent: ingesting a file again adds nothing; a grown "
        "conversation gains only its new messages. Lossless: every line that cannot be "
        "stored is kept verbatim as an ingest problem with its line number and reason. "
        "Exits 0 once the files were read, even with problems; non-zero when a file "
        "cannot be read."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("paths", nargs="+", metavar="PATH")
        parser.add_argument("--source", default="default", help="Source (agent or channel) name.")
        parser.add_argument(
            "--format",
            choices=sorted(formats.BY_NAME),
            help="Read every record in this format instead of detecting it per record.",
        )
        parser.add_argument(
            "--json", action="store_true", help="Print one JSON summary object per file."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        for path in options["paths"]:
            try:
                with open(path, "rb"):
                    pass
            except OSError as exc:
                raise CommandError(f"cannot read {path}: {exc.strerror or exc}") from exc
        source = get_or_create_source(options["source"])
        for path in options["paths"]:
            try:
                summary = self._ingest(path, source, options["format"])
            except OSError as exc:
                raise CommandError(f"cannot read {path}: {exc}") from exc
            if options["json"]:
                self.stdout.write(json.dumps(summary.as_dict(), ensure_ascii=False))
            else:
                self._print(summary)

    def _ingest(self, path: str, source: Any, format: str | None) -> IngestSummary:
        if not self.stderr.isatty():
            return ingest_file(path, source=source, format=format)
        from tqdm import tqdm

        # The bar goes to stderr, so stdout keeps only the summaries.
        with tqdm(total=None, desc=path, unit="B", unit_scale=True, leave=False) as bar:

            def progress(done: int, total: int) -> None:
                bar.total = total
                bar.update(done - bar.n)

            return ingest_file(path, source=source, format=format, progress=progress)

    def _print(self, s: IngestSummary) -> None:
        self.stdout.write(
            f"{s.path}: {s.lines} lines ({s.format or 'no format'}), conversations "
            f"{s.conversations_created} created / {s.conversations_updated} updated / "
            f"{s.conversations_unchanged} unchanged"
            + (f" / {s.conversations_revised} revised" if s.conversations_revised else "")
            + f", {s.messages_added} messages added"
        )
        if s.skipped:
            self.stdout.write(
                "  skipped: " + ", ".join(f"{k} {v}" for k, v in sorted(s.skipped.items()))
            )
        if s.problems:
            self.stdout.write(
                self.style.WARNING(
                    f"  problems (kept in ingest batch {s.batch_id}): "
                    + ", ".join(f"{k} {v}" for k, v in sorted(s.problems.items()))
                )
            )
