from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from memory_review.backup import BackupError, inspect, restore


class Command(BaseCommand):
    help = (
        "Restore an archive written by `backup` onto an empty machine: migrate, load the "
        "database, recreate the knowledge repository from its bundle and refill empty local "
        "publish remotes. It first checks the whole archive (every member against its "
        "checksum, the dump, the bundle) and then restores all or nothing. Refuses a "
        "non-empty database or an existing repository. Without --yes it only checks and "
        "describes the archive. Run kb_verify afterwards."
    )

    def add_arguments(self, parser):
        parser.add_argument("archive")
        parser.add_argument("--yes", action="store_true", help="really restore")
        parser.add_argument(
            "--identity",
            metavar="FILE",
            help="age identity or SSH private key of an encrypted archive "
            "(default: BACKUP_IDENTITY_FILE)",
        )

    def handle(self, *args, **options):
        path = Path(options["archive"])
        identity = Path(options["identity"]) if options["identity"] else None
        try:
            if not options["yes"]:
                manifest = inspect(path, identity=identity)
                self.stdout.write(
                    f"{path}: intact{', encrypted' if manifest.encrypted else ''}; made "
                    f"{manifest.created_at} on {manifest.database_vendor}, {manifest.objects} "
                    f"objects, knowledge at {manifest.git_head[:12]}. "
                    "Run again with --yes to restore it here."
                )
                return
            manifest = restore(path, identity=identity)
        except BackupError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(
            f"restored {manifest.objects} objects and the knowledge repository at "
            f"{manifest.git_head[:12]}; now run manage.py kb_verify"
        )
