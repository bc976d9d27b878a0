"""Program rules applied to whatever an extractor proposes, before anything is queued.

Each proposal becomes either an unsaved Candidate (flagged where it needs a
reviewer's attention) or a filtered item with its reason, which the run
counts and keeps (FilteredProposal), so nothing is silently dropped.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings

from knowledge_repo import screening
from knowledge_repo.screening.duplicates import NearDuplicateIndex, match_text, normalise
from knowledge_repo.screening.normalise import normalise_text

from .dedup import fingerprint
from .models import Candidate
from .prompt import Window
from .schema import ProposedItem

# Reasons a proposal is kept out of the queue.
NOT_PERSISTENT = "not_persistent"
EMPTY_FIELD = "empty_field"
INVALID_TYPE = "invalid_type"
BAD_EVIDENCE = "bad_evidence"
CONTEXT_ONLY = "context_only"
NOTHING_NEW = "nothing_new"
UNKNOWN_TARGET = "unknown_target"
DUPLICATE = "duplicate"
DUPLICATE_OF_RECORD = "duplicate_of_record"
# Not a proposal: a question the agent rightly said was outside its job (providers report it).
OUT_OF_SCOPE = "out_of_scope"

_TYPES = set(Candidate.Type.values)
_KINDS = set(Candidate.Kind.values)
_OPERATIONS = set(Candidate.Operation.values)
# Flag kind -> the indexed column the queue filters on (the gate refreshes them too).
FLAG_COLUMNS = {
    screening.PERSONAL_DATA: "flag_personal_data",
    screening.INSTRUCTION: "flag_instruction",
    screening.TEMPORARY: "flag_temporary",
    screening.HIDDEN_CHARS: "flag_hidden_chars",
    screening.LOW_CONFIDENCE: "flag_low_confidence",
    screening.PERSON_CLAIM: "flag_person_claim",
    screening.FORGED_STRUCTURE: "flag_forged_structure",
}
_FLAG_COLUMNS = FLAG_COLUMNS


@dataclass(frozen=True)
class RecordInfo:
    slug: str
    name: str
    type: str
    description: str
    body: str


@dataclass
class RuleContext:
    """What the rules compare against: records, and candidates already queued."""

    records: list[RecordInfo]
    index: NearDuplicateIndex  # records
    candidates: NearDuplicateIndex | None = None  # open candidates; records' index if None
    by_name: dict[str, RecordInfo] = field(default_factory=dict)
    by_slug: dict[str, RecordInfo] = field(default_factory=dict)
    record_fingerprints: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for r in self.records:
            self.by_name.setdefault(normalise(r.name), r)
            self.by_slug[r.slug] = r
            self.record_fingerprints[fingerprint("memory", r.name, r.body)] = r.slug
            self.index.add("memory", "r", r.slug, match_text(r.name, r.description))
        if self.candidates is None:
            self.candidates = self.index

    def near_duplicate(self, kind: str, text: str) -> tuple[str, object, float] | None:
        """The closest record or open candidate at or above the threshold."""
        found = [self.index.best(kind, text)]
        if self.candidates is not self.index and self.candidates is not None:
            found.append(self.candidates.best(kind, text))
        hits = [f for f in found if f is not None]
        return max(hits, key=lambda f: f[2]) if hits else None


@dataclass
class Outcome:
    candidates: list[Candidate] = field(default_factory=list)
    filtered: list[tuple[str, dict[str, Any]]] = field(default_factory=list)


def _one_line(text: str) -> str:
    # Same length, so flag spans found on the text stay valid.
    return text.replace("\r", " ").replace("\n", " ").replace("\u2028", " ").replace("\u2029", " ")


def _no_ellipsis(text: str) -> str:
    """No trailing "…" or "...": a cut-off name would reach a published record as it is."""
    stripped = text.rstrip()
    while stripped.endswith(("\u2026", "...")):
        stripped = stripped.removesuffix("\u2026").removesuffix("...").rstrip(" ,;:-")
    return stripped or text


def _snapshot(record: RecordInfo) -> str:
    return record.body


def apply_rules(
    items: Iterable[ProposedItem],
    *,
    window: Window,
    conversation_id: int,
    context: RuleContext,
    known_fingerprints: set[str],
    provider: str,
) -> Outcome:
    """Check, flag and classify the proposals for one conversation.

    `known_fingerprints` holds fingerprints of candidates already stored; new
    ones are added to it, so a proposal made twice in one run is counted once.
    """
    out = Outcome()
    shown = window.orders
    new = window.new_orders
    threshold = float(settings.EXTRACTION_LOW_CONFIDENCE)
    for item in items:
        payload = item.model_dump()

        def drop(reason: str, payload: dict[str, Any] = payload, **extra: Any) -> None:
            out.filtered.append((reason, {**payload, **extra}))

        if item.operation == "none":
            drop(NOTHING_NEW)
            continue
        if item.scope != Candidate.Scope.PERSISTENT:
            drop(NOT_PERSISTENT)
            continue
        if item.type not in _TYPES or item.kind not in _KINDS or item.operation not in _OPERATIONS:
            drop(INVALID_TYPE)
            continue
        name, description, body = item.name.strip(), item.description.strip(), item.body.strip()
        question = item.question.strip()
        if not (name and description and body) or (item.kind == "gap" and not question):
            drop(EMPTY_FIELD)
            continue
        evidence = sorted(set(item.evidence))
        if not evidence or not set(evidence) <= shown:
            drop(BAD_EVIDENCE, shown=sorted(shown))
            continue
        if not set(evidence) & new:
            drop(CONTEXT_ONLY)
            continue

        operation = item.operation
        target = context.by_slug.get(item.target_slug.strip()) if item.target_slug else None
        if operation in ("supersede", "retract") and target is None:
            drop(UNKNOWN_TARGET)
            continue
        if operation == "update" and target is None:
            operation = "create"
        if item.kind == "memory" and target is None:
            same_name = context.by_name.get(normalise(name))
            if same_name is not None:
                # A same-named record is an update proposal with a diff, not a rejection.
                target, operation = same_name, "update"

        fp = fingerprint(item.kind, name, body, question, conversation_id)
        if fp in context.record_fingerprints:
            drop(DUPLICATE_OF_RECORD, record=context.record_fingerprints[fp])
            continue
        if fp in known_fingerprints:
            drop(DUPLICATE)
            continue
        known_fingerprints.add(fp)

        fields = [
            ("name", name),
            ("description", description),
            ("body", body),
            ("question", question),
            ("poor_answer", item.poor_answer.strip()),
        ]
        spans = screening.screen(fields)
        confidence = min(max(float(item.confidence), 0.0), 1.0)
        spans.extend(screening.low_confidence(confidence, threshold))
        candidate = Candidate(
            conversation_id=conversation_id,
            kind=item.kind,
            type=item.type,
            scope=item.scope,
            operation=operation,
            name=_no_ellipsis(_one_line(name)[:200]),
            description=_no_ellipsis(_one_line(description)),
            body=body,
            question=question,
            canonical=" ".join(item.canonical_question.split())[:500]
            if item.kind == Candidate.Kind.GAP
            else "",
            poor_answer=item.poor_answer.strip(),
            evidence=evidence,
            confidence=confidence,
            target_slug=target.slug if target else "",
            target_snapshot=_snapshot(target) if target else "",
            flags=spans,
            fingerprint=fp,
            provider=provider,
        )
        for span in spans:
            # Flag kinds without a column of their own (person_claim, forged_structure, ...)
            # stay in `flags`, shown with their spans.
            column = FLAG_COLUMNS.get(str(span["kind"]))
            if column is not None:
                setattr(candidate, column, True)
        if operation == "create" and item.kind == Candidate.Kind.GAP:
            # A gap is matched on its question, and only against records: gaps asking the
            # same thing are grouped (groups.py), not linked as near-duplicates.
            near_record = context.index.best(
                item.kind, match_text(normalise_text(name), normalise_text(question))
            )
            if near_record is not None:
                candidate.similarity = near_record[2]
                candidate.duplicate_of_record = str(near_record[1])
        elif operation == "create":
            # A claim to check is matched on the claim: the heuristic's descriptions are
            # generated and shared, and would make every correction look like every other.
            text = match_text(normalise_text(name), normalise_text(question or description))
            near = context.near_duplicate(item.kind, text)
            if near is not None:
                source, ident, score = near
                candidate.similarity = score
                if source == "r":
                    candidate.duplicate_of_record = str(ident)
                else:
                    # A stored candidate's pk, or one proposed earlier in this chunk
                    # (saved together with this one; the caller links them).
                    candidate.duplicate_of = ident if isinstance(ident, Candidate) else None
                    if not isinstance(ident, Candidate):
                        candidate.duplicate_of_id = ident  # type: ignore[assignment]
            assert context.candidates is not None
            context.candidates.add(item.kind, "c", candidate, text)
        out.candidates.append(candidate)
    return out
