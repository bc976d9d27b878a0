"""Counts that are true: every count is the rows its link shows, given the other filters."""

import re

from django.urls import reverse

from memory_review.extraction.models import Candidate
from memory_review.review import actions

from . import factories


def _count(html: str) -> str:
    return _first(r'<strong id="queue-count">([^<]*)</strong>', html)


def _first(pattern: str, html: str) -> str:
    found = re.search(pattern, html)
    assert found is not None, pattern
    return found.group(1)


def _facet(html: str, facet: str, label: str) -> str:
    pattern = rf'data-facet="{facet}"><span>{re.escape(label)}</span><span class="n">(\d+)</span>'
    return _first(pattern, html)


def _tab(html: str, label: str) -> str:
    return _first(rf"data-tab>{re.escape(label)} <span class=\"n\">(\d+)</span>", html)


def test_the_list_count_is_never_stale(client, alice):
    refs = [factories.candidate(type=Candidate.Type.REFERENCE) for _ in range(2)]
    client.force_login(alice)
    url = reverse("review:queue") + "?type=reference"
    assert _count(client.get(url).content.decode()) == "2"
    for c in refs:
        actions.reject_candidate(candidate=c, reviewer=alice, reason="not true")
    html = client.get(url).content.decode()
    assert "Nothing to review here with these filters." in html
    assert "2 matching" not in html and '<strong id="queue-count">2' not in html


def test_facet_counts_keep_the_other_filters(client, alice):
    factories.personal(type=Candidate.Type.REFERENCE)
    factories.candidate(type=Candidate.Type.REFERENCE)
    factories.candidate(type=Candidate.Type.PROJECT)
    client.force_login(alice)
    html = client.get(reverse("review:queue")).content.decode()
    assert _facet(html, "type", "reference") == "2"
    filtered = client.get(reverse("review:queue") + "?flag=personal_data").content.decode()
    assert _facet(filtered, "type", "reference") == "1"
    assert _facet(filtered, "type", "project") == "0"
    # And the flag counts keep the type filter.
    projects = client.get(reverse("review:queue") + "?type=project").content.decode()
    assert _facet(projects, "flag", "personal data") == "0"


def test_the_tab_badge_equals_the_rows(client, alice):
    kept, skipped = factories.candidate(), factories.candidate()
    actions.skip_candidate(candidate=skipped, reviewer=alice)
    client.force_login(alice)
    response = client.get(reverse("review:queue"))
    html = response.content.decode()
    assert [c.pk for c in response.context["page"].rows] == [kept.pk]
    assert _tab(html, "To review") == "1" == _count(html)


def test_the_active_sort_is_marked(client, alice):
    factories.candidate()
    client.force_login(alice)
    html = client.get(reverse("review:queue") + "?order=oldest").content.decode()
    marked = re.findall(r'<a class="button on" href="[^"]*" aria-current="true">', html)
    assert len(marked) == 1
    assert 'aria-current="true"><span aria-hidden="true">▾ </span>Oldest first</a>' in html
