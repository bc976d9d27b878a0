"""What a reviewer sees of a gap group: visitors, their wordings and languages, and a trend."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from dataclasses import dataclass

from django.utils import timezone

from .languages import guess_language
from .models import GapGroup

WEEKS = 4
MAX_WORDINGS_SHOWN = 12


@dataclass
class GroupView:
    group: GapGroup
    visitors: int
    wordings: list[str]
    languages: list[str]
    weekly: list[int]  # visitors per week, oldest first, this week last

    @property
    def trend(self) -> str:
        """rising, falling or steady: this week's visitors against last week's."""
        before, this = self.weekly[-2], self.weekly[-1]
        return "rising" if this > before else "falling" if this < before else "steady"

    @property
    def many(self) -> bool:
        """More than one visitor asked: only then does the page say "visitors ask this"."""
        return self.visitors > 1


def weekly_counts(group: GapGroup, weeks: int = WEEKS) -> list[int]:
    """Visitors (gaps) per week for the last `weeks` weeks, oldest first."""
    now = timezone.now()
    week = dt.timedelta(weeks=1)
    counts = [0] * weeks
    recent = group.candidates.filter(created_at__gte=now - week * weeks)
    for at in recent.values_list("created_at", flat=True):
        counts[max(weeks - 1 - int((now - at) / week), 0)] += 1
    return counts


def describe(group: GapGroup) -> GroupView:
    wordings = group.wordings
    languages = Counter(guess_language(w) for w in wordings)
    return GroupView(
        group=group,
        visitors=group.visitors,
        wordings=wordings[:MAX_WORDINGS_SHOWN],
        languages=[code for code, _ in languages.most_common() if code],
        weekly=weekly_counts(group),
    )
