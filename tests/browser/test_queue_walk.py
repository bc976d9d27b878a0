"""A reviewer walks the queue in Chromium at 1,280 px: every link does what it says.

Would have caught issue 14: sidebar links that kept nothing (``??flag=gap``),
a bulk confirmation counting more than the list showed, ``a`` on a gap
committing the generated body, and an undo that threw the edits away.
"""

from urllib.parse import parse_qs, urlsplit

import pytest

from knowledge_repo import actions as kr
from knowledge_repo.models import Record
from memory_review.extraction.models import Candidate
from memory_review.review.models import ReviewEvent

from ..review import factories

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GAP_BODY = "The visitor needed an answer to: Does it sync offline?"


def _seed() -> dict[str, list[Candidate]]:
    help_desk = factories.conversation(
        ("Does Lumen sync offline?", "Hm.", "Can I export to Markdown?", "Yes, File → Export."),
        source="lumen-help",
    )
    shop = factories.conversation(("Do you ship to Japan?", "Yes, in 5 days."), source="shop")
    run1, run2 = factories.run(), factories.run(model="claude-sonnet-4-5")
    made: dict[str, list[Candidate]] = {"gaps": [], "refs": [], "other": []}
    for i in range(3):
        made["gaps"].append(
            factories.candidate(
                kind=Candidate.Kind.GAP,
                name=f"Offline sync question {i}",
                question="Does it sync offline?",
                poor_answer="Hm.",
                body=GAP_BODY,
                conversation=help_desk,
                run=run1,
            )
        )
    made["refs"].append(
        factories.candidate(
            name="Markdown export",
            description="Notes export to Markdown from the File menu.",
            body="File → Export → Markdown exports every notebook.",
            type=Candidate.Type.REFERENCE,
            conversation=help_desk,
            run=run2,
        )
    )
    made["refs"].append(
        factories.personal(
            type=Candidate.Type.REFERENCE, name="Support address", conversation=shop, run=run2
        )
    )
    made["other"].append(
        factories.candidate(
            name="Shipping to Japan takes five days for every order placed before noon local time",
            description="A long description " * 12,
            flag_temporary=True,
            conversation=shop,
            run=run2,
        )
    )
    return made


def _rows(page) -> list[int]:
    return [
        int(pk)
        for pk in page.eval_on_selector_all(
            "#queue tbody tr", "rows => rows.map(r => r.dataset.pk)"
        )
    ]


def _no_sideways_scroll(page) -> None:
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"page is {width[0]} px wide in a {width[1]} px window"


def test_every_sidebar_filter_changes_the_rows(page, live_server, alice, log_in, screenshot):
    made = _seed()
    everything = {c.pk for group in made.values() for c in group}
    log_in("alice")
    page.goto(live_server.url + "/queue/")
    assert set(_rows(page)) == everything
    _no_sideways_scroll(page)
    screenshot("queue")
    hrefs = page.eval_on_selector_all("a[href]", "links => links.map(a => a.getAttribute('href'))")
    assert [h for h in hrefs if "??" in h] == []
    facets = page.eval_on_selector_all(
        "a[data-facet]",
        "links => links.map(a => [a.dataset.facet, a.textContent.trim(), a.getAttribute('href'), (a.querySelector('.n') || {}).textContent])",
    )
    assert {group for group, *_ in facets} == {"type", "flag", "source", "run"}
    for index, (group, label, href, count) in enumerate(facets):
        page.goto(live_server.url + "/queue/")
        page.locator("a[data-facet]").nth(index).click()
        page.wait_for_url(live_server.url + href)
        shown = set(_rows(page)) if page.locator("#queue").count() else set()
        if count is None:  # "all" / "any" links clear their filter
            assert shown == everything, label
            continue
        assert len(shown) == int(count), f"{group} {label}: {len(shown)} rows, link said {count}"
        if 0 < int(count) < len(everything):
            assert shown != everything, f"{group} {label} did not filter"
    # Filters combine: from the gaps, a type link keeps the gap filter.
    page.goto(live_server.url + "/queue/?flag=gap")
    assert set(_rows(page)) == {c.pk for c in made["gaps"]}
    page.locator("a[data-facet=type]", has_text="project").click()
    page.wait_for_load_state()
    params = parse_qs(urlsplit(page.url).query)
    assert params == {"flag": ["gap"], "type": ["project"]}
    assert set(_rows(page)) == {c.pk for c in made["gaps"]}
    page.click(".sort a:has-text('Oldest first')")
    page.wait_for_url("**order=oldest**")
    assert parse_qs(urlsplit(page.url).query)["flag"] == ["gap"]


