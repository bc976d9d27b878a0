"""Set up the demo: accounts, demo conversations, knowledge repository, extraction,
a few approvals and a first published release that an agent can read.

Idempotent: a second run changes no data and prints the same logins.
"""

import secrets
import shlex
import sys
from pathlib import Path

from django.conf import settings
from django.contrib.auth.models import Group, User
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db.models import Q

from conversations.demo import load_demo
from knowledge_repo.actions import commit_pending
from knowledge_repo.models import Release
from memory_review.extraction.models import Candidate, ExtractionRun
from memory_review.review import foureyes
from memory_review.review.actions import (
    approve_candidate,
    cut_release,
    mark_read,
    publish_release,
)
from memory_review.roles import PUBLISHER, REVIEWER

# A team of four and the staff member who manages accounts: two of each role, so that
# every two-person rule (high-risk text, a high-risk release finding) can be walked
# through in the browser without the admin.
STAFF = "staff"
DEMO_ACCOUNTS = (
    ("reviewer", REVIEWER),
    ("reviewer2", REVIEWER),
    ("publisher", PUBLISHER),
    ("publisher2", PUBLISHER),
    ("staff", STAFF),
)

# What the demo reviewer approves, each found by a piece of the candidate's
# text and approved with text a person wrote (visitors' words are evidence,
# not records; a knowledge gap is answered, never approved as its question).
DEMO_QUESTIONS = (
    "Does Lumen Notes have a free plan?",
    "Why can't I log in with Google?",
    "Is there an on-premises version for companies?",
)
DEMO_APPROVALS = (
    (
        "refund button is under Account",
        {
            "name": "Refunds are under Account → Subscription",
            "description": "Where to find the refund button",
            "body": "The refund button is under Account → Subscription "
            "(the Billing page was renamed).\n",
            "type": "reference",
        },
    ),
    (
        "Apple Pencil double-tap",
        {
            "name": "Apple Pencil double-tap on iPad",
            "description": "The iPad app switches to the eraser on a double-tap",
            "body": "In the iPad app, double-tapping the Apple Pencil switches to the eraser.\n",
            "type": "reference",
        },
    ),
    (
        "Does Lumen Notes have a free plan?",
        {
            "name": "Free plan",
            "description": "What the free plan of Lumen Notes includes",
            "body": "Yes. The free plan includes unlimited notes and syncs on up to 2 devices "
            "(3 before the November release); the pricing page has the details.\n",
            "type": "reference",
        },
    ),
    (
        "log in with Google on the web",
        {
            "name": "Google sign-in on the web app",
            "description": "Why Google sign-in does not work on the web app",
            "body": "Google sign-in is switched off for the web app; sign in there with "
            "email or Apple.\n",
            "type": "reference",
        },
    ),
)


# Answered after v1 by both reviewers: it tells the agent what to say, so the gate held it
# for a second person, and the release checks find that instruction again. The next release waits for
# two publishers to clear that finding: the walk-through the demo prints.
DEMO_HIGH_RISK_ANSWER = (
    "Is there an on-premises version for companies?",
    {
        "name": "On-premises version",
        "description": "Whether Lumen Notes can be self-hosted",
        "body": "There is no on-premises version: Lumen Notes runs as a hosted service only. "
        "Always tell visitors that companies which need their data in one country can ask "
        "for the Business plan's dedicated region.\n",
        "type": "reference",
    },
)


WALK = (
    "1. reviewer and reviewer2: share out the queue (Queue → Assign), discuss, decide.",
    "2. publisher: Releases → on-premises-version tells the agent what to say, a high-risk "
    "finding: clear it (1 of 2) with a reason.",
    "3. publisher2: Releases → confirm the clearance, cut v2, then Review and publish v2: "
    "read each change (j/k, x marks it read) and publish it.",
    "4. An agent's answer: the memory-kb command for the on-premises question below.",
)


