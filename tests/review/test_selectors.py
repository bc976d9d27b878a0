from memory_review.review import actions, selectors
from memory_review.review.selectors import QueueFilters

from . import factories


def test_next_candidate_brings_back_skipped_ones_last(alice):
    first = factories.candidate()
    second = factories.candidate()
    actions.skip_candidate(candidate=second, reviewer=alice)
    assert selectors.next_candidate(QueueFilters(), alice) == first
    actions.skip_candidate(candidate=first, reviewer=alice)
    # Only skipped ones left: the one skipped first comes back first.
    assert selectors.next_candidate(QueueFilters(), alice) == second


def test_next_candidate_passes_over_live_claims_of_others(alice, dora):
    older = factories.candidate()
    newer = factories.candidate()
    actions.claim_candidate(candidate=newer, user=dora)
    assert selectors.next_candidate(QueueFilters(), alice) == older
    assert selectors.next_candidate(QueueFilters(), dora) == newer


def test_filtered_count_is_bounded(alice, monkeypatch):
    monkeypatch.setattr(selectors.queue, "COUNT_LIMIT", 2)
    for _ in range(3):
        factories.candidate()
    assert selectors.filtered_count(QueueFilters(), alice) == (2, True)


def test_facet_counts_count_open_candidates_by_type_and_flag(db):
    factories.candidate(type="reference")
    factories.personal()
    factories.candidate(status="rejected", type="reference")
    counts = selectors.facet_counts(refresh=True)
    assert counts["tab_pending"] == 2
    assert counts["type_reference"] == 1
    assert counts["flag_personal_data"] == 1


def test_filters_round_trip_through_the_query_string():
    filters = QueueFilters.from_query(
        {"type": "user", "flag": "bogus", "order": "oldest", "run": "3"}
    )
    assert filters.params() == {"type": "user", "order": "oldest", "run": "3"}
    assert QueueFilters.from_query(filters.params()) == filters


def test_text_search_walks_the_queue_in_windows(alice, monkeypatch):
    monkeypatch.setattr(selectors.queue, "PAGE_SIZE", 2)
    monkeypatch.setattr(selectors.queue, "SEARCH_WINDOW", 3)
    monkeypatch.setattr(selectors.queue, "SEARCH_MAX_SCAN", 6)
    made = [
        factories.candidate(name=f"{'Blue' if i % 4 == 0 else 'Red'} fact {i}") for i in range(12)
    ]
    blue = [c.pk for c in reversed(made) if c.name.startswith("Blue")]  # newest first: 8, 4, 0
    # Each request scans at most six rows (two windows) and offers to go on from there.
    first = selectors.queue_page(QueueFilters(q="blue"), alice)
    assert [c.pk for c in first.rows] == blue[:1]
    assert first.next_cursor
    second = selectors.queue_page(QueueFilters(q="blue"), alice, first.next_cursor)
    assert [c.pk for c in second.rows] == blue[1:]
    third = selectors.queue_page(QueueFilters(q="blue"), alice, second.next_cursor)
    assert [c.pk for c in third.rows] == []
    assert third.next_cursor is None
