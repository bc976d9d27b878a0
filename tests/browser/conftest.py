"""Playwright against Debian's Chromium and pytest-django's live server.

One browser for the whole browser package; each test gets a fresh context
(cookies, storage) at 1,280 px, with the Content-Security-Policy the app is
meant to run under, so inline script or style would break the test.
"""

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.contrib.auth.models import Group
from django.core.cache import cache

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
