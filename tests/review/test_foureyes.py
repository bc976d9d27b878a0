"""Four eyes on everything public: one person holding every role publishes nothing alone.

The texts here are plain (no detector flags them): the detectors only direct
attention, so the rule must hold for text they miss, in any language.
"""

from __future__ import annotations

import json
import subprocess

import pytest
from django.contrib.auth.models import Group, User
from django.core.management import CommandError, call_command
from django.urls import reverse

from knowledge_repo import actions as kr
from knowledge_repo.models import Change, Record
from memory_review.extraction.models import Candidate
from memory_review.review import actions, foureyes
from memory_review.review.models import HeldChange, ReleaseReading, ReviewEvent

from . import factories

# What one person writes, in any words and language: only a second person stops it.
# Plain text no detector flags: four eyes must hold it all the same (a flagged text is held at
# the gate already, before any release).
SOLO_TEXT = "La tienda abre a las diez desde el lunes, también los festivos."


@pytest.fixture
def solo(db) -> User:
    """One person holding every role: reviewer, publisher, staff and superuser."""
    user = User.objects.create_user(
        "solo", "solo@example.org", "pw-solo", is_staff=True, is_superuser=True
    )
    for name in ("reviewer", "publisher"):
        user.groups.add(Group.objects.get_or_create(name=name)[0])
    return user


def _record(name: str, user: User, body: str = "The shop opens at nine.") -> Record:
    c = factories.candidate(name=name, description=f"About {name.lower()}", body=body)
    event = actions.approve_candidate(candidate=c, reviewer=user)
    return Record.objects.get(slug=Change.objects.get(pk=event.change_id or 0).slug)


@pytest.fixture
def base(alice, bob) -> dict[str, Record]:
    """v1, approved by alice and walked and published by bob: records solo can change."""
    records = {
        "hours": _record("Opening hours", alice),
        "shop": _record("Shop hours", alice, body="The shop closes at six."),
    }
    kr.commit_pending()
    release = actions.cut_release(user=bob, name="v1").release
    factories.walk(bob, "v1")
    actions.publish_release(user=bob, name=release.name)
    return records