def test_bulk_confirmation_counts_the_rows_shown_and_asks_again_when_they_change(
    page, live_server, alice, log_in, screenshot
):
    made = _seed()
    log_in("alice")
    page.goto(live_server.url + "/queue/?flag=gap")
    shown = _rows(page)
    assert len(shown) == 3
    page.click("#bulk-reject")
    page.wait_for_selector("#bulk-count")
    assert int(page.text_content("#bulk-count")) == len(shown)
    assert sorted(_confirmed(page)) == sorted(shown)
    assert "Flag: gap" in page.text_content("#bulk-filters")
    screenshot("bulk-confirm")
    late = factories.candidate(
        kind=Candidate.Kind.GAP, name="Arrived meanwhile", question="?", poor_answer="?"
    )
    page.click("#bulk-form button[type=submit]")
    page.wait_for_selector("text=The list changed since you saw it")
    assert not ReviewEvent.objects.exists()
    assert int(page.text_content("#bulk-count")) == 4 and late.pk in _confirmed(page)
    page.click("#bulk-form button[type=submit]")
    page.wait_for_selector("text=4 of 4 candidates rejected")
    assert Candidate.objects.filter(status=Candidate.Status.REJECTED).count() == 4
    # A bulk approval leaves the high-risk candidate out, and says so.
    page.goto(live_server.url + "/queue/?type=reference")
    assert len(_rows(page)) == 2
    page.click("#bulk-approve")
    assert int(page.text_content("#bulk-count")) == 1
    assert "left out" in page.text_content("#bulk-high-risk")
    assert _confirmed(page) == [made["refs"][0].pk]


def _confirmed(page) -> list[int]:
    return [
        int(pk)
        for pk in page.eval_on_selector_all(
            "#bulk-rows tbody tr", "rows => rows.map(r => r.dataset.pk)"
        )
    ]


def test_a_on_a_gap_focuses_the_answer_and_submits_nothing(
    page, live_server, alice, log_in, screenshot
):
    gap = _seed()["gaps"][0]
    log_in("alice")
    page.goto(f"{live_server.url}/candidates/{gap.pk}/?flag=gap")
    page.wait_for_selector("#answer-button")
    page.keyboard.press("a")
    assert page.evaluate("document.activeElement.id") == "id_body"
    page.keyboard.press("Escape")
    for key in ("a", "e"):
        page.keyboard.press(key)
        page.keyboard.press("Escape")
    gap.refresh_from_db()
    assert gap.status == Candidate.Status.PENDING and not ReviewEvent.objects.exists()
    assert page.input_value("#id_body") == ""
    page.keyboard.press("a")
    page.keyboard.type("Yes: edits made offline sync when the device reconnects.")
    screenshot("gap-answer")
    page.keyboard.press("Control+Enter")
    page.wait_for_selector(f"[data-candidate]:not([data-candidate='{gap.pk}']), .messages")
    gap.refresh_from_db()
    assert gap.status == Candidate.Status.APPROVED
    assert Record.objects.get().body.startswith("Yes: edits made offline sync")


def test_undo_keeps_the_edits_and_the_slug(page, live_server, alice, bob, log_in, screenshot):
    made = _seed()
    markdown = made["refs"][0]
    log_in("alice")
    page.goto(f"{live_server.url}/candidates/{markdown.pk}/?type=reference")
    page.wait_for_selector("#approve-form")
    _no_sideways_scroll(page)
    screenshot("candidate")
    page.keyboard.press("e")
    page.fill("#id_name", "Export notes to Markdown")
    page.fill("#id_body", "File → Export → Markdown writes one .md file per note.")
    page.keyboard.press("Control+Enter")
    page.wait_for_selector(f"[data-candidate]:not([data-candidate='{markdown.pk}'])")
    slug = Record.objects.get().slug
    page.keyboard.press("u")
    page.wait_for_selector(f"[data-candidate='{markdown.pk}'] #restored-draft")
    assert page.input_value("#id_name") == "Export notes to Markdown"
    assert page.input_value("#id_body") == "File → Export → Markdown writes one .md file per note."
    page.keyboard.press("a")
    page.wait_for_selector(f"[data-candidate]:not([data-candidate='{markdown.pk}'])")
    assert [r.slug for r in Record.objects.filter(retracted=False)] == [slug]
    # The record picker finds the record by name for an update of another candidate.
    page.goto(f"{live_server.url}/candidates/{made['other'][0].pk}/")
    page.keyboard.press("e")
    page.fill("#id_target_slug", "markdown")
    page.wait_for_selector(f"#id_target_slug-options option[value='{slug}']", state="attached")
    # The record, its cross-links and what is live, as the reviewer and the publisher see them.
    page.goto(f"{live_server.url}/records/{slug}/")
    page.wait_for_selector("#crosslinks")
    screenshot("record")
    page.click("#crosslinks a:has-text('lumen-help')")
    page.wait_for_selector("#crosslinks")
    assert page.locator(f"#crosslinks a[href='/records/{slug}/']").count() == 1
    page.goto(live_server.url + "/releases/")
    assert page.locator("#error-403").is_visible()
    assert "publisher role" in page.text_content("#error-403")
    release = kr.cut_release(user=bob).release
    kr.publish_release(user=bob, name=release.name)
    page.goto(live_server.url + "/releases/live/")
    assert page.locator(f"#live-records a[href='/records/{slug}/']").count() == 1
    screenshot("live")
    log_in("bob")
    page.goto(live_server.url + "/releases/")
    screenshot("releases")
