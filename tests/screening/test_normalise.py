"""normalise_text: one spelling for what keyboards write many ways."""

from knowledge_repo.screening.normalise import normalise_text, same_text


def test_typographic_quotes_dashes_full_width_and_case_fold_to_one_spelling():
    assert normalise_text("I’m sorry, I don’t know") == "i'm sorry, i don't know"
    assert normalise_text("“Check‑in” – ＷＩ－ＦＩ？") == '"check-in" - wi-fi?'
    assert normalise_text("Straße") == normalise_text("STRASSE")
    assert same_text("ref\u200bund  policy", "Refund policy")


def test_case_can_be_kept_and_cjk_text_is_left_as_it_is():
    assert normalise_text("Don’t BOOK", casefold=False) == "Don't BOOK"
    assert normalise_text("托运行李额度是多少？") == "托运行李额度是多少?"
    assert normalise_text("ｶﾀｶﾅ") == "カタカナ"
    assert normalise_text("") == ""
