from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from memory_review.extraction.evaluation import evaluate, format_report
from memory_review.extraction.providers import default_provider_name


class Command(BaseCommand):
    help = (
        "Run an extractor over a labelled set (native JSONL with metadata.expected kinds) and "
        "print precision and recall per kind and the share of noise. Writes nothing. "
        "Give --provider more than once to compare (e.g. heuristic and heuristic-v1)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)
        parser.add_argument(
            "--provider",
            action="append",
            choices=["heuristic", "heuristic-v1", "anthropic"],
            help="default: anthropic with an API key, else heuristic",
        )
        parser.add_argument("--show-noise", action="store_true", help="list unwanted items")

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        if not path.is_file():
            raise CommandError(f"{path}: no such file")
        for name in options["provider"] or [default_provider_name()]:
            try:
                report = evaluate(path, name)
            except (KeyError, ValueError) as exc:
                raise CommandError(f"{path}: not a labelled set ({exc})") from exc
            for line in format_report(report):
                self.stdout.write(line)
            if options["show_noise"]:
                for cid, kind, item in report.noise:
                    self.stdout.write(f"    noise: {cid} {kind}: {item}")
                for cid, kind in report.missed:
                    self.stdout.write(f"    missed: {cid} {kind}")
