from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from memory_review.extraction import learning
from memory_review.extraction.tasks import retrain_approval_model


class Command(BaseCommand):
    help = (
        "Train the model that orders the review queue by predicted approval, from every "
        f"decision so far (needs {learning.MIN_DECISIONS}), and re-score the open queue. "
        "Enqueued as a task; --now trains in this process and prints the held-out accuracy."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--now", action="store_true", help="train here instead of a task")

    def handle(self, *args: Any, **options: Any) -> None:
        if not options["now"]:
            result = retrain_approval_model.enqueue()
            self.stdout.write(f"retraining enqueued (task {result.id})")
            return
        model = learning.train()
        if model is None:
            decided = len(learning.decided_rows())
            self.stdout.write(
                f"not trained: {decided} decisions, {learning.MIN_DECISIONS} needed "
                "(with both approvals and rejections)"
            )
            return
        self.stdout.write(
            f"trained on {model.decisions} decisions; held-out accuracy "
            f"{model.held_out_accuracy:.1%} on {model.held_out} (always guessing the commoner "
            f"decision: {model.baseline_accuracy:.1%})"
        )
