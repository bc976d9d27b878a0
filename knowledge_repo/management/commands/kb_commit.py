from django.core.management.base import BaseCommand, CommandError

from knowledge_repo.actions import commit_pending, retry_failed
from knowledge_repo.models import Change


class Command(BaseCommand):
    help = (
        "Commit every pending change in the outbox to git, in order, one commit each. "
        "Safe to run at any time, also while the app commits: a lock serialises committers "
        "and a change is never committed twice."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--retry-failed", action="store_true", help="queue failed changes again first"
        )

    def handle(self, *args, **options):
        if options["retry_failed"]:
            self.stdout.write(f"requeued {retry_failed()} failed change(s)")
        done = commit_pending()
        for change in done:
            self.stdout.write(
                f"{change.commit_sha[:12]} change {change.pk} {change.kind} {change.slug}"
            )
        self.stdout.write(f"committed {len(done)} change(s)")
        failed = Change.objects.filter(status=Change.Status.FAILED)
        for change in failed:
            self.stderr.write(f"change {change.pk} failed: {change.error}")
        if failed:
            raise CommandError(f"{len(failed)} change(s) failed; fix and run with --retry-failed")
