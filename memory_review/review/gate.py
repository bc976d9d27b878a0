"""The human gate: the one check every write of text into a record passes.

Approve, approve with edits, merge a candidate, merge records, edit a
record, answer a gap, bulk approve and revert all call :func:`check` with the
text that will be committed (not the text the candidate had when it was
extracted). The gate

- refuses text that is not knowledge yet (``knowledge_repo.placeholders``, the
  definition the release checks share): an empty body, TODO/TBD/"?"/lorem
  ipsum, the extractor's generated wording (a gap's stand-in, a visitor's
  claim or a disputed answer "to check"), a gap "answered" with its own
  question, or a gap, claim or correction approved in its generated text;
- recomputes the flags on that text (allowing the organisation's own public
  contacts, ``settings.PUBLIC_CONTACTS``);
- holds the change for a second, different person when a high-risk flag is on
  the text or on a record it changes, or for every change when
  ``settings.REVIEW_TWO_APPROVALS`` is on. The second person passes it only when
  the text is exactly the one the first person approved (a fingerprint of
  every field that is committed); changing it makes a new first approval;
- never passes a high-risk item in bulk (a bulk approval under
  ``REVIEW_TWO_APPROVALS`` is a first approval).

It decides; it writes nothing. Callers store a held change (the candidate's
first approval, or a :class:`~memory_review.review.models.HeldChange`) and
commit a passed one with ``approvers`` as the record's ``reviewed_by``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings

from knowledge_repo import placeholders, screening

from .errors import GateRefused, SecondReviewerRequired

TEXT_FIELDS = ("name", "description", "body")
# Everything that, if changed, makes a different decision.
FINGERPRINT_FIELDS = (*TEXT_FIELDS, "type", "valid_until", "operation", "target_slug", "slugs")


@dataclass(frozen=True)
class FirstApproval:
    """Who approved which text first (for a high-risk change waiting for a second person)."""

    user: Any
    fingerprint: str


@dataclass
class Verdict:
    """What the gate decided about one text."""

    flags: list[dict[str, Any]]
    risks: list[str]
    approvers: list[Any]
    held: bool
    fingerprint: str
    record_kinds: list[str] = field(default_factory=list)

    @property
    def high_risk_kinds(self) -> list[str]:
        """High-risk kinds on the text itself: the open flags the record will carry."""
        return sorted({str(s["kind"]) for s in screening.high_risk(self.flags)})

    @property
    def message(self) -> str:
        """Why a held change waits, for the page."""
        return "Held for a second reviewer: " + "; ".join(self.risks[:5]) + "."


def fingerprint(fields: Mapping[str, Any]) -> str:
    """A stable hash of everything a decision commits."""
    data = {
        name: _normal(fields.get(name))
        for name in FINGERPRINT_FIELDS
        if fields.get(name) not in (None, "")
    }
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()


def _normal(value: Any) -> Any:
    if isinstance(value, str):
        return value.replace("\r\n", "\n").replace("\r", "\n").strip()
    if isinstance(value, list | tuple):
        return [_normal(v) for v in value]
    return value


def scan(fields: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Flags on the text fields, without the organisation's own public contacts.

    Text about to be committed is also screened by the Anthropic classifier when
    ANTHROPIC_API_KEY is set (``classify=True``); without a key nothing changes.
    """
    texts = ((name, str(fields.get(name) or "")) for name in TEXT_FIELDS)
    # allow-list: the PUBLIC_CONTACTS and PUBLIC_DOMAINS settings
    return screening.screen(texts, classify=True)


def check_text(
    fields: Mapping[str, Any],
    *,
    question: str | None = None,
    generated: Mapping[str, Any] | None = None,
) -> None:
    """Refuse text that is not knowledge yet (raises :class:`GateRefused`).

    ``question`` is the visitor's question (a gap) or words (a claim, a
    correction); ``generated`` is the extractor's text of a gap, a claim or a
    correction, which a person must rewrite before it is approved.
    """
    found = placeholders.problem(fields, question=question or "", generated=generated)
    if found:
        raise GateRefused(f"Not knowledge yet: {found}.")


def check(
    *,
    reviewer: Any,
    fields: Mapping[str, Any],
    records: Sequence[Any] = (),
    first: FirstApproval | None = None,
    bulk: bool = False,
    question: str | None = None,
    generated: Mapping[str, Any] | None = None,
) -> Verdict:
    """Decide whether ``reviewer`` alone may commit ``fields`` (see the module docstring).

    ``records`` are the records the change alters (their ``open_flags`` count);
    ``first`` is the first approval in force, if any; ``question`` and
    ``generated`` as in :func:`check_text`.
    """
    check_text(fields, question=question, generated=generated)
    spans = scan(fields)
    risks = [
        f"{s['reason']} in the {s['field']} ({_quote(str(s['text']))})"
        for s in screening.high_risk(spans)
    ]
    record_kinds: set[str] = set()
    for record in records:
        kinds = sorted(set(record.open_flags or []) & screening.HIGH_RISK_KINDS)
        if kinds:
            record_kinds.update(kinds)
            risks.append(
                f"the record {record.slug} carries {', '.join(k.replace('_', ' ') for k in kinds)}"
            )
    print_ = fingerprint(fields)
    verdict = Verdict(
        flags=spans,
        risks=risks,
        approvers=[reviewer],
        held=False,
        fingerprint=print_,
        record_kinds=sorted(record_kinds),
    )
    high_risk = bool(risks)
    if settings.REVIEW_TWO_APPROVALS:
        risks.append("every change needs two approvals here (REVIEW_TWO_APPROVALS)")
    if not risks:
        return verdict
    if bulk and high_risk:
        raise GateRefused("A high-risk item is never approved in bulk: " + "; ".join(risks[:3]))
    if first is not None and first.fingerprint == print_:
        if first.user.pk == reviewer.pk:
            raise SecondReviewerRequired(
                "You gave the first approval of this text; a different reviewer must give the second."
            )
        verdict.approvers = [first.user, reviewer]
        return verdict
    verdict.held = True
    return verdict


def _quote(text: str, limit: int = 60) -> str:
    visible = "".join(c if c.isprintable() else f"U+{ord(c):04X}" for c in text)
    return visible if len(visible) <= limit else visible[: limit - 1] + "…"
