"""One candidate in context: evidence, flags, diffs, provenance."""

from __future__ import annotations

import difflib
import functools
from dataclasses import dataclass
from typing import Any

from django.db import connection

from conversations.models import Message
from knowledge_repo.screening import HIGH_RISK_KINDS
from memory_review.extraction.models import Candidate

from ..models import ReviewEvent
from ..team_models import Assignment, Comment
from ..text import FLAG_EXPLANATIONS, FLAG_LABELS, highlight

EVIDENCE_WINDOW = 6
MAX_MESSAGES = 80


def evidence_messages(candidate: Candidate, show_all: bool = False) -> tuple[list[Message], bool]:
    """The conversation's messages around the cited ones; (messages, trimmed)."""
    qs = Message.objects.filter(conversation_id=candidate.conversation_id).order_by("order")
    cited = sorted(int(o) for o in candidate.evidence if str(o).lstrip("-").isdigit())
    total = candidate.conversation.message_count or qs.count()
    if show_all or total <= MAX_MESSAGES or not cited:
        return list(qs[:2000] if show_all else qs[:MAX_MESSAGES]), total > (
            2000 if show_all else MAX_MESSAGES
        )
    low, high = cited[0] - EVIDENCE_WINDOW, cited[-1] + EVIDENCE_WINDOW
    return list(qs.filter(order__gte=low, order__lte=high)[:MAX_MESSAGES]), True


def message_blocks(message: Message) -> list[dict[str, Any]]:
    """Content blocks as (kind, text) for display; tool blocks are shown collapsed."""
    blocks: list[dict[str, Any]] = []
    content = message.content
    if isinstance(content, str):
        content = [{"type": "text", "text": content}]
    for block in content or []:
        if not isinstance(block, dict):
            blocks.append({"tool": False, "text": str(block)})
            continue
        kind = block.get("type", "text")
        if kind == "text":
            blocks.append({"tool": False, "text": block.get("text", "")})
        else:
            label = block.get("name") or kind
            detail = block.get("input") or block.get("content") or block.get("text") or ""
            if not isinstance(detail, str):
                import json

                detail = json.dumps(detail, ensure_ascii=False, indent=1)[:5000]
            blocks.append({"tool": True, "label": f"{kind}: {label}", "text": detail})
    if not blocks and message.text:
        blocks.append({"tool": message.is_tool_output, "label": message.role, "text": message.text})
    return blocks


def flag_explanations(candidate: Candidate) -> list[dict[str, Any]]:
    """Each flag kind in words, with the flagged snippets."""
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for flag in candidate.flags or []:
        by_kind.setdefault(str(flag.get("kind", "")), []).append(flag)
    if (candidate.duplicate_of_id or candidate.duplicate_of_record) and "duplicate" not in by_kind:
        by_kind["duplicate"] = []
    return [
        {
            "kind": kind,
            "label": FLAG_LABELS.get(kind, kind.replace("_", " ")),
            "explanation": FLAG_EXPLANATIONS.get(kind, kind.replace("_", " ")),
            "spans": spans,
            "high_risk": kind in HIGH_RISK_KINDS,
        }
        for kind, spans in by_kind.items()
    ]


def highlighted_fields(candidate: Candidate) -> dict[str, Any]:
    spans: dict[str, list[dict[str, Any]]] = {}
    for flag in candidate.flags or []:
        spans.setdefault(str(flag.get("field", "")), []).append(flag)
    return {
        name: highlight(getattr(candidate, name), spans.get(name, []))
        for name in ("name", "description", "body", "question", "poor_answer")
    }


def state_text(state: dict) -> str:
    """A record state (name, description, valid_until, body) as text for a diff."""
    if not state:
        return ""
    lines = [f"name: {state.get('name', '')}", f"description: {state.get('description', '')}"]
    if state.get("type"):
        lines.append(f"type: {state['type']}")
    if state.get("valid_until"):
        lines.append(f"valid_until: {state['valid_until']}")
    return "\n".join(lines) + "\n\n" + str(state.get("body", ""))


