"""Supervised processes: the supervisord configuration made from the Procfile, and what
each host's supervisor reports about its processes.

The Procfile stays the one list of process types (platforms that run a
Procfile use it as it is). ``supervisor_conf`` turns it into a supervisord
configuration in which every type restarts on its own: one that dies after
running is started again at once, one that dies while starting is retried
after 1, 2, 3, ... seconds, and one that keeps failing is started again once
a minute by the event listener, so nothing stays down for good. The listener
(``process_events``) records each state change in ``ProcessState``, which
/readyz and the dashboard read.
"""

from __future__ import annotations

import datetime as dt
import shlex
import socket
import sys
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from .models import ProcessState

# Seconds a process must stay up to count as started; how often a failing start is retried.
START_SECONDS = {"web": 5}
DEFAULT_START_SECONDS = 3
START_RETRIES = 5
# Seconds to finish in-flight work on SIGTERM before SIGKILL (gunicorn's graceful timeout is 20).
STOP_SECONDS = {"web": 30, "committer": 15}
DEFAULT_STOP_SECONDS = 10
FAILING_STATES = {"BACKOFF", "FATAL", "EXITED", "UNKNOWN"}


@dataclass(frozen=True)
class ProcessType:
    name: str
    command: str


def read_procfile(path: Path) -> list[ProcessType]:
    """The process types of a Procfile (``name: command`` lines; # comments)."""
    types = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        name, sep, command = line.partition(":")
        if not sep or not name.strip().isidentifier() or not command.strip():
            raise ValueError(f"{path}:{number}: not a 'name: command' line")
        types.append(ProcessType(name.strip(), command.strip()))
    return types


def _value(text: str) -> str:
    # supervisord expands %(name)s in values: a literal % is %%.
    return text.replace("%", "%%")


def render_config(types: list[ProcessType], *, base_dir: Path, state_dir: Path) -> str:
    """A supervisord configuration running every process type in the foreground."""
    socket_path = state_dir / "supervisor.sock"
    lines = [
        "; Made by manage.py supervisor_conf from the Procfile; make serve writes it anew.",
        "[supervisord]",
        "nodaemon=true",
        f"directory={_value(str(base_dir))}",
        f"logfile={_value(str(state_dir / 'supervisord.log'))}",
        "logfile_maxbytes=10MB",
        "logfile_backups=3",
        f"pidfile={_value(str(state_dir / 'supervisord.pid'))}",
        f"childlogdir={_value(str(state_dir))}",
        "",
        "[unix_http_server]",
        f"file={_value(str(socket_path))}",
        "chmod=0700",
        "",
        "[rpcinterface:supervisor]",
        "supervisor.rpcinterface_factory = supervisor.rpcinterface:make_main_rpcinterface",
        "",
        "[supervisorctl]",
        f"serverurl=unix://{_value(str(socket_path))}",
        "",
    ]
    for kind in types:
        command = "/bin/sh -c " + shlex.quote("exec " + kind.command)
        lines += [
            f"[program:{kind.name}]",
            f"command={_value(command)}",
            f"directory={_value(str(base_dir))}",
            "autostart=true",
            "autorestart=true",
            f"startsecs={START_SECONDS.get(kind.name, DEFAULT_START_SECONDS)}",
            f"startretries={START_RETRIES}",
            "stopsignal=TERM",
            f"stopwaitsecs={STOP_SECONDS.get(kind.name, DEFAULT_STOP_SECONDS)}",
            "stopasgroup=true",
            "killasgroup=true",
            "redirect_stderr=true",
            "stdout_logfile=/dev/stdout",
            "stdout_logfile_maxbytes=0",
            "",
        ]
    manage = base_dir / "manage.py"
    lines += [
        "[eventlistener:process_events]",
        f"command={_value(shlex.join([sys.executable, str(manage), 'process_events']))}",
        f"directory={_value(str(base_dir))}",
        "events=PROCESS_STATE,TICK_60",
        "buffer_size=256",
        "autorestart=true",
        "stderr_logfile=/dev/stderr",
        "stderr_logfile_maxbytes=0",
        "",
    ]
    return "\n".join(lines)


def host_name() -> str:
    return settings.PROCESS_HOST or socket.gethostname()


def _recent(exits: list[str], now: dt.datetime) -> list[str]:
    since = now - dt.timedelta(seconds=settings.READY_RESTART_WINDOW)
    return [t for t in exits if dt.datetime.fromisoformat(t) >= since]


def record_state(
    *,
    name: str,
    state: str,
    pid: int | None = None,
    unexpected_exit: bool = False,
    host: str | None = None,
    now: dt.datetime | None = None,
) -> ProcessState:
    """Record that process ``name`` on this host is now in ``state``."""
    now = now or timezone.now()
    host = host or host_name()
    with transaction.atomic():
        row, _ = ProcessState.objects.select_for_update().get_or_create(
            host=host, name=name, defaults={"state": state, "changed_at": now, "last_seen": now}
        )
        exits = _recent(list(row.exits), now)
        if unexpected_exit or state == "BACKOFF":
            exits.append(now.isoformat())
        if row.state != state:
            row.changed_at = now
        row.state, row.last_seen, row.exits = state, now, exits[-50:]
        if pid is not None:
            row.pid = pid or None
        row.save()
    return row


def seen(host: str | None = None, *, now: dt.datetime | None = None) -> None:
    """The host's supervisor is alive: its rows are current."""
    ProcessState.objects.filter(host=host or host_name()).update(last_seen=now or timezone.now())


@dataclass(frozen=True)
class Loop:
    """A process that is failing or restarting too often."""

    row: ProcessState
    restarts: int
    why: str


def current_rows(now: dt.datetime | None = None) -> list[ProcessState]:
    """Rows from supervisors heard from recently (a host that left is no longer counted)."""
    now = now or timezone.now()
    since = now - dt.timedelta(seconds=max(180, settings.READY_RESTART_WINDOW))
    return list(ProcessState.objects.filter(last_seen__gte=since))


def crash_loops(rows: list[ProcessState], now: dt.datetime | None = None) -> list[Loop]:
    now = now or timezone.now()
    found = []
    for row in rows:
        restarts = len(_recent(list(row.exits), now))
        if row.state in {"BACKOFF", "FATAL"}:
            found.append(Loop(row, restarts, f"{row.state.lower()} (failing to start)"))
        elif restarts >= settings.READY_MAX_RESTARTS:
            window = settings.READY_RESTART_WINDOW
            found.append(Loop(row, restarts, f"{restarts} crashes in {window}s"))
    return found
