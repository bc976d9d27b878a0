import json

from django.core.management.base import BaseCommand, CommandError

from memory_review.extraction.replay import MAX_TURNS, replay


class Command(BaseCommand):
    help = (
        "Replay logged visitor turns against a release (and optionally a second one beside "
        "it): the records each would select, the hit rate, and the knowledge gaps still "
        "unanswered. Prints JSON; reads only."
    )

    def add_arguments(self, parser):
        parser.add_argument("--ref", default="published", help="release, branch or commit")
        parser.add_argument("--compare", help="a second release to put beside the first")
        parser.add_argument(
            "--conversation", type=int, action="append", help="only this conversation (repeatable)"
        )
        parser.add_argument("--max-turns", type=int, default=MAX_TURNS)

    def handle(self, *args, **options):
        refs = [options["ref"]] + ([options["compare"]] if options["compare"] else [])
        result = replay(
            refs=refs, conversation_ids=options["conversation"], max_turns=options["max_turns"]
        )
        failed = [f for f in result.figures if f.error]
        if failed:
            raise CommandError("; ".join(f"{f.ref}: {f.error}" for f in failed))
        self.stdout.write(json.dumps(result.as_dict(), ensure_ascii=False, indent=1))
