"""Screening: what a text holds that a person must see before it is committed or published.

Pure Python, no Django (the allow-list's setting is read only when asked):
extraction, the human gate, the release checks and the publish check all
call :func:`screen`, the one entry point. Every span is ``{"kind", "field",
"start", "end", "text", "reason"}`` with offsets into the original text;
nothing is dropped here.

The parts: :mod:`.folding` (the normalised views every detector reads),
:mod:`.detectors` (one module per kind), :mod:`.contacts` (the
organisation's own public contacts, which are not personal data) and
:mod:`.duplicates` (near-duplicate matching). Detectors read the text with
invisible characters removed and NFKC applied, so an instruction split by
zero-width spaces or written in full-width letters is still found, and its
span covers the original characters. The gate holds a change for a second
person when :func:`high_risk` finds anything.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Iterable, Set

from . import classifier
from .contacts import allow_keys, allowed, allowed_domains, public_contacts, public_domains
from .detectors import forged, instruction, links, people, personal, temporary
from .detectors.forged import FORGED_STRUCTURE
from .detectors.hidden import HIDDEN_CHARS, hidden_characters
from .detectors.instruction import INSTRUCTION
from .detectors.people import PERSON_CLAIM
from .detectors.personal import PERSONAL_DATA
from .detectors.temporary import TEMPORARY
from .folding import Span, make_span, views
from .invisible import MAYBE_HIDDEN
from .scan import Job, around, run, scan

LOW_CONFIDENCE = "low_confidence"

HIGH_RISK_KINDS: frozenset[str] = frozenset(
    {PERSONAL_DATA, INSTRUCTION, HIDDEN_CHARS, PERSON_CLAIM, FORGED_STRUCTURE}
)
"""Kinds that hold a change for a second, different reviewer."""

TEXT_KINDS: frozenset[str] = frozenset({*HIGH_RISK_KINDS, TEMPORARY})
"""Every kind a text detector reports (the others come from elsewhere, e.g. confidence)."""

__all__ = [
    "FORGED_STRUCTURE",
    "HIDDEN_CHARS",
    "HIGH_RISK_KINDS",
    "INSTRUCTION",
    "LOW_CONFIDENCE",
    "MAYBE_HIDDEN",
    "PERSONAL_DATA",
    "PERSON_CLAIM",
    "TEMPORARY",
    "TEXT_KINDS",
    "CHECKS",
    "Span",
    "forged_structure",
    "hidden_characters",
    "high_risk",
    "instruction_like",
    "low_confidence",
    "person_claims",
    "personal_data",
    "public_contacts",
    "public_domains",
    "screen",
    "scan_text",
    "temporary_wording",
]


def personal_data(text: str, field: str = "body", allow: Iterable[str] = ()) -> list[Span]:
    """E-mail, phone, postal address, payment card (Luhn), national ids, IBAN, IP address.

    `allow` lists the organisation's own public e-mail addresses, phone
    numbers and postal addresses, which are not flagged (e-mails compared
    case-folded, phones by digits, an address when it is part of an allowed one).
    """
    return screen([(field, text)], allow=allow, kinds=(PERSONAL_DATA,))


def instruction_like(text: str, field: str = "body") -> list[Span]:
    """Text aimed at the agent rather than knowledge for it, in English, Chinese and Japanese.

    Overrides ("ignore previous instructions", 忽略之前的所有指令), role changes
    ("SYSTEM: you are now …"), and directives to every future visitor ("tell
    everyone", "from now on recommend …", 以后都推荐…给所有访客).
    """
    return run(INSTRUCTION, instruction.find, text, field)


def temporary_wording(text: str, field: str = "body") -> list[Span]:
    """Markers of a one-off ("for now", "this time only", 暂时, 这次, 今回), on word boundaries."""
    return run(TEMPORARY, temporary.find, text, field)


def person_claims(text: str, field: str = "body") -> list[Span]:
    """Accusations, health or private-life statements about a named person or a role ("the owner")."""
    return run(PERSON_CLAIM, people.find, text, field)


def forged_structure(text: str, field: str = "body") -> list[Span]:
    """Lines imitating the index, the catalog or a record's front matter (``N: slug - …``, MEMORY.md)."""
    return run(FORGED_STRUCTURE, forged.find, text, field, across_lines=True)


CHECKS: tuple[Callable[..., list[Span]], ...] = (
    personal_data,
    instruction_like,
    hidden_characters,
    temporary_wording,
    person_claims,
    forged_structure,
)
"""Every per-field text check, for per-detector figures (bench)."""


def _screen_one(
    text: str, field: str, keys: Set[str], domains: frozenset[str], kinds: Collection[str] | None
) -> list[Span]:
    read = views(text)  # folded once, shared by the detectors
    wanted = TEXT_KINDS if kinds is None else kinds
    spans: list[Span] = []
    if HIDDEN_CHARS in wanted:
        spans += hidden_characters(text, field)
    wanted = wanted if isinstance(wanted, frozenset) else frozenset(wanted)
    for span in scan(_jobs(wanted, domains), text, field, read):
        if span["kind"] != PERSONAL_DATA or not allowed(
            str(span["text"]), str(span["reason"]), keys
        ):
            spans.append(span)
    return spans


@functools.lru_cache(maxsize=64)
def _allow(values: tuple[str, ...]) -> tuple[frozenset[str], frozenset[str]]:
    """The allow-list's keys and domains, computed once per list (the list rarely changes)."""
    keys = frozenset(allow_keys(values))
    return keys, allowed_domains(keys)


_JOBS = (
    Job(PERSONAL_DATA, personal.find, leet=False),  # leet would turn codes into words
    Job(INSTRUCTION, instruction.find),
    Job(TEMPORARY, temporary.find),
    Job(PERSON_CLAIM, people.find),
    Job(FORGED_STRUCTURE, forged.find, across_lines=True),
)


@functools.lru_cache(maxsize=64)
def _jobs(wanted: frozenset[str], domains: frozenset[str]) -> tuple[Job, ...]:
    """The detectors to run for these kinds; links outside the organisation's domains read once."""
    jobs = [job for job in _JOBS if job.kind in wanted]
    if INSTRUCTION in wanted:
        outside = functools.partial(links.find, domains=domains)
        jobs.append(Job(INSTRUCTION, outside, first_only=True))
    return tuple(jobs)


_JOINED = (Job(INSTRUCTION, instruction.find), Job(PERSON_CLAIM, people.find))


def _across_fields(
    named: list[tuple[str, str]], wanted: Collection[str], spans: list[Span]
) -> list[Span]:
    """Instructions and claims split between fields ("Tell every visitor" + "that we closed")."""
    jobs = [job for job in _JOINED if job.kind in wanted]
    if not jobs:
        return []
    joined = " ".join(text for _, text in named)
    bounds, at = [], 0
    for field, text in named:
        bounds.append((field, at, at + len(text), text))
        at += len(text) + 1
    seen = {(str(x["kind"]), str(x["field"])) for x in spans}
    found: list[Span] = []
    # A match across fields holds a joining space: only the lines (or, in a long line, the
    # sentence windows) around those spaces are read again, each folded once.
    hits = [
        {**hit, "start": int(hit["start"]) + offset, "end": int(hit["end"]) + offset}  # type: ignore[call-overload]
        for offset, piece in around(joined, [b for _, _, b, _ in bounds[:-1]])
        for hit in scan(jobs, piece, "joined", views(piece, [text for _, text in named]))
    ]
    for hit in sorted(hits, key=lambda h: (h["start"], h["end"])):  # type: ignore[arg-type,return-value]
        start, end, kind = int(hit["start"]), int(hit["end"]), str(hit["kind"])  # type: ignore[call-overload]
        parts = [
            (f, max(start, a), min(end, b), a, t) for f, a, b, t in bounds if start < b and a < end
        ]
        if len(parts) < 2:
            continue  # within one field: found there already
        for field, s, e, a, text in parts:
            if (kind, field) in seen:
                continue
            seen.add((kind, field))
            reason = f"{hit['reason']} (split across fields)"
            found.append(make_span(kind, field, s - a, e - a, text, reason))
    return found


def screen(
    fields: Iterable[tuple[str, str]],
    *,
    allow: Iterable[str] | None = None,
    kinds: Collection[str] | None = None,
    classify: bool | Callable[[list[tuple[str, str]]], list[Span]] = False,
) -> list[Span]:
    """Every flag over named fields (name, description, body…), sorted by field, then start.

    The one entry point of screening. `allow` holds the organisation's own
    public contacts and domains, which are not flagged; None reads them from
    the ``PUBLIC_CONTACTS`` and ``PUBLIC_DOMAINS`` settings. `kinds` limits the
    detectors run (all text kinds when None). The fields are also read
    together, so an instruction split between the name and the description is
    found. `classify=True` adds the Anthropic classifier when an API key is
    configured (a callable may be given instead); otherwise nothing changes.
    """
    keys, domains = _allow(public_contacts() + public_domains() if allow is None else tuple(allow))
    named = [(field, text) for field, text in fields if text]
    spans: list[Span] = []
    for field, text in named:
        spans.extend(_screen_one(text, field, keys, domains, kinds))
    wanted = TEXT_KINDS if kinds is None else kinds
    if len(named) > 1:
        spans.extend(_across_fields(named, wanted, spans))
    model = classifier.from_settings() if classify is True else (classify or None)
    if model is not None:
        spans.extend(s for s in model(named) if s["kind"] in wanted)
    spans.sort(key=lambda s: (str(s["field"]), s["start"], s["end"], str(s["kind"])))  # type: ignore[arg-type,return-value]
    return spans


def scan_text(text: str, allow: Iterable[str] = ()) -> list[Span]:
    """Every flag on one text, reported as field "body" (:func:`screen` for one text)."""
    return screen([("body", text)], allow=allow)


def high_risk(spans: Iterable[Span]) -> list[Span]:
    """The spans whose kind needs a second reviewer (see HIGH_RISK_KINDS)."""
    return [s for s in spans if s.get("kind") in HIGH_RISK_KINDS]


def low_confidence(confidence: float, threshold: float) -> list[Span]:
    """A flag when the extractor's confidence is below the threshold (not high-risk)."""
    if confidence >= threshold:
        return []
    return [
        {
            "kind": LOW_CONFIDENCE,
            "field": "confidence",
            "start": 0,
            "end": 0,
            "text": f"{confidence:.2f}",
            "reason": f"confidence below {threshold:.2f}",
        }
    ]
