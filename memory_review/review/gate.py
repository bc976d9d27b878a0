"""The human gate: the one check every write of text into a record passes.

Approve, approve with edits, merge a candidate, merge records, edit a
record, answer a gap, bulk approve and revert all call :func:`check` with the
text that will be committed (not the text the candidate had when it was
extracted). The gate

- refuses text no person wrote: an empty body, the extractor's placeholder
  for a gap ("The visitor needed an answer to: …"), or a gap "answered" with
  its own question;
- recomputes the flags on that text (allowing the organisation's own public
  contacts, ``settings.PUBLIC_CONTACTS``);
- holds the change for a second, different person when a high-risk flag is on
  the text or on a record it changes. The second person passes it only when
  the text is exactly the one the first person approved (a fingerprint of
  every field that is committed); changing it makes a new first approval;
- never passes a high-risk item in bulk.

It decides; it writes nothing. Callers store a held change (the candidate's
first approval, or a :class:`~memory_review.review.models.HeldChange`) and
commit a passed one with ``approvers`` as the record's ``reviewed_by``.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from knowledge_repo import screening
from knowledge_repo.checks import PLACEHOLDER

from .errors import GateRefused, SecondReviewerRequired

TEXT_FIELDS = ("name", "description", "body")
# Everything that, if changed, makes a different decision.
FINGERPRINT_FIELDS = (*TEXT_FIELDS, "type", "valid_until", "operation", "target_slug", "slugs")
_SPACE = re.compile(r"\s+")
_TRAILING_PUNCT = re.compile(r"[\s?？!！。.]+$")


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


def _same_question(answer: str, question: str) -> bool:
    def key(text: str) -> str:
        return _TRAILING_PUNCT.sub("", _SPACE.sub(" ", text).strip()).casefold()

    return bool(question.strip()) and key(answer) == key(question)


def check_text(fields: Mapping[str, Any], *, question: str | None = None) -> None:
    """Refuse text no person wrote (raises :class:`GateRefused`)."""
    body = str(fields.get("body") or "")
    if not body.strip():
        raise GateRefused("A record needs a body: write what the agent should know.")
    if PLACEHOLDER.match(body):
        raise GateRefused(
            "The body is still the generated placeholder; write the answer a visitor should get."
        )
    if question is not None and _same_question(body, question):
        raise GateRefused("The answer repeats the visitor's question; write the answer itself.")


def check(
    *,
    reviewer: Any,
    fields: Mapping[str, Any],
    records: Sequence[Any] = (),
    first: FirstApproval | None = None,
    bulk: bool = False,
    question: str | None = None,
) -> Verdict:
    """Decide whether ``reviewer`` alone may commit ``fields`` (see the module docstring).

    ``records`` are the records the change alters (their ``open_flags`` count);
    ``first`` is the first approval in force, if any; ``question`` is set when
    the text answers a knowledge gap.
    """
    check_text(fields, question=question)
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
    if not risks:
        return verdict
    if bulk:
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
