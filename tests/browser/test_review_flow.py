"""A reviewer works the queue by keyboard; a publisher cuts and publishes a release."""

import pytest
from git import Repo

from knowledge_repo.models import Publication, Record, Release
from memory_review.extraction.models import Candidate

from ..review import factories

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
]


def _seed():
    conv = factories.conversation(
        (
            "Hi! Does Lumen Notes sync offline edits?",
            "Yes: edits made offline sync when you reconnect.",
            "And can I export my notes to Markdown?",
            "Yes, File → Export → Markdown exports every notebook.",
        ),
        source="lumen-help",
    )
    run = factories.run(model="claude-sonnet-4-5", prompt_version="extract-v3")
    rejected = factories.candidate(
        name="Visitor likes the colour blue",
        description="One visitor's preference.",
        body="For now the visitor prefers blue.",
        type=Candidate.Type.USER,
        conversation=conv,
        run=run,
        evidence=[0],
        flag_temporary=True,
        flags=[
            {
                "kind": "temporary",
                "field": "body",
                "start": 0,
                "end": 7,
                "text": "For now",
                "reason": "temporary wording",
            }
        ],
    )
    approved = factories.candidate(
        name="Markdown export",
        description="Notes can be exported to Markdown",
        body="File → Export → Markdown exports every notebook as .md files.",
        type=Candidate.Type.REFERENCE,
        conversation=conv,
        run=run,
        evidence=[2, 3],
    )
    return approved, rejected


def test_reviewer_works_the_queue_and_publisher_releases(
    page, live_server, alice, bob, knowledge_repo, screenshot, log_in
):
    approved, rejected = _seed()
    log_in("alice")
    page.goto(live_server.url + "/queue/")
    page.wait_for_selector("#queue tbody tr.sel")
    screenshot("flow-queue")
    # Newest first: the Markdown candidate is the first row; j then k comes back to it.
    page.keyboard.press("j")
    assert "sel" in page.locator("#queue tbody tr").nth(1).get_attribute("class")
    page.keyboard.press("k")
    page.keyboard.press("Enter")
    page.wait_for_url(f"**/candidates/{approved.pk}/")
    page.wait_for_selector(".msg.cited")
    screenshot("flow-candidate")
    page.evaluate("window.__noReload = true")

    page.keyboard.press("?")
    assert page.locator("#keys-help").is_visible()
    page.keyboard.press("Escape")

    page.keyboard.press("e")
    name = page.locator("#id_name")
    name.fill("Export notes to Markdown")
    page.wait_for_selector("#preview:has-text('Export notes to Markdown')")
    page.click("#edit-form button[type=submit]")
    # Complete and next: the next candidate replaces this one without a page load.
    page.wait_for_selector(f"[data-candidate='{rejected.pk}']")
    assert page.evaluate("window.__noReload") is True
    assert page.url.endswith(f"/candidates/{rejected.pk}/")
    screenshot("candidate-flagged")

    page.keyboard.press("r")
    page.wait_for_selector("#reject-panel.open")
    page.keyboard.press("2")
    page.wait_for_url("**/queue/", timeout=30_000)

    approved.refresh_from_db()
    rejected.refresh_from_db()
    assert approved.status == Candidate.Status.APPROVED
    assert rejected.status == Candidate.Status.REJECTED
    record = Record.objects.get(name="Export notes to Markdown")
    repo = Repo(knowledge_repo)
    try:
        author = repo.git.log("-1", "--format=%an <%ae>", "--", f"records/{record.slug}.md")
        text = (knowledge_repo / "records" / f"{record.slug}.md").read_text()
    finally:
        repo.close()
    assert author == "alice-pub <alice-pub@users.noreply.invalid>"
    assert "name: Export notes to Markdown" in text

    log_in("bob")
    page.goto(live_server.url + "/releases/")
    page.click("text=Cut release")
    page.wait_for_selector("text=Release v1 cut")
    from django.contrib.auth.models import User

    from tests.review.factories import walk

    walk(User.objects.get(username="bob"), "v1")  # four eyes: bob read every change
    page.goto(live_server.url + "/releases/v1/review/")
    page.click("button:has-text('Publish v1')")
    page.wait_for_selector("text=v1 is published")
    screenshot("flow-releases")
    release = Release.objects.get()
    assert Publication.objects.get().release == release
    published = Repo(knowledge_repo.parent / "published.git")
    try:
        # The public remote holds a snapshot of the release: its tree, not its history.
        publication = Publication.objects.get()
        assert published.git.rev_parse("published") == publication.snapshot_sha
        assert published.git.rev_parse("published^{tree}") == Repo(knowledge_repo).git.rev_parse(
            f"{release.sha}^{{tree}}"
        )
        assert published.git.rev_list("--count", "published") == "1"
    finally:
        published.close()
