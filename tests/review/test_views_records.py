import pytest
from django.urls import reverse
from git import Repo

from knowledge_repo.models import Change, Record
from memory_review.review import actions
from memory_review.review.models import ReviewEvent

from . import factories


@pytest.fixture
def record(alice, django_capture_on_commit_callbacks) -> Record:
    c = factories.candidate(name="Shipping times", description="How long shipping takes")
    with django_capture_on_commit_callbacks(execute=True):
        event = actions.approve_candidate(candidate=c, reviewer=alice)
    return Record.objects.get(slug=Change.objects.get(pk=event.change_id or 0).slug)


def test_records_list_searches_and_filters_by_type(client, alice, record):
    client.force_login(alice)
    assert (
        "Shipping times"
        in client.get(reverse("review:records"), {"q": "shipping"}).content.decode()
    )
    assert (
        "Shipping times"
        not in client.get(reverse("review:records"), {"q": "refunds"}).content.decode()
    )
    assert (
        "Shipping times"
        not in client.get(reverse("review:records"), {"type": "user"}).content.decode()
    )


def test_records_require_the_reviewer_role(client, charlie, record):
    client.force_login(charlie)
    assert client.get(reverse("review:records")).status_code == 403
    assert client.get(reverse("review:record", args=[record.slug])).status_code == 403


def test_record_page_shows_history_with_candidate_and_author(client, alice, record):
    client.force_login(alice)
    html = client.get(reverse("review:record", args=[record.slug])).content.decode()
    assert "<strong>alice-pub</strong>" in html
    assert "candidate " in html
    assert "Not in the published release." in html


def test_missing_record_is_404(client, alice, db):
    client.force_login(alice)
    assert client.get(reverse("review:record", args=["nope"])).status_code == 404


def test_reviewer_edits_a_record_as_a_commit_in_their_name(
    client, dora, record, knowledge_repo, django_capture_on_commit_callbacks
):
    client.force_login(dora)
    assert client.get(reverse("review:record_edit", args=[record.slug])).status_code == 200
    version = factories.edit_page_version(client, record.slug)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("review:record_edit", args=[record.slug]),
            {
                "name": "Shipping times",
                "description": "d",
                "body": "Three days.",
                "type": "project",
                "version": version,
            },
        )
    assert response.status_code == 302
    record.refresh_from_db()
    assert record.body == "Three days."
    repo = Repo(knowledge_repo)
    try:
        assert (
            repo.git.log("-1", "--format=%an <%ae>") == "dora-pub <dora-pub@users.noreply.invalid>"
        )
    finally:
        repo.close()
    event = ReviewEvent.objects.get(action="edit_record")
    assert event.user == dora and event.after["body"] == "Three days."


def test_reviewer_retracts_a_record_with_a_reason(
    client, alice, record, django_capture_on_commit_callbacks
):
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("review:record_retract", args=[record.slug]), {"reason": "outdated"})
    record.refresh_from_db()
    assert record.retracted
    assert ReviewEvent.objects.get(action="retract_record").reason == "outdated"


def test_retract_rejects_get(client, alice, record):
    client.force_login(alice)
    assert client.get(reverse("review:record_retract", args=[record.slug])).status_code == 405


def test_only_a_publisher_reverts_a_change(
    client, alice, bob, record, django_capture_on_commit_callbacks
):
    change = Change.objects.get(slug=record.slug)
    client.force_login(alice)
    assert client.post(reverse("review:change_revert", args=[change.pk])).status_code == 403
    client.force_login(bob)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("review:change_revert", args=[change.pk]))
    assert response.status_code == 302
    record.refresh_from_db()
    assert record.retracted
    assert ReviewEvent.objects.get(action="revert_change").user == bob


def test_record_page_reads_history_and_text_from_the_database_alone(
    client, alice, bob, record, settings, tmp_path, django_capture_on_commit_callbacks
):
    from knowledge_repo.actions import cut_release, publish_release, update_record

    publish_release(user=bob, name=cut_release(user=bob).release.name)
    with django_capture_on_commit_callbacks(execute=True):
        update_record(
            author=alice,
            slug=record.slug,
            name=record.name,
            description="How long shipping takes now",
            body="Two days.",
            type=record.type,
        )
    # A web host without the working copy: the page must not need it.
    settings.KNOWLEDGE_REPO_PATH = tmp_path / "no-working-copy-here"
    client.force_login(alice)
    page = client.get(reverse("review:record", args=[record.slug])).content.decode()
    assert "+body: Two days." in page or "+Two days." in page
    assert "How long shipping takes now" in page  # latest
    assert "As published" in page and "description: How long shipping takes\n" in page
    assert page.count("Revert this change") == 0  # alice is no publisher
    assert not settings.KNOWLEDGE_REPO_PATH.exists()


def _edit(client, slug, body, version, name="Shipping times"):
    data = {"name": name, "description": "d", "body": body, "type": "project", "version": version}
    return client.post(reverse("review:record_edit", args=[slug]), data)


def test_a_stale_edit_gets_409_with_the_other_change_and_loses_nothing(
    client, alice, dora, record, django_capture_on_commit_callbacks
):
    from django.test import Client

    other = Client()
    client.force_login(alice)
    other.force_login(dora)
    # Both open the edit page on the same version.
    alice_version = factories.edit_page_version(client, record.slug)
    dora_version = factories.edit_page_version(other, record.slug)
    with django_capture_on_commit_callbacks(execute=True):
        assert _edit(other, record.slug, "Dora: two days.", dora_version).status_code == 302
        stale = _edit(client, record.slug, "Alice: three days.", alice_version)
    assert stale.status_code == 409
    page = stale.content.decode()
    assert "dora changed this record after you opened it" in page
    assert "Dora: two days." in page  # their change, shown
    assert "Alice: three days." in page  # her own text, kept in the form
    record.refresh_from_db()
    assert record.body == "Dora: two days."  # nothing overwritten
    # Having seen it, she saves again from the version the 409 page carries.
    again = stale.context["form"]["version"].value()
    with django_capture_on_commit_callbacks(execute=True):
        assert _edit(client, record.slug, "Alice: three days.", again).status_code == 302
    record.refresh_from_db()
    assert record.body == "Alice: three days."
    edits = ReviewEvent.objects.filter(action="edit_record").order_by("pk")
    assert [e.after["body"] for e in edits] == ["Dora: two days.", "Alice: three days."]


def test_an_edit_without_a_valid_version_is_refused(client, alice, record):
    client.force_login(alice)
    response = _edit(client, record.slug, "x", "forged")
    assert response.status_code == 200 and "reload it" in response.content.decode()
    record.refresh_from_db()
    assert record.body != "x"


def test_two_concurrent_edits_from_one_version_land_exactly_once(alice, dora, record):
    from memory_review.review.errors import StaleEdit

    base = actions.record_state(record)
    actions.edit_record(user=dora, slug=record.slug, fields={"body": "one"}, based_on=base)
    with pytest.raises(StaleEdit) as raised:
        actions.edit_record(user=alice, slug=record.slug, fields={"body": "two"}, based_on=base)
    assert raised.value.current["body"] == "one" and raised.value.base == base
