"""A queue that learns: every decision is training data for a model that predicts approval.

Once there are MIN_DECISIONS decisions, a logistic regression over the text
(character n-grams, so Chinese and Japanese work without a tokenizer) and the
candidate's kind, type, provider, source and flags is trained on most of them
and scored on the rest (its held-out accuracy is shown on the dashboard), then
refitted on all. Open candidates get a predicted approval; the queue sorts by
`queue_score`, which is that prediction except for an exploration share that
gets a random place among the likely ones, so the model keeps seeing the kind
of item it would bury. Items scored below NOISE_BELOW go to the "probably
noise" tab: shown there, never deleted.
"""

from __future__ import annotations

import hashlib
import pickle
from collections.abc import Iterable, Sequence
from typing import Any

from django.db import transaction
from django.db.models import QuerySet

from .models import ApprovalModel, Candidate

MIN_DECISIONS = 200
# Retrain once this many decisions were made since the model the queue uses.
RETRAIN_EVERY = 50
HELD_OUT_SHARE = 0.2
NOISE_BELOW = 0.05
# One candidate in EXPLORE_EVERY is placed at random among the likely approvals.
EXPLORE_EVERY = 5
ACCEPTED = (Candidate.Status.APPROVED, Candidate.Status.MERGED)
DECIDED = (*ACCEPTED, Candidate.Status.REJECTED)
FIELDS = (
    "pk",
    "name",
    "description",
    "body",
    "question",
    "kind",
    "type",
    "provider",
    "flags",
    "duplicate_of_id",
    "duplicate_of_record",
    "still_asked_after",
    "status",
    "conversation__source__name",
)


def text_of(row: dict[str, Any]) -> str:
    return " ".join(
        [row["name"], row["description"], row.get("question") or "", (row["body"] or "")[:600]]
    )


def facts_of(row: dict[str, Any]) -> dict[str, Any]:
    facts: dict[str, Any] = {
        "kind=" + row["kind"]: 1,
        "type=" + row["type"]: 1,
        "provider=" + (row["provider"] or "?"): 1,
        "source=" + (row.get("conversation__source__name") or "?"): 1,
    }
    for flag in row.get("flags") or []:
        facts["flag=" + str(flag.get("kind"))] = 1
    if row.get("duplicate_of_id") or row.get("duplicate_of_record"):
        facts["duplicate"] = 1
    if row.get("still_asked_after"):
        facts["still_asked"] = 1
    return facts


def _texts(rows: Sequence[dict[str, Any]]) -> list[str]:
    return [text_of(r) for r in rows]


