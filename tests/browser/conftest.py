"""Playwright against Debian's Chromium and pytest-django's live server.

One browser for the whole browser package; each test gets a fresh context
(cookies, storage) at 1,280 px, with the Content-Security-Policy the app is
meant to run under, so inline script or style would break the test.
"""

import os
import shutil
import tempfile
import threading
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import Group
from django.core.cache import cache
from django.db import connection

# Outside the checkout (the suite leaves var/ as it found it) and kept after the run.
SCREENSHOTS = Path(
    os.environ.get("SCREENSHOTS_DIR", Path(tempfile.gettempdir()) / "memory-review-screenshots")
)
CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:"


@pytest.fixture(scope="package")
def browser() -> Iterator:
    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.skip("Debian's chromium is not installed")
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread; the ORM calls the
    # tests make around it are synchronous and safe. The variable is set only
    # while the browser is open (this package): left in os.environ it would
    # leak into other tests' subprocesses (manage.py check --deploy rejects it).
    with pytest.MonkeyPatch.context() as mp, sync_playwright() as p:
        mp.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        browser = p.chromium.launch(
            executable_path=chromium,
            args=["--no-sandbox", "--disable-background-networking"],
        )
        yield browser
        browser.close()


def _with_csp(route) -> None:
    from playwright.sync_api import Error

    try:
        response = route.fetch(max_redirects=0)
        headers = {**response.headers, "content-security-policy": CSP}
        route.fulfill(response=response, headers=headers)
    except Error:
        # The page went away (navigation, closed context) while this request was in flight.
        pass


# On SQLite the suite's database lives in memory, and the live server's threads share the
# test's one connection: two requests at once, or a request and the test's own ORM call,
# would interleave statements and transactions on it (a session read in the middle of
# another thread's transaction can come back empty, and the browser is logged out). Every
# request, and every statement the test runs, takes this lock, so they follow one another.
# A production server has a connection per thread and needs none of this; on PostgreSQL
# the suite does not take it either, so concurrency is tested there for real.
_SHARED_CONNECTION = threading.RLock()


def _one_request_at_a_time(app: Callable[..., Iterable[bytes]]) -> Callable[..., list[bytes]]:
    def serialised(environ: dict[str, Any], start_response: Callable[..., Any]) -> list[bytes]:
        with _SHARED_CONNECTION:
            result = app(environ, start_response)
            try:
                return list(result)  # a streamed body reads the database while it is sent
            finally:
                close = getattr(result, "close", None)
                if close is not None:
                    close()  # request_finished: Django's end-of-request work, under the lock too

    serialised.wrapped = app  # type: ignore[attr-defined]
    return serialised


def _one_statement_at_a_time(execute, sql, params, many, context):
    with _SHARED_CONNECTION:
        return execute(sql, params, many, context)


@pytest.fixture
def live_server(live_server):
    """pytest-django's live server; on in-memory SQLite, one request (or test query) at a time."""
    if not (connection.vendor == "sqlite" and connection.is_in_memory_db()):
        yield live_server
        return
    httpd = live_server.thread.httpd
    if not hasattr(httpd.get_app(), "wrapped"):
        httpd.set_app(_one_request_at_a_time(httpd.get_app()))
    with connection.execute_wrapper(_one_statement_at_a_time):
        yield live_server


@pytest.fixture
def page(browser) -> Iterator:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.route("**/*", _with_csp)
    page = context.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.console_errors = errors
    yield page
    context.close()
    violations = [e for e in errors if "Content Security Policy" in e]
    assert violations == [], violations


@pytest.fixture
def screenshot(page):
    """Save a screenshot of the page under var/screenshots/ (git-ignored) for a person to look at."""

    def save(name: str, full_page: bool = False) -> None:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=full_page)

    return save


@pytest.fixture(autouse=True)
def roles(transactional_db):
    """The role groups, in case an earlier transactional test's flush removed them."""
    for name in ("reviewer", "publisher"):
        Group.objects.get_or_create(name=name)


@pytest.fixture(autouse=True)
def knowledge_repo(settings, tmp_path):
    cache.clear()
    settings.KNOWLEDGE_REPO_PATH = tmp_path / "knowledge"
    settings.KNOWLEDGE_PUBLISH_REMOTES = [str(tmp_path / "published.git")]
    return settings.KNOWLEDGE_REPO_PATH


@pytest.fixture
def log_in(page, live_server):
    def go(username: str) -> None:
        page.context.clear_cookies()
        page.goto(live_server.url + "/accounts/login/")
        page.fill("input[name=username]", username)
        page.fill("input[name=password]", "pw-" + username)
        page.click("button[type=submit], input[type=submit]")
        page.wait_for_url(live_server.url + "/dashboard/")

    return go
