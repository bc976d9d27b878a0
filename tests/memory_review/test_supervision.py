"""Supervised processes: one dies, it comes back and the others keep serving; a crash loop shows."""

import configparser
import datetime as dt
import os
import shlex
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx2
import pytest
from django.core.management import call_command
from django.utils import timezone

from memory_review import supervision
from memory_review.models import ProcessState

ROOT = Path(__file__).resolve().parents[2]


def test_every_procfile_type_becomes_a_program_that_restarts_on_its_own(tmp_path, capsys):
    output = tmp_path / "supervisor" / "supervisord.conf"
    call_command("supervisor_conf", "--output", str(output))
    assert capsys.readouterr().out.strip() == str(output)
    parser = configparser.RawConfigParser()
    parser.read(output)
    types = supervision.read_procfile(ROOT / "Procfile")
    assert {t.name for t in types} == {"web", "worker", "committer", "scheduler"}
    for kind in types:
        program = parser[f"program:{kind.name}"]
        assert program["autorestart"] == "true"
        assert int(program["startretries"]) >= 3
        # supervisord splits the command the way shlex does: the Procfile line, run by sh.
        assert shlex.split(program["command"]) == ["/bin/sh", "-c", f"exec {kind.command}"]
        assert program["killasgroup"] == "true"
    listener = parser["eventlistener:process_events"]
    assert "PROCESS_STATE" in listener["events"] and "TICK_60" in listener["events"]
    assert parser["unix_http_server"]["chmod"] == "0700"


def test_a_procfile_line_without_a_name_is_refused(tmp_path):
    bad = tmp_path / "Procfile"
    bad.write_text("web: gunicorn\njust a command\n")
    with pytest.raises(ValueError, match="Procfile:2"):
        supervision.read_procfile(bad)


@pytest.mark.django_db
def test_a_crash_loop_fails_readyz_and_shows_on_the_dashboard(client, alice, settings, tmp_path):
    settings.READY_CACHE_SECONDS = 0
    # A working copy of its own: only the processes decide /readyz here, not what earlier
    # tests left in the session's knowledge repository.
    settings.KNOWLEDGE_REPO_PATH = tmp_path / "knowledge"
    settings.READY_MAX_RESTARTS = 3
    for name in ("web", "worker", "committer"):
        supervision.record_state(name=name, state="RUNNING", pid=100, host="h1")
    assert client.get("/readyz").json()["checks"]["processes"] == "ok"
    # The committer is killed once: it comes back, no alarm.
    supervision.record_state(name="committer", state="EXITED", unexpected_exit=True, host="h1")
    supervision.record_state(name="committer", state="RUNNING", pid=101, host="h1")
    assert client.get("/readyz").status_code == 200
    # The worker keeps crashing.
    for _ in range(3):
        supervision.record_state(name="worker", state="EXITED", unexpected_exit=True, host="h1")
        supervision.record_state(name="worker", state="RUNNING", pid=102, host="h1")
    response = client.get("/readyz")
    assert response.status_code == 503 and response.json()["checks"]["processes"] == "failing"
    assert b"worker" not in response.content  # no detail without login
    client.force_login(alice)
    page = client.get("/dashboard/").content.decode()
    assert "worker@h1: 3 crashes in 300s" in page
    # Crashes older than the window are forgotten; a process that cannot start is a loop too.
    old = timezone.now() - dt.timedelta(seconds=settings.READY_RESTART_WINDOW + 1)
    ProcessState.objects.filter(name="worker").update(exits=[old.isoformat()] * 3)
    assert client.get("/readyz").status_code == 200
    supervision.record_state(name="web", state="BACKOFF", host="h1")
    assert client.get("/readyz").status_code == 503
    # A host whose supervisor has gone silent for long no longer counts.
    ProcessState.objects.update(last_seen=timezone.now() - dt.timedelta(hours=1))
    assert "processes" not in client.get("/readyz").json()["checks"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _ctl(conf: Path, *args: str) -> str:
    run = subprocess.run(
        [str(Path(sys.executable).parent / "supervisorctl"), "-c", str(conf), *args],
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    return run.stdout


def _wait(predicate, timeout=60.0, every=0.3):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(every)
    raise AssertionError("timed out")


def test_kill_9_of_one_process_restarts_it_while_the_web_keeps_answering(tmp_path):
    """The real supervisord: the committer is killed, comes back; a broken process shows."""
    port = _free_port()
    home = tmp_path / "host"
    home.mkdir()
    env = {
        **os.environ,
        "DEBUG": "true",
        "MEMORY_REVIEW_VAR_DIR": str(home),
        # Its own database under tmp_path, never the one DATABASE_URL names for the suite.
        "DATABASE_URL": f"sqlite:///{home / 'db.sqlite3'}",
        "KNOWLEDGE_COMMIT_IN_PROCESS": "false",
        "KNOWLEDGE_COMMIT_ENQUEUE": "false",
        "READY_CACHE_SECONDS": "0",
        "PROCESS_HOST": "test-host",
    }
    procfile = tmp_path / "Procfile"
    python = sys.executable
    procfile.write_text(
        f"web: {python} -m gunicorn memory_review.wsgi --bind 127.0.0.1:{port} --workers 1\n"
        f"committer: {python} manage.py kb_committer\n"
        "broken: sh -c 'echo cannot start >&2; exit 3'\n"
    )
    manage = [python, "manage.py"]
    subprocess.run([*manage, "migrate", "-v0"], cwd=ROOT, env=env, check=True, timeout=300)
    conf = Path(
        subprocess.run(
            [*manage, "supervisor_conf", "--procfile", str(procfile)],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
            text=True,
            timeout=60,
        ).stdout.strip()
    )
    log = (tmp_path / "supervisord.log").open("w")
    server = subprocess.Popen(
        [str(Path(python).parent / "supervisord"), "-c", str(conf)],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        with httpx2.Client(timeout=5) as http:

            def up():
                try:
                    return http.get(f"{base}/healthz").status_code == 200
                except httpx2.TransportError:
                    return False

            _wait(up)
            _wait(lambda: "RUNNING" in _ctl(conf, "status", "committer"))
            first = int(_ctl(conf, "pid", "committer"))
            os.kill(first, signal.SIGKILL)
            answered = []
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline:
                answered.append(http.get(f"{base}/healthz").status_code)
                time.sleep(0.1)
            assert set(answered) == {200}  # the web never noticed
            second = _wait(lambda: int(_ctl(conf, "pid", "committer") or 0) not in (0, first))
            assert second != first
            _wait(lambda: "RUNNING" in _ctl(conf, "status", "committer"))
            # The broken process is in backoff/fatal: /readyz says so, whichever web answers.
            ready = _wait(
                lambda: (
                    (r := http.get(f"{base}/readyz")).json()["checks"].get("processes") == "failing"
                    and r
                )
            )
            assert ready.status_code == 503
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=40)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
        log.close()
