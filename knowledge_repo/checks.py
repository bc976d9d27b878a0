"""Release checks that read the release itself, and the publish-time check.

At release time every record file of the tree is rescanned (not the database's
idea of it): hidden and bidirectional characters, instruction-like text,
personal data, claims about people, forged index lines, empty bodies,
placeholders and generated wording (``placeholders``, the gate's own
definition), near-duplicate records, expired ``valid_until``. A finding blocks the
release until a person clears it with a reason (``FindingClearance``; a
high-risk finding needs two different people). Expired records are listed
and block nothing: readers drop them.

Publishing refuses outright a tree (or commits in the published range) that
carries an internal id, or an e-mail address or phone number that is not on
the organisation's allow-list (``settings.PUBLIC_CONTACTS``).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.utils import timezone

from conversations.gcpause import cyclic_gc_paused

from . import duplicatescan, screening
from .contentscan import Item, content_findings, parse_or_none, scan_contents
from .findingcache import FindingCache
from .models import FindingClearance
from .reader import read_blobs
from .recordfile import (
    INDEX_FILE,
    INDEX_MAX_BYTES,
    INDEX_MAX_LINES,
    RECORDS_DIR,
    RecordData,
)
from .screening.duplicates import NearDuplicateIndex, match_text


@dataclass(frozen=True)
class Finding:
    """One thing in a record file that a person must look at before it ships."""

    slug: str
    kind: str
    line: int
    text: str
    message: str
    high_risk: bool
    blocking: bool = True

    @property
    def key(self) -> str:
        """What a clearance is tied to: the record, the check and the text found."""
        raw = f"{self.slug}\x00{self.kind}\x00{self.text}"
        return hashlib.sha256(raw.encode("utf-8")).hexdigest()

    @property
    def path(self) -> str:
        return f"{RECORDS_DIR}/{self.slug}.md" if self.slug else INDEX_FILE


def _own_address(text: str) -> bool:
    # Reviewers' no-reply addresses and the app's committer are public by design.
    email = text.strip().casefold()
    return email == settings.KNOWLEDGE_COMMITTER_EMAIL.casefold() or email.endswith(
        "@" + settings.KNOWLEDGE_NOREPLY_DOMAIN.casefold()
    )


def _expired(slug: str, valid_until: str | None, today: dt.date) -> list[Finding]:
    try:
        expired = bool(valid_until) and dt.date.fromisoformat(str(valid_until)) < today
    except ValueError:
        expired = False
    if not expired:
        return []
    return [
        Finding(
            slug=slug,
            kind="expired",
            line=0,
            text=str(valid_until),
            message=f"valid until {valid_until}: readers no longer select it",
            high_risk=False,
            blocking=False,
        )
    ]


def scan_record(data: RecordData, file_text: str) -> list[Finding]:
    """Every finding in one record file but near-duplicates (which need all the records)."""
    found = [Finding(data.slug, *raw) for raw in content_findings(data, file_text)]
    return found + _expired(data.slug, data.valid_until, timezone.localdate())


def remember(root: Path, records: Iterable[tuple[str, RecordData, str]]) -> None:
    """Cache what the checks find in these (blob id, record, file text) triples (the committer)."""
    allowed = screening.public_contacts() + screening.public_domains()
    cache = FindingCache(root, allowed, load=False)
    for sha, data, text in records:
        cache.add(sha, data.valid_until, content_findings(data, text, allowed=allowed))
    cache.save()


def near_duplicates(records: Iterable[tuple[str, str, str]], threshold: float) -> list[Finding]:
    """Pairs of records (slug, name, description) that say nearly the same thing."""
    # A small pool: records a person wrote rarely share many rare words by chance.
    index = NearDuplicateIndex(threshold=threshold, pool=10)
    found: list[Finding] = []
    for slug, name, description in sorted(records):
        text = match_text(name, description)
        hit = index.best("record", text)
        if hit is not None:
            _, other, score = hit
            found.append(
                Finding(
                    slug=slug,
                    kind="near_duplicate",
                    line=1,
                    text=str(other),
                    message=f"near-duplicate of {other} ({score:.0%} alike): merge or clear",
                    high_risk=False,
                )
            )
        index.add("record", "r", slug, text)
    return found


def near_duplicate_findings(root: Path, summaries: dict[str, tuple[str, str]]) -> list[Finding]:
    """Records that nearly duplicate an earlier one, kept up to date change by change."""
    pairs = duplicatescan.update(root, summaries, settings.RELEASE_NEAR_DUPLICATE_SCORE)
    return [
        Finding(
            slug=slug,
            kind="near_duplicate",
            line=1,
            text=other,
            message=f"near-duplicate of {other} ({score:.0%} alike): merge or clear",
            high_risk=False,
        )
        for slug, (other, score) in sorted(pairs.items())
    ]


# Parsing, screening and the near-duplicate scan make and drop containers by the hundred
# thousand: see conversations.gcpause.
@cyclic_gc_paused()
def scan_tree(
    root: Path,
    blobs: dict[str, str],
    summaries: dict[str, tuple[str, str]],
    *,
    parsed: dict[str, tuple[RecordData, str]] | None = None,
    texts: dict[str, str] | None = None,
    prepare: Callable[[], object] | None = None,
) -> list[Finding]:
    """Every finding in a release tree, ordered by record and line.

    ``blobs`` maps each record file to its blob id. Each blob no earlier scan
    (or the committer) has seen is scanned; the rest come from the cache,
    which is keyed by content, detectors and allow-list. ``parsed`` holds
    blobs already read and parsed (blob id -> record, text), which are not
    read again; ``texts`` blobs read but not parsed (blob id -> text), which the
    screening workers parse. ``prepare`` is work of this process that runs while
    they screen, before the near-duplicate scan reads ``summaries`` (it may fill
    them, and ``parsed``).
    """
    allowed = screening.public_contacts() + screening.public_domains()
    cache = FindingCache(root, allowed)
    parsed = {} if parsed is None else parsed
    texts = texts or {}
    missing = [(path, sha) for path, sha in blobs.items() if cache.get(sha) is None]
    todo: dict[str, Item] = {}
    for path, sha in missing:
        if sha in parsed:
            todo[sha] = parsed[sha]
        elif sha in texts:
            todo[sha] = (_slug(path), texts[sha])
    unread = [(path, sha) for path, sha in missing if sha not in todo]
    for (path, sha), text in zip(unread, read_blobs(root, [sha for _, sha in unread]), strict=True):
        read = parse_or_none(text, _slug(path))
        if read is not None:  # else reported by the parse check
            todo[sha] = (read, text)

    def meanwhile() -> None:
        if prepare is not None:
            prepare()
        duplicates.extend(near_duplicate_findings(root, summaries))

    # A cold rescan screens thousands of files: scan_contents spreads them over the CPUs,
    # and this process prepares the other checks and runs the near-duplicate scan (which
    # needs every record) meanwhile.
    duplicates: list[Finding] = []
    scanned = scan_contents(list(todo.values()), allowed, meanwhile=meanwhile)
    for (sha, (item, text)), raws in zip(todo.items(), scanned, strict=True):
        if isinstance(item, str):
            known = parsed.get(sha)
            record = known[0] if known else parse_or_none(text, item)
        else:
            record = item
        if record is None:
            continue  # reported by the parse check
        cache.add(sha, record.valid_until, raws)
    cache.save()
    today = timezone.localdate()
    found: list[Finding] = []
    for path, sha in blobs.items():
        entry = cache.get(sha)
        if entry is not None:
            slug = _slug(path)
            found += [Finding(slug, *raw) for raw in entry.findings]
            found += _expired(slug, entry.valid_until, today)
    found += duplicates
    return sorted(found, key=lambda f: (f.slug, f.line, f.kind))


def _slug(path: str) -> str:
    return path[len(RECORDS_DIR) + 1 : -len(".md")]


def index_budget(files: dict[str, str]) -> list[Finding]:
    """Index files over the record format's budget (lines, bytes): a loader would cut them.

    The index splits into topic files past the budget (``render_indexes``),
    so this only fires when even that cannot keep a file within it (one
    enormous line, or more topic files than MEMORY.md can list).
    """
    found = []
    for path, text in sorted(files.items()):
        lines, size = text.count("\n"), len(text.encode("utf-8"))
        if lines <= INDEX_MAX_LINES and size <= INDEX_MAX_BYTES:
            continue
        found.append(
            Finding(
                slug="",
                kind="index_over_budget",
                line=0,
                # The clearance holds while the index stays over budget, however much it grows.
                text=f"{path} over budget",
                message=f"{path} has {lines} lines / {size} bytes, over the budget of "
                f"{INDEX_MAX_LINES} lines / {INDEX_MAX_BYTES} bytes every index file keeps: a "
                "loader that reads that much sees only part of it",
                high_risk=False,
            )
        )
    return found


def clearances(findings: Iterable[Finding]) -> dict[str, FindingClearance]:
    """Clearances on record for these findings, by finding key."""
    keys = [f.key for f in findings]
    return {c.key: c for c in FindingClearance.objects.filter(key__in=keys)}


def blocking(findings: Iterable[Finding]) -> list[Finding]:
    """The findings that still stop a release: blocking and not cleared (by two if high-risk)."""
    from .publicrule import refused_findings

    findings = list(findings)
    cleared = clearances(findings)
    # What the publish step refuses anyway cannot be cleared into a passing release.
    refused = refused_findings(findings)
    return [
        f
        for f in findings
        if f.blocking and (f.key in refused or not (f.key in cleared and cleared[f.key].in_force))
    ]


# --- publish-time check ----------------------------------------------------------


def public_problems(texts: dict[str, str]) -> list[str]:
    """What a published tree must not carry: contacts off the allow-list, internal ids.

    ``texts`` maps a place (file path, commit) to its text; each problem names
    it. An internal id is a visitor conversation's id the app knows, alone or
    in the ``<source>/<id>#<turn>`` shape sources had before they became opaque.
    """
    from conversations.models import Conversation

    allowed = screening.public_contacts()
    problems: list[str] = []
    tokens: dict[str, set[str]] = {}
    for place, text in texts.items():
        for span in screening.screen(
            [(place, text)], allow=allowed, kinds=(screening.PERSONAL_DATA,)
        ):
            reason = str(span["reason"])
            found = str(span["text"])
            if _DATE.match(found) or _own_address(found):
                continue
            if reason in ("email address", "phone number"):
                problems.append(f"{place}: {reason} {span['text']!r} is not a public contact")
        tokens[place] = {_external(t) for t in _TOKEN.findall(text)}
    wanted = sorted(set().union(*tokens.values())) if tokens else []
    known: set[str] = set()
    for i in range(0, len(wanted), 500):
        chunk = wanted[i : i + 500]
        known.update(
            Conversation.objects.filter(external_id__in=chunk).values_list("external_id", flat=True)
        )
    for place, words in tokens.items():
        problems += [f"{place}: internal id {t!r}" for t in sorted(words & known)]
    return problems


_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_TOKEN = re.compile(r"[\w.:/#@-]{6,}")


def _external(token: str) -> str:
    return token.rsplit("/", 1)[-1].split("#", 1)[0].strip(".:")
