"""Measure an extractor on a labelled set: precision and recall per kind, and the noise share.

The labelled file is native JSONL (`{id, messages, metadata: {expected: [kinds]}}`).
Each conversation goes through the provider and the program rules exactly as in
a run, but in memory: nothing is written to the database.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.conf import settings

from knowledge_repo.screening.duplicates import NearDuplicateIndex

from .prompt import Turn, Window, render_catalog, render_conversation
from .providers import ExtractionRequest, Usage, get_provider
from .rules import RuleContext, apply_rules

KINDS = ("gap", "memory")


@dataclass
class LabelledConversation:
    id: str
    turns: list[Turn]
    expected: list[str]
    question: str = ""  # which question it asks (several visitors per question)
    lang: str = ""
    out_of_scope: bool = False


@dataclass
class Report:
    provider: str
    conversations: int = 0
    predicted: Counter[str] = field(default_factory=Counter)
    expected: Counter[str] = field(default_factory=Counter)
    correct: Counter[str] = field(default_factory=Counter)
    # (conversation id, kind, name) of every item nobody wanted, for reading.
    noise: list[tuple[str, str, str]] = field(default_factory=list)
    missed: list[tuple[str, str]] = field(default_factory=list)
    usage: Usage = field(default_factory=Usage)
    failures: int = 0
    # Per conversation: the labelled conversation and the candidates it would queue.
    outcomes: list[tuple[LabelledConversation, list[Any]]] = field(default_factory=list)
    out_of_scope: int = 0  # questions the agent rightly kept out of its job
    out_of_scope_expected: int = 0

    def precision(self, kind: str) -> float | None:
        return self.correct[kind] / self.predicted[kind] if self.predicted[kind] else None

    def recall(self, kind: str) -> float | None:
        return self.correct[kind] / self.expected[kind] if self.expected[kind] else None

    @property
    def noise_share(self) -> float | None:
        total = sum(self.predicted.values())
        return len(self.noise) / total if total else None


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    return "\n".join(b.get("text", "") for b in content if b.get("type") == "text")


def load(path: Path) -> list[LabelledConversation]:
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        data = json.loads(line)
        turns = [
            Turn(i, m["role"], _text(m["content"]))
            for i, m in enumerate(data["messages"])
            if m["role"] in ("user", "assistant")
        ]
        meta = data.get("metadata") or {}
        expected = list(meta.get("expected", []))
        rows.append(
            LabelledConversation(
                str(data["id"]),
                turns,
                expected,
                question=str(meta.get("question", "")),
                lang=str(meta.get("lang", "")),
                out_of_scope=bool(meta.get("out_of_scope", False)),
            )
        )
    return rows


def evaluate(path: Path, provider_name: str, provider: Any = None) -> Report:
    provider = provider or get_provider(provider_name)
    provider.prepare(render_catalog([]))
    report = Report(provider=getattr(provider, "model", provider_name))
    threshold = float(settings.EXTRACTION_NEAR_DUPLICATE_SCORE)
    context = RuleContext(records=[], index=NearDuplicateIndex(threshold))
    known: set[str] = set()
    for n, conv in enumerate(load(path)):
        window = Window(turns=conv.turns, after_order=-1, upto_order=conv.turns[-1].order)
        request = ExtractionRequest(
            key=conv.id, conversation_id=n + 1, window=window, user_text=render_conversation(window)
        )
        result = provider.extract(request)
        report.out_of_scope += bool(result.out_of_scope)
        report.out_of_scope_expected += conv.out_of_scope
        report.usage.add(result.usage)
        report.conversations += 1
        if result.failure:
            report.failures += 1
        outcome = apply_rules(
            result.items,
            window=window,
            conversation_id=n + 1,
            context=context,
            known_fingerprints=known,
            provider=provider_name,
        )
        report.outcomes.append((conv, list(outcome.candidates)))
        want = Counter(conv.expected)
        got = Counter(c.kind for c in outcome.candidates)
        report.expected.update(want)
        report.predicted.update(got)
        for kind in KINDS:
            hit = min(want[kind], got[kind])
            report.correct[kind] += hit
            extra = [c for c in outcome.candidates if c.kind == kind][hit:]
            report.noise.extend((conv.id, kind, c.name) for c in extra)
            report.missed.extend((conv.id, kind) for _ in range(want[kind] - hit))
    return report


def format_report(report: Report) -> list[str]:
    def pct(value: float | None) -> str:
        return "  n/a" if value is None else f"{value:5.0%}"

    lines = [f"{report.provider}: {report.conversations} conversations"]
    for kind in KINDS:
        lines.append(
            f"  {kind:<7} precision {pct(report.precision(kind))}  recall "
            f"{pct(report.recall(kind))}  (predicted {report.predicted[kind]}, expected "
            f"{report.expected[kind]}, correct {report.correct[kind]})"
        )
    lines.append(
        f"  noise share {pct(report.noise_share)} ({len(report.noise)} of "
        f"{sum(report.predicted.values())} queued items were not wanted)"
    )
    if report.failures:
        lines.append(f"  failures: {report.failures}")
    u = report.usage
    if u.input or u.cache_read or u.cache_write:
        lines.append(
            f"  tokens: input {u.input}, cache write {u.cache_write}, cache read "
            f"{u.cache_read}, output {u.output}"
        )
    return lines
