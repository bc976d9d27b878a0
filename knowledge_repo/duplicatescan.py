"""Near-duplicate records of a release tree, kept up to date change by change.

The definition (the same for a cold scan and an update): each record's match
text (``screening.duplicates.match_text``) is split into words and CJK
bigrams; a word is *rare* when at most ``common_limit(N)`` of the N records
hold it. A record's candidates are the records with an earlier slug that
share a rare word with it; the ``POOL`` sharing most (ties: earlier slug)
are scored with rapidfuzz, and the best at or above the threshold (ties: the
earlier in the pool) is its near-duplicate.

So a record's finding changes only when its own text changes, when a changed
record was in its pool or now ranks into it, or when one of its words turns
rare or common. An update recomputes exactly those records: the result is
the cold scan's, at the cost of the records a change touches. The state is
an SQLite file in ``.git`` (named by the threshold and this definition);
losing it only costs a cold scan.
"""

from __future__ import annotations

import hashlib
import heapq
import json
import logging
import re
import sqlite3
from collections import Counter
from collections.abc import Iterable, Iterator
from contextlib import closing, contextmanager
from pathlib import Path

from rapidfuzz import fuzz, process, utils

from .screening.duplicates import match_text, match_tokens

logger = logging.getLogger(__name__)

POOL = 10
_VERSION = "1"


