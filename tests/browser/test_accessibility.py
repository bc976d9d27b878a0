"""axe-core on the pages a team works in, in English and Chinese, under the app's CSP.

axe-core (Deque's rules engine, shipped as a wheel by axe-playwright-python)
is injected into each page by Playwright and run against WCAG 2.x A and AA
and best practices; a serious or critical violation fails the test with
axe's own report (rule, element, message). Keyboard: every control of the
candidate and release pages is reached by Tab and shows a visible focus ring.
"""

import pytest

from knowledge_repo import actions as kr
from memory_review.extraction.models import Candidate
from memory_review.review import actions

from ..review import factories

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SERIOUS = {"serious", "critical"}


def _seed(alice, bob) -> dict[str, str]:
    """A queue with a memory, a gap and a held change, a record and a cut release."""
    actions.approve_candidate(
        candidate=factories.candidate(
            name="Opening hours",
            description="When the shop is open",
            body="The shop opens at nine.\nIt closes at six.",
        ),
        reviewer=alice,
    )
    kr.commit_pending()
    actions.cut_release(user=bob, name="v1")
    memory = factories.candidate(name="Shipping to Norway", body="Five working days.")
    gap = factories.candidate(
        kind=Candidate.Kind.GAP,
        name="Refunds after 30 days",
        question="Can I get a refund after 30 days?",
        poor_answer="I don't know.",
        body="",
    )
    held = factories.postal(name="Visiting the office")
    actions.approve_candidate(candidate=held, reviewer=alice)
    return {
        "dashboard": "/dashboard/",
        "queue": "/queue/",
        "candidate": f"/candidates/{memory.pk}/",
        "gap": f"/candidates/{gap.pk}/",
        "held": "/held/",
        "records": "/records/",
        "record": "/records/opening-hours/",
        "record edit": "/records/opening-hours/edit/",
        "releases": "/releases/",
        "release review": "/releases/v1/review/",
        "audit": "/audit/",
        "coverage": "/coverage/",
    }


def _axe(page) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(
        page,
        options={
            "resultTypes": ["violations"],
            "runOnly": {
                "type": "tag",
                "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"],
            },
        },
    )
    found = []
    for violation in results.response["violations"]:
        if violation["impact"] in SERIOUS:
            for node in violation["nodes"]:
                found.append(
                    f"{violation['id']} ({violation['impact']}): {violation['help']} at "
                    f"{', '.join(map(str, node['target']))}: {node['html'][:160]}"
                )
    return found


@pytest.mark.parametrize("lang", ["en", "zh-hans"])
def test_the_team_pages_have_no_serious_or_critical_axe_violation(
    page, live_server, alice, bob, log_in, lang
):
    pages = _seed(alice, bob)
    log_in("bob")
    page.context.add_cookies([{"name": "django_language", "value": lang, "url": live_server.url}])
    found: dict[str, list[str]] = {}
    for label, path in pages.items():
        response = page.goto(live_server.url + path)
        assert response is not None and response.status == 200, (label, path)
        assert page.locator("html").get_attribute("lang") == lang, label
        if problems := _axe(page):
            found[label] = problems
    assert found == {}, "\n".join(f"{label}:\n  " + "\n  ".join(p) for label, p in found.items())
    # axe really ran on these pages: an unnamed button added to the last one is reported.
    page.evaluate("document.querySelector('main').append(document.createElement('button'))")
    assert any(problem.startswith("button-name (critical)") for problem in _axe(page))


def _tab_through(page, limit: int = 80) -> list[dict]:
    """Press Tab until focus leaves the page or comes round again; what each stop showed."""
    seen: list[dict] = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        stop = page.evaluate(
            """() => {
              const el = document.activeElement;
              if (!el || el === document.body) return null;
              const style = getComputedStyle(el);
              const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0)
                || style.boxShadow !== 'none';
              return {tag: el.tagName.toLowerCase(), text: (el.innerText || el.value || el.name
                || el.getAttribute('aria-label') || '').trim().slice(0, 60),
                id: el.id, ring: ring,
                visible: el.getClientRects().length > 0};
            }"""
        )
        if stop is None or (seen and stop == seen[0]):
            break
        seen.append(stop)
    return seen


def test_candidate_and_release_actions_are_reached_by_tab_with_a_visible_focus_ring(
    page, live_server, alice, bob, log_in
):
    pages = _seed(alice, bob)
    log_in("bob")
    page.goto(live_server.url + pages["candidate"])
    stops = _tab_through(page)
    texts = [stop["text"] for stop in stops]
    assert any(text.startswith("Approve") for text in texts), texts
    assert any(text.startswith("Reject") for text in texts), texts
    unringed = [stop for stop in stops if stop["visible"] and not stop["ring"]]
    assert unringed == [], unringed

    page.goto(live_server.url + "/releases/")
    stops = _tab_through(page)
    assert any("Review and publish v1" in stop["text"] for stop in stops), stops
    unringed = [stop for stop in stops if stop["visible"] and not stop["ring"]]
    assert unringed == [], unringed
