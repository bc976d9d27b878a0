from django.core.management.base import BaseCommand, CommandError

from knowledge_repo.models import Change
from knowledge_repo.selectors import verify


class Command(BaseCommand):
    help = (
        "Check git integrity (fsck), that every record parses and the index is current, and "
        "that the database and git agree, and that no change failed or has waited over "
        "KNOWLEDGE_PENDING_GRACE_SECONDS for its commit. Prints each problem; fails if there "
        "is any."
    )

    def handle(self, *args, **options):
        problems = verify()
        for problem in problems:
            self.stdout.write(f"{problem.subject}: {problem.message}")
        if problems:
            raise CommandError(f"{len(problems)} problem(s) found")
        waiting = Change.objects.filter(status=Change.Status.PENDING).count()
        self.stdout.write(
            "ok: git, records and database agree"
            + (f"; {waiting} change(s) waiting for the committer" if waiting else "")
        )
