from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from knowledge_repo.actions import ensure_initialised
from knowledge_repo.actions.leadership import WorkingCopyRefused, check_working_copy


class Command(BaseCommand):
    help = (
        "Create the knowledge repository (KNOWLEDGE_REPO_PATH, with an initial commit holding "
        "MEMORY.md) and a bare repository for each local path in KNOWLEDGE_PUBLISH_REMOTES. "
        "Idempotent: an existing repository is left as it is, but refused (with what disagrees "
        "and how to fix it) when it holds commits or release tags this database does not know "
        "or lacks commits it recorded: a working copy made for another database (the demo's, "
        "another installation's) would reuse its change ids."
    )

    def handle(self, *args, **options):
        created = ensure_initialised()
        try:
            check_working_copy(full=True)
        except WorkingCopyRefused as exc:
            raise CommandError(str(exc)) from exc
        state = "created" if created else "already there"
        self.stdout.write(f"knowledge repository {settings.KNOWLEDGE_REPO_PATH}: {state}")
        for remote in settings.KNOWLEDGE_PUBLISH_REMOTES:
            self.stdout.write(f"publish remote: {remote}")