def side_by_side(before: str, after: str) -> list[tuple[str, str, str]]:
    """Rows (tag, left line, right line) for a two-column diff."""
    left, right = before.splitlines(), after.splitlines()
    rows: list[tuple[str, str, str]] = []
    matcher = difflib.SequenceMatcher(a=left, b=right, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        a, b = left[i1:i2], right[j1:j2]
        for k in range(max(len(a), len(b))):
            rows.append((tag, a[k] if k < len(a) else "", b[k] if k < len(b) else ""))
    return rows


def current_record(slug: str) -> Any:
    """The knowledge-repository record with this slug, if the app knows it."""
    if not slug:
        return None
    try:
        from knowledge_repo.models import Record
    except ImportError:
        return None
    return Record.objects.filter(slug=slug).first()


def record_text(record: Any) -> str:
    if record is None:
        return ""
    return f"# {record.name}\n{record.description}\n\n{record.body}"


def candidate_text(candidate: Candidate) -> str:
    return f"# {candidate.name}\n{candidate.description}\n\n{candidate.body}"


def provenance(candidate: Candidate, has_events: bool = True) -> dict[str, Any]:
    """Turns → run → decisions → commits → releases, in one place (``has_events``
    False: ``related_rows`` found none)."""
    events = (
        list(
            ReviewEvent.objects.filter(candidate=candidate)
            .select_related("user")
            .order_by("at", "pk")
        )
        if has_events
        else []
    )
    changes: list[Any] = []
    releases: list[Any] = []
    # A change names its candidate only when a decision wrote it (``write_change``, then
    # the decision's event in the same transaction) or reverts one that did: a candidate
    # without events has none, and most pages show an undecided one (issue 21).
    if events:
        try:
            from knowledge_repo.models import Change

            changes = list(Change.objects.filter(candidate_id=candidate.pk).order_by("pk"))
        except ImportError:
            pass
    shas = [c.commit_sha for c in changes if getattr(c, "commit_sha", "")]
    if shas:
        releases = releases_containing(shas)
    return {"events": events, "changes": changes, "releases": releases}


def releases_containing(shas: list[str]) -> list[str]:
    """Names of release tags that contain any of these commits."""
    try:
        from django.conf import settings
        from git import Repo

        repo = Repo(settings.KNOWLEDGE_REPO_PATH)
    except Exception:
        return []
    try:
        # One git run for all of them (tags containing any); one each only when that
        # fails, so that a commit git does not know leaves out only itself.
        try:
            outs = [repo.git.tag(*(f"--contains={sha}" for sha in dict.fromkeys(shas)))]
        except Exception:
            outs = []
            for sha in shas:
                try:
                    outs.append(repo.git.tag("--contains", sha))
                except Exception:
                    continue
        return sorted({line.strip() for out in outs for line in out.splitlines() if line.strip()})
    finally:
        repo.close()


def near_duplicates(candidate: Candidate) -> list[Candidate]:
    """Up to five candidates found to duplicate this one, newest first: what the page shows
    of them (id, name, status) only, read without the related manager (issue 21)."""
    return list(
        Candidate.objects.filter(duplicate_of_id=candidate.pk)
        .exclude(pk=candidate.pk)
        .only("pk", "name", "status")
        .order_by("-created_at")[:5]
    )


@dataclass(frozen=True)
class Related:
    """Which of the rows the candidate page lists about a candidate exist at all."""

    events: bool = True
    duplicates: bool = True
    comments: bool = True
    assignment: bool = True


def related_rows(candidate: Candidate) -> Related:
    """One query for four answers the page needs (issue 21): most candidates a reviewer
    opens have no audit event, near-duplicate, comment or assignment yet, and each of
    those lists through the ORM cost more CPU to ask for than the database spent on it.
    The page reads a list only when its answer here is yes."""
    pk = candidate.pk
    with connection.cursor() as cursor:
        cursor.execute(_related_sql(), [pk, pk, pk, pk, pk])
        row = cursor.fetchone()
    return Related(*(bool(v) for v in row))


@functools.cache
def _related_sql() -> str:
    quote = connection.ops.quote_name
    event, cand, comment, assignment = (
        quote(m._meta.db_table) for m in (ReviewEvent, Candidate, Comment, Assignment)
    )
    return (
        f"SELECT EXISTS (SELECT 1 FROM {event} WHERE candidate_id = %s),"
        f" EXISTS (SELECT 1 FROM {cand} WHERE duplicate_of_id = %s AND id <> %s),"
        f" EXISTS (SELECT 1 FROM {comment} WHERE candidate_id = %s),"
        f" EXISTS (SELECT 1 FROM {assignment} WHERE candidate_id = %s)"
    )
