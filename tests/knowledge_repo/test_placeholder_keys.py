"""Placeholders are compared accent-free (a C-level translate drops the combining marks)."""

from knowledge_repo import placeholders


def test_accents_and_full_width_forms_do_not_hide_a_placeholder():
    for text in ("TÓDÓ", "Tbd\u0301", "ｐｌａｃｅｈｏｌｄｅｒ", "Coming sóón!"):
        assert placeholders.field_problem("body", text), text


def test_words_with_accents_and_cjk_are_not_placeholders():
    for text in ("Café opens at nine", "营业时间为上午九点", "Próximo passo: pagar na recepção"):
        assert placeholders.field_problem("body", text) is None, text
