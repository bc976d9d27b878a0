"""Flags a reviewer must see, each with the span of text it is about.

Pure Python, no Django: the human gate, the extraction rules and the release
checks all call it. Every span is ``{"kind", "field", "start", "end", "text",
"reason"}`` with offsets into the original text; nothing is dropped here.

Detectors read the text with invisible characters removed and NFKC applied
(see ``_text``), so an instruction split by zero-width spaces or written in
full-width letters is still found, and its span covers the original
characters. The gate calls :func:`scan` and holds a change for a second
person when :func:`high_risk` finds anything.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from . import forged, instruction, people, personal, temporary
from ._text import MAYBE_HIDDEN, Span, View, is_hidden, run, views
from .forged import FORGED_STRUCTURE
from .hidden import HIDDEN_CHARS, hidden_characters
from .instruction import INSTRUCTION
from .people import PERSON_CLAIM
from .personal import PERSONAL_DATA, allow_keys, allowed, luhn
from .temporary import TEMPORARY

LOW_CONFIDENCE = "low_confidence"

HIGH_RISK_KINDS: frozenset[str] = frozenset(
    {PERSONAL_DATA, INSTRUCTION, HIDDEN_CHARS, PERSON_CLAIM, FORGED_STRUCTURE}
)
"""Kinds that hold a change for a second, different reviewer."""

# Kept for callers of the single-module version.
_is_hidden = is_hidden
_luhn = luhn

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
    "CHECKS",
    "Span",
    "flag_fields",
    "forged_structure",
    "hidden_characters",
    "high_risk",
    "instruction_like",
    "low_confidence",
    "person_claims",
    "personal_data",
    "scan",
    "scan_text",
    "temporary_wording",
]


def personal_data(
    text: str, field: str = "body", allow: Iterable[str] = (), *, _views: list[View] | None = None
) -> list[Span]:
    """E-mail, phone, postal address, payment card (Luhn), national ids, IBAN, IP address.

    `allow` lists the organisation's own public e-mail addresses, phone
    numbers and postal addresses, which are not flagged (e-mails compared
    case-folded, phones by digits, an address when it is part of an allowed one).
    """
    spans = run(PERSONAL_DATA, personal.find, text, field, _views)
    keys = allow_keys(allow)
    if not keys:
        return spans
    return [s for s in spans if not allowed(str(s["text"]), str(s["reason"]), keys)]


def instruction_like(
    text: str, field: str = "body", *, _views: list[View] | None = None
) -> list[Span]:
    """Text aimed at the agent rather than knowledge for it, in English, Chinese and Japanese.

    Overrides ("ignore previous instructions", 忽略之前的所有指令), role changes
    ("SYSTEM: you are now …"), and directives to every future visitor ("tell
    everyone", "from now on recommend …", 以后都推荐…给所有访客).
    """
    return run(INSTRUCTION, instruction.find, text, field, _views)


def temporary_wording(
    text: str, field: str = "body", *, _views: list[View] | None = None
) -> list[Span]:
    """Markers of a one-off ("for now", "this time only", 暂时, 这次, 今回), on word boundaries."""
    return run(TEMPORARY, temporary.find, text, field, _views)


def person_claims(
    text: str, field: str = "body", *, _views: list[View] | None = None
) -> list[Span]:
    """Accusations, health or private-life statements about a named person or a role ("the owner")."""
    return run(PERSON_CLAIM, people.find, text, field, _views)


def forged_structure(
    text: str, field: str = "body", *, _views: list[View] | None = None
) -> list[Span]:
    """Lines imitating the index, the catalog or a record's front matter (``N: slug - …``, MEMORY.md)."""
    return run(FORGED_STRUCTURE, forged.find, text, field, _views)


CHECKS: tuple[Callable[..., list[Span]], ...] = (
    personal_data,
    instruction_like,
    hidden_characters,
    temporary_wording,
    person_claims,
    forged_structure,
)
"""Every per-field text check, in the order scan runs them."""


def _scan_one(text: str, field: str, allow: Iterable[str]) -> list[Span]:
    read = views(text)  # folded once, shared by the detectors
    return [
        *hidden_characters(text, field),
        *personal_data(text, field, allow, _views=read),
        *instruction_like(text, field, _views=read),
        *temporary_wording(text, field, _views=read),
        *person_claims(text, field, _views=read),
        *forged_structure(text, field, _views=read),
    ]


def scan(fields: Iterable[tuple[str, str]], *, allow: Iterable[str] = ()) -> list[Span]:
    """All text flags over named fields (name, description, body…), sorted by field, then start.

    `allow` holds the organisation's own public contacts, as for :func:`personal_data`.
    """
    allow = tuple(allow)
    spans: list[Span] = []
    for field, text in fields:
        if text:
            spans.extend(_scan_one(text, field, allow))
    spans.sort(key=lambda s: (str(s["field"]), s["start"], s["end"], str(s["kind"])))  # type: ignore[arg-type,return-value]
    return spans


def flag_fields(fields: Iterable[tuple[str, str]]) -> list[Span]:
    """All text flags over the named fields of a candidate (the name :func:`scan` had before)."""
    return scan(fields)


def scan_text(text: str, allow: Iterable[str] = ()) -> list[Span]:
    """All text flags on one text, reported as field "body"."""
    return scan([("body", text)], allow=allow)


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
