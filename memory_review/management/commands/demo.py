"""Set up the demo: accounts, demo conversations, knowledge repository, extraction.

Idempotent: a second run changes no data and prints the same logins.
"""

import secrets

from django.conf import settings
from django.contrib.auth.models import Group, User
from django.core.management import call_command
from django.core.management.base import BaseCommand

from conversations.demo import load_demo
from memory_review.extraction.models import ExtractionRun
from memory_review.roles import PUBLISHER, REVIEWER

DEMO_ACCOUNTS = (("reviewer", REVIEWER), ("publisher", PUBLISHER))


class Command(BaseCommand):
    help = (
        "Create the demo reviewer and publisher accounts and load the demo data. "
        "Safe to run again: nothing already there is changed."
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
        self.stdout.write("")
        self.stdout.write(self.style.SUCCESS(f"Demo logins (kept in {self._logins_path()}):"))
        for username, password, role in logins:
            self.stdout.write(f"  {role:<9} username {username!r:<12} password {password!r}")

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
                user.groups.add(Group.objects.get_or_create(name=role)[0])
                known[username] = password
            result.append((username, known.get(username, "(set before; unchanged)"), role))
        settings.VAR_DIR.mkdir(parents=True, exist_ok=True)
        path.write_text("".join(f"{n} {p}\n" for n, p in known.items()), encoding="utf-8")
        path.chmod(0o600)
        return result
