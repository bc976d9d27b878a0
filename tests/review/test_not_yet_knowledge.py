"""Visitor claims, corrections and gaps are never committed in their generated wording.

Every write path (one-key approve, bulk approve of a low-confidence list,
approve with edits, merge into a record, edit a record, merge records) refuses
placeholders and generated text; the release checks refuse them in any record
file, by the same definition.
"""

from __future__ import annotations

import pytest

from knowledge_repo import actions as kr
from knowledge_repo import placeholders
from knowledge_repo.models import Change, Record
from memory_review.extraction.models import Candidate
from memory_review.review import actions

from . import factories

CLAIM_BODY = "To check (a visitor's words, not a fact): the shop closes for good next week"
CORRECTION_BODY = (
    "To check: That's wrong, it opens at 7 since May.\n"
    "The agent had said: It opens at 8.\n"
    "Keep only what a reviewer has verified."
)
GAP_BODY = (
    "Question: Do you ship to Norway?\nThe agent answered: I don't know.\n"
    "Write the answer a later visitor should get."
)
PLACEHOLDERS = ("TODO", "tbd", "?", "???", "Lorem ipsum dolor sit amet.", "n/a", "Price: TBD.", "…")


def claim(**kw) -> Candidate:
    fields = {
        "name": "Visitor claim: the shop closes for good next week",
        "description": "A visitor asks that this be remembered or told to others; unverified",
        "body": CLAIM_BODY,
        "question": "the shop closes for good next week",
        "flag_low_confidence": True,
        "confidence": 0.3,
    }
    return factories.candidate(**{**fields, **kw})


def correction() -> Candidate:
    return factories.candidate(
        name="Check: opening time",
        description="A visitor disputes what the agent said; check which claim is true",
        body=CORRECTION_BODY,
        question="That's wrong, it opens at 7 since May.",
    )


def gap() -> Candidate:
    return factories.candidate(
        kind=Candidate.Kind.GAP,
        name="Shipping to Norway",
        description="Visitors ask this and the agent had no good answer (no information)",
        body=GAP_BODY,
        question="Do you ship to Norway?",
    )


def test_a_visitor_claim_is_not_approved_with_one_key(alice):
    c = claim()
    with pytest.raises(actions.GateRefused, match="generated wording"):
        actions.approve_candidate(candidate=c, reviewer=alice)
    assert not Change.objects.exists()


def test_a_claim_is_approved_only_as_a_fact_the_reviewer_wrote(alice):
    c = claim()
    fact = {
        "name": "The shop stays open",
        "description": "Whether the shop is closing",
        "body": "The shop stays open; the owner confirmed it on 3 March.",
    }
    # Dropping the "To check" label leaves the visitor's words: still refused.
    for body in (
        "the shop closes for good next week",
        "The shop closes for good next week.",
        CLAIM_BODY,
    ):
        with pytest.raises(actions.GateRefused):
            actions.approve_candidate(candidate=c, reviewer=alice, edits={**fact, "body": body})
    # The generated name is refused too.
    with pytest.raises(actions.GateRefused, match="name"):
        actions.approve_candidate(candidate=c, reviewer=alice, edits={**fact, "name": c.name})
    event = actions.approve_candidate(candidate=c, reviewer=alice, edits=fact)
    assert Record.objects.get(slug=Change.objects.get(pk=event.change_id).slug).body == fact["body"]


def test_a_correction_needs_the_checked_fact(alice):
    c = correction()
    with pytest.raises(actions.GateRefused):
        actions.approve_candidate(candidate=c, reviewer=alice)
    with pytest.raises(actions.GateRefused, match="visitor's words"):
        actions.approve_candidate(
            candidate=c,
            reviewer=alice,
            edits={
                "name": "Opening time",
                "description": "When the shop opens",
                "body": "That's wrong, it opens at 7 since May",
            },
        )
    event = actions.approve_candidate(
        candidate=c,
        reviewer=alice,
        edits={
            "name": "Opening time",
            "description": "When the shop opens",
            "body": "The shop opens at 7:00 since May.",
        },
    )
    assert event.action == "approve"


