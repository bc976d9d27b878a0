"""The placeholder checks search a text only when it holds a gate word: never a miss for it."""

import re

import pytest

from knowledge_repo import placeholders

GENERATED = [
    "The visitor needed an answer to: where do we park?",
    "To check: the shop closes at six",
    "  - to check (a visitor's words)",
    "A visitors words, not a fact",
    "Write the answer a later visitor should get.",
    "Keep only what a reviewer has verified",
    "Visitors ask this and the agent had no good answer",
    "A visitor asks that this be remembered",
    "A visitor disputes what the agent said",
    "Visitors want to know the opening hours",
    "Visitor question answered poorly",
    "visitor correction: the shop moved",
]
# Case variants a case-blind pattern matches: long s, dotless i, the Kelvin sign, all capitals.
VARIANTS = [
    lambda t: t,
    str.upper,
    lambda t: t.replace("s", "\u017f"),
    lambda t: t.replace("i", "\u0131"),
    lambda t: t.replace("k", "\u212a"),
    lambda t: t + " 营业时间",
]


@pytest.mark.parametrize("variant", VARIANTS)
def test_generated_wording_is_found_in_any_case_a_pattern_matches(variant):
    for text in GENERATED:
        text = variant(text)
        if placeholders.GENERATED.search(text):
            assert "generated wording" in (placeholders.field_problem("body", text) or ""), text


@pytest.mark.parametrize("variant", VARIANTS)
def test_markers_and_lorem_ipsum_are_found_in_any_case_a_pattern_matches(variant):
    for text in ("Opening hours: TODO", "FIXME later", "Lorem ipsum dolor", "dolor sit amet"):
        text = variant(text)
        if placeholders.MARKER.search(text) or placeholders.LOREM.search(text):
            assert placeholders.field_problem("body", text), text


def test_every_match_holds_a_gate_word():
    texts = [variant(t) for t in GENERATED for variant in VARIANTS]
    for pattern, gate in (
        (placeholders.GENERATED, placeholders.GENERATED_GATE),
        (placeholders.MARKER, placeholders.MARKER_GATE),
    ):
        words = re.compile("|".join(map(re.escape, gate)), pattern.flags)
        for text in texts + ["TODO", "XXX and TBA"]:
            for match in pattern.finditer(text):
                assert words.search(match.group(0)), (text, match.group(0))
