"""The near-duplicate scan keeps to its definition, cold and change by change (issue 18)."""

import heapq
import random
from collections import Counter

from rapidfuzz import fuzz, process, utils

from knowledge_repo import duplicatescan
from knowledge_repo.screening.duplicates import match_text, match_tokens

THRESHOLD = 60.0


def _summaries(n, seed):
    # Few words, so many records share words and pools are decided by ties.
    rng = random.Random(seed)
    vocab = [f"w{i}" for i in range(40)] + list("测试部署文档规范")
    out = {}
    for i in range(n):
        name = " ".join(rng.choice(vocab) for _ in range(rng.randint(1, 4)))
        description = " ".join(rng.choice(vocab) for _ in range(rng.randint(0, 6)))
        out[f"r-{rng.randint(0, 10 * n):05d}-{i}"] = (name, description)
    return out


def _by_definition(summaries, threshold):
    """The module docstring's definition, written out plainly."""
    texts = {s: utils.default_process(match_text(*nd)) for s, nd in summaries.items()}
    tokens = {s: match_tokens(t) for s, t in texts.items()}
    df = Counter(t for ts in tokens.values() for t in ts)
    limit = duplicatescan.common_limit(len(texts))
    found = {}
    for slug in texts:
        rare = {t for t in tokens[slug] if df[t] <= limit}
        shared = Counter({other: len(rare & tokens[other]) for other in texts if other < slug})
        ranked = heapq.nlargest(
            duplicatescan.POOL, ((c, other) for other, c in shared.items() if c)
        )
        if not ranked:
            continue
        hit = process.extractOne(
            texts[slug],
            [texts[o] for _, o in ranked],
            scorer=fuzz.token_set_ratio,
            score_cutoff=threshold,
            processor=None,
        )
        if hit is not None:
            found[slug] = (ranked[hit[2]][1], round(hit[1] / 100.0, 3))
    return found


def test_a_cold_scan_follows_the_definition(tmp_path):
    (tmp_path / ".git").mkdir()
    summaries = _summaries(400, seed=1)
    expected = _by_definition(summaries, THRESHOLD)
    assert len(expected) > 50  # ties and near-duplicates aplenty
    assert duplicatescan.update(tmp_path, summaries, THRESHOLD) == expected


def test_a_scan_built_change_by_change_ends_where_a_cold_one_does(tmp_path):
    summaries = _summaries(300, seed=2)
    slugs = sorted(summaries)
    (tmp_path / "cold" / ".git").mkdir(parents=True)
    (tmp_path / "steps" / ".git").mkdir(parents=True)
    # A third first (cold), then the rest in two steps, with one record edited.
    duplicatescan.update(tmp_path / "steps", {s: summaries[s] for s in slugs[::3]}, THRESHOLD)
    duplicatescan.update(tmp_path / "steps", {s: summaries[s] for s in slugs[1::2]}, THRESHOLD)
    summaries[slugs[7]] = summaries[slugs[3]]
    stepped = duplicatescan.update(tmp_path / "steps", summaries, THRESHOLD)
    assert stepped == duplicatescan.update(tmp_path / "cold", summaries, THRESHOLD)
    assert stepped == _by_definition(summaries, THRESHOLD)
