import signal
import time

from django.core.management.base import BaseCommand, CommandError
from django.db import connection

from memory_review.jobs import JOBS, claim_due, run_job, scheduled_job


class Command(BaseCommand):
    help = (
        "Enqueue the periodic jobs when due (collect ended Message Batches, expire stale "
        "claims, retry failed commits, remind about records near valid_until); task workers "
        "run them. Several schedulers may run: each due run is enqueued once. "
        "--run-now NAME runs one job in this process and prints its outcome."
    )

    def add_arguments(self, parser):
        parser.add_argument("--run-now", metavar="NAME", choices=sorted(JOBS))
        parser.add_argument("--tick", type=float, default=5.0, help="seconds between looks")
        parser.add_argument("--once", action="store_true", help="enqueue what is due, then exit")

    def handle(self, *args, **options):
        if options["run_now"]:
            row = run_job(options["run_now"])
            self.stdout.write(f"{row.name}: {row.last_message}")
            if not row.last_ok:
                raise CommandError(f"{row.name} failed")
            return
        stop = False

        def _stop(signum, frame):
            nonlocal stop
            stop = True

        signal.signal(signal.SIGTERM, _stop)
        signal.signal(signal.SIGINT, _stop)
        self.stdout.write(f"scheduler started: {', '.join(sorted(JOBS))}")
        while not stop:
            for name in JOBS:
                try:
                    if claim_due(name):
                        scheduled_job.enqueue(name)
                        self.stdout.write(f"enqueued {name}")
                except Exception as exc:  # a database hiccup: try again next tick
                    self.stderr.write(f"scheduler: {name}: {exc}")
                    if connection.connection is not None and not connection.is_usable():
                        connection.close()
            if options["once"]:
                break
            time.sleep(options["tick"])
        self.stdout.write("scheduler stopped")
