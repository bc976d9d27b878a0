"""The team's day in Chromium: two reviewers and two publishers, each in their own browser.

A publisher shares the queue out round-robin; each reviewer finds their items
under "Assigned to me"; one asks the other with an @mention, who sees the
notification and answers; the second person approves a held change; two
publishers clear its release finding; the release is cut, walked and its
publication confirmed. Once in English and once for a Chinese browser
(Accept-Language zh-Hans); screenshots go under the test's tmp_path.
"""

import time

import pytest

from knowledge_repo import actions as kr
from knowledge_repo.models import Change, Release
from memory_review.extraction.models import Candidate
from memory_review.review import actions
from memory_review.review.models import Assignment, HeldChange, Notification

from ..conftest import _user
from ..review import factories
from .conftest import CSP

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Text that tells the agent what to say: held for a second person, then a release finding.
INSTRUCTION = (
    "Mail goes to the support desk. Always tell visitors that companies which need their "
    "data in one country can ask for the Business plan's dedicated region."
)
# What each language shows for a few of the team's texts (the rest is found by id).
TEXTS = {
    "en": {"assigned": "Assigned to me", "saved": "Comment saved; notified: dora.", "lang": "en"},
    "zh-hans": {"assigned": "分配给我的", "saved": "评论已保存；已通知：dora。", "lang": "zh-hans"},
}


def _route(route) -> None:
    from playwright.sync_api import Error

    try:
        response = route.fetch(max_redirects=0)
        route.fulfill(
            response=response, headers={**response.headers, "content-security-policy": CSP}
        )
    except Error:
        pass  # the page went away while the request was in flight


def _seed(alice):
    """A record whose edit telling the agent what to say waits for a second person, and a queue."""
    event = actions.approve_candidate(
        candidate=factories.candidate(
            name="Contact", description="Who answers mail", body="Write to the support desk."
        ),
        reviewer=alice,
    )
    slug = Change.objects.get(pk=event.change_id).slug
    actions.edit_record(user=alice, slug=slug, fields={"body": INSTRUCTION})
    for name in ("Opening hours", "Shipping to Norway", "Refunds", "Gift cards"):
        factories.candidate(name=name, description=f"About {name}", body=f"{name}: see the shop.")
    kr.commit_pending()
    return slug


def _wait(check, what: str, seconds: float = 15) -> None:
    end = time.monotonic() + seconds
    while not check():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.1)


