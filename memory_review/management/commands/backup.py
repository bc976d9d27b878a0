from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from memory_review.backup import BackupError, backup


class Command(BaseCommand):
    help = (
        "Write one archive (.tar.gz) with a consistent dump of the database and a git bundle "
        "of the knowledge repository (all branches and release tags). Run it where the "
        "committer runs: it holds the writer lock, so no commit lands between the two."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--output",
            help="archive path (default: var/backups/memory-review-<time>.tar.gz)",
        )

    def handle(self, *args, **options):
        from django.conf import settings

        stamp = timezone.now().strftime("%Y%m%dT%H%M%SZ")
        path = Path(
            options["output"] or settings.VAR_DIR / "backups" / f"memory-review-{stamp}.tar.gz"
        )
        try:
            manifest = backup(path)
        except BackupError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(
            f"wrote {path}: {manifest.objects} database objects ({manifest.database_vendor}), "
            f"knowledge repository at {manifest.git_head[:12]}"
        )
