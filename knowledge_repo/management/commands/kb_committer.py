import contextlib
import signal
import time

from django.core.management.base import BaseCommand
from django.db import connection

from knowledge_repo import jobs
from knowledge_repo.actions import commit_pending, ensure_initialised
from knowledge_repo.actions.leadership import (
    REFUSED_TO_LEAD,
    WorkingCopyRefused,
    check_before_leading,
    check_working_copy,
)
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
        "working copy to KNOWLEDGE_SHARED_REMOTE when set, never to a remote that lacks commits the "
        "database recorded, and proves the working copy belongs to this database (Change-Id "
        "trailers, release tags); while leading it repeats a quick check. On a disagreement it "
        "stops leading, says why (stderr, /readyz, the dashboard) and tries again after "
        "--retry-refused seconds. Stops on SIGTERM or SIGINT."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--poll", type=float, default=0.5, help="seconds between looks at the outbox"
        )
        parser.add_argument(
            "--heartbeat", type=float, default=5.0, help="seconds between status updates"
        )
        parser.add_argument(
            "--retry-refused",
            type=float,
            default=30.0,
            help="seconds before trying to lead again after refusing the working copy",
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
        last_check = time.monotonic()
        refused_until = 0.0
        message = ""
        while not stop:
            was_leading = election.leading
            try:
                if time.monotonic() < refused_until:
                    pass  # refused this working copy: wait before trying again
                elif election.try_lead():
                    if not was_leading:
                        moved = check_before_leading()
                        done = commit_pending(recover=True)
                        if jobs.interrupted():
                            self.stderr.write("jobs the previous leader left running: failed")
                        self.stdout.write(
                            f"{election.name} leads"
                            + (" (working copy reset to the shared remote)" if moved else "")
                        )
                        last_check = time.monotonic()
                    else:
                        if time.monotonic() - last_check >= options["heartbeat"]:
                            check_working_copy(full=False)
                            last_check = time.monotonic()
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
            except WorkingCopyRefused as exc:
                # Stop leading: another committer may hold a working copy that agrees.
                election.resign()
                message = f"{REFUSED_TO_LEAD} {exc}"
                self.stderr.write(f"committer {election.name} {message}")
                refused_until = time.monotonic() + options["retry_refused"]
                last_beat = float("-inf")  # show it now
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
