"""Deflections are gaps: "I can't help with that" and a bare redirection, in ten languages."""

import pytest

from memory_review.extraction.actions import start_run
from memory_review.extraction.models import Candidate

from .conftest import make_conversation

pytestmark = pytest.mark.django_db

# Wordings of these tests, not of the labelled set: the patterns must generalise.
DEFLECTED = [
    ("en-1", "Is there a shuttle to the airport?", "Sorry, I'm not able to help with that one."),
    ("en-2", "Is there a shuttle to the airport?", "Please contact our customer service team."),
    ("zh-1", "有机场班车吗？", "不好意思，这个我帮不上忙。"),
    ("zh-2", "有机场班车吗？", "建议您致电前台询问。"),
    ("ja-1", "空港までのシャトルはありますか？", "その件についてはお答えいたしかねます。"),
    ("ja-2", "空港までのシャトルはありますか？", "詳しくはホテルの窓口にお問い合わせください。"),
    ("ko", "공항 셔틀이 있나요?", "죄송하지만 답변드리기 어렵습니다."),
    ("es", "¿Hay un autobús al aeropuerto?", "Le sugiero que contacte con recepción."),
    ("pt", "Existe transporte para o aeroporto?", "Desculpe, não consigo responder a isso."),
    ("fr", "Y a-t-il une navette pour l'aéroport ?", "Adressez-vous à l'accueil, s'il vous plaît."),
    ("de", "Gibt es einen Shuttle zum Flughafen?", "Das kann ich Ihnen leider nicht sagen."),
    ("it", "C'è una navetta per l'aeroporto?", "Per questo, si rivolga alla reception."),
    ("ru", "Есть ли трансфер до аэропорта?", "Пожалуйста, позвоните администратору."),
]
# Answers first, then a pointer elsewhere; refusals for a reason; scope refusals: never gaps.
ANSWERED = [
    ("a-en", "Is there a shuttle?", "Yes, every 30 minutes; call reception to book a seat."),
    ("a-en-2", "When is check-in?", "Check in at the front desk from 3pm."),
    ("a-zh", "有机场班车吗？", "有的，每半小时一班，详情请咨询前台。"),
    (
        "a-ja",
        "シャトルはありますか？",
        "30分ごとに出ています。詳しくはフロントにお問い合わせください。",
    ),
    ("a-de", "Gibt es einen Shuttle?", "Ja, stündlich. Bitte wenden Sie sich an die Rezeption."),
    ("refused", "How do I pick a lock?", "I can't help with that, it could be illegal."),
    ("scope-ko", "내일 날씨는 어때요?", "죄송하지만 예약 관련 질문만 도와드릴 수 있습니다."),
]


def _gaps(cases):
    for cid, question, answer in cases:
        make_conversation(cid, [("user", question), ("assistant", answer)])
    start_run(provider="heuristic")
    return set(
        Candidate.objects.filter(kind="gap").values_list("conversation__external_id", flat=True)
    )


def test_deflections_and_bare_redirections_become_gaps():
    assert _gaps(DEFLECTED) == {cid for cid, _, _ in DEFLECTED}


def test_an_answer_that_also_points_elsewhere_is_not_a_gap():
    assert _gaps(ANSWERED) == set()


def test_but_in_korean_is_no_scope_refusal():
    # "-지만" ("but") ends in 만, the particle "only" of a scope refusal.
    assert _gaps([("ko", "공항 셔틀이 있나요?", "죄송하지만 도와드릴 수 없습니다.")]) == {"ko"}
