from django.core.management.base import BaseCommand, CommandError

from knowledge_repo.actions import KnowledgeError
from memory_review.review.actions import cut_release

from ..options import find_user, user_option


class Command(BaseCommand):
    help = (
        "Run the release checks and, only when all pass, create an annotated tag whose message "
        "and CHANGELOG.md list the records added, updated and removed since the last release. "
        "--dry-run only checks and shows the changelog."
    )

    def add_arguments(self, parser):
        parser.add_argument("--name", help="tag name (default v1, v2, ...)")
        parser.add_argument("--dry-run", action="store_true")
        user_option(parser)

    def handle(self, *args, **options):
        try:
            result = cut_release(
                user=find_user(options["user"]), name=options["name"], dry_run=options["dry_run"]
            )
        except KnowledgeError as exc:
            raise CommandError(str(exc)) from exc
        budget = result.budget
        self.stdout.write(
            f"index: {result.index_lines} lines / {result.index_chars} characters "
            f"(prompt budget {budget['lines']} lines / {budget['chars']} characters"
            + (
                "; prompts will carry the most relevant lines and say how many were left out)"
                if result.index_lines > budget["lines"] or result.index_chars > budget["chars"]
                else ")"
            )
        )
        for key in ("added", "updated", "removed"):
            items = result.changelog[key]
            self.stdout.write(f"{key}: {len(items)}")
            for item in items[:50]:
                self.stdout.write(f"  {item['slug']}  {item['name']}")
            if len(items) > 50:
                self.stdout.write(f"  … and {len(items) - 50} more")
        for finding in result.findings:
            if not finding.blocking:
                self.stdout.write(
                    f"note {finding.kind} {finding.path}:{finding.line}: {finding.message}"
                )
        for failure in result.failures:
            self.stderr.write(f"FAIL {failure.reason} [{failure.slug or '-'}] {failure.message}")
        if result.failures:
            raise CommandError(f"{len(result.failures)} release check(s) failed; no tag created")
        if result.release is None:
            self.stdout.write("dry run: all checks pass; no tag created")
        else:
            self.stdout.write(f"released {result.release.name} at {result.release.sha}")
