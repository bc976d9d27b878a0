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
    # The personal-data item is also listed on its own, for the second reviewer.
    assert counts["tab_pending"] == 2 and counts["tab_risky"] == 1
    assert counts["type_reference"] == 1
    assert counts["flag_personal_data"] == 1


def test_high_risk_items_have_their_own_tab(alice):
    plain = factories.candidate(name="Opening hours")
    risky = factories.personal()
    pending = selectors.queue_page(QueueFilters(), alice).rows
    held = selectors.queue_page(QueueFilters(tab="risky"), alice).rows
    assert {c.pk for c in pending} == {plain.pk, risky.pk}
    assert [c.pk for c in held] == [risky.pk]


def test_before_any_decision_the_queue_orders_by_visitors_times_recency(alice):
    import datetime as dt

    from django.utils import timezone

    from memory_review.extraction.groups import ask_score

    now = timezone.now()
    old_but_asked = factories.candidate(name="Asked by eight, two weeks ago")
    new_once = factories.candidate(name="Asked once, today")
    asked_four = factories.candidate(name="Asked by four, today")
    for c, visitors, when in (
        (old_but_asked, 8, now - dt.timedelta(days=14)),
        (new_once, 1, now),
        (asked_four, 4, now),
    ):
        c.ask_score = ask_score(visitors, when)
        c.save(update_fields=["ask_score"])

    filters = QueueFilters.from_query({})
    assert filters.order == "recent"
    names = [c.name for c in selectors.queue_page(filters, alice).rows]
    # 8 visitors two weeks ago = 2 visitors today: below four today, above one today.
    assert names == ["Asked by four, today", "Asked by eight, two weeks ago", "Asked once, today"]


def test_filters_round_trip_through_the_query_string(db):
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


def test_releases_containing_lists_the_tags_holding_any_of_the_commits(kb):
    """One git run for all commits; a commit git does not know leaves out only itself."""
    import subprocess

    from memory_review.review.selectors.candidate import releases_containing

    def git(*args: str) -> str:
        return subprocess.run(
            ["git", "-c", "user.name=t", "-c", "user.email=t@example.org", *args],
            cwd=kb,
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()

    kb.mkdir(parents=True)
    git("init", "-q", "-b", "main")
    shas = {}
    for name, tag in (("a", "v1"), ("b", "v2")):
        git("commit", "-q", "--allow-empty", "-m", name)
        shas[name] = git("rev-parse", "HEAD")
        git("tag", "-a", tag, "-m", tag)
    git("checkout", "-q", "-b", "side", shas["a"])
    git("commit", "-q", "--allow-empty", "-m", "c")
    shas["c"] = git("rev-parse", "HEAD")
    git("tag", "-a", "x3", "-m", "x3")
    assert releases_containing([shas["a"]]) == ["v1", "v2", "x3"]
    assert releases_containing([shas["b"], shas["c"]]) == ["v2", "x3"]
    assert releases_containing([shas["b"], shas["b"]]) == ["v2"]
    assert releases_containing(["0" * 40, shas["c"]]) == ["x3"]
