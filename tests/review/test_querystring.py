"""Queue links: each keeps the current filters and changes exactly what it says."""

import re
from urllib.parse import parse_qs, urlsplit

from django.urls import reverse

from memory_review.extraction.models import Candidate
from memory_review.review.querystring import queue_links, queue_url
from memory_review.review.selectors import PAGE_SIZE, QueueFilters

from . import factories


def _params(url: str) -> dict[str, str]:
    assert "??" not in url
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}


def test_a_filter_link_changes_its_filter_and_keeps_the_others(db):
    filters = QueueFilters(type="reference", flag="gap", order="oldest", q="sync", run=3)
    links = queue_links(filters, {})
    flags = {link.label: _params(link.url) for link in links["flags"]}
    assert flags["personal data"] == {
        "type": "reference",
        "flag": "personal_data",
        "order": "oldest",
        "q": "sync",
        "run": "3",
    }
    assert "flag" not in flags["any"] and flags["any"]["type"] == "reference"
    types = {link.label: _params(link.url) for link in links["types"]}
    assert types["audience"]["type"] == "user" and types["audience"]["flag"] == "gap"
    assert "type" not in types["all"]


def test_the_current_choice_is_marked_and_the_cursor_is_dropped(db):
    filters = QueueFilters(flag="gap")
    links = queue_links(filters, {"flag_gap": 5})
    on = [link for link in links["flags"] if link.on]
    assert [(link.label, link.count) for link in on] == [("knowledge gap", 5)]
    assert all(
        "after" not in _params(link.url) for group in ("types", "flags") for link in links[group]
    )


def test_tabs_sort_and_skipped_keep_the_filters(db):
    filters = QueueFilters(type="project", flag="duplicate")
    links = queue_links(filters, {})
    second = next(link for link in links["tabs"] if "second" in link.url)
    assert _params(second.url) == {"tab": "second", "type": "project", "flag": "duplicate"}
    sorts = {link.label: _params(link.url) for link in links["sorts"]}
    assert sorts["Oldest first"] == {"type": "project", "flag": "duplicate", "order": "oldest"}
    assert sorts["Most asked"] == {"type": "project", "flag": "duplicate", "order": "asked"}
    # Before any approval model, the default order (most asked lately: visitors × recency)
    # leaves the parameter out.
    assert sorts["Most asked lately"] == {"type": "project", "flag": "duplicate"}
    assert sorts["Likely approvals first"] == {
        "type": "project",
        "flag": "duplicate",
        "order": "likely",
    }
    assert [link.label for link in links["sorts"] if link.on] == ["Most asked lately"]
    assert _params(links["skipped"].url)["skipped"] == "1"
    assert _params(links["bulk_approve"]) == {
        "type": "project",
        "flag": "duplicate",
        "action": "approve",
    }
    assert _params(links["clear"]) == {}


def test_the_unfiltered_queue_link_has_no_query(db):
    assert queue_url(QueueFilters()) == reverse("review:queue")


def test_every_sidebar_link_on_a_filtered_page_keeps_the_filter(client, alice):
    for _ in range(3):
        factories.candidate(kind=Candidate.Kind.GAP, question="Q?", poor_answer="?")
    factories.candidate(type=Candidate.Type.REFERENCE)
    client.force_login(alice)
    page = client.get(reverse("review:queue"), {"flag": "gap"}).content.decode()
    assert "??" not in page
    facets = re.findall(r'<a href="([^"]*)" class="[^"]*" data-facet="(\w+)">', page)
    assert {group for _, group in facets} >= {"type", "flag", "source", "run"}
    for href, group in facets:
        params = _params(href.replace("&amp;", "&"))
        if group != "flag":
            assert params.get("flag") == "gap", href
        shown = client.get(href.replace("&amp;", "&")).context["filters"]
        assert shown == QueueFilters.from_query(params)
    bulk = re.findall(r'href="(/queue/bulk/[^"]*)"', page)
    assert bulk and all(_params(h.replace("&amp;", "&"))["flag"] == "gap" for h in bulk)


def test_the_next_page_link_keeps_the_filters_and_the_first_page_link_drops_the_cursor(
    client, alice
):
    conversation, run = factories.conversation(), factories.run()
    for _ in range(PAGE_SIZE + 1):
        factories.candidate(type=Candidate.Type.REFERENCE, conversation=conversation, run=run)
    factories.candidate(type=Candidate.Type.PROJECT, conversation=conversation, run=run)
    client.force_login(alice)
    first = client.get(reverse("review:queue"), {"type": "reference", "order": "oldest"})
    next_url = first.context["next_url"]
    params = _params(next_url)
    assert params["type"] == "reference" and params["order"] == "oldest" and params["after"]
    second = client.get(next_url)
    assert len(second.context["page"].rows) == 1
    assert second.context["page"].rows[0].type == Candidate.Type.REFERENCE
    assert "after" not in _params(second.context["first_url"])
    assert _params(second.context["first_url"])["type"] == "reference"
