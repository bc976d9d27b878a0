"""The audit log shows whole texts with a word diff, exports them, and names bad filters."""

import csv
import io

from django.urls import reverse

from memory_review.review import actions

from . import factories

PHONE = " Call +1 415 555 0100 for a human."


def _approve_with_appended_phone(alice):
    body = "Support answers every question about exports, imports and sync. " * 3
    c = factories.candidate(body=body.strip())
    actions.reject_candidate(candidate=c, reviewer=alice, reason="not true")
    actions.undo_last_action(reviewer=alice)
    edits = {"body": c.body + PHONE}
    c.refresh_from_db()
    actions.approve_candidate(candidate=c, reviewer=alice, edits=edits)
    return c


def test_an_appended_phone_number_is_visible_as_an_insertion(client, alice, knowledge_repo):
    c = _approve_with_appended_phone(alice)
    client.force_login(alice)
    html = client.get(reverse("review:audit"), {"candidate": c.pk}).content.decode()
    assert len(c.body) > 120
    assert "<ins>Call +1 415 555 0100 for a human.</ins>" in html.replace("<ins> ", "<ins>")


def test_the_csv_has_the_whole_texts(client, alice, knowledge_repo):
    c = _approve_with_appended_phone(alice)
    client.force_login(alice)
    response = client.get(reverse("review:audit"), {"candidate": c.pk, "format": "csv"})
    rows = list(csv.DictReader(io.StringIO(b"".join(response.streaming_content).decode())))
    approval = next(r for r in rows if r["action"] in ("approve", "first_approval"))
    assert approval["after_body"].endswith(PHONE.strip())
    assert not approval["before_body"].endswith(PHONE.strip())


def test_bad_filter_values_are_named(client, alice):
    client.force_login(alice)
    response = client.get(reverse("review:audit"), {"action": "approved", "since": "yesterday"})
    assert response.status_code == 400
    html = response.content.decode()
    assert "The filter “action” has a value it cannot take: “approved”." in html
    assert "The filter “since” has a value it cannot take: “yesterday”." in html
    csv_response = client.get(reverse("review:audit"), {"candidate": "x1", "format": "csv"})
    assert csv_response.status_code == 400 and "“candidate”" in csv_response.content.decode()


def test_bad_queue_filters_are_named(client, alice):
    client.force_login(alice)
    response = client.get(reverse("review:queue"), {"type": "references", "order": "best"})
    assert response.status_code == 400
    html = response.content.decode()
    assert "The filter “type” has a value it cannot take: “references”." in html
    assert "The filter “order” has a value it cannot take: “best”." in html
    assert client.get(reverse("review:queue"), {"type": "reference"}).status_code == 200
