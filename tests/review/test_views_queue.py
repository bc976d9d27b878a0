from django.urls import reverse

from memory_review.extraction.models import Candidate
from memory_review.review import actions

from . import factories


def test_queue_requires_login(client, db):
    response = client.get(reverse("review:queue"))
    assert response.status_code == 302
    assert reverse("login") in response["Location"]


def test_queue_refuses_a_user_without_role(client, charlie):
    client.force_login(charlie)
    assert client.get(reverse("review:queue")).status_code == 403


def test_queue_rejects_post(client, alice):
    client.force_login(alice)
    assert client.post(reverse("review:queue")).status_code == 405


def test_queue_lists_pending_newest_first_with_counts(client, alice):
    older = factories.candidate(name="Older fact")
    newer = factories.candidate(name="Newer fact", type=Candidate.Type.REFERENCE)
    factories.candidate(name="Decided fact", status=Candidate.Status.REJECTED)
    client.force_login(alice)
    html = client.get(reverse("review:queue")).content.decode()
    assert html.index("Newer fact") < html.index("Older fact")
    assert "Decided fact" not in html
    oldest = client.get(reverse("review:queue"), {"order": "oldest"}).content.decode()
    assert oldest.index("Older fact") < oldest.index("Newer fact")
    assert older.pk and newer.pk


def test_queue_filters_by_type_flag_run_source_and_text(client, alice):
    run = factories.run()
    plain = factories.candidate(name="Plain project fact", run=run)
    ref = factories.candidate(name="Reference fact", type=Candidate.Type.REFERENCE)
    pii = factories.personal(name="Contact person")
    dup = factories.candidate(name="Dup fact", duplicate_of=plain)
    upd = factories.candidate(name="Update fact", operation="update", target_slug="x")
    other_source = factories.candidate(
        name="Other source fact", conversation=factories.conversation(source="shop")
    )
    client.force_login(alice)

    def names(**params):
        page = client.get(reverse("review:queue"), params).context["page"]
        return {c.name for c in page.rows}

    assert names(type="reference") == {ref.name}
    assert names(flag="personal_data") == {pii.name}
    assert names(flag="duplicate") == {dup.name}
    assert names(flag="update") == {upd.name}
    assert names(run=run.pk) == {plain.name}
    assert names(source=other_source.conversation.source_id) == {other_source.name}
    assert names(q="contact") == {pii.name}


def test_queue_pages_by_cursor(client, alice, monkeypatch):
    from memory_review.review import selectors

    monkeypatch.setattr(selectors.queue, "PAGE_SIZE", 2)
    made = [factories.candidate(name=f"Fact {i}") for i in range(5)]
    client.force_login(alice)
    first = client.get(reverse("review:queue"))
    assert [c.pk for c in first.context["page"].rows] == [made[4].pk, made[3].pk]
    second = client.get(first.context["next_url"])
    assert [c.pk for c in second.context["page"].rows] == [made[2].pk, made[1].pk]
    third = client.get(second.context["next_url"])
    assert [c.pk for c in third.context["page"].rows] == [made[0].pk]
    assert third.context["next_url"] == ""


def test_queue_hides_what_i_skipped_and_shows_it_on_request(client, alice):
    skipped = factories.candidate(name="Skipped fact")
    factories.candidate(name="Other fact")
    actions.skip_candidate(candidate=skipped, reviewer=alice)
    client.force_login(alice)
    assert "Skipped fact" not in client.get(reverse("review:queue")).content.decode()
    assert "Skipped fact" in client.get(reverse("review:queue"), {"skipped": "1"}).content.decode()


def test_next_opens_the_first_free_candidate(client, alice, dora):
    taken = factories.candidate(name="Taken")
    free = factories.candidate(name="Free")
    newest = factories.candidate(name="Newest, claimed")
    actions.claim_candidate(candidate=newest, user=dora)
    client.force_login(alice)
    response = client.get(reverse("review:next"))
    assert response["Location"] == reverse("review:candidate", args=[free.pk])
    assert taken.pk


def test_bulk_requires_the_reviewer_role(client, charlie):
    factories.candidate()
    client.force_login(charlie)
    assert (
        client.post(reverse("review:bulk"), {"action": "reject", "expected": 1}).status_code == 403
    )
