"""search_keys: a record is found in its visitors' own wordings and languages."""

from memory_kb.knowledge import KnowledgeBase, Snapshot
from memory_kb.recordfile import (
    RecordData,
    index_line,
    parse_record,
    render_index,
    render_record,
)

PETS = RecordData(
    slug="pets-in-rooms",
    name="Pets in the rooms",
    description="Whether guests may bring animals",
    type="project",
    body="Dogs and cats up to 10 kg stay free; tell reception when you book.",
    search_keys=["酒店房间允许带宠物吗？", "¿Se admiten mascotas en las habitaciones?"],
)
BREAKFAST = RecordData(
    slug="breakfast",
    name="Breakfast",
    description="When and where breakfast is served",
    type="project",
    body="Breakfast is served from 7 to 10 in the garden room.",
)


def _kb(*records):
    files = {r.path: render_record(r) for r in records}
    files["MEMORY.md"] = render_index(
        {r.slug: index_line(r.slug, r.name, r.description) for r in records}
    )
    return KnowledgeBase(snapshot=Snapshot.from_files(files))


def test_search_keys_round_trip_through_the_front_matter():
    text = render_record(PETS)
    assert "search_keys:" in text
    assert parse_record(text, PETS.slug) == PETS
    # A record without keys has no such line at all (older readers see the same file).
    assert "search_keys" not in render_record(BREAKFAST)
    assert parse_record(render_record(BREAKFAST), "breakfast").search_keys == []


def test_a_key_holding_a_line_break_or_a_front_matter_delimiter_stays_one_key():
    record = RecordData(
        slug="x", name="X", description="", type="project", search_keys=["a\n---\nb: c"]
    )
    parsed = parse_record(render_record(record), "x")
    assert parsed.search_keys == ["a --- b: c"] and parsed.body == ""


def test_a_visitor_asking_in_another_language_selects_the_record_by_its_keys():
    with_keys = _kb(PETS, BREAKFAST)
    without = _kb(
        RecordData(**{**PETS.__dict__, "search_keys": []}),
        BREAKFAST,
    )
    for question in ("酒店房间可以带宠物吗？", "¿Se admiten mascotas en el hotel?"):
        assert [s.slug for s in with_keys.select(question)][:1] == ["pets-in-rooms"]
        assert "pets-in-rooms" not in [s.slug for s in without.select(question)]
    # Keys are for finding only: what the agent reads is the record's name and body.
    chosen = with_keys.select("¿Se admiten mascotas en el hotel?")[0]
    assert "mascotas" not in chosen.body and chosen.name == "Pets in the rooms"


SAFE = RecordData(
    slug="room-safe",
    name="Safes in the rooms",
    description="Where guests keep valuables",
    type="project",
    body="Every room has a safe in the wardrobe; reception also keeps valuables.",
    search_keys=[
        "¿Hay caja fuerte en las habitaciones?",
        "部屋に金庫はありますか？",
        "房间里有保险箱吗？",
    ],
)


def test_a_next_visitor_in_other_grammar_selects_the_record():
    """Accents, plurals and the grammar around a question's words do not keep it apart:
    the next visitor's own wording finds the record the earlier visitors' keys describe."""
    kb = _kb(SAFE, PETS, BREAKFAST)
    for question in (
        "¿hay caja fuerte en la habitacion?",  # no accent, singular
        "金庫は部屋にありますでしょうか？",  # other Japanese grammar round the same words
        "お部屋には金庫が用意されているのでしょうか？",  # mostly grammar: kana runs ignored
        "请问房间保险箱在哪里？",  # Chinese, with words no record holds
    ):
        assert "room-safe" in [s.slug for s in kb.select(question)], question


def test_an_unrelated_question_in_chinese_or_spanish_still_selects_nothing():
    kb = _kb(SAFE, PETS, BREAKFAST)
    for question in ("机场到市中心的出租车要多少钱？", "¿Cuánto cuesta un taxi al aeropuerto?"):
        assert kb.select(question) == [], question
