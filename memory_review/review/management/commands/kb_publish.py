from django.core.management.base import BaseCommand, CommandError

from knowledge_repo.actions import KnowledgeError
from memory_review.review.actions import ReviewError, publish_release

from ..options import find_user, operator, user_option


class Command(BaseCommand):
    help = (
        "Move the published branch to RELEASE and push branch and tag to every configured "
        "remote. Each remote takes both or neither; a failing remote is reported by name and "
        "the command fails, after the others were updated. --user names your publisher account: "
        "the four-eyes rule of the release page holds (you walked the release there and approved "
        "no change in it alone); the audit records the account and the OS user that ran it. "
        "Each publication is one snapshot commit (the release's tree, the screened changelog), "
        "pushed fast-forward. A remote whose published branch is not that history (a deployment "
        "from before snapshots) is refused by name; --replace-public-history --yes force-pushes "
        "the snapshot history there once and deletes its other branches and tags."
    )

    def add_arguments(self, parser):
        parser.add_argument("release")
        user_option(parser, required=True)
        parser.add_argument(
            "--replace-public-history",
            action="store_true",
            help="force-push over remotes whose published history is not the snapshot history",
        )
        parser.add_argument("--yes", action="store_true", help="confirm --replace-public-history")

    def handle(self, *args, **options):
        replace = options["replace_public_history"]
        if replace and not options["yes"]:
            raise CommandError(
                "--replace-public-history rewrites every publish remote's published branch and "
                "deletes its other branches and tags; run again with --yes to do it"
            )
        try:
            publication = publish_release(
                user=find_user(options["user"]),
                name=options["release"],
                operator=operator(),
                replace_public_history=replace,
            )
        except (KnowledgeError, ReviewError) as exc:
            raise CommandError(str(exc)) from exc
        report(self, publication)


def report(command, publication) -> None:
    for result in publication.results:
        state = "ok" if result["ok"] else f"FAILED: {result['error']}"
        command.stdout.write(f"{result['remote']}: {state}")
    if not publication.ok:
        raise CommandError(
            f"published {publication.release.name} locally, but these remotes failed: "
            + ", ".join(publication.failed_remotes)
        )
    command.stdout.write(f"{publication.action}: published is now {publication.release.name}")
