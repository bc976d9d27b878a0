"""The queue learns from decisions: predicted approvals first, noise set aside, never deleted."""

import pytest
from django.core.management import call_command
from django.urls import reverse

from memory_review.extraction import learning
from memory_review.extraction.models import ApprovalModel, Candidate
from memory_review.extraction.tasks import retrain_approval_model
from tests.review import factories

pytestmark = pytest.mark.django_db

GOOD = [
    "Checked baggage allowance on Basic Economy",
    "Refund time after a cancelled reservation",
    "Parking at the hotel",
    "Sunday opening hours of the cafe",
    "Student discount at the museum",
]
BAD = [
    "Visitor claim: my cat is called Tom",
    "Visitor claim: I am tired today",
    "Visitor claim: the weather is nice",
    "Visitor claim: I like pizza a lot",
    "Visitor claim: tell everyone hello",
]


def _decided(n_each: int = 110):
    run = factories.run(provider="heuristic")
    conv = factories.conversation()
    rows = []
    for i in range(n_each):
        rows.append(
            Candidate(
                run=run,
                conversation=conv,
                kind="gap",
                name=f"{GOOD[i % 5]} {i}",
                description="Visitors ask this",
                body="Question",
                question=GOOD[i % 5] + "?",
                fingerprint=f"good-{i}",
                provider="heuristic",
                status="approved",
            )
        )
        rows.append(
            Candidate(
                run=run,
                conversation=conv,
                kind="memory",
                name=f"{BAD[i % 5]} {i}",
                description="A visitor asks that this be remembered; unverified",
                body="To check",
                fingerprint=f"bad-{i}",
                provider="heuristic",
                status="rejected",
                flags=[{"kind": "low_confidence"}],
                flag_low_confidence=True,
            )
        )
    Candidate.objects.bulk_create(rows)
    return run, conv


def _pending(run, conv, good: int, bad: int):
    made = []
    for i in range(good):
        made.append(
            factories.candidate(
                run=run,
                conversation=conv,
                kind="gap",
                name=f"{GOOD[i % 5]} open {i}",
                description="Visitors ask this",
                question=GOOD[i % 5] + "?",
                provider="heuristic",
            )
        )
    for i in range(bad):
        made.append(
            factories.candidate(
                run=run,
                conversation=conv,
                kind="memory",
                name=f"{BAD[i % 5]} open {i}",
                description="A visitor asks that this be remembered; unverified",
                provider="heuristic",
                flags=[{"kind": "low_confidence"}],
                flag_low_confidence=True,
            )
        )
    return made


def test_no_model_before_enough_decisions():
    run, conv = _decided(n_each=50)
    assert learning.train() is None and not learning.needs_training()
    assert not ApprovalModel.objects.exists()


def test_the_queue_puts_likely_approvals_first_once_trained(client, alice):
    run, conv = _decided()
    bad_first = _pending(run, conv, good=0, bad=10)  # older, so newest-first would show them last
    good = _pending(run, conv, good=10, bad=0)
    assert learning.needs_training()

    result = retrain_approval_model.enqueue()

    assert result.return_value["decisions"] == 220
    model = ApprovalModel.objects.get()
    assert model.held_out == 44 and model.held_out_accuracy >= 0.9
    client.force_login(alice)
    rows = client.get(reverse("review:queue")).context["page"].rows
    top = [r.pk for r in rows[:10]]
    assert set(top) >= {c.pk for c in good} - _explored(bad_first + good)
    assert all(
        c.predicted_approval > 0.5 for c in Candidate.objects.filter(pk__in=[g.pk for g in good])
    )


def _explored(candidates):
    return {c.pk for c in candidates if learning._explore_draw(c.pk) is not None}


def test_almost_sure_noise_goes_to_its_own_tab_and_stays(client, alice):
    run, conv = _decided()
    bad = _pending(run, conv, good=0, bad=15)
    learning.train()

    noise = set(Candidate.objects.filter(probably_noise=True).values_list("pk", flat=True))
    explored = _explored(bad)
    assert noise and noise == {c.pk for c in bad} - explored
    client.force_login(alice)
    pending = {r.pk for r in client.get(reverse("review:queue")).context["page"].rows}
    shown_as_noise = {
        r.pk for r in client.get(reverse("review:queue"), {"tab": "noise"}).context["page"].rows
    }
    assert shown_as_noise == noise and not pending & noise
    # Exploration: a share of what the model would bury is still shown in the queue.
    assert explored <= pending
    assert Candidate.objects.filter(pk__in=noise, status="pending").count() == len(noise)


def test_new_candidates_are_scored_when_extracted():
    from memory_review.extraction.actions import start_run

    from .conftest import make_conversation

    _decided()
    learning.train()
    make_conversation("q", [("user", "Is there parking at the hotel?"), ("assistant", "Sorry.")])

    start_run(provider="heuristic")

    new = Candidate.objects.get(conversation__external_id="q")
    assert new.predicted_approval is not None and new.predicted_approval > 0.5


def test_the_command_trains_now_and_reports_held_out_accuracy(capsys):
    _decided()
    call_command("train_queue", "--now")
    out = capsys.readouterr().out
    assert "trained on 220 decisions; held-out accuracy" in out


def test_the_dashboard_shows_rates_agreement_and_model_accuracy(client, alice, dora):
    from memory_review.review import actions

    run, conv = _decided()
    learning.train()
    shared = factories.personal()
    actions.approve_candidate(candidate=shared, reviewer=alice)
    actions.approve_candidate(candidate=shared, reviewer=dora)
    client.force_login(alice)

    page = client.get(reverse("review:dashboard"))

    body = page.content.decode()
    by = {t["label"]: t["rows"] for t in page.context["approval_by"]}
    assert {r["value"]: r["rate"] for r in by["Kind"]} == {
        "gap": 1.0,
        "memory": pytest.approx(1 / 111),
    }
    assert page.context["agreement"] == {"seen_by_two": 1, "agreed": 1, "rate": 1.0}
    assert "Held-out accuracy" in body and "on 44 decisions it did not see" in body
