"""Two web hosts without git: every page answers, and releases are cut through the committer.

Three real processes share one database: a committer that owns the working
copy, and two web servers started in directories of their own whose
``KNOWLEDGE_REPO_PATH`` does not exist. A publisher walks every page the
site links to on both, alternately, then cuts and publishes a release from
a web host; the committer does the git work.
"""

import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections import deque
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import httpx2
import pytest

ROOT = Path(__file__).resolve().parents[2]
MANAGE = str(ROOT / "manage.py")
LINK = re.compile(r'href="([^"#]+)"')
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
SKIP = ("/static/", "/admin/", "/api/", "/accounts/logout", "/jsi18n", "/i18n/", "?format=csv")

CREATE_PUBLISHER = """
from django.contrib.auth.models import Group, User
for name in ("pat", "quinn"):
    user = User.objects.create_user(name, f"{name}@example.org", f"pw-{name}-1234")
    user.groups.add(Group.objects.get_or_create(name="publisher")[0])
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _env(home: Path, database: str, **extra: str) -> dict[str, str]:
    return {
        **os.environ,
        "DEBUG": "true",
        "DATABASE_URL": database,
        "MEMORY_REVIEW_VAR_DIR": str(home / "var"),
        "KNOWLEDGE_REPO_PATH": str(home / "knowledge"),
        "KNOWLEDGE_PUBLISH_REMOTES": str(home.parent / "committer" / "published.git"),
        "KNOWLEDGE_COMMIT_IN_PROCESS": "false",
        "KNOWLEDGE_COMMIT_ENQUEUE": "false",
        **extra,
    }


def _run(env: dict[str, str], cwd: Path, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, MANAGE, *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def _csrf(html: str) -> str:
    found = CSRF.search(html)
    assert found is not None, "no CSRF token on the page"
    return found.group(1)


def _log_in(http: httpx2.Client, base: str, name: str) -> None:
    page = http.get(f"{base}/accounts/login/")
    token = _csrf(page.text)
    done = http.post(
        f"{base}/accounts/login/",
        data={"username": name, "password": f"pw-{name}-1234", "csrfmiddlewaretoken": token},
    )
    assert done.status_code == 302, done.text[:500]


def _post_form(http: httpx2.Client, base: str, page_url: str, action: str, **data: str):
    page = http.get(base + page_url)
    token = _csrf(page.text)
    return http.post(base + action, data={**data, "csrfmiddlewaretoken": token})


def _wait_for_job(http: httpx2.Client, base: str, location: str, timeout: float = 90) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        html = http.get(base + location).text
        if 'data-status="done"' in html or 'data-status="failed"' in html:
            return html
        time.sleep(0.5)
    raise AssertionError(f"job at {location} did not finish")


@pytest.fixture
def hosts(tmp_path):
    database = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    committer_home = tmp_path / "committer"
    committer_home.mkdir()
    committer = _env(committer_home, database)
    _run(committer, committer_home, "migrate", "-v0")
    _run(committer, committer_home, "demo")
    _run(committer, committer_home, "shell", "-c", CREATE_PUBLISHER)
    processes = [
        subprocess.Popen(
            [sys.executable, MANAGE, "kb_committer", "--poll", "0.2"],
            cwd=committer_home,
            env=committer,
            start_new_session=True,
            stdout=(tmp_path / "committer.log").open("w"),
            stderr=subprocess.STDOUT,
        )
    ]
    bases, homes = [], []
    for name in ("web1", "web2"):
        home = tmp_path / name
        home.mkdir()
        port = _free_port()
        processes.append(
            subprocess.Popen(
                [sys.executable, MANAGE, "runserver", "--noreload", f"127.0.0.1:{port}"],
                cwd=home,
                env=_env(home, database),
                start_new_session=True,
                stdout=(tmp_path / f"{name}.log").open("w"),
                stderr=subprocess.STDOUT,
            )
        )
        bases.append(f"http://127.0.0.1:{port}")
        homes.append(home)
    try:
        with httpx2.Client(timeout=5) as probe:
            for base in bases:
                deadline = time.monotonic() + 90
                while True:
                    try:
                        if probe.get(f"{base}/healthz").status_code == 200:
                            break
                    except httpx2.TransportError:
                        pass
                    assert time.monotonic() < deadline, "a web host did not start"
                    time.sleep(0.3)
        yield bases, homes, committer_home, database
    finally:
        for process in processes:
            os.killpg(process.pid, signal.SIGTERM)
        for process in processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)


def test_two_web_hosts_without_git_serve_every_page_and_release_through_the_committer(hosts):
    bases, homes, committer_home, database = hosts
    clients = [httpx2.Client(timeout=60), httpx2.Client(timeout=60)]
    try:
        for http, base, name in zip(clients, bases, ("pat", "quinn"), strict=True):
            _log_in(http, base, name)
        seen, queue, problems = set(), deque(["/"]), []
        turn = 0
        while queue and len(seen) < 400:
            path = queue.popleft()
            if path in seen:
                continue
            seen.add(path)
            turn += 1
            http, base = clients[turn % 2], bases[turn % 2]
            response = http.get(base + path)
            if response.status_code not in (200, 302):
                problems.append(f"{base}{path} -> {response.status_code}")
                continue
            if response.status_code == 302:
                queue.append(urljoin(path, response.headers["location"]))
                continue
            if response.status_code == 200 and "text/html" in response.headers.get(
                "content-type", ""
            ):
                for href in LINK.findall(response.text):
                    url = urljoin(path, href.replace("&amp;", "&"))
                    parts = urlsplit(url)
                    if parts.netloc or any(s in url for s in SKIP):
                        continue
                    queue.append(parts.path + (f"?{parts.query}" if parts.query else ""))
        assert problems == [], "\n".join(problems)
        visited = {urlsplit(p).path.strip("/").split("/")[0] for p in seen}
        for section in ("queue", "records", "releases", "conversations", "audit", "dashboard"):
            assert section in visited, f"never reached /{section}/ ({sorted(visited)})"

        # A release cut from a web host: the committer runs the checks and refuses it
        # (the demo leaves a high-risk finding); two publishers clear it, one per host.
        cut = _post_form(clients[0], bases[0], "/releases/", "/releases/cut/", name="v7")
        assert cut.status_code == 302 and "/jobs/" in cut.headers["location"]
        html = _wait_for_job(clients[0], bases[0], cut.headers["location"])
        assert "No release: 1 check failed." in html, html[-2000:]
        page = clients[0].get(bases[0] + "/releases/").text
        key = re.search(r'name="key" value="([0-9a-f]+)"', page).group(1)
        for http, base in zip(clients, bases, strict=True):
            cleared = _post_form(
                http, base, "/releases/", "/releases/findings/clear/", key=key, reason="ours"
            )
            assert cleared.status_code == 302
        cut = _post_form(clients[0], bases[0], "/releases/", "/releases/cut/", name="v7")
        html = _wait_for_job(clients[0], bases[0], cut.headers["location"])
        assert "Release v7 cut" in html, html[-2000:]
        # Four eyes: quinn walks every change of v7 (as on its review page), then publishes.
        _run(
            _env(committer_home, database),
            committer_home,
            "shell",
            "-c",
            "from django.contrib.auth.models import User; from tests.review.factories import walk;"
            " walk(User.objects.get(username='quinn'), 'v7')",
        )
        published = _post_form(clients[1], bases[1], "/releases/", "/releases/publish/", name="v7")
        html = _wait_for_job(clients[1], bases[1], published.headers["location"])
        assert "v7 is published" in html, html[-2000:]
        assert "v7" in clients[1].get(bases[1] + "/releases/live/").text
        tags = subprocess.run(
            ["git", "tag"],
            cwd=committer_home / "knowledge",
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
        assert "v7" in tags
    finally:
        for http in clients:
            http.close()
    for home in homes:  # neither web host ever made a working copy (or any repository)
        assert not (home / "knowledge").exists()
        assert not list(home.rglob("HEAD")), list(home.rglob("HEAD"))
