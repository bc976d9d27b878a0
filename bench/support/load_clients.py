"""The clients of bench/load.py: reviewers working the queue like a browser without
JavaScript, and an ingest client posting to the API, all counting into one `Stats`."""

import json
import random
import re
import threading
import time
from collections import defaultdict

import httpx2

CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


class Stats:
    """Latencies per page, errors and decisions, shared by the client threads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.times: dict[str, list[float]] = defaultdict(list)
        self.errors: dict[str, int] = defaultdict(int)
        self.decisions = 0
        self.refused: dict[str, int] = defaultdict(int)
        self.taken = 0
        self.statuses: dict[str, int] = defaultdict(int)
        # (time.monotonic(), page) of each request the connection failed under.
        self.transport: list[tuple[float, str]] = []

    def refuse(self, message: str) -> None:
        # A decision the app refused because another reviewer got there first
        # (a 302 back with a message, as a person would see it): not an error.
        message = re.sub(r"reviewer\d+", "another reviewer", message)
        message = re.sub(r" at \d{4}-\d\d-\d\d \d\d:\d\d", "", message)
        with self.lock:
            self.refused[message] += 1

    def add(self, page: str, seconds: float, ok: bool) -> None:
        with self.lock:
            self.times[page].append(seconds)
            if not ok:
                self.errors[page] += 1


def timed(stats: Stats, page: str, call, ok_statuses=(200, 302)):
    """Call `call()` (an HTTP request), record its time under `page`; None on a
    transport error."""
    start = time.perf_counter()
    try:
        response = call()
    except httpx2.HTTPError as exc:
        stats.add(page, time.perf_counter() - start, False)
        with stats.lock:
            stats.statuses[f"{page}: {type(exc).__name__} {exc}"[:160]] += 1
            stats.transport.append((time.monotonic(), page))
        return None
    ok = response.status_code in ok_statuses
    stats.add(page, time.perf_counter() - start, ok)
    if not ok:
        with stats.lock:
            stats.statuses[f"{page}: HTTP {response.status_code}"] += 1
    return response


def log_in(client: httpx2.Client, n: int, password: str, stats: Stats) -> bool:
    """Log reviewer `n` in through the login form; False when that failed."""
    page = timed(stats, "login page", lambda: client.get("/accounts/login/"))
    if page is None:
        return False
    found = CSRF.search(page.text)
    if found is None:
        stats.add("login page", 0.0, False)
        return False
    token = found.group(1)
    login = timed(
        stats,
        "log in",
        lambda: client.post(
            "/accounts/login/",
            data={"username": f"reviewer{n}", "password": password, "csrfmiddlewaretoken": token},
        ),
        ok_statuses=(302,),
    )
    return login is not None and login.status_code == 302


def reviewer(
    base: str,
    n: int,
    password: str,
    stats: Stats,
    stop: threading.Event,
    decisions: int,
    ready: threading.Barrier | None = None,
    think: float = 0.0,
) -> None:
    """One reviewer: log in, wait at `ready` until every reviewer has (the timed run starts
    then), then take the next candidate and decide it, until `stop` is set or `decisions`
    have been made in all. With `think` > 0 the reviewer reads each candidate page for
    0.5-1.5x `think` seconds before deciding (untimed), as a person would; 0 is a
    reviewer who never reads, which keeps the server saturated."""
    rng = random.Random(n)
    with httpx2.Client(base_url=base, timeout=30) as client:
        try:
            logged_in = log_in(client, n, password, stats)
        finally:
            if ready is not None:
                ready.wait()
        if not logged_in:
            return
        location = "/queue/next/"
        while not stop.is_set():
            if location.startswith("/queue/next/"):
                response = timed(stats, "queue/next", lambda: client.get("/queue/next/"))
                if response is None or response.status_code != 302:
                    return
                location = response.headers["location"]
            if not location.startswith("/candidates/"):
                return  # the queue is empty
            url = location.split("?")[0]
            response = timed(stats, "candidate page", lambda u=url: client.get(u))
            if response is None or response.status_code != 200:
                location = "/queue/next/"
                continue
            if "is reviewing this candidate" in response.text or "<strong>Decided:</strong>" in (
                response.text
            ):
                # Someone else got it first, as the page says: a person takes the next.
                with stats.lock:
                    stats.taken += 1
                location = "/queue/next/"
                continue
            match = CSRF.search(response.text)
            token = match.group(1) if match else str(client.cookies.get("csrftoken", ""))
            if think > 0 and stop.wait(think * rng.uniform(0.5, 1.5)):
                break
            roll = rng.random()
            pk = url.rstrip("/").rsplit("/", 1)[1]
            if roll < 0.5:
                name, data, path = "approve", {}, f"/candidates/{pk}/approve/"
            elif roll < 0.7:
                name, path = "approve with edits", f"/candidates/{pk}/approve/"
                data = {
                    "name": f"Load fact {pk} (edited by reviewer{n})",
                    "description": f"Edited description {pk}",
                    "body": f"Edited body for candidate {pk}.",
                    "type": "project",
                    "operation": "create",
                }
            else:
                name, data, path = "reject", {"reason": "other"}, f"/candidates/{pk}/reject/"
            data["csrfmiddlewaretoken"] = token
            response = timed(
                stats, name, lambda p=path, d=data: client.post(p, data=d), ok_statuses=(302,)
            )
            if response is None:
                location = "/queue/next/"
                continue
            location = response.headers.get("location", "/queue/next/")
            if location.split("?")[0] == url:
                # Refused: the app sends the reviewer back to the same candidate.
                again = client.get(url)
                found = re.search(r'<li class="error">(.*?)</li>', again.text, re.S)
                stats.refuse(found.group(1).strip()[:120] if found else "refused")
                location = "/queue/next/"
                continue
            with stats.lock:
                stats.decisions += 1
                if stats.decisions >= decisions:
                    stop.set()


def ingester(
    base: str,
    token: str,
    stats: Stats,
    stop: threading.Event,
    ready: threading.Barrier | None = None,
) -> None:
    """One ingest client: posts five conversations to the ingest API every second, from the
    moment every reviewer is logged in (`ready`)."""
    if ready is not None:
        ready.wait()
    n = 0
    with httpx2.Client(base_url=base, timeout=30) as client:
        while not stop.is_set():
            body = "\n".join(
                json.dumps(
                    {
                        "id": f"load-{n}-{i}",
                        "messages": [
                            {"role": "user", "content": f"Question {n}.{i} about the handbook?"},
                            {"role": "assistant", "content": f"Answer {n}.{i}: see page {i}."},
                        ],
                    }
                )
                for i in range(5)
            )
            timed(
                stats,
                "ingest API (5 conversations)",
                lambda b=body: client.post(
                    "/api/v1/conversations",
                    content=b,
                    headers={
                        "Authorization": f"Bearer {token}",
                        "Content-Type": "application/x-ndjson",
                    },
                ),
                ok_statuses=(200,),
            )
            n += 1
            stop.wait(1.0)
