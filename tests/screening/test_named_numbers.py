"""Korean and Russian numbers named by their word, and the rumours about a person (issue 23).

The number is flagged, not the word before it; the word alone, or a number
that is a price, a route or a year, is left alone. A rumour is a claim when it
says something of a person's health, drugs, violence or immigration status.
"""

from __future__ import annotations

import pytest

from knowledge_repo import screening


def spans(text: str, kind: str) -> list[str]:
    return [
        str(s["text"]) for s in screening.screen([("body", text)], allow=()) if s["kind"] == kind
    ]


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("외국인등록번호는 880512-6234567 이에요.", "880512-6234567"),
        ("우리은행 1002-345-678901 로 보내 주세요.", "1002-345-678901"),
        ("Паспорт серия 4009 номер 654321.", "4009 номер 654321"),
        ("Полис ОМС 1234 5678 9012 3456.", "1234 5678 9012 3456"),
        ("Расчётный счёт 40702810900000012345.", "40702810900000012345"),
    ],
)
def test_it_flags_the_number_a_word_names(text, number):
    assert number in spans(text, screening.PERSONAL_DATA)


@pytest.mark.parametrize(
    "text",
    [
        "계좌 이체는 영업일 기준 하루가 걸립니다.",
        "Для визы нужен загранпаспорт и две фотографии.",
        "Счёт за ужин на 4500 рублей принесли быстро.",
        "Правила 2024 года опубликованы на сайте.",
    ],
)
def test_it_leaves_the_word_alone(text):
    assert spans(text, screening.PERSONAL_DATA) == []


@pytest.mark.parametrize(
    "text",
    [
        "People say the night porter sells coke to guests.",
        "The plumber is apparently off his meds again.",
        "Disseram-me que a dona da loja está com depressão.",
    ],
)
def test_a_rumour_about_a_person_is_a_claim(text):
    assert spans(text, screening.PERSON_CLAIM)


@pytest.mark.parametrize(
    "text",
    ["People say the night porter knows every bar in town.", "A dona da loja está com pressa."],
)
def test_a_harmless_rumour_is_not(text):
    assert spans(text, screening.PERSON_CLAIM) == []
