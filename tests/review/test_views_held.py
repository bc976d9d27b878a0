import datetime as dt

from django.urls import reverse
from django.utils import timezone

from knowledge_repo.models import Change, Record
from memory_review.review import actions
from memory_review.review.models import HeldChange

from . import factories

EMAIL = "Write to jane.doe@example.com for access."


def _record(alice, name="Contact"):
    event = actions.approve_candidate(
        candidate=factories.candidate(name=name, description=f"About {name}"), reviewer=alice
    )
    return Record.objects.get(slug=Change.objects.get(pk=event.change_id).slug)


def test_a_high_risk_record_edit_is_held_and_shown_in_the_queue_with_its_diff(client, alice):
    record = _record(alice)
    client.force_login(alice)
    response = client.post(
        reverse("review:record_edit", args=[record.slug]),
        {
            "name": record.name,
            "description": record.description,
            "body": EMAIL,
            "type": "project",
            "version": factories.edit_page_version(client, record.slug),
        },
        follow=True,
    )
    assert "Held for a second reviewer" in response.content.decode()
    record.refresh_from_db()
    assert record.body != EMAIL
    held = HeldChange.objects.get()
    queue = client.get(reverse("review:queue"), {"tab": "second"}).content.decode()
    assert reverse("review:held", args=[held.pk]) in queue
    page = client.get(reverse("review:held", args=[held.pk])).content.decode()
    assert 'id="held-diff"' in page and "jane.doe@example.com" in page
    assert "A different reviewer must give the second approval" in page


def test_the_first_approver_cannot_approve_a_held_change_but_a_second_person_can(
    client, alice, dora
):
    record = _record(alice)
    actions.edit_record(user=alice, slug=record.slug, fields={"body": EMAIL})
    held = HeldChange.objects.get()
    client.force_login(alice)
    response = client.post(reverse("review:held_approve", args=[held.pk]), follow=True)
    assert "different reviewer" in response.content.decode()
    held.refresh_from_db()
    assert held.status == "waiting"
    client.force_login(dora)
    response = client.post(reverse("review:held_approve", args=[held.pk]))
    assert response.status_code == 302
    record.refresh_from_db()
    assert record.body == EMAIL and record.reviewed_by == ["alice-pub", "dora-pub"]


def test_rejecting_a_held_change_needs_a_reason_and_commits_nothing(client, alice, dora):
    record = _record(alice)
    actions.edit_record(user=alice, slug=record.slug, fields={"body": EMAIL})
    held = HeldChange.objects.get()
    client.force_login(dora)
    client.post(reverse("review:held_reject", args=[held.pk]), {"reason": ""})
    held.refresh_from_db()
    assert held.status == "waiting"
    client.post(reverse("review:held_reject", args=[held.pk]), {"reason": "personal data"})
    held.refresh_from_db()
    assert held.status == "rejected"
    record.refresh_from_db()
    assert record.body != EMAIL


def test_held_pages_answer_get_and_post_only_as_meant(client, alice, charlie):
    record = _record(alice)
    actions.edit_record(user=alice, slug=record.slug, fields={"body": EMAIL})
    held = HeldChange.objects.get()
    client.force_login(charlie)
    assert client.get(reverse("review:held", args=[held.pk])).status_code == 403
    client.force_login(alice)
    assert client.get(reverse("review:held_approve", args=[held.pk])).status_code == 405
    assert client.get(reverse("review:held", args=[held.pk + 99])).status_code == 404


def test_records_are_merged_on_a_page_through_the_gate(client, alice):
    a, b = _record(alice, "Hours"), _record(alice, "Opening times")
    client.force_login(alice)
    page = client.get(reverse("review:record_merge"), {"slugs": f"{a.slug},{b.slug}"})
    assert page.status_code == 200 and "Opening times" in page.content.decode()
    response = client.post(
        reverse("review:record_merge"),
        {
            "slugs": f"{a.slug}, {b.slug}",
            "name": "Opening hours",
            "description": "When the shop is open",
            "body": "Nine to five, Monday to Friday.",
            "type": "project",
        },
    )
    assert response.status_code == 302
    merged = Record.objects.get(retracted=False, name="Opening hours")
    # One record stands for both; the others leave the current set (kept in history).
    assert set(merged.supersedes) | {merged.slug} >= {a.slug, b.slug} - {merged.slug}
    live = Record.objects.filter(slug__in=[a.slug, b.slug], retracted=False)
    assert list(live.exclude(pk=merged.pk)) == []
    response = client.post(
        reverse("review:record_merge"),
        {"slugs": merged.slug, "name": "x", "description": "d", "body": "b", "type": "project"},
    )
    assert "at least two" in response.content.decode()


def test_the_dashboard_lists_records_that_expire_soon(client, alice):
    record = _record(alice)
    soon = timezone.localdate() + dt.timedelta(days=3)
    actions.edit_record(user=alice, slug=record.slug, fields={"valid_until": soon.isoformat()})
    client.force_login(alice)
    html = client.get(reverse("review:dashboard")).content.decode()
    assert reverse("review:record", args=[record.slug]) in html
    assert soon.isoformat() in html
