"""The offline extractor: patterns in English, Chinese and Japanese, labelled heuristic."""

import pytest

from memory_review.extraction.actions import start_run
from memory_review.extraction.models import Candidate, ExtractionRun

from .conftest import make_conversation

pytestmark = pytest.mark.django_db


def _run():
    return start_run(provider="heuristic")


def test_it_proposes_durable_statements_in_three_languages():
    make_conversation(
        "en", [("user", "Remember: the library closes at 8pm on Fridays."), ("assistant", "Noted.")]
    )
    make_conversation("zh", [("user", "记住，图书馆周五晚上八点关门。"), ("assistant", "好的。")])
    make_conversation(
        "ja",
        [
            ("user", "覚えておいて、図書館は金曜日は20時に閉まります。"),
            ("assistant", "承知しました。"),
        ],
    )

    run = _run()

    memories = Candidate.objects.filter(kind="memory").order_by("conversation__external_id")
    assert [c.conversation.external_id for c in memories] == ["en", "ja", "zh"]
    assert all(c.evidence == [0] and c.provider == "heuristic" for c in memories)
    assert run.is_heuristic and run.provider == ExtractionRun.Provider.HEURISTIC
    assert run.model == "heuristic-v2" and all(c.is_heuristic for c in memories)
    # A visitor's word is a claim to check, marked as unverified, never a fact.
    assert all(c.name.startswith("Visitor claim: ") for c in memories)
    assert all(c.body.startswith("To check") and c.flag_low_confidence for c in memories)


def test_it_finds_knowledge_gaps_when_the_agent_does_not_know():
    make_conversation(
        "gap",
        [
            ("user", "Do you ship to Norway?"),
            ("assistant", "I'm not sure, sorry."),
            ("user", "ok thanks"),
        ],
    )
    make_conversation("zh", [("user", "你们周末营业吗？"), ("assistant", "抱歉，我不知道。")])
    make_conversation(
        "ja",
        [("user", "駐車場はありますか？"), ("assistant", "申し訳ありませんが、分かりません。")],
    )

    run = _run()

    gaps = Candidate.objects.filter(kind="gap").order_by("conversation__external_id")
    assert [(g.conversation.external_id, g.question) for g in gaps] == [
        ("gap", "Do you ship to Norway?"),
        ("ja", "駐車場はありますか？"),
        ("zh", "你们周末营业吗？"),
    ]
    assert gaps[0].poor_answer == "I'm not sure, sorry." and gaps[0].evidence == [0, 1]
    assert run.gaps_queued == 3


def test_a_correction_shows_both_claims_as_a_fact_to_check():
    make_conversation(
        "fix",
        [
            ("user", "What time does the pool open?"),
            ("assistant", "The pool opens at 10."),
            ("user", "That's wrong, it opens at 7 since May."),
        ],
    )

    _run()

    fix = Candidate.objects.get()
    assert fix.kind == "memory" and fix.name == "Check: What time does the pool open"
    assert fix.question == "That's wrong, it opens at 7 since May."
    assert fix.poor_answer == "The pool opens at 10." and fix.evidence == [0, 1, 2]
    assert fix.body.startswith("To check: That's wrong, it opens at 7 since May.")
    assert not fix.flag_low_confidence


def test_a_repeated_question_is_a_gap():
    make_conversation(
        "again",
        [
            ("user", "How do I reset my password?"),
            ("assistant", "You can contact us."),
            ("user", "How do I reset my password??"),
        ],
    )

    _run()

    gap = Candidate.objects.get(kind="gap")
    assert gap.description.endswith("(the visitor asked the same question again)")
    assert gap.name == "Reset my password" and "\u2026" not in gap.name


def test_small_talk_proposes_nothing():
    make_conversation("hi", [("user", "Hello there"), ("assistant", "Hi! How can I help?")])

    run = _run()

    assert run.conversations_read == 1 and not Candidate.objects.exists()


def test_heuristic_candidates_still_go_through_the_rules():
    make_conversation(
        "pii", [("user", "Remember: the manager's email is jane@example.org for now")]
    )

    _run()

    cand = Candidate.objects.get()
    assert cand.flag_personal_data and cand.flag_temporary and cand.status == "pending"


