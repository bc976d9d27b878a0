"""Release checks that read the release itself, and the publish-time check.

At release time every record file of the tree is rescanned (not the database's
idea of it): hidden and bidirectional characters, instruction-like text,
personal data, claims about people, forged index lines, empty or placeholder
bodies, near-duplicate records, expired ``valid_until``. A finding blocks the
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
from collections.abc import Iterable
from dataclasses import dataclass

from django.conf import settings
from django.utils import timezone

from memory_review.extraction import flags as flagging
from memory_review.extraction.dedup import NearDuplicateIndex, match_text

from .models import FindingClearance
from .recordfile import INDEX_FILE, RECORDS_DIR, RecordData

PLACEHOLDER = re.compile(r"^\W*the visitor needed an answer to\b", re.IGNORECASE)


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


def _contact_key(text: str) -> str:
    return text.strip().casefold() if "@" in text else re.sub(r"\D", "", text)


def allowed_contacts() -> set[str]:
    """The organisation's public contacts, normalised (e-mail case-folded, phone digits)."""
    return {_contact_key(c) for c in settings.PUBLIC_CONTACTS if c.strip()}


def _own_address(text: str) -> bool:
    # Reviewers' no-reply addresses and the app's committer are public by design.
    email = text.strip().casefold()
    return email == settings.KNOWLEDGE_COMMITTER_EMAIL.casefold() or email.endswith(
        "@" + settings.KNOWLEDGE_NOREPLY_DOMAIN.casefold()
    )


def _line_of(file_text: str, field: str, value: str, start: int) -> int:
    """1-based line of ``value[start]`` in the record file."""
    if field == "body":
        body_at = file_text.rfind(value) if value else -1
        if body_at >= 0:
            return file_text.count("\n", 0, body_at + start) + 1
    match = re.search(rf"^{field}:", file_text, re.MULTILINE)
    return file_text.count("\n", 0, match.start()) + 1 if match else 1


def scan_record(
    data: RecordData, file_text: str, *, allowed: set[str] | None = None
) -> list[Finding]:
    """Findings in one record file (everything but near-duplicates, which need them all)."""
    allowed = allowed_contacts() if allowed is None else allowed
    found: list[Finding] = []
    fields = (("name", data.name), ("description", data.description), ("body", data.body))
    for span in flagging.scan(fields):
        kind = str(span["kind"])
        if kind == flagging.PERSONAL_DATA and _contact_key(str(span["text"])) in allowed:
            continue
        if kind not in flagging.HIGH_RISK_KINDS:
            continue
        field, value = str(span["field"]), dict(fields)[str(span["field"])]
        found.append(
            Finding(
                slug=data.slug,
                kind=kind,
                line=_line_of(file_text, field, value, int(span["start"])),  # type: ignore[call-overload]
                text=str(span["text"]),
                message=f"{span['reason']} in the {field}",
                high_risk=True,
            )
        )
    body = data.body.strip()
    if not body or PLACEHOLDER.match(body):
        found.append(
            Finding(
                slug=data.slug,
                kind="placeholder_body",
                line=_line_of(file_text, "body", data.body, 0),
                text=body[:120],
                message="the body is empty" if not body else "the body is a generated placeholder",
                high_risk=False,
            )
        )
    if data.valid_until:
        try:
            expired = dt.date.fromisoformat(data.valid_until) < timezone.localdate()
        except ValueError:
            expired = False
        if expired:
            found.append(
                Finding(
                    slug=data.slug,
                    kind="expired",
                    line=_line_of(file_text, "valid_until", "", 0),
                    text=data.valid_until,
                    message=f"valid until {data.valid_until}: readers no longer select it",
                    high_risk=False,
                    blocking=False,
                )
            )
    return found


def near_duplicates(records: Iterable[RecordData], threshold: float) -> list[Finding]:
    """Pairs of records whose name and description say nearly the same thing."""
    index = NearDuplicateIndex(threshold=threshold)
    found: list[Finding] = []
    for data in sorted(records, key=lambda r: r.slug):
        text = match_text(data.name, data.description)
        hit = index.best("record", text)
        if hit is not None:
            _, other, score = hit
            found.append(
                Finding(
                    slug=data.slug,
                    kind="near_duplicate",
                    line=1,
                    text=str(other),
                    message=f"near-duplicate of {other} ({score:.0%} alike): merge or clear",
                    high_risk=False,
                )
            )
        index.add("record", "r", data.slug, text)
    return found


def scan_tree(records: dict[str, RecordData], files: dict[str, str]) -> list[Finding]:
    """Every finding in a release tree, ordered by record and line."""
    allowed = allowed_contacts()
    found: list[Finding] = []
    for slug, data in records.items():
        found += scan_record(data, files.get(f"{RECORDS_DIR}/{slug}.md", ""), allowed=allowed)
    found += near_duplicates(records.values(), settings.RELEASE_NEAR_DUPLICATE_SCORE)
    return sorted(found, key=lambda f: (f.slug, f.line, f.kind))


def index_budget(lines: int, chars: int) -> list[Finding]:
    """The index over its prompt budget: agents then see only part of it."""
    max_lines, max_chars = settings.PROMPT_INDEX_MAX_LINES, settings.PROMPT_INDEX_MAX_CHARS
    if lines <= max_lines and chars <= max_chars:
        return []
    return [
        Finding(
            slug="",
            kind="index_over_budget",
            line=0,
            text=f"{lines} lines, {chars} characters",
            message=f"{INDEX_FILE} is over its budget of {max_lines} lines / {max_chars} "
            "characters: prompts carry only the most relevant lines",
            high_risk=False,
        )
    ]


def clearances(findings: Iterable[Finding]) -> dict[str, FindingClearance]:
    """Clearances on record for these findings, by finding key."""
    keys = [f.key for f in findings]
    return {c.key: c for c in FindingClearance.objects.filter(key__in=keys)}


def blocking(findings: Iterable[Finding]) -> list[Finding]:
    """The findings that still stop a release: blocking and not cleared (by two if high-risk)."""
    findings = list(findings)
    cleared = clearances(findings)
    return [
        f for f in findings if f.blocking and not (f.key in cleared and cleared[f.key].in_force)
    ]


# --- publish-time check ----------------------------------------------------------


def public_problems(texts: dict[str, str]) -> list[str]:
    """What a published tree must not carry: contacts off the allow-list, internal ids.

    ``texts`` maps a place (file path, commit) to its text; each problem names
    it. An internal id is a visitor conversation's id the app knows, alone or
    in the ``<source>/<id>#<turn>`` shape sources had before they became opaque.
    """
    from conversations.models import Conversation

    allowed = allowed_contacts()
    problems: list[str] = []
    tokens: dict[str, set[str]] = {}
    for place, text in texts.items():
        for span in flagging.personal_data(text):
            reason = str(span["reason"])
            found = str(span["text"])
            if _DATE.match(found):
                continue
            off_list = _contact_key(found) not in allowed and not _own_address(found)
            if reason in ("email address", "phone number") and off_list:
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
