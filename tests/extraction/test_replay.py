"""Replay with figures: two releases side by side, hit rate, gaps still unanswered."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from knowledge_repo.actions import commit_pending, cut_release, publish_release
from memory_review.extraction.models import Candidate
from memory_review.extraction.replay import replay
from tests.knowledge_repo.conftest import make_record
from tests.review import factories


@pytest.fixture
def two_releases(kb, bob):
    make_record(bob, name="Shipping to Norway", description="Delivery times", body="Five days.\n")
    commit_pending()
    assert cut_release(user=bob, name="v1").release is not None
    make_record(bob, name="Returns", description="How to return an item", body="Use the form.\n")
    commit_pending()
    assert cut_release(user=bob, name="v2").release is not None
    publish_release(user=bob, name="v2")
    conv = factories.conversation(
        ("How long is shipping to Norway?", "Five days.", "How do I return an item?", "Not sure.")
    )
    factories.candidate(
        kind=Candidate.Kind.GAP, question="How do I return an item?", conversation=conv
    )
    return conv


def test_it_puts_two_releases_side_by_side_with_figures(two_releases):
    result = replay(refs=["v1", "v2"], conversation_ids=[two_releases.pk])
    v1, v2 = result.figures
    assert (v1.turns, v1.hits, v1.hit_rate) == (2, 1, 0.5)
    assert (v2.turns, v2.hits, v2.hit_rate) == (2, 2, 1.0)
    assert len(v1.gaps_unanswered) == 1 and v2.gaps_unanswered == []
    shipping, returns = result.turns
    assert [[s for s, _ in sel] for sel in shipping.selected] == [
        ["shipping-to-norway"],
        ["shipping-to-norway"],
    ]
    assert returns.selected == [[], [("returns", "Returns")]] and returns.changed
    assert result.gaps[0].answers == ["", "returns"]


def test_the_command_prints_json(two_releases):
    out = StringIO()
    call_command("kb_replay", "--ref", "v1", "--compare", "published", stdout=out)
    data = json.loads(out.getvalue())
    assert [(r["ref"], r["release"], r["hit_rate"]) for r in data["releases"]] == [
        ("v1", "v1", 0.5),
        ("published", "v2", 1.0),
    ]
    assert [r["gaps_unanswered"] for r in data["releases"]] == [1, 0]
    assert data["turns"][1]["selected"] == [[], ["returns"]] and data["turns"][1]["changed"]


def test_the_command_names_a_missing_release(kb, db):
    with pytest.raises(CommandError, match="nope"):
        call_command("kb_replay", "--ref", "nope", stdout=StringIO())