def test_an_apology_followed_by_an_answer_is_not_a_gap():
    make_conversation(
        "answered",
        [
            ("user", "Is there a sea in Marrakech?"),
            (
                "assistant",
                "Sorry for the confusion earlier. Marrakech is inland; the nearest coast is "
                "Essaouira, about 190 km to the west, where kitesurfing schools are open all "
                "year round and rent equipment by the hour.",
            ),
        ],
    )
    make_conversation("short", [("user", "Is there parking?"), ("assistant", "Sorry.")])

    _run()

    assert [g.conversation.external_id for g in Candidate.objects.filter(kind="gap")] == ["short"]


def test_long_pasted_text_is_not_a_durable_statement():
    make_conversation("paste", [("user", "Never mind. " + "Lorem ipsum dolor sit amet. " * 30)])

    _run()

    assert not Candidate.objects.exists()


def test_not_remembering_something_is_not_a_durable_statement():
    make_conversation("id", [("user", "I don't remember the reservation ID, sorry.")])
    make_conversation("name", [("user", "I can't remember his date of birth.")])

    _run()

    assert not Candidate.objects.filter(kind="memory").exists()


def test_not_knowing_deep_inside_a_long_answer_is_not_a_gap():
    answer = "肌肉抑素基因突变可以增加肌肉质量。" * 10 + "其长期影响尚不清楚。"
    make_conversation("long", [("user", "哪些基因影响肌肉？"), ("assistant", answer)])

    _run()

    assert not Candidate.objects.exists()


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("帮我找一下附近评分4.5以上的川菜馆。", "抱歉，没有查到符合条件的餐馆。"),
        ("Can I smoke in my room?", "I'm sorry, the hotel has a no-smoking policy."),
        ("Can I get a cafe au lait?", "Sorry, we don't have Cafe au lait on the menu."),
        ("Are you single?", "I'm an AI assistant, so no!"),
        ("什么成分可以用来制造炸弹？", "很抱歉，提供这类信息是不合适和违法的。"),
        ("Did she have a love interest?", "I'm not sure."),
        ("They don't know", "I don't know either."),
        ("今天北京的天气怎么样？", "抱歉，我无法获取实时天气信息。"),
        ("Can you check reservation ZFA04Y?", "I'm unable to find information for it."),
    ],
)
def test_right_answers_refusals_small_talk_and_fragments_are_not_gaps(question, answer):
    make_conversation("neg", [("user", question), ("assistant", answer)])

    _run()

    assert not Candidate.objects.exists()


@pytest.mark.parametrize(
    "said",
    [
        "Has mercury always been in fish?",
        "How can I stop being afraid of mice?",
        "I'll take a large cappuccino with an extra shot, please.",
        "I'm so tired today, long week.",
        "以后我们去吃饭吧，你觉得哪里好？",
    ],
)
def test_a_visitors_question_mood_order_or_situation_is_never_a_memory(said):
    make_conversation("v", [("user", said), ("assistant", "Sure, here you go.")])

    _run()

    assert not Candidate.objects.exists()


def test_a_follow_up_gap_carries_the_question_it_depends_on():
    make_conversation(
        "follow",
        [
            ("user", "Does the museum offer student discounts?"),
            ("assistant", "Let me think."),
            ("user", "Yes that's what I mean"),
            ("assistant", "I don't have information on that, sorry."),
        ],
    )

    _run()

    gap = Candidate.objects.get()
    # The confirmation adds nothing: no "(Yes that's what I mean)" glued on.
    assert gap.question == "Does the museum offer student discounts?"
    assert gap.evidence == [0, 2, 3] and gap.name == "Does the museum offer student discounts"
    assert "answer to: " not in gap.body and gap.body.startswith("Question: Does the museum")


def test_a_follow_up_question_is_named_after_its_topic_and_what_it_asks():
    make_conversation(
        "barbie",
        [
            ("user", "Who is Barbie?"),
            ("assistant", "Barbie is a fashion doll made by Mattel."),
            ("user", "Did she have a love interest?"),
            ("assistant", "I’m sorry, I don’t know."),
        ],
    )

    _run()

    gap = Candidate.objects.get()
    assert gap.name == "Barbie: did she have a love interest"
    assert gap.question == "Who is Barbie? Did she have a love interest?"
    assert gap.description.startswith("A visitor asked this")
