"""How well "may be the same question" closes what grouping leaves split, on a labelled set.

Grouping stays strict (a row mixing two questions is worse than a question over two
rows), so some questions arrive as two rows. A run shows each new row the nearest other
row below the threshold (`GroupIndex.suggest`); the reviewer confirms it with Duplicate
(`d`), which joins the two groups. Measured here, as a run groups (`group_outcomes`):
how many suggestions name a row of the same question (right) or another question
(wrong: a glance and a decline), or the same question in another language (right too:
a question is one row whatever the language), and the rows per question, per language
and across languages, once every right one is confirmed.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from .evaluation import Report
from .groups import GROUP_LINK
from .loopeval import Member, group_outcomes, label_of
from .similarity import EMBEDDING_WEIGHT, FROM_SETTINGS


@dataclass
class SuggestionFigures:
    suggested: int = 0
    right: int = 0  # naming a row of the same question in the same language
    right_across: int = 0  # the same question in another language: one row with the API's
    wrong: int = 0  # of a real question's row, naming another question's row
    unwanted: int = 0  # of a row no gap was wanted in (noise, rejected whatever it says)
    rows_per_question: float = 0.0  # before any suggestion is confirmed
    rows_per_question_confirmed: float = 0.0
    one_row_confirmed: int = 0
    questions: int = 0
    # Across languages (a question is one row whatever the language): before and after.
    across_before: float = 0.0
    across_confirmed: float = 0.0


def _row_label(group: list[Member], across_languages: bool) -> str:
    """The question a row is about: that of most of its members (its first on a tie)."""
    labels = [label_of(conv, across_languages) for conv, _ in group]
    return max(labels, key=labels.count) if labels else ""


def suggestion_figures(
    report: Report,
    across_languages: bool = False,
    *,
    embedder: Any = FROM_SETTINGS,
    weight: float = EMBEDDING_WEIGHT,
    link: float = GROUP_LINK,
) -> SuggestionFigures:
    """The module docstring's figures for `report` (rows per question per language offline)."""
    suggestions: dict[int, int] = {}
    groups = group_outcomes(
        report, embedder=embedder, weight=weight, link=link, suggestions=suggestions
    )
    labels = [_row_label(g, across_languages) for g in groups]
    questions = [_row_label(g, True) for g in groups]
    root = list(range(len(groups)))

    def find(n: int) -> int:
        while root[n] != n:
            root[n] = root[root[n]]
            n = root[n]
        return n

    figures = SuggestionFigures(suggested=len(suggestions))
    for new, other in suggestions.items():
        if not labels[new]:
            figures.unwanted += 1
            continue
        if labels[new] == labels[other]:
            figures.right += 1
        elif questions[new] == questions[other]:
            figures.right_across += 1
        else:
            figures.wrong += 1
            continue
        root[find(new)] = find(other)
    figures.rows_per_question, figures.rows_per_question_confirmed, figures.one_row_confirmed = (
        _rows(groups, across_languages, find)
    )
    figures.questions = len({label_of(c, across_languages) for g in groups for c, _ in g} - {""})
    figures.across_before, figures.across_confirmed, _ = _rows(groups, True, find)
    return figures


def _rows(groups: list[list[Member]], across: bool, find: Any) -> tuple[float, float, int]:
    """Rows per question before and after the confirmed joins (`find`: a row's joined root),
    and the questions in one row after."""
    before: defaultdict[str, set[int]] = defaultdict(set)
    after: defaultdict[str, set[int]] = defaultdict(set)
    for n, g in enumerate(groups):
        for conv, _ in g:
            if conv.question:
                label = label_of(conv, across)
                before[label].add(n)
                after[label].add(find(n))
    if not before:
        return 0.0, 0.0, 0
    return (
        sum(map(len, before.values())) / len(before),
        sum(map(len, after.values())) / len(after),
        sum(1 for rows in after.values() if len(rows) == 1),
    )


def format_suggestions(figures: SuggestionFigures) -> str:
    return (
        f"  may be the same     {figures.suggested} rows suggested another: {figures.right} "
        f"right, {figures.right_across} the same question in another language, "
        f"{figures.wrong} wrong (and {figures.unwanted} on rows of no question); once the right "
        f"ones are confirmed rows per question {figures.rows_per_question:.2f} -> "
        f"{figures.rows_per_question_confirmed:.2f} per language "
        f"({figures.one_row_confirmed} of {figures.questions} questions in one row), "
        f"{figures.across_before:.2f} -> {figures.across_confirmed:.2f} across languages"
    )
