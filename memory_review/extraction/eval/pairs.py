"""Pairwise average precision of "same question" on the dev part, without a threshold.

    DEBUG=true .venv/bin/python memory_review/extraction/eval/pairs.py [provider] [weight]

Reads dev.jsonl only (never the test part: its wordings are held out). Every
pair of gap questions in the same language is scored as grouping scores it
(similarity.QuestionSpace: n-grams, or with the embedding provider named the
mixed cosine at `weight`, EMBEDDING_WEIGHT by default, centred on the
provider's shipped mean), and the pairs are ranked by score: the average
precision of "same question" over that ranking says how well a scorer
separates paraphrases from different questions before any threshold is
chosen. Rows per question and rows mixing questions (extract_eval) move by a
question or two between neighbouring thresholds; this figure moves less, so
it is the first check of a new scorer (eval/README.md).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
DEV = Path(__file__).resolve().parent / "dev.jsonl"


def average_precision(scores: list[float], same: list[bool]) -> float:
    """Mean of the precision at each same-question pair, pairs ranked by score (ties: listed order)."""
    ranked = sorted(range(len(scores)), key=lambda i: -scores[i])
    hits = 0
    total = 0.0
    for rank, i in enumerate(ranked, start=1):
        if same[i]:
            hits += 1
            total += hits / rank
    return total / hits if hits else 0.0


def main(provider: str, weight: float | None) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "memory_review.settings")
    import django

    django.setup()
    from memory_review.extraction.embeddings import load_embedder
    from memory_review.extraction.evaluation import evaluate
    from memory_review.extraction.loopeval import label_of
    from memory_review.extraction.similarity import EMBEDDING_WEIGHT, QuestionSpace

    report = evaluate(DEV, "heuristic")
    gaps = [(conv, c) for conv, cands in report.outcomes for c in cands if c.kind == "gap"]
    texts = [c.question for _, c in gaps]
    embedder = load_embedder(provider)
    space = QuestionSpace(
        texts, embedder=embedder, weight=EMBEDDING_WEIGHT if weight is None else weight
    )
    matrix = space.matrix(texts)
    labels = [label_of(conv, False) for conv, _ in gaps]
    scores: list[float] = []
    same: list[bool] = []
    for i, (left, _) in enumerate(gaps):
        for j in range(i + 1, len(gaps)):
            if gaps[j][0].lang == left.lang:
                scores.append(float(matrix[i, j]))
                same.append(bool(labels[i]) and labels[i] == labels[j])
    print(
        f"{provider or 'n-grams'}"
        + (f" (embedding weight {space.weight:.2f})" if embedder else "")
        + f": {len(scores)} same-language pairs, {sum(same)} of one question, "
        f"average precision {average_precision(scores, same):.3f}"
    )


if __name__ == "__main__":
    main(
        sys.argv[1] if len(sys.argv) > 1 else "",
        float(sys.argv[2]) if len(sys.argv) > 2 else None,
    )
