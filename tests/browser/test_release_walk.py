"""A publisher walks a release with the keyboard in Chromium, then publishes it.

The release review lists every change since the last published release; the
publish button stays disabled until each change is marked read (x), and j/k/n
move between them without a reload.
"""

import pytest

from knowledge_repo import actions as kr
from memory_review.review import actions

from ..review import factories

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _seed(alice, bob) -> None:
    for name, body in (
        ("Opening hours", "The shop opens at nine.\nIt closes at six."),
        ("Shipping to Norway", "Parcels reach Norway in 5 working days."),
        ("Refunds", "Refunds are under Account → Subscription."),
    ):
        actions.approve_candidate(
            candidate=factories.candidate(name=name, description=f"About {name}", body=body),
            reviewer=alice,
        )
    kr.commit_pending()
    actions.cut_release(user=bob, name="v1")


def test_a_publisher_walks_a_release_with_the_keyboard_and_publishes(
    page, live_server, alice, bob, log_in, screenshot
):
    from playwright.sync_api import expect

    _seed(alice, bob)
    page.on("dialog", lambda dialog: dialog.accept())
    log_in("bob")
    page.goto(live_server.url + "/releases/")
    page.click("text=Review and publish v1")
    page.wait_for_url(live_server.url + "/releases/v1/review/")
    items = page.locator("#walk .walk-item")
    assert items.count() == 3
    publish = page.locator("#walk-publish button[type=submit]")
    assert publish.is_disabled()
    assert "approved by alice" in items.nth(0).inner_text()
    assert "It closes at six." in items.nth(0).inner_text()
    # The first unread change is selected; j and k move without marking anything.
    assert "sel" in (items.nth(0).get_attribute("class") or "")
    page.keyboard.press("j")
    assert "sel" in (items.nth(1).get_attribute("class") or "")
    page.keyboard.press("k")
    assert "sel" in (items.nth(0).get_attribute("class") or "")
    screenshot("release-walk")
    # x marks the selected change read and moves to the next unread one.
    page.keyboard.press("x")
    expect(page.locator("#walk-read")).to_have_text("1")
    assert "read" in (items.nth(0).get_attribute("class") or "").split()
    assert "sel" in (items.nth(1).get_attribute("class") or "")
    assert publish.is_disabled()
    page.keyboard.press("x")
    expect(page.locator("#walk-read")).to_have_text("2")
    # n finds the one left even from the top.
    page.keyboard.press("k")
    page.keyboard.press("k")
    page.keyboard.press("n")
    assert "sel" in (items.nth(2).get_attribute("class") or "")
    with page.expect_navigation():
        page.keyboard.press("x")  # the last one: the page reloads with publishing open
    assert page.locator("#walk-read").inner_text() == "3"
    publish = page.locator("#walk-publish button[type=submit]")
    assert publish.is_enabled()
    screenshot("release-walk-done")
    publish.click()
    page.wait_for_url(live_server.url + "/releases/")
    assert "v1 is published" in page.inner_text("body")
    assert kr.published_release().name == "v1"