def common_limit(n: int) -> int:
    """How many records may hold a word for it to still pick candidates."""
    return max(50, min(n // 20, 1000))


def _path(root: Path, threshold: float) -> Path:
    code = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:12]
    return root / ".git" / f"kb-duplicates-{_VERSION}-{code}-{threshold:g}.sqlite3"


_SCHEMA = """
CREATE TABLE IF NOT EXISTS record (slug TEXT PRIMARY KEY, text TEXT NOT NULL,
    other TEXT, score REAL, last_shared INTEGER, last_slug TEXT, full INTEGER) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS posting (token TEXT, slug TEXT, PRIMARY KEY (token, slug))
    WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS posting_slug ON posting (slug, token);
CREATE TABLE IF NOT EXISTS df (token TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS pool (slug TEXT, member TEXT, PRIMARY KEY (slug, member))
    WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS pool_member ON pool (member);
"""


@contextmanager
def _state(root: Path, threshold: float) -> Iterator[sqlite3.Connection]:
    path = _path(root, threshold)
    if not path.parent.is_dir():
        # Not a git working copy (nothing to keep state in): work in memory.
        path = Path(":memory:")
    try:
        db = _open(path)
    except sqlite3.DatabaseError:
        # A state file torn by a crash: it is only a cache, start again.
        path.unlink(missing_ok=True)
        db = _open(path)
    with closing(db):
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")


def _open(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path, isolation_level=None)
    try:
        # No fsync: losing the file only costs a cold scan (a torn one is detected above).
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=OFF")
        db.executescript(_SCHEMA)
        db.execute("SELECT COUNT(*) FROM record WHERE slug = ''").fetchone()
    except sqlite3.DatabaseError:
        db.close()
        raise
    return db


def _shares(db: sqlite3.Connection, tokens: list[str], limit: int) -> Counter[str]:
    """Slug -> how many of these (rare) tokens each record holds."""
    shared: Counter[str] = Counter()
    for i in range(0, len(tokens), 500):
        chunk = tokens[i : i + 500]
        marks = ",".join("?" * len(chunk))
        shared.update(
            s for (s,) in db.execute(f"SELECT slug FROM posting WHERE token IN ({marks})", chunk)
        )
    return shared


Row = tuple[str | None, float | None, int, str, int]


def _pool(shared: Counter[str]) -> list[tuple[int, str]]:
    """(shared count, slug) of the ``POOL`` records sharing most rare words (all earlier).

    Ties go to the nearer (later) slug, so no record sits in every pool.
    """
    return heapq.nlargest(POOL, zip(shared.values(), shared.keys(), strict=True))


def _best(
    text: str, ranked: list[tuple[int, str]], texts: dict[str, str], threshold: float
) -> tuple[list[str], Row]:
    """The pool of one record and its result row (near-duplicate, score, pool's last, full)."""
    pool = [s for _, s in ranked]
    other, score = None, None
    if pool:
        found = process.extractOne(
            text,
            [texts[s] for s in pool],
            scorer=fuzz.token_set_ratio,
            score_cutoff=threshold,
            processor=None,
        )
        if found is not None:
            other, score = pool[found[2]], round(found[1] / 100.0, 3)
    last = ranked[-1] if ranked else (0, "")
    return pool, (other, score, last[0], last[1], int(len(pool) == POOL))


def _store(db: sqlite3.Connection, results: dict[str, tuple[list[str], Row]]) -> None:
    db.executemany("DELETE FROM pool WHERE slug = ?", [(s,) for s in results])
    db.executemany(
        "INSERT INTO pool (slug, member) VALUES (?, ?)",
        [(slug, m) for slug, (pool, _) in results.items() for m in pool],
    )
    db.executemany(
        "UPDATE record SET other = ?, score = ?, last_shared = ?, last_slug = ?, full = ?"
        " WHERE slug = ?",
        [(*row, slug) for slug, (_, row) in results.items()],
    )


def _recompute(
    db: sqlite3.Connection, slug: str, text: str, limit: int, threshold: float
) -> tuple[list[str], Row]:
    # The pool in one query: the earlier records sharing most of this one's rare words.
    ranked = db.execute(
        "SELECT COUNT(*) AS c, p.slug FROM posting p"
        " WHERE p.slug < ?1 AND p.token IN (SELECT q.token FROM posting q JOIN df d"
        " ON d.token = q.token WHERE q.slug = ?1 AND d.n <= ?2)"
        " GROUP BY p.slug ORDER BY c DESC, p.slug DESC LIMIT ?3",
        (slug, limit, POOL),
    ).fetchall()
    pool = [s for _, s in ranked]
    marks = ",".join("?" * len(pool))
    texts = dict(db.execute(f"SELECT slug, text FROM record WHERE slug IN ({marks})", pool))
    return _best(text, ranked, texts, threshold)


def _cold(db: sqlite3.Connection, wanted: dict[str, str], threshold: float) -> None:
    """Every record from scratch, in memory, then stored in bulk."""
    tokens = {slug: sorted(match_tokens(text)) for slug, text in wanted.items()}
    df: Counter[str] = Counter(t for ts in tokens.values() for t in ts)
    pools = _cold_pools(tokens, df, common_limit(len(wanted)))
    results = {slug: _best(wanted[slug], pools[slug], wanted, threshold) for slug in sorted(tokens)}
    # Into empty tables, rows in key order and the secondary indexes built after them (one
    # sort each): ~3x cheaper than keeping every index up to date row by row.
    db.execute("DROP INDEX IF EXISTS posting_slug")
    db.execute("DROP INDEX IF EXISTS pool_member")
    db.executemany(
        "INSERT INTO record (slug, text, other, score, last_shared, last_slug, full)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(slug, wanted[slug], *row) for slug, (_, row) in results.items()],
    )
    # Postings and pools are ten times as many rows: SQLite unpacks each record's lists itself.
    db.execute("CREATE TEMP TABLE held (slug TEXT, tokens TEXT, pool TEXT)")
    db.executemany(
        "INSERT INTO held (slug, tokens, pool) VALUES (?, ?, ?)",
        [(slug, _json_list(tokens[slug]), _json_list(pool)) for slug, (pool, _) in results.items()],
    )
    db.execute(
        "INSERT INTO posting (token, slug) SELECT j.value, h.slug FROM held h, json_each(h.tokens) j"
        " ORDER BY j.value, h.slug"
    )
    db.execute(
        "INSERT INTO pool (slug, member) SELECT h.slug, j.value FROM held h, json_each(h.pool) j"
        " ORDER BY h.slug, j.value"
    )
    db.execute("DROP TABLE held")
    db.execute("INSERT INTO df (token, n) SELECT token, COUNT(*) FROM posting GROUP BY token")
    db.execute("CREATE INDEX posting_slug ON posting (slug, token)")
    db.execute("CREATE INDEX pool_member ON pool (member)")


def _json_list(items: list[str]) -> str:
    """``json.dumps(items)`` for SQLite's json_each, joined directly when no item needs escaping.

    Words and slugs hold no quote, backslash or control character: five times cheaper than JSON.
    """
    if _ESCAPED.search("".join(items)):
        return json.dumps(items)
    return '["' + '","'.join(items) + '"]' if items else "[]"


_ESCAPED = re.compile(r'["\\\x00-\x1f\ud800-\udfff]')

_BLOCK = 1000
"""Records whose pools one sparse product finds (memory grows with it)."""


def _cold_pools(
    tokens: dict[str, list[str]], df: Counter[str], limit: int
) -> dict[str, list[tuple[int, str]]]:
    """Every record's pool, ranked as ``_pool`` ranks it, from sparse products of the rare words.

    Row i of the records-by-rare-words matrix times its transpose counts the
    rare words record i shares with each other record, in C; the records up
    to a block's end are enough, since a pool holds earlier records only.
    """
    # Only a cold scan needs them (~0.15 s to import): updates and other processes do without.
    import numpy as np
    from scipy import sparse

    slugs = sorted(tokens)
    n = len(slugs)
    columns: dict[str, int] = {}
    indptr, indices = [0], []
    for slug in slugs:
        indices += [columns.setdefault(t, len(columns)) for t in tokens[slug] if df[t] <= limit]
        indptr.append(len(indices))
    held = sparse.csr_matrix(
        (np.ones(len(indices), np.int32), np.array(indices, np.int32), np.array(indptr, np.int64)),
        shape=(n, max(len(columns), 1)),
    )
    pools: dict[str, list[tuple[int, str]]] = {}
    for start in range(0, n, _BLOCK):
        end = min(start + _BLOCK, n)
        shared = (held[start:end] @ held[:end].T).tocsr()
        # The whole block at once: each pair's row, whether it is an earlier record, its key.
        rows = np.repeat(np.arange(start, end), np.diff(shared.indptr))
        earlier = shared.indices < rows
        # One number ranks a candidate as _pool does: more rare words shared, then later slug.
        keys = shared.data[earlier].astype(np.int64) * n + shared.indices[earlier]
        bounds = np.searchsorted(rows[earlier], np.arange(start, end + 1)).tolist()
        ranked: list[np.ndarray] = []
        for row in range(end - start):
            found = keys[bounds[row] : bounds[row + 1]]
            if len(found) > POOL:
                found = np.partition(found, len(found) - POOL)[-POOL:]
            ranked.append(np.sort(found)[::-1])
        # Back to (shared count, slug) pairs in bulk, not one number at a time.
        flat = np.concatenate(ranked)
        counts, who = (flat // n).tolist(), (flat % n).tolist()
        at = 0
        for row, found in enumerate(ranked):
            stop = at + len(found)
            pools[slugs[start + row]] = [
                (c, slugs[w]) for c, w in zip(counts[at:stop], who[at:stop], strict=True)
            ]
            at = stop
    return pools


def update(
    root: Path, summaries: dict[str, tuple[str, str]], threshold: float
) -> dict[str, tuple[str, float]]:
    """Slug -> (the earlier record it nearly duplicates, similarity 0-1), for these records.

    ``summaries`` maps every record of the tree to its (name, description).
    """
    wanted = {
        slug: utils.default_process(match_text(name, description))
        for slug, (name, description) in summaries.items()
    }
    with _state(root, threshold) as db:
        stored = dict(db.execute("SELECT slug, text FROM record"))
        changed = {s for s, text in wanted.items() if stored.get(s) != text}
        changed |= stored.keys() - wanted.keys()
        if not stored:
            _cold(db, wanted, threshold)
        elif changed:
            _apply(db, stored, wanted, changed, threshold)
        return {
            slug: (other, score)
            for slug, other, score in db.execute(
                "SELECT slug, other, score FROM record WHERE other IS NOT NULL"
            )
        }


def _tokens_of(db: sqlite3.Connection, slugs: Iterable[str]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for slug in slugs:
        found[slug] = [
            t for (t,) in db.execute("SELECT token FROM posting WHERE slug = ?", (slug,))
        ]
    return found


def _df(db: sqlite3.Connection, tokens: Iterable[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    wanted = list(tokens)
    for i in range(0, len(wanted), 500):
        chunk = wanted[i : i + 500]
        marks = ",".join("?" * len(chunk))
        out.update(db.execute(f"SELECT token, n FROM df WHERE token IN ({marks})", chunk))
    return out


def _apply(
    db: sqlite3.Connection,
    stored: dict[str, str],
    wanted: dict[str, str],
    changed: set[str],
    threshold: float,
) -> None:
    old_limit, new_limit = common_limit(len(stored)), common_limit(len(wanted))
    cold = not stored
    old_tokens = {} if cold else _tokens_of(db, (s for s in changed if s in stored))
    new_tokens = {s: sorted(match_tokens(wanted[s])) for s in changed if s in wanted}
    touched = {t for ts in (*old_tokens.values(), *new_tokens.values()) for t in ts}
    old_df = {} if cold else _df(db, touched)
    # Records that had one of the changed records in their pool (before the change).
    affected: set[str] = set()
    if not cold:
        for slug in changed:
            affected.update(
                s for (s,) in db.execute("SELECT slug FROM pool WHERE member = ?", (slug,))
            )
    # Write the new postings and word counts.
    delta: Counter[str] = Counter()
    for slug, tokens in old_tokens.items():
        delta.subtract(tokens)
        db.execute("DELETE FROM posting WHERE slug = ?", (slug,))
    for slug in changed - wanted.keys():
        db.execute("DELETE FROM record WHERE slug = ?", (slug,))
        db.execute("DELETE FROM pool WHERE slug = ?", (slug,))
    db.executemany(
        "INSERT INTO record (slug, text) VALUES (?, ?)"
        " ON CONFLICT (slug) DO UPDATE SET text = excluded.text",
        [(s, wanted[s]) for s in new_tokens],
    )
    db.executemany(
        "INSERT INTO posting (token, slug) VALUES (?, ?)",
        [(t, s) for s, tokens in new_tokens.items() for t in tokens],
    )
    for tokens in new_tokens.values():
        delta.update(tokens)
    db.executemany(
        "INSERT INTO df (token, n) VALUES (?, ?) ON CONFLICT (token) DO UPDATE SET n = n + ?",
        [(t, n, n) for t, n in delta.items() if n],
    )
    db.execute("DELETE FROM df WHERE n <= 0")
    if cold:
        affected = set(wanted)
    else:
        new_df = _df(db, touched)
        # Words that turned rare or common: every record holding one is affected.
        flipped = {
            t for t in touched if (old_df.get(t, 0) <= old_limit) != (new_df.get(t, 0) <= new_limit)
        }
        if old_limit != new_limit:
            low, high = sorted((old_limit, new_limit))
            flipped.update(
                t for (t,) in db.execute("SELECT token FROM df WHERE n > ? AND n <= ?", (low, high))
            )
        for token in flipped:
            affected.update(
                s for (s,) in db.execute("SELECT slug FROM posting WHERE token = ?", (token,))
            )
        # Records a changed record now ranks into the pool of.
        for slug, tokens in new_tokens.items():
            rare = [t for t in tokens if new_df.get(t, 0) <= new_limit]
            for other, count in _shares(db, rare, new_limit).items():
                if other > slug and other not in affected:
                    row = db.execute(
                        "SELECT last_shared, last_slug, full FROM record WHERE slug = ?", (other,)
                    ).fetchone()
                    if row is None or not row[2] or (count, slug) > (row[0], row[1]):
                        affected.add(other)
        affected |= new_tokens.keys()
    logger.debug("near-duplicates: %d changed, %d recomputed", len(changed), len(affected))
    _store(
        db,
        {s: _recompute(db, s, wanted[s], new_limit, threshold) for s in affected & wanted.keys()},
    )
