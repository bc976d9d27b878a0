"""Talking items over: comments, @mentions that notify, second opinions, the audit trail."""

import pytest
from django.core import mail
from django.urls import reverse

from knowledge_repo.models import Change, Record
from memory_review.review import actions
from memory_review.review.models import Assignment, Comment, HeldChange, Notification, ReviewEvent
from memory_review.review.targets import Target

from . import factories


def _comment(client, target: str, body: str):
    return client.post(reverse("review:comment_add"), {"target": target, "body": body}, follow=True)


def test_a_mention_notifies_the_colleague_on_the_page(client, alice, dora):
    c = factories.candidate()
    client.force_login(alice)
    response = _comment(client, f"candidate:{c.pk}", "@dora is this still true?")
    assert "Comment saved; notified: dora." in response.content.decode()
    page = client.get(reverse("review:candidate", args=[c.pk])).content.decode()
    assert '<strong class="mention">@dora</strong> is this still true?' in page
    client.force_login(dora)
    listing = client.get(reverse("review:notifications")).content.decode()
    assert "1 unread" in listing and "mentioned you" in listing
    assert 'id="notifications-badge"' in listing and '<span class="count on">1</span>' in listing
    notification = Notification.objects.get(user=dora)
    opened = client.post(reverse("review:notification_open", args=[notification.pk]))
    assert (
        opened.url
        == reverse("review:candidate", args=[c.pk]) + f"#comment-{notification.comment_id}"
    )
    assert "0 unread" in client.get(reverse("review:notifications")).content.decode()
    # dora answers; alice is told.
    _comment(client, f"candidate:{c.pk}", "@alice yes, checked with support.")
    assert Notification.objects.filter(user=alice, read_at=None).count() == 1


def test_someone_elses_notification_cannot_be_opened(client, alice, dora, bob):
    c = factories.candidate()
    actions.add_comment(target=Target(candidate=c), author=alice, body="@dora look")
    client.force_login(bob)
    pk = Notification.objects.get().pk
    assert client.post(reverse("review:notification_open", args=[pk])).status_code == 404
    assert Notification.objects.get().read_at is None


def test_mentions_of_nobody_or_of_outsiders_are_named_and_notify_no_one(client, alice, charlie):
    c = factories.candidate()
    client.force_login(alice)
    response = _comment(client, f"candidate:{c.pk}", "ask @charlie or @nosuch, or me @alice.")
    text = response.content.decode()
    assert "Comment saved." in text
    assert "No reviewer or publisher is called @charlie, @nosuch" in text
    assert not Notification.objects.exists()
    assert Comment.objects.get().body == "ask @charlie or @nosuch, or me @alice."


def test_mentioned_usernames_stop_before_punctuation():
    assert actions.mentioned_usernames("@dora. @bob, mail a@b.org (@x.y)") == ["dora", "bob", "x.y"]


def test_a_mention_is_mailed_when_mail_is_configured(
    alice, dora, settings, django_capture_on_commit_callbacks
):
    settings.REVIEW_NOTIFY_EMAIL = True
    c = factories.candidate()
    with django_capture_on_commit_callbacks(execute=True):
        actions.add_comment(
            target=Target(candidate=c), author=alice, body="@dora please check", link="http://x/c/"
        )
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["dora@example.org"]
    assert "Alice mentioned you on candidate" in message.subject
    assert "@dora please check" in message.body and "http://x/c/" in message.body


def test_no_mail_without_mail_configured(alice, dora, settings, django_capture_on_commit_callbacks):
    settings.REVIEW_NOTIFY_EMAIL = False
    with django_capture_on_commit_callbacks(execute=True):
        actions.add_comment(
            target=Target(candidate=factories.candidate()), author=alice, body="@dora hi"
        )
    assert mail.outbox == []
    assert Notification.objects.filter(user=dora).exists()


