"""Coverage: which questions visitors ask, which are answered, and whether the answer worked.

- topics: gap groups clustered by their wordings (the same TF-IDF space as
  grouping, a looser threshold), with visitors per week, answered and open;
- the loop of each answered group, after the release that carried its
  answer: new visitors who asked it (their turns are matched to the group's
  wordings), how many got the answer selected (replay of their turns against
  that release through the reader) and how many still got a poor answer (gaps
  that joined the group as "still asked after vN");
- per release: the share of the groups it answered that were asked again.

Reads only; bounded (`MAX_GROUPS`, `MAX_TURNS`) so the page stays quick.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.utils import timezone

from conversations.models import Message
from knowledge_repo.actions.workspace import has_working_copy
from knowledge_repo.reader import KnowledgeBaseError
from knowledge_repo.selectors import open_release

from .groups import GroupIndex
from .models import Candidate, FilteredProposal, GapGroup
from .rules import OUT_OF_SCOPE

MAX_GROUPS = 500
MAX_TURNS = 2000
WEEKS = 4
# Groups whose wordings are this close share a topic (looser than one question).
TOPIC_SIMILARITY = 0.2


@dataclass
class Topic:
    name: str
    groups: list[GapGroup] = field(default_factory=list)
    weekly: list[int] = field(default_factory=lambda: [0] * WEEKS)

    @property
    def visitors(self) -> int:
        return sum(g.visitors for g in self.groups)

    @property
    def answered(self) -> int:
        return sum(g.answered_at is not None for g in self.groups)

    @property
    def open(self) -> int:
        return len(self.groups) - self.answered


@dataclass
class GroupLoop:
    """One answered group after the release that carried its answer."""

    group: GapGroup
    release: str
    asked: int = 0  # new visitor turns asking it after the release
    found: int = 0  # of those, turns the release selects the answer for
    poor: int = 0  # gaps that joined the group after the release
    error: str = ""


@dataclass
class ReleaseReasks:
    release: str
    answered: int
    reasked: int

    @property
    def rate(self) -> float:
        return self.reasked / self.answered if self.answered else 0.0


def topics(groups: list[GapGroup]) -> list[Topic]:
    """Groups clustered by meaning, most asked topic first, with visitors per week."""
    # Topics are wider than questions: n-grams at TOPIC_SIMILARITY, which no embedding
    # threshold has been calibrated for (groups already join paraphrases with one).
    corpus = [w for g in groups for w in g.wordings]
    index = GroupIndex.build([], [], corpus=corpus, embedder=None)
    index.threshold = TOPIC_SIMILARITY
    found: list[Topic] = []
    for group in sorted(groups, key=lambda g: -g.visitors):
        lines = group.wordings or [group.question]
        at = index.find(*lines)
        if at is None:
            found.append(Topic(name=group.question[:120]))
            at = len(found) - 1
        found[at].groups.append(group)
        for line in lines:
            index.add(at, line)
    by_group = {g.pk: t for t in found for g in t.groups}
    now = timezone.now()
    week = dt.timedelta(weeks=1)
    rows = Candidate.objects.filter(
        group_id__in=list(by_group), created_at__gte=now - week * WEEKS
    ).values_list("group_id", "created_at")
    for group_id, at in rows:
        by_group[group_id].weekly[max(WEEKS - 1 - int((now - at) / week), 0)] += 1
    return sorted(found, key=lambda t: -t.visitors)


def group_loop(group: GapGroup, kb: Any, release: Any) -> GroupLoop:
    """The loop of one answered group against the release that carried its answer."""
    loop = GroupLoop(group=group, release=release.name)
    loop.poor = group.candidates.filter(still_asked_after=release.name).count()
    # N-grams only: with an embedding provider, embedding up to MAX_TURNS new turns would
    # keep the coverage page waiting for a minute; re-asks still join their group (and
    # count in `poor`) by embeddings when the extraction job runs.
    index = GroupIndex.build([group.pk] * len(group.wordings), group.wordings, embedder=None)
    turns = (
        Message.objects.filter(
            role=Message.Role.USER, conversation__created_at__gt=release.created_at
        )
        .exclude(text="")
        .values_list("text", flat=True)[:MAX_TURNS]
    )
    for text in turns:
        if index.find(text) is None:
            continue
        loop.asked += 1
        loop.found += group.record_slug in {s.slug for s in kb.select(text, k=5)}
    return loop


def loops(groups: list[GapGroup]) -> list[GroupLoop]:
    """Every answered group's loop, each against the first release after its answer."""
    from knowledge_repo.models import Release

    releases = list(Release.objects.order_by("created_at", "pk"))
    by_release: defaultdict[Any, list[GapGroup]] = defaultdict(list)
    for g in groups:
        if g.answered_at is None or not g.record_slug:
            continue
        carried = next((r for r in releases if r.created_at > g.answered_at), None)
        if carried is not None:
            by_release[carried].append(g)
    found: list[GroupLoop] = []
    if by_release and not has_working_copy():
        # A web host has no working copy and must not make one: the loop is measured
        # where the repository is (the committer host), the page says so.
        note = "no working copy on this host: the loop is measured on the committer host"
        return [
            GroupLoop(group=g, release=r.name, error=note)
            for r, gs in by_release.items()
            for g in gs
        ]
    for release, answered in by_release.items():
        try:
            with open_release(release.name) as kb:
                found.extend(group_loop(g, kb, release) for g in answered)
        except KnowledgeBaseError as exc:
            found.extend(GroupLoop(group=g, release=release.name, error=str(exc)) for g in answered)
    return found


def reasks(loops_: list[GroupLoop]) -> list[ReleaseReasks]:
    """Per release: groups it answered, and how many of them were asked again after it."""
    per: dict[str, ReleaseReasks] = {}
    for loop in loops_:
        row = per.setdefault(loop.release, ReleaseReasks(loop.release, 0, 0))
        row.answered += 1
        row.reasked += loop.poor > 0
    return list(per.values())


def coverage() -> dict[str, Any]:
    """Everything the coverage page shows."""
    groups = list(GapGroup.objects.order_by("-last_seen")[:MAX_GROUPS])
    found_loops = loops(groups)
    return {
        "topics": topics(groups),
        "loops": found_loops,
        "reasks": reasks(found_loops),
        "out_of_scope": FilteredProposal.objects.filter(reason=OUT_OF_SCOPE).count(),
        "weeks": WEEKS,
    }