class Command(BaseCommand):
    help = (
        "Create the demo team (two reviewers, two publishers, a staff account) and load the "
        "demo data: v1 published, and a high-risk answer approved by both reviewers whose "
        "release finding two publishers clear. Safe to run again: nothing already there is "
        "changed."
    )

    def handle(self, *args, **options):
        logins = self._accounts()
        for summary in load_demo():
            self.stdout.write(
                f"ingested {summary.path}: {summary.conversations_created} conversation(s), "
                f"{summary.messages_added} message(s)"
            )
        call_command("kb_init", stdout=self.stdout)
        # Extraction runs once on the demo data so the queue is not empty; a second
        # `make run` must change nothing, so an existing run means it is done.
        if not ExtractionRun.objects.exists():
            call_command("extract", stdout=self.stdout)
        self._first_release()
        self.stdout.write("")
        self.stdout.write(self.style.SUCCESS(f"Demo logins (kept in {self._logins_path()}):"))
        for username, password, role in logins:
            self.stdout.write(f"  {role:<9} username {username!r:<12} password {password!r}")
        self.stdout.write("")
        self.stdout.write(self.style.SUCCESS("The rest of the way, in the browser:"))
        for step in WALK:
            self.stdout.write(f"  {step}")

    @staticmethod
    def _approve(text: str, edits: dict, first: User, second: User) -> None:
        found = Q(question__contains=text) | Q(body__contains=text)
        candidate = (
            Candidate.objects.filter(found, status=Candidate.Status.PENDING).order_by("pk").first()
        )
        if candidate is None:
            return
        approve_candidate(candidate=candidate, reviewer=first, edits=edits)
        candidate.refresh_from_db()
        if candidate.status == Candidate.Status.AWAITING_SECOND:
            # High-risk text needs a second, different person.
            approve_candidate(candidate=candidate, reviewer=second, edits=None)

    def _first_release(self) -> None:
        """Approve the demo candidates, cut and publish v1 once, then approve the high-risk
        answer the next release needs cleared; print how an agent reads it."""
        if not Release.objects.exists():
            reviewer = User.objects.get(username="reviewer")
            reviewer2 = User.objects.get(username="reviewer2")
            publisher = User.objects.get(username="publisher")
            for text, edits in DEMO_APPROVALS:
                self._approve(text, edits, reviewer, publisher)
            # The committer may be a worker elsewhere; the demo drains the outbox itself.
            commit_pending()
            result = cut_release(user=publisher, name="v1")
            if result.release is None:
                for failure in result.failures:
                    self.stderr.write(f"release check failed: {failure.message}")
                return
            # Four eyes: the reviewer approved each change, the publisher reads
            # every one on the release review before publishing.
            for change in foureyes.changes_to_walk(result.release):
                mark_read(user=publisher, release=result.release, change=change)
            publish_release(user=publisher, name="v1")
            self.stdout.write(
                "published release v1 (approved by the reviewer, read by the publisher)"
            )
            text, edits = DEMO_HIGH_RISK_ANSWER
            self._approve(text, edits, reviewer, reviewer2)
            commit_pending()
        remote = settings.KNOWLEDGE_PUBLISH_REMOTES[0]
        command = Path(sys.executable).with_name("memory-kb")
        self.stdout.write("")
        self.stdout.write(self.style.SUCCESS("An agent reads the published knowledge with:"))
        for question in DEMO_QUESTIONS:
            self.stdout.write(
                f"  {shlex.quote(str(command))} --repo {shlex.quote(str(remote))} "
                f"select {shlex.quote(question)}"
            )

    @staticmethod
    def _logins_path():
        return settings.VAR_DIR / "demo-logins.txt"

    def _accounts(self) -> list[tuple[str, str, str]]:
        path = self._logins_path()
        known: dict[str, str] = {}
        if path.exists():
            for line in path.read_text(encoding="utf-8").splitlines():
                name, _, password = line.partition(" ")
                known[name] = password
        result = []
        for username, role in DEMO_ACCOUNTS:
            user = User.objects.filter(username=username).first()
            if user is None:
                password = secrets.token_urlsafe(9)
                user = User.objects.create_user(
                    username, f"{username}@demo.invalid", password, first_name=username.title()
                )
                if role == STAFF:
                    # Manages accounts and roles in the admin; decides nothing itself.
                    user.is_staff = user.is_superuser = True
                    user.save(update_fields=["is_staff", "is_superuser"])
                else:
                    user.groups.add(Group.objects.get_or_create(name=role)[0])
                known[username] = password
            result.append((username, known.get(username, "(set before; unchanged)"), role))
        settings.VAR_DIR.mkdir(parents=True, exist_ok=True)
        path.write_text("".join(f"{n} {p}\n" for n, p in known.items()), encoding="utf-8")
        path.chmod(0o600)
        return result
