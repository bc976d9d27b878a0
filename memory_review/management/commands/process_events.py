import os
import sys

from django.core.management.base import BaseCommand
from django.db import close_old_connections
from supervisor import childutils

from memory_review import supervision


class Command(BaseCommand):
    help = (
        "A supervisord event listener (supervisor_conf adds it; not for a terminal): records "
        "every state change of this host's processes for /readyz and the dashboard, and once "
        "a minute starts again any process supervisord gave up on (FATAL), so a process "
        "that keeps failing is retried for good, slowly. It speaks the listener protocol on "
        "stdin/stdout and logs to stderr."
    )

    def handle(self, *args, **options):
        rpc = childutils.getRPCInterface(os.environ)
        protocol = childutils.listener
        while True:
            headers, payload = protocol.wait(sys.stdin, sys.stdout)
            try:
                self.handle_event(headers["eventname"], payload, rpc)
            except Exception as exc:  # the database may be down: never block supervisord
                sys.stderr.write(f"process_events: {headers.get('eventname')}: {exc}\n")
                close_old_connections()
            protocol.ok(sys.stdout)

    def handle_event(self, event: str, payload: str, rpc) -> None:
        if event.startswith("PROCESS_STATE_"):
            fields, _ = childutils.eventdata(payload + "\n")
            if fields.get("groupname") == "process_events":
                return
            state = event.removeprefix("PROCESS_STATE_")
            pid = fields.get("pid")
            supervision.record_state(
                name=fields["processname"],
                state=state,
                pid=int(pid) if pid and pid.isdigit() else None,
                unexpected_exit=state == "EXITED" and fields.get("expected") == "0",
            )
        elif event.startswith("TICK_"):
            for info in rpc.supervisor.getAllProcessInfo():
                if info["group"] == "process_events":
                    continue
                supervision.record_state(
                    name=info["name"], state=info["statename"], pid=info["pid"] or 0
                )
                if info["statename"] == "FATAL":
                    sys.stderr.write(f"process_events: starting {info['name']} again\n")
                    rpc.supervisor.startProcess(info["name"], False)
            supervision.seen()