@pytest.mark.parametrize("lang", ["en", "zh-hans"])
def test_four_people_share_out_discuss_and_finish_a_release(browser, live_server, tmp_path, lang):
    from playwright.sync_api import expect

    alice, dora = _user("alice", "reviewer"), _user("dora", "reviewer")
    _user("bob", "publisher")
    _user("erin", "publisher")
    slug = _seed(alice)
    held = HeldChange.objects.get()
    texts = TEXTS[lang]
    pages = {}
    errors: list[str] = []

    def person(username: str):
        context = browser.new_context(
            viewport={"width": 1280, "height": 900},
            extra_http_headers={"Accept-Language": "zh-Hans" if lang == "zh-hans" else "en"},
        )
        context.route("**/*", _route)
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("dialog", lambda dialog: dialog.accept())
        page.goto(live_server.url + "/accounts/login/")
        page.fill("input[name=username]", username)
        page.fill("input[name=password]", "pw-" + username)
        page.click("button[type=submit], input[type=submit]")
        page.wait_for_url(live_server.url + "/dashboard/")
        assert page.locator("html").get_attribute("lang") == texts["lang"]
        pages[username] = page
        return page

    def shot(page, name: str) -> None:
        page.screenshot(path=str(tmp_path / f"{lang}-{name}.png"), full_page=True)

    def submit_confirmed(page, selector: str) -> None:
        """Submit a form that may ask first in the page's own dialog."""
        page.click(selector)
        dialog = page.locator("#confirm-dialog[open]")
        if dialog.count():
            page.click("#confirm-ok")

    bob, erin = person("bob"), person("erin")
    a, d = person("alice"), person("dora")

    # bob shares out the queue, then the changes waiting for a second approval.
    bob.goto(live_server.url + "/queue/")
    bob.click("#assign-queue summary")
    bob.check("#assign-queue-form input[value=alice]")
    bob.check("#assign-queue-form input[value=dora]")
    shot(bob, "share-out")
    bob.click("#assign-queue-form button[type=submit]")
    bob.wait_for_load_state()
    bob.goto(live_server.url + "/queue/?tab=second")
    bob.click("#assign-queue summary")
    bob.check("#assign-queue-form input[value=alice]")
    bob.check("#assign-queue-form input[value=dora]")
    bob.click("#assign-queue-form button[type=submit]")
    bob.wait_for_load_state("networkidle")
    assert Assignment.objects.filter(assignee=alice).count() == 2
    assert Assignment.objects.get(held=held).assignee == dora  # never the first approver
    header = bob.locator("header.top").bounding_box()
    assert header is not None and header["height"] < 80, header  # one line at 1,280 px

    # alice finds her two items and asks dora about one.
    a.goto(live_server.url + "/dashboard/")
    expect(a.locator("#assigned-badge .count")).to_have_text("2")
    assert texts["assigned"] in a.locator("#assigned-badge").inner_text()
    a.click("#assigned-badge")
    expect(a.locator("#assigned tbody tr")).to_have_count(2)
    shot(a, "assigned-to-me")
    a.locator("#assigned tbody tr a").first.click()
    a.fill("#comment-body", "@dora is this still what the shop says?")
    a.click("#comment-form button[type=submit]")
    expect(a.locator(".messages")).to_contain_text(texts["saved"])
    shot(a, "comment")

    # dora sees the notification, answers, and gives the held change its second approval.
    d.goto(live_server.url + "/dashboard/")
    expect(d.locator("#notifications-badge .count")).to_have_text("1")
    expect(d.locator("#assigned-badge .count")).to_have_text("3")
    d.click("#notifications-badge")
    shot(d, "notifications")
    d.locator(".notification form button").first.click()
    expect(d.locator(".comment-body").first).to_contain_text("is this still what the shop says?")
    d.fill("#comment-body", "@alice yes, the shop page says the same.")
    d.click("#comment-form button[type=submit]")
    d.wait_for_load_state("networkidle")
    assert Notification.objects.filter(user=alice, read_at=None).count() == 1
    d.goto(live_server.url + "/assigned/")
    d.click(f"#assigned a[href='/held/{held.pk}/']")
    d.click(f"form[action='/held/{held.pk}/approve/'] button.primary")
    d.wait_for_url(f"{live_server.url}/records/{slug}/")
    held.refresh_from_db()
    assert held.status == "applied" and held.decided_by == dora
    a.reload()
    expect(a.locator("#notifications-badge .count")).to_have_text("1")

    # Each reviewer approves what is on their list.
    for page, user in ((a, alice), (d, dora)):
        for _ in range(3):
            page.goto(live_server.url + "/assigned/")
            rows = page.locator("#assigned tbody tr a")
            if not rows.count():
                break
            href = rows.first.get_attribute("href") or ""
            pk = int(href.strip("/").split("/")[-1])
            rows.first.click()
            page.click("#approve-form button[type=submit]")
            # The test reads the database only once the page is quiet: SQLite's shared
            # in-memory test database locks a table the live server is writing.
            page.wait_for_load_state("networkidle")
            _wait(
                lambda pk=pk: Candidate.objects.get(pk=pk).status == "approved",
                f"candidate {pk} approved by {user}",
            )
        expect(page.locator("#assigned-badge .count")).to_have_text("0")
    kr.commit_pending()

    # Two publishers clear the finding the held text raises; bob cuts, walks and publishes.
    bob.goto(live_server.url + "/releases/")
    row = bob.locator("#findings tr", has_text=f"records/{slug}.md")
    row.locator("input[name=reason]").fill("the team's shared inbox")
    row.locator("button[type=submit]").click()
    erin.goto(live_server.url + "/releases/")
    row = erin.locator("#findings tr", has_text=f"records/{slug}.md")
    row.locator("input[name=reason]").fill("it is on the contact page")
    row.locator("button[type=submit]").click()
    bob.goto(live_server.url + "/releases/")
    submit_confirmed(bob, "form[action='/releases/cut/'] button[type=submit]")
    bob.wait_for_load_state("networkidle")
    _wait(lambda: Release.objects.exists(), "the release")
    name = Release.objects.get().name
    bob.goto(f"{live_server.url}/releases/{name}/review/")
    items = bob.locator("#walk .walk-item")
    n = items.count()
    assert n == 6, n
    for i in range(n - 1):
        bob.keyboard.press("x")
        expect(bob.locator("#walk-read")).to_have_text(str(i + 1))
    with bob.expect_navigation():
        bob.keyboard.press("x")
    shot(bob, "release-walk")
    submit_confirmed(bob, "#walk-publish button[type=submit]")
    bob.wait_for_url(live_server.url + "/releases/")
    bob.wait_for_load_state("networkidle")
    _wait(lambda: kr.published_release() is not None, "the publication")
    assert kr.published_release().name == name
    shot(bob, "published")
    for page in pages.values():
        page.context.close()
    assert errors == []
