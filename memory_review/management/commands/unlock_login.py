from axes.models import AccessAttempt
from axes.utils import reset
from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    help = (
        "Unlock logins locked out after repeated failed passwords: forget the failed attempts "
        "of the given accounts and/or addresses, so the next right password logs in. "
        "With --list, only show who is locked out or has failed attempts."
    )

    def add_arguments(self, parser):
        parser.add_argument("usernames", nargs="*", metavar="USERNAME")
        parser.add_argument(
            "--ip", action="append", default=[], metavar="ADDRESS", help="an address to unlock"
        )
        parser.add_argument(
            "--list", action="store_true", help="list failed attempts, change nothing"
        )

    def handle(self, *args, **options):
        if options["list"]:
            attempts = AccessAttempt.objects.order_by("-attempt_time")
            for attempt in attempts:
                self.stdout.write(
                    f"{attempt.username or '-'} from {attempt.ip_address or '-'}: "
                    f"{attempt.failures_since_start} failure(s), last {attempt.attempt_time:%Y-%m-%d %H:%M}"
                )
            if not attempts:
                self.stdout.write("no failed logins recorded")
            return
        if not options["usernames"] and not options["ip"]:
            raise CommandError("name at least one USERNAME or --ip ADDRESS (or use --list)")
        removed = 0
        for username in options["usernames"]:
            removed += reset(username=username)
        for address in options["ip"]:
            removed += reset(ip=address)
        self.stdout.write(f"unlocked: removed {removed} failed-attempt record(s)")
