from django.conf import settings
from django.core.management.base import BaseCommand

from knowledge_repo.actions import ensure_initialised


class Command(BaseCommand):
    help = (
        "Create the knowledge repository (KNOWLEDGE_REPO_PATH, with an initial commit holding "
        "MEMORY.md) and a bare repository for each local path in KNOWLEDGE_PUBLISH_REMOTES. "
        "Idempotent: an existing repository is left as it is."
    )

    def handle(self, *args, **options):
        created = ensure_initialised()
        state = "created" if created else "already there"
        self.stdout.write(f"knowledge repository {settings.KNOWLEDGE_REPO_PATH}: {state}")
        for remote in settings.KNOWLEDGE_PUBLISH_REMOTES:
            self.stdout.write(f"publish remote: {remote}")
