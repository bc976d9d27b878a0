from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from memory_review.backup import BackupError, read_manifest, restore


class Command(BaseCommand):
    help = (
        "Restore an archive written by `backup` onto an empty machine: migrate, load the "
        "database, recreate the knowledge repository from its bundle and refill empty local "
        "publish remotes. Refuses a non-empty database or an existing repository. "
        "Without --yes it only describes the archive. Run kb_verify afterwards."
    )

    def add_arguments(self, parser):
        parser.add_argument("archive")
        parser.add_argument("--yes", action="store_true", help="really restore")

    def handle(self, *args, **options):
        path = Path(options["archive"])
        try:
            manifest = read_manifest(path)
            if not options["yes"]:
                self.stdout.write(
                    f"{path}: made {manifest.created_at} on {manifest.database_vendor}, "
                    f"{manifest.objects} objects, knowledge at {manifest.git_head[:12]}. "
                    "Run again with --yes to restore it here."
                )
                return
            restore(path)
        except BackupError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(
            f"restored {manifest.objects} objects and the knowledge repository at "
            f"{manifest.git_head[:12]}; now run manage.py kb_verify"
        )