def _published_text(settings) -> str:
    remote = settings.KNOWLEDGE_PUBLISH_REMOTES[0]
    return subprocess.run(
        ["git", "-C", remote, "log", "-p", "published", "--"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout


# Every way one person puts text into records; each returns the text to look for.
def _approve(solo, base):
    actions.approve_candidate(candidate=factories.candidate(body=SOLO_TEXT), reviewer=solo)


def _approve_with_edits(solo, base):
    actions.approve_candidate(
        candidate=factories.candidate(), reviewer=solo, edits={"body": SOLO_TEXT}
    )


def _merge_candidate(solo, base):
    record = base["hours"]
    actions.merge_candidate(
        candidate=factories.candidate(),
        reviewer=solo,
        target_slug=record.slug,
        edits={"name": record.name, "description": "d", "body": SOLO_TEXT, "type": "project"},
    )


def _edit_record(solo, base):
    actions.edit_record(user=solo, slug=base["hours"].slug, fields={"body": SOLO_TEXT})


def _merge_records(solo, base):
    actions.merge_records(
        user=solo,
        slugs=[base["hours"].slug, base["shop"].slug],
        fields={"name": "Hours", "description": "d", "body": SOLO_TEXT, "type": "project"},
    )


def _answer_gap(solo, base):
    gap = factories.candidate(
        kind=Candidate.Kind.GAP,
        question="¿Dónde compro?",
        description="Where to buy",
        body="The visitor needed an answer to: ¿Dónde compro?",
    )
    actions.approve_candidate(candidate=gap, reviewer=solo, edits={"body": SOLO_TEXT})


def _bulk(solo, base):
    c = factories.candidate(body=SOLO_TEXT)
    assert actions.bulk_decide(candidate_ids=[c.pk], reviewer=solo, action="approve").done == 1


def _revert(solo, base):
    actions.edit_record(user=solo, slug=base["shop"].slug, fields={"body": SOLO_TEXT})
    kr.commit_pending()
    change = Change.objects.filter(slug=base["shop"].slug).latest("pk")
    actions.revert_change(user=solo, change=change)
    kr.commit_pending()
    # The revert restores v1's text; solo now re-applies theirs by reverting the revert.
    actions.revert_change(user=solo, change=Change.objects.latest("pk"))


def _undo(solo, base):
    c = factories.candidate(name="Kept", body="Kept text.")
    actions.approve_candidate(candidate=c, reviewer=solo)
    kr.commit_pending()
    actions.undo_last_decision(reviewer=solo)  # a revert commit solo alone approved
    actions.approve_candidate(candidate=factories.candidate(body=SOLO_TEXT), reviewer=solo)


def _retract(solo, base):
    # A retraction's reason is public text too (the commit message).
    actions.retract_record(user=solo, slug=base["shop"].slug, reason=SOLO_TEXT)


PATHS = [
    _approve,
    _approve_with_edits,
    _merge_candidate,
    _edit_record,
    _merge_records,
    _answer_gap,
    _bulk,
    _revert,
    _undo,
    _retract,
]


@pytest.mark.parametrize("path", PATHS, ids=[p.__name__.strip("_") for p in PATHS])
def test_one_person_with_every_role_cannot_publish_by_any_path(
    path, solo, bob, base, settings, client
):
    path(solo, base)
    kr.commit_pending()
    assert not Change.objects.exclude(status=Change.Status.COMMITTED).exists()
    release = actions.cut_release(user=solo, name="v2").release
    assert release is not None
    # Walking every change is not enough: solo approved them alone.
    assert factories.walk(solo, "v2") >= 1
    with pytest.raises(foureyes.FourEyesRefused, match="alone"):
        actions.publish_release(user=solo, name="v2")
    # Nor through the page, nor the command.
    client.force_login(solo)
    client.post(reverse("review:release_publish"), {"name": "v2"})
    with pytest.raises(CommandError, match="alone"):
        call_command("kb_publish", "v2", "--user", "solo")
    assert kr.published_release().name == "v1"
    assert SOLO_TEXT not in _published_text(settings)
    # A second person who walked it may publish: then two people read every text.
    with pytest.raises(foureyes.FourEyesRefused, match="not marked read"):
        actions.publish_release(user=bob, name="v2")
    factories.walk(bob, "v2")
    assert actions.publish_release(user=bob, name="v2").ok
    assert kr.published_release().name == "v2"


def test_a_publisher_who_approved_with_a_second_reviewer_may_publish(alice, bob, dora):
    # High-risk text: bob's first approval, dora's second; bob was not alone.
    c = factories.postal(name="Contact")
    actions.approve_candidate(candidate=c, reviewer=bob)
    actions.approve_candidate(candidate=c, reviewer=dora)
    kr.commit_pending()
    result = actions.cut_release(user=bob)
    (finding,) = result.findings
    actions.clear_finding(user=bob, finding=finding, reason="our public desk")
    actions.clear_finding(user=dora, finding=finding, reason="on the website")
    release = actions.cut_release(user=bob).release
    change = foureyes.changes_to_walk(release).get()
    assert sorted(foureyes.approver_ids(change)) == sorted([bob.pk, dora.pk])
    factories.walk(bob, release.name)
    problems = foureyes.publish_problems(user=bob, release=release)
    assert not any("alone" in p for p in problems)


def test_the_walk_covers_every_change_since_the_last_published_release(alice, bob):
    _record("One", alice)
    kr.commit_pending()
    v1 = actions.cut_release(user=bob, name="v1").release
    _record("Two", alice)
    kr.commit_pending()
    # v2 is cut but never published: its change is walked again in v3.
    v2 = actions.cut_release(user=bob, name="v2").release
    _record("Three", alice)
    kr.commit_pending()
    v3 = actions.cut_release(user=bob, name="v3").release
    assert [c.slug for c in foureyes.changes_to_walk(v3)] == ["one", "two", "three"]
    factories.walk(bob, "v1")
    actions.publish_release(user=bob, name="v1")
    assert [c.slug for c in foureyes.changes_to_walk(v3)] == ["two", "three"]
    assert [c.slug for c in foureyes.changes_to_walk(v2)] == ["two"]
    # Readings are per release and person: walking v2 reads nothing of v3.
    factories.walk(bob, "v2")
    assert foureyes.read_ids(v3, bob) == set()
    assert foureyes.base_release(v3) == v1


def test_a_change_no_person_approved_cannot_be_published(alice, bob):
    # A change from before approvers were recorded, whose author's account is gone.
    change = kr.create_record(author=alice, name="Old", description="d", body="b", type="project")
    kr.commit_pending()
    payload = {k: v for k, v in change.payload.items() if k != "approver_ids"}
    Change.objects.filter(pk=change.pk).update(payload=payload, author=None)
    release = actions.cut_release(user=bob).release
    factories.walk(bob, release.name)
    with pytest.raises(foureyes.FourEyesRefused, match="approved by no one"):
        actions.publish_release(user=bob, name=release.name)


def test_only_a_named_publisher_publishes(alice, bob, dora):
    _record("One", alice)
    kr.commit_pending()
    actions.cut_release(user=bob, name="v1")
    with pytest.raises(foureyes.FourEyesRefused, match="a person must publish"):
        actions.publish_release(user=None, name="v1")
    factories.walk(bob, "v1")
    with pytest.raises(foureyes.FourEyesRefused, match="not a publisher"):
        actions.publish_release(user=dora, name="v1")


def test_rolling_back_goes_only_to_a_release_that_was_published(alice, bob):
    _record("One", alice)
    kr.commit_pending()
    actions.cut_release(user=bob, name="v1")
    factories.walk(bob, "v1")
    actions.publish_release(user=bob, name="v1")
    _record("Two", alice)
    kr.commit_pending()
    actions.cut_release(user=bob, name="v2")
    _record("Three", alice)
    kr.commit_pending()
    actions.cut_release(user=bob, name="v3")
    factories.walk(bob, "v3")
    actions.publish_release(user=bob, name="v3")
    with pytest.raises(foureyes.FourEyesRefused, match="A person must roll back"):
        actions.rollback_release(user=None)
    assert kr.published_release().name == "v3"
    # The release cut before v3 is v2, never published: rollback skips it for v1.
    assert kr.rollback_target().name == "v1"
    assert actions.rollback_release(user=bob).release.name == "v1"


def test_marking_read_only_takes_changes_of_the_release(alice, bob):
    _record("One", alice)
    kr.commit_pending()
    v1 = actions.cut_release(user=bob, name="v1").release
    _record("Two", alice)
    kr.commit_pending()
    later = Change.objects.latest("pk")
    with pytest.raises(actions.ReviewError, match="not one of the changes"):
        actions.mark_read(user=bob, release=v1, change=later)
    first = Change.objects.earliest("pk")
    assert actions.mark_read(user=bob, release=v1, change=first) == 0
    assert actions.mark_read(user=bob, release=v1, change=first) == 0  # twice is once
    assert ReleaseReading.objects.filter(release=v1, user=bob).count() == 1
    assert ReviewEvent.objects.filter(action="walk_release", user=bob).count() == 1


def test_the_admin_cannot_write_readings_records_or_changes(solo, base, client):
    client.force_login(solo)
    for model in ("review/releasereading", "knowledge_repo/record", "knowledge_repo/change"):
        assert client.get(f"/admin/{model}/add/").status_code == 403, model
    change = Change.objects.first()
    response = client.post(f"/admin/knowledge_repo/change/{change.pk}/change/", {"status": "x"})
    assert response.status_code == 403
    assert not HeldChange.objects.exists()


def test_the_api_only_ingests_it_never_writes_knowledge(solo, base, client):
    from conversations.actions import create_ingest_token
    from conversations.models import Conversation, Source

    token = create_ingest_token(source=Source.objects.create(name="api-src"))
    before = Change.objects.count()
    body = {"id": "c1", "messages": [{"role": "user", "content": SOLO_TEXT}]}
    response = client.post(
        "/api/v1/conversations",
        data=json.dumps(body),
        content_type="application/json",
        headers={"Authorization": f"Bearer {token}"},
    )
    assert response.status_code == 200
    assert Conversation.objects.filter(external_id="c1").exists()
    # Visitors' words are evidence for reviewers, never a record by themselves.
    assert Change.objects.count() == before and kr.published_release().name == "v1"


def test_the_release_page_walks_and_publishes(alice, bob, client):
    _record("Opening hours", alice, body="Open at nine.\nClosed on Sundays.")
    kr.commit_pending()
    actions.cut_release(user=bob, name="v1")
    client.force_login(bob)
    html = client.get(reverse("review:release_walk", args=["v1"])).content.decode()
    assert "Opening hours" in html and "Closed on Sundays." in html and "approved by alice" in html
    assert "not marked read" in html
    change = Change.objects.get()
    response = client.post(reverse("review:release_read", args=["v1"]), {"change": change.pk})
    assert response.status_code == 302 and response.url.endswith(f"#change-{change.pk}")
    html = client.get(reverse("review:release_walk", args=["v1"])).content.decode()
    assert 'id="walk-read">1<' in html and 'id="walk-problems"' not in html
    response = client.post(
        reverse("review:release_read", args=["v1"]),
        {"change": "nope"},
        HTTP_ACCEPT="application/json",
    )
    assert response.status_code == 400 and "Name a change" in response.json()["error"]
    assert client.get(reverse("review:release_walk", args=["v9"])).status_code == 404
    client.post(reverse("review:release_publish"), {"name": "v1"})
    assert kr.published_release().name == "v1"


def test_the_walk_shows_findings_inline(alice, dora, bob, client):
    c = factories.postal(name="Contact")
    actions.approve_candidate(candidate=c, reviewer=alice)
    actions.approve_candidate(candidate=c, reviewer=dora)
    kr.commit_pending()
    result = actions.cut_release(user=bob)
    (finding,) = result.findings
    actions.clear_finding(user=bob, finding=finding, reason="our desk")
    actions.clear_finding(user=dora, finding=finding, reason="public")
    release = actions.cut_release(user=bob).release
    client.force_login(bob)
    html = client.get(reverse("review:release_walk", args=[release.name])).content.decode()
    assert '<mark class="flag flag-personal_data"' in html
    assert "1 finding" in html


def test_a_setting_requires_two_approvals_for_every_change(alice, dora, settings):
    settings.REVIEW_TWO_APPROVALS = True
    c = factories.candidate(body="The shop opens at nine.")
    assert actions.approve_candidate(candidate=c, reviewer=alice).action == "first_approval"
    with pytest.raises(actions.SecondReviewerRequired):
        actions.approve_candidate(candidate=c, reviewer=alice)
    assert actions.approve_candidate(candidate=c, reviewer=dora).action == "approve"
    change = Change.objects.get()
    assert sorted(foureyes.approver_ids(change)) == sorted([alice.pk, dora.pk])
    # A bulk approval is a first approval under the setting, never a commit.
    more = [factories.candidate(name=f"Clean {i}") for i in range(2)]
    result = actions.bulk_decide(
        candidate_ids=[m.pk for m in more], reviewer=alice, action="approve"
    )
    assert result.done == 2 and Change.objects.count() == 1
    # Record edits wait for a second person too.
    record = Record.objects.get(slug=change.slug)
    event = actions.edit_record(user=alice, slug=record.slug, fields={"body": "Opens at ten."})
    assert event.action == ReviewEvent.Action.HOLD
