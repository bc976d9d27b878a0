from django.core.management.base import BaseCommand, CommandError

from knowledge_repo.actions import KnowledgeError, reindex


class Command(BaseCommand):
    help = (
        "Rebuild the database index of records from git HEAD alone. Refuses while changes "
        "wait in the outbox. Review flags of records that still exist are kept."
    )

    def handle(self, *args, **options):
        try:
            result = reindex()
        except KnowledgeError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(
            f"created {result.created}, updated {result.updated}, retracted {result.retracted}"
        )
        for path in result.unparsable:
            self.stderr.write(f"{path} does not parse; left out")