def test_comment_bodies_are_escaped_and_shown_in_the_audit_trail_but_never_committed(client, alice):
    c = factories.candidate()
    client.force_login(alice)
    _comment(client, f"candidate:{c.pk}", "<script>alert(1)</script> internal note")
    page = client.get(reverse("review:candidate", args=[c.pk])).content.decode()
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt; internal note" in page
    audit = client.get(reverse("review:audit"), {"candidate": c.pk}).content.decode()
    assert "internal note" in audit
    assert ReviewEvent.objects.get(action="comment").reason.endswith("internal note")
    event = actions.approve_candidate(candidate=c, reviewer=alice)
    change = Change.objects.get(pk=event.change_id)
    assert "internal note" not in str(change.payload)
    assert "internal note" not in Record.objects.get(slug=change.slug).body


def test_held_changes_and_records_take_comments(client, alice, dora):
    event = actions.approve_candidate(candidate=factories.candidate(), reviewer=alice)
    slug = Change.objects.get(pk=event.change_id).slug
    actions.edit_record(user=alice, slug=slug, fields={"body": "Mail jane.doe@example.com."})
    held = HeldChange.objects.get()
    client.force_login(dora)
    _comment(client, f"held:{held.pk}", "Held: is that address public?")
    _comment(client, f"record:{slug}", "Record: needs a source.")
    assert (
        "Held: is that address public?"
        in client.get(reverse("review:held", args=[held.pk])).content.decode()
    )
    record_page = client.get(reverse("review:record", args=[slug])).content.decode()
    assert "Record: needs a source." in record_page
    # The record's discussion is its own; the held change's comment shows in its audit log only.
    assert '<div class="comment-body">Held: is that' not in record_page
    assert (
        client.post(reverse("review:comment_add"), {"target": "record:no-such"}).status_code == 404
    )


def test_an_empty_comment_is_refused_with_a_message(client, alice):
    c = factories.candidate()
    client.force_login(alice)
    response = _comment(client, f"candidate:{c.pk}", "   ")
    assert "Write the comment first" in response.content.decode()
    assert not Comment.objects.exists()


def test_asking_for_a_second_opinion_assigns_and_notifies_without_deciding(client, alice, dora):
    c = factories.candidate()
    client.force_login(alice)
    client.get(reverse("review:candidate", args=[c.pk]))  # alice holds the claim
    response = client.post(
        reverse("review:second_opinion"),
        {"target": f"candidate:{c.pk}", "colleague": "dora", "body": "Is this still the price?"},
        follow=True,
    )
    assert "Asked dora for a second opinion" in response.content.decode()
    c.refresh_from_db()
    assert c.status == "pending"
    assert Assignment.objects.get(candidate=c).assignee == dora
    assert Notification.objects.get(user=dora).kind == Notification.Kind.SECOND_OPINION
    assert ReviewEvent.objects.filter(candidate=c, action="second_opinion").count() == 1
    assert not ReviewEvent.objects.filter(candidate=c, action__in=actions.DECISIONS).exists()
    client.force_login(dora)
    assert c.name in client.get(reverse("review:assigned")).content.decode()
    # alice moved on: dora may decide at once.
    actions.reject_candidate(candidate=c, reviewer=dora, reason="not true")


def test_a_second_opinion_needs_a_colleague_and_an_open_item(client, alice, charlie, dora):
    c = factories.candidate()
    target = Target(candidate=c)
    with pytest.raises(actions.ReviewError, match="not yourself"):
        actions.ask_second_opinion(target=target, author=alice, colleague=alice, body="x")
    with pytest.raises(actions.ReviewError, match="charlie is not a reviewer"):
        actions.ask_second_opinion(target=target, author=alice, colleague=charlie, body="x")
    client.force_login(alice)
    response = client.post(
        reverse("review:second_opinion"),
        {"target": f"candidate:{c.pk}", "colleague": "", "body": "x"},
        follow=True,
    )
    assert "Choose the colleague to ask." in response.content.decode()
    actions.reject_candidate(candidate=c, reviewer=alice, reason="not true")
    c.refresh_from_db()
    with pytest.raises(actions.ReviewError, match="decided already"):
        actions.ask_second_opinion(
            target=Target(candidate=c), author=alice, colleague=dora, body="x"
        )
