"""Bulk decisions act on exactly the list the confirmation page showed."""

from django.urls import reverse

from memory_review.extraction.models import Candidate
from memory_review.review.models import ReviewEvent

from . import factories


def _confirm(client, **params):
    response = client.get(reverse("review:bulk"), params)
    assert response.status_code == 200
    return response


def _post(client, response, **extra):
    selection = response.context["selection"]
    data = {
        **response.context["params"],
        "action": selection.action,
        "expected": len(selection.rows),
        "signature": selection.signature,
        **extra,
    }
    return client.post(reverse("review:bulk"), data)


def test_it_states_the_count_and_the_filters_and_lists_every_candidate(client, alice):
    refs = [factories.candidate(type=Candidate.Type.REFERENCE, name=f"Ref {i}") for i in range(3)]
    factories.candidate(name="Not a reference")
    client.force_login(alice)
    html = _confirm(client, type="reference", action="reject").content.decode()
    assert 'Reject <span id="bulk-count">3</span> candidates?' in html
    assert "<li>Type: reference</li>" in html
    assert all(c.name in html for c in refs) and "Not a reference" not in html


def test_it_rejects_exactly_the_confirmed_list(client, alice):
    refs = [factories.candidate(type=Candidate.Type.REFERENCE) for _ in range(3)]
    other = factories.candidate()
    client.force_login(alice)
    response = _post(
        client, _confirm(client, type="reference", action="reject"), reason="not useful"
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("review:queue") + "?type=reference"
    assert {c.status for c in Candidate.objects.filter(pk__in=[c.pk for c in refs])} == {
        Candidate.Status.REJECTED
    }
    other.refresh_from_db()
    assert other.status == Candidate.Status.PENDING
    assert ReviewEvent.objects.filter(bulk=True, reason="not useful").count() == 3


def test_a_list_that_changed_since_confirmation_is_shown_again(client, alice):
    factories.candidate(type=Candidate.Type.REFERENCE)
    client.force_login(alice)
    confirmation = _confirm(client, type="reference", action="reject")
    factories.candidate(type=Candidate.Type.REFERENCE, name="Arrived meanwhile")
    response = _post(client, confirmation)
    assert response.status_code == 409
    html = response.content.decode()
    assert "The list changed since you saw it" in html and "Arrived meanwhile" in html
    assert not ReviewEvent.objects.exists()


def test_a_same_sized_but_different_list_is_refused(client, alice):
    first = factories.candidate(type=Candidate.Type.REFERENCE)
    client.force_login(alice)
    confirmation = _confirm(client, type="reference", action="reject")
    first.status = Candidate.Status.REJECTED
    first.save()
    factories.candidate(type=Candidate.Type.REFERENCE)
    assert _post(client, confirmation).status_code == 409
    assert not ReviewEvent.objects.exists()


def test_a_bulk_approval_leaves_high_risk_candidates_out_and_says_so(
    client, alice, settings, tmp_path
):
    settings.KNOWLEDGE_REPO_PATH = tmp_path / "kb"
    safe = factories.candidate(name="Safe fact")
    risky = factories.candidate(name="Call 555-0100", flag_personal_data=True)
    client.force_login(alice)
    confirmation = _confirm(client, action="approve")
    html = confirmation.content.decode()
    assert 'Approve <span id="bulk-count">1</span> candidate?' in html
    assert (
        "never includes a high-risk candidate" in html
        and "1 candidate of this list is left out" in html
    )
    assert _post(client, confirmation).status_code == 302
    safe.refresh_from_db()
    risky.refresh_from_db()
    assert safe.status == Candidate.Status.APPROVED
    assert risky.status == Candidate.Status.PENDING


def test_a_forged_post_without_the_signature_changes_nothing(client, alice):
    factories.candidate()
    client.force_login(alice)
    response = client.post(reverse("review:bulk"), {"action": "reject", "expected": 1})
    assert response.status_code == 302
    assert not ReviewEvent.objects.exists()


def test_it_requires_login(client, db):
    response = client.get(reverse("review:bulk"))
    assert response.status_code == 302 and reverse("login") in response["Location"]


def test_it_refuses_the_wrong_role_and_method(client, charlie, alice):
    client.force_login(charlie)
    assert client.get(reverse("review:bulk")).status_code == 403
    client.force_login(alice)
    assert client.put(reverse("review:bulk")).status_code == 405


def test_a_bulk_approval_never_answers_a_knowledge_gap(client, alice):
    gap = factories.candidate(kind=Candidate.Kind.GAP, question="Q?", poor_answer="?")
    client.force_login(alice)
    confirmation = _confirm(client, action="approve")
    assert confirmation.context["selection"].rows == []
    assert "a gap needs a written answer" in confirmation.content.decode()
    gap.refresh_from_db()
    assert gap.status == Candidate.Status.PENDING
