from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from memory_review.backup import BackupError, backup


class Command(BaseCommand):
    help = (
        "Write one archive (.tar.gz) with a consistent dump of the database and a git bundle "
        "of the knowledge repository (all branches and release tags). Run it where the "
        "committer runs: it holds the writer lock, so no commit lands between the two. The "
        "archive is readable by its owner alone (0600, in a 0700 directory) and, with "
        "BACKUP_PUBLIC_KEY set, encrypted with age to that key (.tar.gz.age)."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--output",
            help="archive path (default: BACKUP_DIR/memory-review-<time>.tar.gz[.age])",
        )

    def handle(self, *args, **options):
        try:
            path, manifest = backup(Path(options["output"]) if options["output"] else None)
        except BackupError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(
            f"wrote {path}{' (encrypted)' if manifest.encrypted else ''}: {manifest.objects} "
            f"database objects ({manifest.database_vendor}), knowledge repository at "
            f"{manifest.git_head[:12]}"
        )
