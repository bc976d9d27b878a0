"""Placeholders are compared accent-free (a C-level translate drops the combining marks)."""

from knowledge_repo import placeholders


def test_accents_and_full_width_forms_do_not_hide_a_placeholder():
    for text in ("TÓDÓ", "Tbd\u0301", "ｐｌａｃｅｈｏｌｄｅｒ", "Coming sóón!"):
        assert placeholders.field_problem("body", text), text


def test_words_with_accents_and_cjk_are_not_placeholders():
    for text in ("Café opens at nine", "营业时间为上午九点", "Próximo passo: pagar na recepção"):
        assert placeholders.field_problem("body", text) is None, text


def test_a_placeholder_padded_with_punctuation_or_marks_is_still_one():
    # Long fields skip building their key only when their letters and digits alone rule out
    # every placeholder: padding that adds none must not hide one.
    for text in (
        "to be determined" + "!" * 200,
        "— " * 50 + "Fill me in",
        "N/A" + " …" * 100,
        "待定" + "。" * 80,
        "T\u0301B\u0301D\u0301" + "?" * 60,
    ):
        assert "placeholder (" in (placeholders.field_problem("body", text) or ""), text[:30]


def test_a_sentence_that_starts_like_a_placeholder_is_not_one():
    for text in ("To be determined by the board each spring", "Test kitchen opens at noon"):
        assert placeholders.field_problem("body", text) is None, text
