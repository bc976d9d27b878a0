"""The dashboard's progress and pace per reviewer, and agreement between two deciders."""

from datetime import timedelta

from django.urls import reverse
from django.utils import timezone

from knowledge_repo.models import Change
from memory_review.review import actions
from memory_review.review.models import HeldChange, ReviewEvent
from memory_review.review.selectors.progress import agreement, median_seconds, progress
from memory_review.review.targets import Target

from . import factories


def test_progress_counts_today_and_this_week_and_the_median_pace(alice, dora, bob):
    for _ in range(3):
        actions.reject_candidate(candidate=factories.candidate(), reviewer=alice, reason="not true")
    now = timezone.now()
    # Spread alice's decisions: 60 s and 120 s apart, then a lunch break that is not pace.
    for event, at in zip(
        ReviewEvent.objects.filter(user=alice).order_by("pk"),
        [now - timedelta(hours=2), now - timedelta(minutes=2), now - timedelta(minutes=1)],
        strict=True,
    ):
        ReviewEvent.objects.filter(pk=event.pk).update(at=at)
    old = factories.candidate()
    actions.reject_candidate(candidate=old, reviewer=dora, reason="not true")
    ReviewEvent.objects.filter(user=dora).update(at=now - timedelta(days=8))
    actions.assign_items(
        targets=[Target(candidate=factories.candidate()), Target(candidate=factories.candidate())],
        assignees=[dora],
        by=bob,
    )
    rows = {r["user"].username: r for r in progress()}
    local_today = timezone.localtime(now).date()
    today = [t for t in [now - timedelta(hours=2)] if timezone.localtime(t).date() == local_today]
    assert rows["alice"]["today"] == 2 + len(today)
    assert rows["alice"]["week"] >= rows["alice"]["today"]
    assert rows["alice"]["median_seconds"] == 60
    assert rows["dora"]["week"] == 0 and rows["dora"]["assigned_open"] == 2


def test_median_leaves_breaks_out():
    t = timezone.now()
    times = [t, t + timedelta(seconds=30), t + timedelta(seconds=130), t + timedelta(hours=2)]
    assert median_seconds(times) == 65
    assert median_seconds([t]) is None


def test_agreement_counts_second_decisions_as_is_after_edits_and_against(alice, dora):
    agreed, edited, refused = (factories.personal(fingerprint=f"a{i}") for i in range(3))
    for c in (agreed, edited, refused):
        actions.approve_candidate(candidate=c, reviewer=alice)
    actions.approve_candidate(candidate=agreed, reviewer=dora)
    actions.approve_candidate(
        candidate=edited, reviewer=dora, edits={"body": "Ask the support desk for access."}
    )
    actions.reject_candidate(candidate=refused, reviewer=dora, reason="personal data")
    # A held record change applied by a second person agrees too.
    event = actions.approve_candidate(candidate=factories.candidate(), reviewer=alice)
    slug = Change.objects.get(pk=event.change_id).slug
    actions.edit_record(user=alice, slug=slug, fields={"body": "Mail jane.doe@example.com."})
    actions.approve_held(held=HeldChange.objects.get(), reviewer=dora)
    figures = agreement()
    assert (figures["pairs"], figures["agreed"], figures["edited"], figures["disagreed"]) == (
        4,
        2,
        1,
        1,
    )
    assert figures["agreed_percent"] == 50 and figures["with_edits_percent"] == 75
    assert figures["per_reviewer"] == [
        {"username": "alice", "pairs": 4, "agreed": 2, "edited": 1, "disagreed": 1}
    ]


def test_the_dashboard_shows_progress_and_agreement(client, alice, dora):
    c = factories.personal()
    actions.approve_candidate(candidate=c, reviewer=alice)
    actions.approve_candidate(candidate=c, reviewer=dora)
    client.force_login(alice)
    page = client.get(reverse("review:dashboard")).content.decode()
    assert 'id="progress"' in page and '<tr data-user="dora">' in page
    assert "Of 1 second decisions, 1 agreed as is (100%)" in page
