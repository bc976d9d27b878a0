from django.core.management.base import BaseCommand, CommandError

from knowledge_repo.actions import KnowledgeError
from memory_review.review.actions import ReviewError, rollback_release

from ..options import find_user, operator, user_option
from .kb_publish import report


class Command(BaseCommand):
    help = (
        "Publish again the release that was published before the one published now (never one "
        "that was only cut), after the publish rule passes on it, as a new snapshot commit "
        "pushed to every remote. Needs --yes and --user (your publisher account: a person rolls back, "
        "to a release that was published before); without --yes, says what it would do."
    )

    def add_arguments(self, parser):
        parser.add_argument("--yes", action="store_true", help="really roll back")
        user_option(parser)

    def handle(self, *args, **options):
        if not options["yes"]:
            from knowledge_repo.actions import published_release, rollback_target

            current, target = published_release(), rollback_target()
            self.stdout.write(
                f"published is {current.name if current else 'nothing'}; "
                + (
                    f"run again with --yes to roll back to {target.name}, published before it"
                    if target
                    else "no release was published before it"
                )
            )
            return
        try:
            publication = rollback_release(user=find_user(options["user"]), operator=operator())
        except (KnowledgeError, ReviewError) as exc:
            raise CommandError(str(exc)) from exc
        report(self, publication)
