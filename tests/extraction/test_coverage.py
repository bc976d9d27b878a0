"""The loop, measured: after an answer is released, who asked again, who found it, re-ask rates."""

import pytest
from django.urls import reverse

from knowledge_repo import actions as kr
from memory_review.extraction.actions import start_run
from memory_review.extraction.models import Candidate, GapGroup
from memory_review.review import actions

from .conftest import make_conversation

pytestmark = pytest.mark.django_db

ASKED = [
    ("v1", "Are pets allowed in the hotel rooms?", "I don’t know, sorry."),
    ("v2", "Are pets allowed in your hotel rooms?", "I'm not sure."),
    ("v3", "Are dogs and other pets allowed in the rooms?", "I don't know."),
]


def _publish(user, name):
    release = kr.cut_release(user=user, name=name).release
    assert release is not None
    kr.publish_release(user=user, name=release.name)


def test_a_released_answer_is_found_re_asks_join_it_and_the_coverage_page_counts_both(
    client, alice, bob, django_capture_on_commit_callbacks, settings, tmp_path
):
    from django.core.cache import cache

    settings.KNOWLEDGE_REPO_PATH = tmp_path / "knowledge"
    settings.KNOWLEDGE_PUBLISH_REMOTES = [str(tmp_path / "published.git")]
    cache.clear()
    for cid, question, answer in ASKED:
        make_conversation(cid, [("user", question), ("assistant", answer)])
    make_conversation(
        "off-topic",
        [("user", "What is the capital of Peru?"), ("assistant", "I can only help with hotels.")],
    )
    start_run(provider="heuristic")
    group = GapGroup.objects.get()
    assert group.visitors == 3
    lead = Candidate.objects.filter(group=group).order_by("pk").first()
    with django_capture_on_commit_callbacks(execute=True):
        actions.approve_candidate(
            candidate=lead,
            reviewer=alice,
            edits={
                "name": "Pets in the rooms",
                "description": "Whether guests may bring animals",
                "body": "Dogs and cats up to 10 kg stay free of charge.",
            },
        )
    _publish(bob, "v1")

    # After the release: one visitor asks and the agent (with the answer) answers; another
    # still gets "I don't know" and asks in the group's words.
    make_conversation(
        "after-ok",
        [("user", "Are pets allowed in the rooms?"), ("assistant", "Yes, up to 10 kg.")],
    )
    make_conversation(
        "after-poor",
        [("user", "Are pets allowed in your rooms?"), ("assistant", "I don't know, sorry.")],
    )
    start_run(provider="heuristic")

    again = Candidate.objects.get(status="pending")
    assert again.group == group and again.still_asked_after == "v1"
    client.force_login(alice)
    response = client.get(reverse("review:coverage"))
    assert response.status_code == 200
    (loop,) = response.context["loops"]
    assert (loop.release, loop.asked, loop.found, loop.poor) == ("v1", 2, 2, 1)
    (reask,) = response.context["reasks"]
    assert (reask.release, reask.answered, reask.reasked) == ("v1", 1, 1)
    (topic,) = response.context["topics"]
    assert topic.visitors == 4 and topic.answered == 1
    assert response.context["out_of_scope"] == 1
    # The re-asked question is back in the queue, marked.
    body = client.get(reverse("review:queue")).content.decode()
    assert "still asked after v1" in body


def test_the_coverage_page_needs_a_reviewer(client, django_user_model):
    url = reverse("review:coverage")
    assert client.get(url).status_code == 302
    client.force_login(django_user_model.objects.create_user("nobody"))
    assert client.get(url).status_code == 403
