"""Run by bench/load.py through `manage.py shell` after a run: every approval committed once?"""

import json
import subprocess

from django.conf import settings

from knowledge_repo.models import Change
from memory_review.review.models import ReviewEvent

approvals = ReviewEvent.objects.filter(action="approve", undone_by=None)
decisions = ReviewEvent.objects.filter(
    action__in=["approve", "first_approval", "reject"], undone_by=None
)
log = subprocess.run(
    [
        "git",
        "-C",
        str(settings.KNOWLEDGE_REPO_PATH),
        "log",
        "--format=%(trailers:key=Change-Id,valueonly)",
    ],
    capture_output=True,
    text=True,
    check=True,
).stdout.split()
counts: dict[int, int] = {}
for value in log:
    counts[int(value)] = counts.get(int(value), 0) + 1
changes = {c.pk: c for c in Change.objects.all()}
approved = [e.change_id for e in approvals]
print(
    json.dumps(
        {
            "decisions": decisions.count(),
            "approvals": len(approved),
            "approvals_without_change": sum(1 for c in approved if c is None),
            "not_committed": sum(1 for c in approved if c and changes[c].status != "committed"),
            "double_commits": sum(1 for n in counts.values() if n > 1),
            "lost": sum(1 for c in approved if c and counts.get(c, 0) != 1),
            "conversations": __import__("conversations.models").models.Conversation.objects.count(),
        }
    )
)
