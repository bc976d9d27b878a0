import contextlib
import signal
import time

from django.core.management.base import BaseCommand
from django.db import connection

from knowledge_repo import jobs
from knowledge_repo.actions import commit_pending, ensure_initialised
from knowledge_repo.actions.committer import sync_from_shared
from knowledge_repo.election import Election


def _reset_if_broken() -> None:
    # Not _reset_if_broken(): with CONN_MAX_AGE=0 it would close a healthy
    # connection, and with it the leader's advisory lock.
    if connection.connection is not None and not connection.is_usable():
        connection.close()


class Command(BaseCommand):
    help = (
        "Run the committer: the one process that owns the git working copy. Several may run "
        "(on several hosts); one leads, chosen by a PostgreSQL advisory lock (a file lock "
        "beside the database on SQLite), and commits the outbox in order; the others wait "
        "and take over within one poll when the leader dies. The leader also runs the jobs web "
        "pages queue (release checks, cutting, publishing, rolling back, replay). A new leader first resets its "
        "working copy to KNOWLEDGE_SHARED_REMOTE when set. Stops on SIGTERM or SIGINT."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--poll", type=float, default=0.5, help="seconds between looks at the outbox"
        )
        parser.add_argument(
            "--heartbeat", type=float, default=5.0, help="seconds between status updates"
        )

    def handle(self, *args, **options):
        stop = False

        def _stop(signum, frame):
            nonlocal stop
            stop = True

        signal.signal(signal.SIGTERM, _stop)
        signal.signal(signal.SIGINT, _stop)
        ensure_initialised()
        election = Election()
        self.stdout.write(f"committer {election.name} started; waiting to lead")
        last_beat = 0.0
        message = ""
        while not stop:
            was_leading = election.leading
            try:
                if election.try_lead():
                    if not was_leading:
                        moved = sync_from_shared()
                        done = commit_pending(recover=True)
                        if jobs.interrupted():
                            self.stderr.write("jobs the previous leader left running: failed")
                        self.stdout.write(
                            f"{election.name} leads"
                            + (" (working copy reset to the shared remote)" if moved else "")
                        )
                    else:
                        done = commit_pending()
                    for change in done:
                        self.stdout.write(
                            f"{change.commit_sha[:12]} change {change.pk} {change.kind} "
                            f"{change.slug}"
                        )
                    # Pages' jobs after the outbox: a release sees every approval before it.
                    for job in jobs.run_queued():
                        self.stdout.write(f"job {job.pk} {job.kind}: {job.status}")
                    message = ""
                elif was_leading:
                    self.stderr.write(f"{election.name} lost the lead")
            except Exception as exc:  # keep running: the next poll retries
                message = f"{type(exc).__name__}: {exc}"
                self.stderr.write(f"committer error: {message}")
                _reset_if_broken()
            now = time.monotonic()
            if now - last_beat >= options["heartbeat"] or election.leading != was_leading:
                try:
                    election.heartbeat(message)
                    last_beat = now
                except Exception as exc:
                    self.stderr.write(f"heartbeat failed: {exc}")
                    _reset_if_broken()
            time.sleep(options["poll"])
        election.resign()
        with contextlib.suppress(Exception):
            election.heartbeat("stopped")
        self.stdout.write(f"committer {election.name} stopped")
