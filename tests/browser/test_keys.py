"""Every key works where it is shown, every action says what it did, undo takes back exactly it."""

import pytest

from memory_review.extraction.models import Candidate
from memory_review.review.models import ReviewEvent, Skip

from ..review import factories

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _gaps(n: int) -> list[Candidate]:
    conv = factories.conversation(("Does it sync offline?", "Hm."), source="help")
    return [
        factories.candidate(
            kind=Candidate.Kind.GAP,
            name=f"Offline sync {i}",
            question="Does it sync offline?",
            poor_answer="Hm.",
            conversation=conv,
        )
        for i in range(n)
    ]


def _toast(page, words: str) -> str:
    page.wait_for_selector(f"#toast.show:has-text('{words}')")
    return page.text_content("#toast")


def test_s_and_d_on_a_gap_do_what_their_buttons_say_and_u_undoes_the_skip(
    page, live_server, alice, log_in, screenshot
):
    gaps = {c.pk: c for c in _gaps(3)}
    log_in("alice")
    first = gaps[min(gaps)]
    page.goto(f"{live_server.url}/candidates/{first.pk}/")
    page.wait_for_selector("#skip-form")
    page.keyboard.press("Escape")  # the answer panel starts open with its body focused
    page.keyboard.press("s")
    _toast(page, "skipped")
    page.wait_for_selector(f"[data-candidate]:not([data-candidate='{first.pk}'])")
    second = gaps[int(page.get_attribute("[data-candidate]", "data-candidate"))]
    assert Skip.objects.filter(candidate=first, user=alice).exists()
    page.keyboard.press("Escape")
    page.keyboard.press("d")
    _toast(page, "duplicate")
    page.wait_for_selector(f"[data-candidate]:not([data-candidate='{second.pk}'])")
    second.refresh_from_db()
    assert second.status == Candidate.Status.DUPLICATE
    # u takes back the duplicate, then the skip: each undo exactly the last action.
    page.keyboard.press("Escape")
    page.keyboard.press("u")
    page.wait_for_selector(f"[data-candidate='{second.pk}']")
    second.refresh_from_db()
    assert second.status == Candidate.Status.PENDING
    page.keyboard.press("Escape")
    page.keyboard.press("u")
    page.wait_for_selector(f"[data-candidate='{first.pk}']")
    _toast(page, f"Undone: skip of “{first.name}”")
    screenshot("keys-undo-skip")
    assert not Skip.objects.filter(candidate=first, user=alice).exists()
    assert [e.action for e in ReviewEvent.objects.filter(undone_by=None).order_by("pk")] == [
        "undo",
        "undo",
    ]


def test_a_on_the_queue_list_approves_the_selected_row(page, live_server, alice, log_in):
    notes = [factories.candidate(name=f"Note {i}") for i in range(2)]
    log_in("alice")
    page.goto(live_server.url + "/queue/?order=oldest")
    page.wait_for_selector("#queue tbody tr.sel")
    assert page.get_attribute("#queue tbody tr.sel", "data-pk") == str(notes[0].pk)
    page.keyboard.press("?")
    assert "approve" in page.text_content("#keys-help")
    page.keyboard.press("Escape")
    page.keyboard.press("a")
    assert _toast(page, "approved") == "“Note 0” approved."
    page.wait_for_selector(f"#queue tbody tr[data-pk='{notes[0].pk}']", state="detached")
    assert page.get_attribute("#queue tbody tr.sel", "data-pk") == str(notes[1].pk)
    assert page.text_content("#queue-count").strip() == "1"
    notes[0].refresh_from_db()
    assert notes[0].status == Candidate.Status.APPROVED


def test_the_last_approval_of_a_filtered_list_shows_its_message(page, live_server, alice, log_in):
    only = factories.candidate(name="Only reference", type=Candidate.Type.REFERENCE)
    factories.candidate(name="A project note")
    log_in("alice")
    page.goto(f"{live_server.url}/candidates/{only.pk}/?type=reference")
    page.wait_for_selector("#approve-form")
    page.keyboard.press("a")
    page.wait_for_url("**/queue/?type=reference")
    assert "“Only reference” approved. Nothing left with these filters." in page.text_content(
        ".messages"
    )


def test_o_makes_two_rows_of_one_question_one_and_u_takes_it_back(page, live_server, alice, log_in):
    from django.utils import timezone

    from memory_review.extraction.models import GapGroup

    now = timezone.now()
    safe = GapGroup.objects.create(
        question="Is there a safe in the room?",
        key="Is there a safe in the room?",
        visitors=3,
        first_seen=now,
        last_seen=now,
    )
    valuables = GapGroup.objects.create(
        question="Where can I lock up my valuables?",
        key="Where can I lock up my valuables?",
        visitors=1,
        first_seen=now,
        last_seen=now,
        maybe_same=safe,
    )
    rows = {}
    for group in (safe, valuables):
        conv = factories.conversation((group.question, "I'm not sure."), source="help")
        rows[group.pk] = factories.candidate(
            kind=Candidate.Kind.GAP,
            name=group.question,
            question=group.question,
            poor_answer="I'm not sure.",
            conversation=conv,
            group=group,
        )
    log_in("alice")
    page.goto(f"{live_server.url}/candidates/{rows[valuables.pk].pk}/")
    page.wait_for_selector("#same-question")
    assert "Is there a safe in the room?" in page.text_content("#same-question")
    page.keyboard.press("Escape")  # the answer panel starts open with its body focused
    page.keyboard.press("o")
    _toast(page, "Joined")
    safe.refresh_from_db()
    assert safe.visitors == 4 and "Where can I lock up my valuables?" in safe.wordings
    page.keyboard.press("Escape")
    page.keyboard.press("u")
    page.wait_for_selector(f"[data-candidate='{rows[valuables.pk].pk}']")
    safe.refresh_from_db()
    valuables.refresh_from_db()
    assert (safe.visitors, valuables.visitors) == (3, 1)
    assert Candidate.objects.get(pk=rows[valuables.pk].pk).group_id == valuables.pk
