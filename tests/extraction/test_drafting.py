"""Names that summarise and questions that stand on their own."""

from memory_review.extraction.drafting import is_self_contained, summary_name


def test_names_summarise_without_an_ellipsis():
    assert summary_name("Can you tell me what is the first name of the composer?") == (
        "First name of the composer"
    )
    long = "What is the checked baggage allowance for passengers flying Basic Economy to Europe?"
    name = summary_name(long, limit=50)
    assert name == "Checked baggage allowance for passengers flying"
    assert "\u2026" not in name and not name.endswith(" for")


def test_chinese_names_end_on_a_clause_boundary():
    name = summary_name("请告诉我关于肯尼亚的马欣德拉丑闻，以及它对当地经济造成的长期影响和后果。")
    assert name == "关于肯尼亚的马欣德拉丑闻" or name == "肯尼亚的马欣德拉丑闻"
    assert "\u2026" not in name


def test_fragments_are_not_self_contained():
    assert not is_self_contained("Yes that's what I mean")
    assert not is_self_contained("Did she have a love interest?")
    assert not is_self_contained("They don't know")
    assert is_self_contained("What is the first name of the composer of La Bohème?")
    assert is_self_contained("你们周末营业吗？")
