"""Playwright against Debian's Chromium and pytest-django's live server."""

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

SCREENSHOTS = Path(__file__).resolve().parents[2] / "bench" / "out"


@pytest.fixture(scope="module")
def browser() -> Iterator:
    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.skip("Debian's chromium is not installed")
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread; the ORM calls the
    # tests make around it are synchronous and safe. The variable is set only
    # while a browser is open (module scope): left in os.environ it would leak
    # into other tests' subprocesses (manage.py check --deploy rejects it), and
    # the loop stops when the module's browser closes.
    with pytest.MonkeyPatch.context() as mp, sync_playwright() as p:
        mp.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        browser = p.chromium.launch(
            executable_path=chromium,
            args=["--no-sandbox", "--disable-background-networking"],
        )
        yield browser
        browser.close()


@pytest.fixture
def page(browser) -> Iterator:
    context = browser.new_context(viewport={"width": 1440, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def screenshot(page):
    """Save a screenshot under bench/out/ when BENCH_SCREENSHOTS=1."""

    def save(name: str) -> None:
        if os.environ.get("BENCH_SCREENSHOTS") == "1":
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=False)

    return save
