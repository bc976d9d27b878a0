"""kill -9 each process type of the production stack in turn, under load, and watch it return.

Web worker (a gunicorn worker, which the gunicorn master replaces), task
worker, committer and scheduler (which supervisord restarts). A prober asks
/healthz every 0.2 s throughout, so "the site keeps answering" is a count.
"""

from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
from pathlib import Path

import httpx2

KINDS = ("web worker", "worker", "committer", "scheduler")


class Chaos:
    def __init__(self, *, conf: Path, ctl: Path, base: str, every: float) -> None:
        self.conf, self.ctl, self.base, self.every = conf, ctl, base, every
        self.kills: list[dict] = []
        self.probes_ok = self.probes_failed = 0
        self.stop = threading.Event()
        self.threads = [
            threading.Thread(target=self._kill_in_turn),
            threading.Thread(target=self._probe),
        ]

    def _pid(self, program: str) -> int:
        out = subprocess.run(
            [str(self.ctl), "-c", str(self.conf), "pid", program],
            capture_output=True,
            text=True,
            check=False,
        ).stdout.strip()
        return int(out) if out.isdigit() else 0

    def _web_workers(self) -> list[int]:
        master = self._pid("web")
        out = subprocess.run(
            ["pgrep", "-P", str(master)], capture_output=True, text=True, check=False
        ).stdout.split()
        return sorted(int(p) for p in out)

    def _kill_in_turn(self) -> None:
        for kind in KINDS:
            if self.stop.wait(self.every):
                return
            if kind == "web worker":
                before = self._web_workers()
                victim = before[0] if before else 0
            else:
                victim = self._pid(kind)
            if not victim:
                self.kills.append({"kind": kind, "pid": 0, "back_after": None})
                continue
            os.kill(victim, signal.SIGKILL)
            killed_at = time.monotonic()
            self.kills.append({"kind": kind, "pid": victim, "back_after": None, "at": killed_at})
            back = None
            while time.monotonic() - killed_at < 60:
                if kind == "web worker":
                    now = self._web_workers()
                    came_back = len(now) >= len(before) and victim not in now
                else:
                    came_back = self._pid(kind) not in (0, victim)
                if came_back:
                    back = time.monotonic() - killed_at
                    break
                time.sleep(0.2)
            self.kills[-1]["back_after"] = back

    def _probe(self) -> None:
        with httpx2.Client(timeout=5) as client:
            while not self.stop.is_set():
                try:
                    ok = client.get(self.base + "/healthz").status_code == 200
                except httpx2.HTTPError:
                    ok = False
                if ok:
                    self.probes_ok += 1
                else:
                    self.probes_failed += 1
                time.sleep(0.2)

    def in_flight(self, stats_transport: list[tuple[float, str]], grace: float = 3.0) -> int:
        """How many failed connections fell within `grace` seconds of a web worker's kill:
        requests that worker was serving when it died (a person would reload)."""
        kills = [k["at"] for k in self.kills if k["kind"] == "web worker" and "at" in k]
        return sum(1 for t, _ in stats_transport if any(at <= t <= at + grace for at in kills))

    def start(self) -> None:
        for thread in self.threads:
            thread.start()

    def finish(self) -> dict:
        self.threads[0].join(timeout=self.every * len(KINDS) + 120)
        self.stop.set()
        for thread in self.threads:
            thread.join(timeout=60)
        return {
            "kills": self.kills,
            "probes_ok": self.probes_ok,
            "probes_failed": self.probes_failed,
        }