def _facts(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    return [facts_of(r) for r in rows]


def make_pipeline() -> Any:
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import FeatureUnion, Pipeline, make_pipeline
    from sklearn.preprocessing import FunctionTransformer

    features = FeatureUnion(
        [
            (
                "text",
                make_pipeline(
                    FunctionTransformer(_texts),
                    TfidfVectorizer(
                        analyzer="char_wb", ngram_range=(2, 4), min_df=2, max_features=30000
                    ),
                ),
            ),
            ("facts", make_pipeline(FunctionTransformer(_facts), DictVectorizer())),
        ]
    )
    return Pipeline([("features", features), ("model", LogisticRegression(max_iter=1000, C=2.0))])


def decided_rows() -> list[dict[str, Any]]:
    return list(Candidate.objects.filter(status__in=DECIDED).order_by("pk").values(*FIELDS))


def train(*, min_decisions: int = MIN_DECISIONS) -> ApprovalModel | None:
    """Train on the decisions so far and score the open queue; None while there are too few."""
    from sklearn.model_selection import train_test_split

    rows = decided_rows()
    labels = [int(r["status"] in ACCEPTED) for r in rows]
    if len(rows) < min_decisions or len(set(labels)) < 2:
        return None
    train_rows, test_rows, train_y, test_y = train_test_split(
        rows, labels, test_size=HELD_OUT_SHARE, random_state=0, stratify=labels
    )
    pipeline = make_pipeline()
    pipeline.fit(train_rows, train_y)
    accuracy = float((pipeline.predict(test_rows) == test_y).mean())
    majority = max(sum(test_y), len(test_y) - sum(test_y)) / len(test_y)
    pipeline.fit(rows, labels)  # every decision counts for the model the queue uses
    model = ApprovalModel.objects.create(
        decisions=len(rows),
        held_out=len(test_rows),
        held_out_accuracy=accuracy,
        baseline_accuracy=majority,
        blob=pickle.dumps(pipeline),
    )
    score_open(pipeline)
    return model


def needs_training() -> bool:
    """Enough decisions for a first model, or enough new ones since the last."""
    decided = Candidate.objects.filter(status__in=DECIDED).count()
    last = ApprovalModel.objects.values_list("decisions", flat=True).first()
    if decided < MIN_DECISIONS:
        return False
    return last is None or decided - last >= RETRAIN_EVERY


def latest() -> Any:
    """The newest fitted pipeline, or None before the first training."""
    row = ApprovalModel.objects.only("blob").first()
    # Our own pickle, written by train() into our own database.
    return pickle.loads(bytes(row.blob)) if row is not None else None  # noqa: S301


def _explore_draw(pk: int) -> float | None:
    """A stable draw in [0.5, 1) for one candidate in EXPLORE_EVERY, else None."""
    digest = hashlib.sha256(f"explore:{pk}".encode()).digest()
    if digest[0] % EXPLORE_EVERY:
        return None
    return 0.5 + int.from_bytes(digest[1:4], "big") / 2**25


def apply_scores(
    candidates: Iterable[Candidate], pipeline: Any, rows: list[dict[str, Any]]
) -> None:
    """Set predicted_approval, queue_score and probably_noise on unsaved or loaded candidates."""
    items = list(candidates)
    if not items:
        return
    probabilities = pipeline.predict_proba(rows)[:, 1]
    for c, p in zip(items, probabilities, strict=True):
        c.predicted_approval = round(float(p), 4)
        draw = _explore_draw(c.pk) if c.pk else None
        c.queue_score = max(float(p), draw) if draw is not None else float(p)
        c.probably_noise = float(p) < NOISE_BELOW and draw is None


def score_new(candidates: Sequence[Candidate], pipeline: Any) -> None:
    """Score candidates about to be created (no pk yet, so none is an exploration pick)."""
    if pipeline is None or not candidates:
        return
    rows = [
        {
            **{f: getattr(c, f, None) for f in FIELDS if "__" not in f and f != "pk"},
            "conversation__source__name": getattr(c, "source_name", ""),
        }
        for c in candidates
    ]
    apply_scores(candidates, pipeline, rows)


def explore(candidates: Sequence[Candidate]) -> list[Candidate]:
    """After creation (pks known): give the exploration share its random place; returns them."""
    picked = []
    for c in candidates:
        draw = _explore_draw(c.pk) if c.pk and c.predicted_approval is not None else None
        if draw is not None:
            c.queue_score = max(c.queue_score, draw)
            c.probably_noise = False
            picked.append(c)
    return picked


def score_open(pipeline: Any = None, batch: int = 2000) -> int:
    """Re-score every open candidate with the pipeline (the latest when not given)."""
    pipeline = pipeline if pipeline is not None else latest()
    if pipeline is None:
        return 0
    open_qs: QuerySet[Candidate] = Candidate.objects.filter(status=Candidate.Status.PENDING)
    done = 0
    last = 0
    while True:
        rows = list(open_qs.filter(pk__gt=last).order_by("pk").values(*FIELDS)[:batch])
        if not rows:
            return done
        items = [Candidate(pk=r["pk"]) for r in rows]
        apply_scores(items, pipeline, rows)
        with transaction.atomic():
            Candidate.objects.bulk_update(
                items, ["predicted_approval", "queue_score", "probably_noise"], batch_size=500
            )
        done += len(items)
        last = rows[-1]["pk"]