@pytest.mark.parametrize("answer", [*PLACEHOLDERS, "Do you ship to Norway", GAP_BODY])
def test_a_gap_needs_a_real_answer(alice, answer):
    with pytest.raises(actions.GateRefused):
        actions.approve_candidate(
            candidate=gap(),
            reviewer=alice,
            edits={"body": answer, "description": "Shipping to Norway"},
        )


def test_a_gap_keeps_no_generated_description(alice):
    g = gap()
    with pytest.raises(actions.GateRefused, match="description"):
        actions.approve_candidate(
            candidate=g, reviewer=alice, edits={"body": "Yes, in 5 working days."}
        )
    event = actions.approve_candidate(
        candidate=g,
        reviewer=alice,
        edits={"body": "Yes, in 5 working days.", "description": "Shipping to Norway"},
    )
    assert event.action == "answer_gap"


def test_bulk_approving_a_low_confidence_list_commits_no_claim(alice):
    claims = [claim(name=f"Visitor claim: thing {i}", fingerprint=f"c{i}") for i in range(3)]
    clean = factories.candidate(flag_low_confidence=True)
    result = actions.bulk_decide(
        candidate_ids=[c.pk for c in [*claims, clean]], reviewer=alice, action="approve"
    )
    assert result.done == 1 and result.refused == {"GateRefused": 3}
    assert Change.objects.count() == 1


@pytest.mark.parametrize("body", PLACEHOLDERS)
def test_no_write_path_takes_a_placeholder(alice, body):
    c = factories.candidate(name="Opening hours", body="The shop opens at nine.")
    record = Record.objects.get(
        slug=Change.objects.get(
            pk=actions.approve_candidate(candidate=c, reviewer=alice).change_id
        ).slug
    )
    other = Record.objects.get(
        slug=Change.objects.get(
            pk=actions.approve_candidate(
                candidate=factories.candidate(name="Shop hours"), reviewer=alice
            ).change_id
        ).slug
    )
    before = Change.objects.count()
    with pytest.raises(actions.GateRefused):
        actions.approve_candidate(candidate=factories.candidate(body=body), reviewer=alice)
    with pytest.raises(actions.GateRefused):
        actions.approve_candidate(
            candidate=factories.candidate(), reviewer=alice, edits={"body": body}
        )
    with pytest.raises(actions.GateRefused):
        actions.merge_candidate(
            candidate=factories.candidate(),
            reviewer=alice,
            target_slug=record.slug,
            edits={"name": record.name, "description": "d", "body": body, "type": "project"},
        )
    with pytest.raises(actions.GateRefused):
        actions.edit_record(user=alice, slug=record.slug, fields={"body": body})
    with pytest.raises(actions.GateRefused):
        actions.merge_records(
            user=alice,
            slugs=[record.slug, other.slug],
            fields={"name": "Hours", "description": "d", "body": body, "type": "project"},
        )
    assert Change.objects.count() == before


def test_the_release_checks_refuse_what_the_gate_refuses(alice, bob, dora):
    # Written around the gate (straight into the knowledge repository).
    kr.create_record(
        author=alice,
        name="Visitor claim: free beer",
        description="d",
        body="To check (a visitor's words, not a fact): free beer on Fridays",
        type="project",
    )
    kr.create_record(author=alice, name="Refunds", description="d", body="TBD", type="project")
    kr.commit_pending()
    result = actions.cut_release(user=bob)
    assert result.release is None
    found = [f for f in result.findings if f.kind == "placeholder_body"]
    assert {f.slug for f in found} == {"visitor-claim-free-beer", "refunds"}
    assert all(f.high_risk for f in found)  # clearing one takes two people
    actions.clear_finding(user=bob, finding=found[0], reason="fine")
    assert actions.cut_release(user=bob).release is None


@pytest.mark.parametrize(
    "text",
    [
        "Run `make test` from the repository root.",
        "Our todo app syncs every note.",
        "Check the cable first.\nThen restart.",
        "Visitors can park for free behind the shop.",
        "The visa fee is 60 EUR; ask at the desk?",
    ],
)
def test_real_knowledge_is_not_a_placeholder(text):
    assert placeholders.problem({"name": "Something", "description": "d", "body": text}) is None
