import csv
import io

from django.urls import reverse

from memory_review.review import actions
from memory_review.review.models import ReviewEvent

from . import factories


def _walk(alice, bob, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        actions.approve_candidate(candidate=factories.candidate(), reviewer=alice)
    actions.reject_candidate(candidate=factories.candidate(), reviewer=alice, reason="not true")
    release = actions.cut_release(user=bob).release
    factories.walk(bob, release.name)
    actions.publish_release(user=bob, name=release.name)


def test_releases_and_publications_are_in_the_audit_log(
    alice, bob, django_capture_on_commit_callbacks
):
    _walk(alice, bob, django_capture_on_commit_callbacks)
    kinds = list(ReviewEvent.objects.order_by("pk").values_list("action", flat=True))
    assert kinds == ["approve", "reject", "release", "walk_release", "publish"]


def test_the_audit_log_filters_by_person_action_and_date(
    client, alice, bob, django_capture_on_commit_callbacks
):
    _walk(alice, bob, django_capture_on_commit_callbacks)
    client.force_login(alice)
    html = client.get(reverse("review:audit"), {"user": "bob"}).content.decode()
    assert "published v1" in html and "not true" not in html
    html = client.get(reverse("review:audit"), {"action": "reject"}).content.decode()
    assert "not true" in html and "published v1" not in html
    html = client.get(reverse("review:audit"), {"since": "2999-01-01"}).content.decode()
    assert "not true" not in html and "published v1" not in html


def test_the_audit_log_exports_csv_with_the_same_filters(
    client, alice, bob, django_capture_on_commit_callbacks
):
    _walk(alice, bob, django_capture_on_commit_callbacks)
    client.force_login(alice)
    response = client.get(reverse("review:audit"), {"format": "csv", "user": "alice"})
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode())))
    assert rows[0][:3] == ["at", "user", "action"]
    assert sorted(r[2] for r in rows[1:]) == ["approve", "reject"]


def test_the_audit_log_needs_the_reviewer_role(client, charlie):
    client.force_login(charlie)
    assert client.get(reverse("review:audit"), {"format": "csv"}).status_code == 403
