"""Search keys: visitors' wordings and the glossary's words for them, so the next visitor finds it."""

from memory_kb.knowledge import Snapshot

from knowledge_repo.reader import KnowledgeBase
from knowledge_repo.recordfile import RecordData, index_line, render_index, render_record
from memory_review.extraction.searchkeys import concept_words, is_concept_line, search_keys


def _kb(*records: RecordData) -> KnowledgeBase:
    files = {r.path: render_record(r) for r in records}
    files["MEMORY.md"] = render_index(
        {r.slug: index_line(r.slug, r.name, r.description) for r in records}
    )
    return KnowledgeBase(snapshot=Snapshot.from_files(files, release="t"))


def _record(slug: str, name: str, keys: list[str]) -> RecordData:
    return RecordData(
        slug=slug, name=name, description=name, type="project", body="An answer.", search_keys=keys
    )


def test_the_keys_end_with_the_glossary_words_of_their_concepts():
    keys = search_keys(["Are pets allowed in the hotel rooms?", "可以带狗入住酒店吗？"])

    assert keys[:2] == ["Are pets allowed in the hotel rooms?", "可以带狗入住酒店吗？"]
    assert is_concept_line(keys[2])
    assert {"宠物", "ペット", "ホテル"} <= set(keys[2].split())
    assert "酒店" not in keys[2].split()  # already in a wording


def test_no_concept_line_when_the_wordings_name_no_glossary_concept():
    assert search_keys(["Do you sell gift cards?"]) == ["Do you sell gift cards?"]
    assert concept_words(["Do you sell gift cards?"]) == ""


def test_a_kept_concept_line_is_made_anew_not_doubled():
    first = search_keys(["Are pets allowed?"])
    again = search_keys([*first, "Can I bring my dog?"])

    assert again[:2] == ["Are pets allowed?", "Can I bring my dog?"]
    assert sum(is_concept_line(k) for k in again) == 1
    assert not is_concept_line("Where is the pool?") and not is_concept_line("宠物")


def test_a_next_visitor_in_another_language_selects_the_answer_through_the_concept_line():
    pets = _record("pets", "Pets in the rooms", search_keys(["Are pets allowed in the rooms?"]))
    other = _record("pool", "Pool hours", search_keys(["When does the pool open?"]))
    bare = _record("pets", "Pets in the rooms", ["Are pets allowed in the rooms?"])

    # The readers relevance floor still leaves out a long question with one shared word.
    for question in ("ペットは泊まれますか？", "可以带宠物吗？"):
        assert [s.slug for s in _kb(pets, other).select(question)] == ["pets"]
        assert "pets" not in {s.slug for s in _kb(bare, other).select(question)}
