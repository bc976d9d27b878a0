"""Gaps that are gaps: non-answers in ten languages, scope refusals counted, real repeats only."""

import pytest

from memory_review.extraction.actions import start_run
from memory_review.extraction.models import Candidate, FilteredProposal

from .conftest import make_conversation

pytestmark = pytest.mark.django_db

NON_ANSWERS = [
    ("en", "Is there a shuttle to the airport?", "I’m sorry, I don’t have information on that."),
    ("zh", "有机场班车吗？", "抱歉，我不清楚。"),
    ("ja", "空港までのシャトルはありますか？", "申し訳ございませんが、わかりかねます。"),
    ("ko", "공항 셔틀이 있나요?", "죄송합니다, 잘 모르겠습니다."),
    ("es", "¿Hay un autobús al aeropuerto?", "Lo siento, no tengo información sobre eso."),
    ("pt", "Existe transporte para o aeroporto?", "Desculpe, não tenho informações sobre isso."),
    ("fr", "Y a-t-il une navette pour l'aéroport ?", "Désolé, je ne sais pas."),
    ("de", "Gibt es einen Shuttle zum Flughafen?", "Tut mir leid, das weiß ich nicht."),
    ("it", "C'è una navetta per l'aeroporto?", "Mi dispiace, non ho informazioni su questo."),
    ("ru", "Есть ли трансфер до аэропорта?", "К сожалению, у меня нет информации об этом."),
]


def test_non_answers_are_recognised_in_ten_languages():
    for lang, question, answer in NON_ANSWERS:
        make_conversation(lang, [("user", question), ("assistant", answer)])

    start_run(provider="heuristic")

    found = set(
        Candidate.objects.filter(kind="gap").values_list("conversation__external_id", flat=True)
    )
    assert found == {lang for lang, _, _ in NON_ANSWERS}


def test_a_scope_refusal_is_counted_as_out_of_scope_and_not_queued():
    make_conversation(
        "coffee",
        [
            ("user", "What is the capital of Peru?"),
            ("assistant", "I can only help you order coffee."),
        ],
    )
    make_conversation(
        "zh",
        [("user", "今天股市怎么样？"), ("assistant", "抱歉，我只能帮您处理酒店预订相关的问题。")],
    )

    start_run(provider="heuristic")

    assert not Candidate.objects.exists()
    counted = FilteredProposal.objects.filter(reason="out_of_scope")
    assert sorted(counted.values_list("payload__question", flat=True)) == [
        "What is the capital of Peru?",
        "今天股市怎么样？",
    ]


def test_a_short_service_reply_and_yes_twice_are_not_gaps():
    make_conversation(
        "invoice", [("user", "可以开发票吗？"), ("assistant", "抱歉，不提供发票服务。")]
    )
    make_conversation(
        "yes",
        [
            ("user", "Can you book it?"),
            ("assistant", "Shall I book the 9am flight?"),
            ("user", "Yes."),
            ("assistant", "Which date?"),
            ("user", "Yes."),
        ],
    )

    start_run(provider="heuristic")

    assert not Candidate.objects.exists()


def test_asked_again_only_when_the_second_question_means_the_same():
    make_conversation(
        "same",
        [
            ("user", "What time does the pool open?"),
            ("assistant", "Our pool is lovely."),
            ("user", "What time does the pool open?"),
        ],
    )
    make_conversation(
        "different",
        [
            ("user", "What time does the pool open?"),
            ("assistant", "At 7am."),
            ("user", "What time does the spa open?"),
        ],
    )

    start_run(provider="heuristic")

    gaps = Candidate.objects.filter(kind="gap")
    assert [g.conversation.external_id for g in gaps] == ["same"]
    assert "asked the same question again" in gaps[0].description
