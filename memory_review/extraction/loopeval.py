"""The loop on a labelled set: queue rows per question, rows worth a look, and the next visitor.

Given what an extractor would queue for each labelled conversation
(evaluation.py), this groups the gaps exactly as a run does (groups.py, the
same threshold), then measures:

- recall: badly answered conversations whose gap reaches the queue;
- rows per question: queue rows the gaps of one question became (1 is right),
  and rows mixing different questions (a false join);
- rows worth a look: queue rows holding at least one conversation a reviewer
  wanted queued (the precision a reviewer feels);
- replay: one answer per question is released (a record made from the
  question's largest group, its wordings as search keys, as the review app
  writes it); the share of the question's visitors whose own question
  selects it through the reader, and — leaving each visitor's own wording
  out of the keys — the share a *next* visitor's question would select.

``calibrate`` picks the grouping threshold on a (development) part, and with
an embedding provider ``calibrate_weights`` the embedding's weight with it.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from django.conf import settings
from memory_kb.knowledge import Snapshot

from knowledge_repo.reader import KnowledgeBase
from knowledge_repo.recordfile import RecordData, index_line, render_index, render_record

from .evaluation import LabelledConversation, Report
from .groups import GROUP_LINK, GroupIndex, with_wording, wordings_of_key
from .searchkeys import search_keys
from .similarity import EMBEDDING_WEIGHT, FROM_SETTINGS

Member = tuple[LabelledConversation, Any]  # a conversation and one gap candidate of it


def group_outcomes(
    report: Report,
    threshold: float | None = None,
    *,
    embedder: Any = FROM_SETTINGS,
    weight: float = EMBEDDING_WEIGHT,
    link: float = GROUP_LINK,
    chunk: int | None = None,
    suggestions: dict[int, int] | None = None,
) -> list[list[Member]]:
    """The gaps of a report grouped as a run groups them, from an empty database.

    A run's worker takes `chunk` conversations at a time (EXTRACTION_CHUNK_SIZE): it
    loads the groups stored so far with their wordings (GroupIndex.load), sees the
    chunk's questions (GroupIndex.see), and each gap joins the nearest group above the
    threshold or starts one; a group's key keeps its distinct wordings (with_wording).
    `embedder`: the embedding provider (default: the setting's; None: n-grams only).
    `suggestions`, when given, is filled as a run fills a new gap's "may be the same
    question": a new row's number -> the row suggested to it (GroupIndex.match).
    """
    size = max(int(chunk or settings.EXTRACTION_CHUNK_SIZE), 1)
    groups: list[list[Member]] = []
    keys: list[str] = []
    for start in range(0, len(report.outcomes), size):
        gaps = [
            (conv, c)
            for conv, cands in report.outcomes[start : start + size]
            for c in cands
            if c.kind == "gap"
        ]
        if not gaps:
            continue
        stored = [(n, line) for n, key in enumerate(keys) for line in wordings_of_key(key)]
        index = GroupIndex.build(
            [n for n, _ in stored],
            [line for _, line in stored],
            embedder=embedder,
            weight=weight,
            link=link,
        )
        if threshold is not None:
            index.threshold = threshold
        index.see([q for _, c in gaps for q in (c.question, c.canonical) if q])
        for member in gaps:
            gap = member[1]
            found, near = index.match(gap.question, gap.canonical)
            if found is None:
                if suggestions is not None and near is not None:
                    suggestions[len(groups)] = near
                groups.append([member])
                keys.append("")
                found = len(groups) - 1
            else:
                groups[found].append(member)
            key = with_wording(with_wording(keys[found], gap.question), gap.canonical)
            before = set(wordings_of_key(keys[found]))
            for line in wordings_of_key(key):
                if line not in before:
                    index.add(found, line)
            keys[found] = key
    return groups


def grouping_counts(groups: list[list[Member]], across_languages: bool = False) -> GroupingCounts:
    """Rows per question (per language offline), questions in one row, rows mixing questions."""
    by_label: defaultdict[str, set[int]] = defaultdict(set)
    for n, g in enumerate(groups):
        for conv, _ in g:
            if conv.question:
                by_label[label_of(conv, across_languages)].add(n)
    rows = [len(ns) for ns in by_label.values()]
    return GroupingCounts(
        rows_per_question=sum(rows) / len(rows) if rows else 0.0,
        one_row=sum(1 for n in rows if n == 1),
        # The same question in two languages is one question.
        mixed_rows=sum(len({conv.question for conv, _ in g}) > 1 for g in groups),
    )


def shuffled_counts(
    report: Report, orders: int, across_languages: bool = False, *, embedder: Any = FROM_SETTINGS
) -> list[GroupingCounts]:
    """`grouping_counts` with the conversations in `orders` shuffled orders (seeds 0, 1, ...).

    A labelled set lists a question's conversations one after another; visitors
    arrive mixed, and a group's first wordings decide what joins it later.
    """
    out = []
    for seed in range(orders):
        outcomes = list(report.outcomes)
        random.Random(seed).shuffle(outcomes)
        groups = group_outcomes(replace(report, outcomes=outcomes), embedder=embedder)
        out.append(grouping_counts(groups, across_languages))
    return out


def format_shuffled(counts: list[GroupingCounts]) -> str:
    """One line: the mean (and range) of rows per question and rows mixing questions."""
    rpq = [c.rows_per_question for c in counts]
    mixed = [c.mixed_rows for c in counts]
    one = sum(c.one_row for c in counts) / len(counts)
    return (
        f"  arrival shuffled    rows per question {sum(rpq) / len(rpq):.2f} "
        f"({min(rpq):.2f}-{max(rpq):.2f}), {one:.1f} questions in one row, "
        f"{sum(mixed) / len(mixed):.1f} rows mix questions ({min(mixed)}-{max(mixed)}); "
        f"{len(counts)} orders"
    )


def label_of(conv: LabelledConversation, across_languages: bool) -> str:
    """The row a conversation's gap belongs in: its question, or offline its question and language."""
    if not conv.question:
        return ""
    return conv.question if across_languages else f"{conv.question}/{conv.lang}"


# A row mixing two questions is worse than a question split over two rows: thresholds are
# chosen by pairwise F-beta with beta 0.5 (precision, i.e. no false joins, weighs more).
CALIBRATION_BETA = 0.5


def pair_f_beta(
    groups: list[list[Member]], across_languages: bool = False, beta: float = 1.0
) -> float:
    """Pairwise F-beta (F1 by default) of "same question" over the grouped gaps (labels from the set)."""
    label = {id(c): label_of(conv, across_languages) for g in groups for conv, c in g}
    question = {id(c): conv.question for g in groups for conv, c in g}
    group_of = {id(c): n for n, g in enumerate(groups) for _, c in g}
    ids = list(label)
    tp = fp = fn = 0
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            same = bool(label[a]) and label[a] == label[b]
            joined = group_of[a] == group_of[b]
            if not same and joined and question[a] and question[a] == question[b]:
                continue  # the same question in two languages, joined offline: a bonus
            tp += same and joined
            fp += joined and not same
            fn += same and not joined
    b2 = beta * beta
    return (1 + b2) * tp / ((1 + b2) * tp + b2 * fn + fp) if tp else 0.0


def calibrate(
    report: Report,
    steps: Sequence[float] | None = None,
    across_languages: bool = False,
    *,
    embedder: Any = None,
    weight: float = EMBEDDING_WEIGHT,
) -> list[tuple[float, float]]:
    """(threshold, pairwise F0.5) for each threshold tried, best first (n-grams only unless
    an `embedder` is given; embedding cosines are higher, so their grid reaches 0.98)."""
    if steps is None:
        steps = [round(0.10 + 0.02 * i, 2) for i in range(45 if embedder else 36)]
    scores = [
        (
            t,
            pair_f_beta(
                group_outcomes(report, t, embedder=embedder, weight=weight),
                across_languages,
                CALIBRATION_BETA,
            ),
        )
        for t in steps
    ]
    return sorted(scores, key=lambda ts: (-ts[1], ts[0]))


EMBEDDING_WEIGHTS = (0.25, 0.5, 0.75, 0.9, 1.0)


def calibrate_weights(
    report: Report, embedder: Any, across_languages: bool = False
) -> list[tuple[float, float, float]]:
    """(embedding weight, its best threshold, pairwise F0.5) for each weight tried, best first."""
    best = []
    for weight in EMBEDDING_WEIGHTS:
        t, f1 = calibrate(
            report, across_languages=across_languages, embedder=embedder, weight=weight
        )[0]
        best.append((weight, t, f1))
    return sorted(best, key=lambda wtf: (-wtf[2], wtf[0]))


@dataclass
class GroupingCounts:
    rows_per_question: float
    one_row: int
    mixed_rows: int


@dataclass
class LoopFigures:
    gap_conversations: int = 0
    reached: int = 0
    rows: int = 0
    rows_worth: int = 0
    questions: int = 0
    rows_per_question: float = 0.0
    one_row: int = 0  # questions whose caught gaps are exactly one row
    mixed_rows: int = 0
    visitors: int = 0
    own_hits: int = 0
    next_hits: int = 0
    own_hits_without_keys: int = 0
    missed: list[str] = field(default_factory=list)

    @property
    def recall(self) -> float:
        return self.reached / self.gap_conversations if self.gap_conversations else 0.0

    @property
    def worth_share(self) -> float:
        return self.rows_worth / self.rows if self.rows else 0.0


def _first_question(conv: LabelledConversation, cands: list[Any]) -> str:
    gap = next((c for c in cands if c.kind == "gap"), None)
    if gap is not None:
        return gap.question
    users = [t.text for t in conv.turns if t.role == "user"]
    return users[-1] if users else ""


def _knowledge(records: list[RecordData]) -> KnowledgeBase:
    files = {r.path: render_record(r) for r in records}
    files["MEMORY.md"] = render_index(
        {r.slug: index_line(r.slug, r.name, r.description) for r in records}
    )
    return KnowledgeBase(snapshot=Snapshot.from_files(files, release="eval"))


def _record(
    slug: str, group: list[Member], *, leave_out: str = "", keys: bool = True
) -> RecordData:
    lead = group[0][1]
    wordings = [c.question for _, c in group if c.question != leave_out]
    return RecordData(
        slug=slug,
        name=lead.name,
        description=lead.question if lead.question != leave_out else lead.name,
        type="project",
        body="The answer a reviewer wrote.",
        search_keys=search_keys(wordings, exclude=[lead.name]) if keys else [],
    )


def loop_figures(
    report: Report,
    threshold: float | None = None,
    across_languages: bool = False,
    *,
    embedder: Any = FROM_SETTINGS,
    weight: float = EMBEDDING_WEIGHT,
) -> LoopFigures:
    """The figures of the module docstring; rows per question are per language offline."""
    figures = LoopFigures()
    groups = group_outcomes(report, threshold, embedder=embedder, weight=weight)
    memory_rows = [(conv, c) for conv, cands in report.outcomes for c in cands if c.kind != "gap"]
    figures.rows = len(groups) + len(memory_rows)
    figures.rows_worth = sum(any("gap" in conv.expected for conv, _ in g) for g in groups) + sum(
        "memory" in conv.expected for conv, _ in memory_rows
    )
    counts = grouping_counts(groups, across_languages)
    figures.mixed_rows = counts.mixed_rows
    by_question: defaultdict[str, list[int]] = defaultdict(list)
    for n, g in enumerate(groups):
        for conv, _ in g:
            if conv.question:
                by_question[conv.question].append(n)
    visitors = [
        (conv, cands) for conv, cands in report.outcomes if "gap" in conv.expected and conv.question
    ]
    figures.gap_conversations = len(visitors)
    figures.reached = sum(any(c.kind == "gap" for c in cands) for _, cands in visitors)
    figures.missed = [
        conv.id for conv, cands in visitors if not any(c.kind == "gap" for c in cands)
    ]
    figures.questions = len({label_of(conv, across_languages) for conv, _ in visitors})
    figures.rows_per_question = counts.rows_per_question
    figures.one_row = counts.one_row
    # One answer per question: one record, named after its largest row; every row of the
    # question (offline, one per language) answered with it adds its wordings as keys.
    largest: dict[str, list[Member]] = {}
    for q, ns in by_question.items():
        order = [n for n, _ in Counter(ns).most_common()]
        largest[q] = [m for n in order for m in groups[n]]
    slug = {q: f"answer-{i}" for i, q in enumerate(sorted(largest))}
    records = [_record(slug[q], members) for q, members in largest.items()]
    bare = [_record(slug[q], members, keys=False) for q, members in largest.items()]
    kb, kb_bare = _knowledge(records), _knowledge(bare)
    for conv, cands in visitors:
        if conv.question not in slug:
            continue
        figures.visitors += 1
        asked = _first_question(conv, cands)
        want = slug[conv.question]
        figures.own_hits += want in {s.slug for s in kb.select(asked)}
        figures.own_hits_without_keys += want in {s.slug for s in kb_bare.select(asked)}
        others = [
            _record(slug[q], members, leave_out=asked) if q == conv.question else r
            for (q, members), r in zip(largest.items(), records, strict=True)
        ]
        figures.next_hits += want in {s.slug for s in _knowledge(others).select(asked)}
    return figures


def format_loop(figures: LoopFigures) -> list[str]:
    def share(n: int, d: int) -> str:
        return f"{n / d:5.0%} ({n} of {d})" if d else "  n/a"

    return [
        f"  reached the queue   {share(figures.reached, figures.gap_conversations)} of badly "
        "answered conversations",
        f"  queue rows          {figures.rows}; worth a look "
        f"{share(figures.rows_worth, figures.rows)}",
        f"  rows per question   {figures.rows_per_question:.2f} "
        f"({figures.one_row} of {figures.questions} questions "
        f"in one row; {figures.mixed_rows} rows mix questions)",
        "  one answer released per question (every row of it answered with that record):",
        f"  replay, own words   {share(figures.own_hits, figures.visitors)} select the answer "
        f"(without search keys {share(figures.own_hits_without_keys, figures.visitors)})",
        f"  replay, next visitor {share(figures.next_hits, figures.visitors)} (own wording "
        "left out of the keys)",
    ]
