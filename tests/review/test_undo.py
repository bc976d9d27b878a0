"""Undo keeps the reviewer's work, reuses the record's slug and tells the truth about what is live."""

from django.urls import reverse

from knowledge_repo import actions as kr
from knowledge_repo.models import Change, Record
from memory_review.extraction.models import Candidate
from memory_review.review import actions
from memory_review.review.models import ReviewEvent

from . import factories

EDITS = {"name": "Exports go to Markdown", "body": "File → Export → Markdown, every notebook."}


def _approve(candidate, reviewer, capture, edits=None):
    with capture(execute=True):
        event = actions.approve_candidate(candidate=candidate, reviewer=reviewer, edits=edits)
    return Change.objects.get(pk=event.change_id)


def _undo(reviewer, capture):
    with capture(execute=True):
        return actions.undo_last_decision(reviewer=reviewer)


def test_undo_brings_back_the_reviewers_edits_as_a_draft(alice, django_capture_on_commit_callbacks):
    c = factories.candidate(name="Export", body="the extractor's words")
    _approve(c, alice, django_capture_on_commit_callbacks, edits=EDITS)
    _undo(alice, django_capture_on_commit_callbacks)
    c.refresh_from_db()
    assert c.status == Candidate.Status.PENDING
    assert (c.name, c.body) == (EDITS["name"], EDITS["body"])
    assert actions.restored_by_undo(c)


def test_approving_again_after_undo_reuses_the_slug(alice, django_capture_on_commit_callbacks):
    c = factories.candidate(name="Export")
    first = _approve(c, alice, django_capture_on_commit_callbacks, edits=EDITS)
    _undo(alice, django_capture_on_commit_callbacks)
    assert Record.objects.get(slug=first.slug).retracted
    c.refresh_from_db()
    again = _approve(c, alice, django_capture_on_commit_callbacks)
    assert again.slug == first.slug
    record = Record.objects.get(slug=first.slug)
    assert not record.retracted and record.name == EDITS["name"]
    assert Record.objects.count() == 1


def test_another_candidate_does_not_take_a_retracted_slug(
    alice, django_capture_on_commit_callbacks
):
    c = factories.candidate(name="Export")
    first = _approve(c, alice, django_capture_on_commit_callbacks)
    _undo(alice, django_capture_on_commit_callbacks)
    other = _approve(factories.candidate(name="Export"), alice, django_capture_on_commit_callbacks)
    assert other.slug != first.slug


def test_undo_of_a_published_approval_says_it_stays_live(
    alice, bob, django_capture_on_commit_callbacks
):
    c = factories.candidate(name="Export")
    change = _approve(c, alice, django_capture_on_commit_callbacks)
    release = kr.cut_release(user=bob).release
    kr.publish_release(user=bob, name=release.name)
    undo = _undo(alice, django_capture_on_commit_callbacks)
    assert f"still live in {release.name} until the next release" in undo.reason
    assert change.slug in undo.reason


def test_undo_before_any_release_says_nothing_about_live(alice, django_capture_on_commit_callbacks):
    _approve(factories.candidate(), alice, django_capture_on_commit_callbacks)
    assert "live" not in _undo(alice, django_capture_on_commit_callbacks).reason


def test_the_undo_page_shows_the_draft_and_the_live_note(
    client, alice, bob, django_capture_on_commit_callbacks
):
    c = factories.candidate(name="Export")
    _approve(c, alice, django_capture_on_commit_callbacks, edits=EDITS)
    release = kr.cut_release(user=bob).release
    kr.publish_release(user=bob, name=release.name)
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("review:undo"), follow=True)
    html = response.content.decode()
    assert f"still live in {release.name} until the next release" in html
    assert 'id="restored-draft"' in html and EDITS["body"] in html


def test_retracting_a_published_record_says_it_stays_live(
    client, alice, bob, django_capture_on_commit_callbacks
):
    change = _approve(factories.candidate(name="Export"), alice, django_capture_on_commit_callbacks)
    release = kr.cut_release(user=bob).release
    kr.publish_release(user=bob, name=release.name)
    client.force_login(alice)
    url = reverse("review:record_retract", args=[change.slug])
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, {"reason": "no longer true"}, follow=True)
    note = f"still live in {release.name} until the next release"
    assert note in response.content.decode()
    event = ReviewEvent.objects.get(action=ReviewEvent.Action.RETRACT_RECORD)
    assert note in event.reason


def test_undo_requires_a_reviewer_and_post(client, charlie, alice):
    assert client.post(reverse("review:undo")).status_code == 302
    client.force_login(charlie)
    assert client.post(reverse("review:undo")).status_code == 403
    client.force_login(alice)
    assert client.get(reverse("review:undo")).status_code == 405


def test_approving_a_retraction_of_a_published_record_says_it_stays_live(
    client, alice, bob, django_capture_on_commit_callbacks
):
    change = _approve(factories.candidate(name="Export"), alice, django_capture_on_commit_callbacks)
    release = kr.cut_release(user=bob).release
    kr.publish_release(user=bob, name=release.name)
    retraction = factories.candidate(
        name="Export is gone",
        operation=Candidate.Operation.RETRACT,
        target_slug=change.slug,
    )
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("review:approve", args=[retraction.pk]), follow=True)
    assert f"still live in {release.name} until the next release" in response.content.decode()
    assert Record.objects.get(slug=change.slug).retracted
