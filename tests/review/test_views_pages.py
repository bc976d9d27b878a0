"""The smaller pages a reviewer hits daily: gap answers, record picker, what is live,
error pages, cross-links, favicon and the log."""

import logging
import os
import subprocess
import sys

import pytest
from django.urls import reverse

from knowledge_repo import actions as kr
from knowledge_repo.models import Change
from memory_review.extraction.models import Candidate
from memory_review.review import actions

from . import factories

GAP_BODY = "The visitor needed an answer to: Hm."


def _gap():
    return factories.candidate(
        kind=Candidate.Kind.GAP,
        name="Offline sync",
        question="Does it sync offline?",
        poor_answer="Hm.",
        body=GAP_BODY,
    )


def test_a_gap_opens_an_empty_answer_form_and_has_no_one_click_approval(client, alice):
    gap = _gap()
    client.force_login(alice)
    html = client.get(reverse("review:candidate", args=[gap.pk])).content.decode()
    assert 'id="answer-button"' in html and 'id="approve-form"' not in html
    assert 'data-kind="gap"' in html
    assert GAP_BODY not in html.split('id="edit-form"')[1].split("</form>")[0]
    assert "Write the answer the visitor needed" in html


def test_an_ordinary_candidate_keeps_its_approve_button(client, alice):
    c = factories.candidate()
    client.force_login(alice)
    html = client.get(reverse("review:candidate", args=[c.pk])).content.decode()
    assert 'id="approve-form"' in html and "data-ctrl-enter" in html


def _record(alice, capture, **kw):
    with capture(execute=True):
        event = actions.approve_candidate(candidate=factories.candidate(**kw), reviewer=alice)
    return Change.objects.get(pk=event.change_id)


def test_the_record_picker_finds_records_by_name(client, alice, django_capture_on_commit_callbacks):
    change = _record(alice, django_capture_on_commit_callbacks, name="Markdown export")
    _record(alice, django_capture_on_commit_callbacks, name="Offline sync")
    client.force_login(alice)
    data = client.get(reverse("review:record_search"), {"q": "markd"}).json()
    assert [r["slug"] for r in data["records"]] == [change.slug]
    html = client.get(reverse("review:candidate", args=[factories.candidate().pk])).content
    assert f'data-record-picker="{reverse("review:record_search")}"'.encode() in html


def test_the_record_picker_needs_a_reviewer_and_get(client, charlie, alice):
    url = reverse("review:record_search")
    assert reverse("login") in client.get(url)["Location"]
    client.force_login(charlie)
    assert client.get(url).status_code == 403
    client.force_login(alice)
    assert client.post(url).status_code == 405


def test_reviewers_see_what_is_live(client, alice, bob, django_capture_on_commit_callbacks):
    change = _record(alice, django_capture_on_commit_callbacks, name="Markdown export")
    client.force_login(alice)
    assert "Nothing has been published yet" in client.get(reverse("review:live")).content.decode()
    release = kr.cut_release(user=bob).release
    kr.publish_release(user=bob, name=release.name)
    _record(alice, django_capture_on_commit_callbacks, name="Not released yet")
    html = client.get(reverse("review:live")).content.decode()
    assert f"<strong>{release.name}</strong>" in html
    assert reverse("review:record", args=[change.slug]) in html
    assert "Not released yet" not in html


def test_the_live_page_needs_a_reviewer_and_get(client, charlie, alice):
    url = reverse("review:live")
    assert reverse("login") in client.get(url)["Location"]
    client.force_login(charlie)
    assert client.get(url).status_code == 403
    client.force_login(alice)
    assert client.post(url).status_code == 405


def test_a_reviewer_on_releases_gets_the_role_page_without_a_traceback(client, alice, caplog):
    client.force_login(alice)
    with caplog.at_level(logging.WARNING, logger="django.request"):
        response = client.get(reverse("review:releases"))
    html = response.content.decode()
    assert response.status_code == 403
    assert "This page needs the publisher role." in html
    assert 'id="error-403"' in html and "/static/review/app.css" in html
    assert reverse("review:live") in html
    forbidden = [r for r in caplog.records if "Forbidden" in r.getMessage()]
    assert len(forbidden) == 1 and forbidden[0].exc_info is None


def test_the_404_page_is_styled(client, alice):
    client.force_login(alice)
    response = client.get(reverse("review:candidate", args=[999999]))
    assert response.status_code == 404
    assert 'id="error-404"' in response.content.decode()


def test_conversation_candidates_and_records_link_to_each_other(
    client, alice, django_capture_on_commit_callbacks
):
    change = _record(alice, django_capture_on_commit_callbacks, name="Markdown export")
    candidate = Candidate.objects.get(pk=change.candidate_id)
    client.force_login(alice)
    conversation_url = reverse("review:conversation", args=[candidate.conversation_id])
    conversation = client.get(conversation_url).content.decode()
    assert reverse("review:candidate", args=[candidate.pk]) in conversation
    assert reverse("review:record", args=[change.slug]) in conversation
    record = client.get(reverse("review:record", args=[change.slug])).content.decode()
    assert reverse("review:candidate", args=[candidate.pk]) in record
    assert conversation_url in record
    page = client.get(reverse("review:candidate", args=[candidate.pk])).content.decode()
    assert conversation_url in page


def test_there_is_a_favicon(client, db):
    response = client.get("/favicon.ico")
    assert response.status_code == 302 and response["Location"].endswith("favicon.svg")


def test_each_log_event_is_one_line():
    script = (
        "import django, logging; django.setup(); "
        "from django.core.exceptions import PermissionDenied; "
        "logging.getLogger('django.request').warning('Forbidden x', exc_info=PermissionDenied('no')); "
        "logging.getLogger('django.server').info('GET /queue/ 200'); "
        "logging.getLogger('memory_review.x').warning('app event')"
    )
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "memory_review.settings", "DEBUG": "true"}
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
    )
    lines = done.stderr.splitlines()
    assert [
        sum(text in line for line in lines) for text in ("Forbidden x", "GET /queue/", "app event")
    ] == [1, 1, 1]
    assert "Traceback" not in done.stderr


def test_being_reviewed_now_counts_reviewers_at_work_not_page_visits(client, alice, dora):
    first, second, third = (factories.candidate() for _ in range(3))
    client.force_login(alice)
    for c in (first, second, third):
        client.get(reverse("review:candidate", args=[c.pk]))
    assert client.get(reverse("review:dashboard")).context["claims"] == 1
    # The candidates alice only looked at are free for others to decide.
    actions.reject_candidate(candidate=first, reviewer=dora, reason="not true")
    with pytest.raises(actions.ClaimedByOther):
        actions.reject_candidate(candidate=third, reviewer=dora, reason="not true")
