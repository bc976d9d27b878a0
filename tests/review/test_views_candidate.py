import json
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from knowledge_repo.models import Change, Record
from knowledge_repo.sourcerefs import opaque
from memory_review.extraction.models import Candidate
from memory_review.review import actions
from memory_review.review.models import Claim, ReviewEvent

from . import factories

JSON = {"HTTP_ACCEPT": "application/json"}


@pytest.fixture
def reviewing(client, alice):
    client.force_login(alice)
    return client


def test_candidate_page_requires_the_reviewer_role(client, charlie):
    c = factories.candidate()
    assert client.get(reverse("review:candidate", args=[c.pk])).status_code == 302
    client.force_login(charlie)
    assert client.get(reverse("review:candidate", args=[c.pk])).status_code == 403


def test_candidate_page_claims_and_shows_the_evidence(reviewing, alice, settings):
    settings.REVIEW_CLAIM_SECONDS = 120
    conv = factories.conversation(("I need help", "Sure", "Tests run with make test", "Thanks"))
    c = factories.candidate(conversation=conv, evidence=[2])
    response = reviewing.get(reverse("review:candidate", args=[c.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'class="msg role-user cited" id="m2"' in html
    assert 'id="m0"' in html and "cited" not in html.split('id="m0"')[0].rsplit("<div", 1)[1]
    claim = Claim.objects.get(candidate=c)
    assert claim.user == alice
    assert 110 <= (claim.expires_at - timezone.now()).total_seconds() <= 120


def test_candidate_page_collapses_tool_blocks(reviewing):
    conv = factories.conversation(("Q",))
    conv.messages.create(
        order=1,
        role="assistant",
        content=[
            {"type": "text", "text": "Let me look"},
            {"type": "tool_use", "name": "search", "input": {"q": "x"}},
        ],
        text="Let me look",
        is_tool_use=True,
    )
    c = factories.candidate(conversation=conv, evidence=[0])
    html = reviewing.get(reverse("review:candidate", args=[c.pk])).content.decode()
    assert "<details><summary>tool_use: search</summary>" in html


def test_candidate_page_explains_flags_and_highlights_spans(reviewing):
    c = factories.personal()
    html = reviewing.get(reverse("review:candidate", args=[c.pk])).content.decode()
    assert "Personal data: published knowledge is repeated to every visitor" in html
    assert (
        '<mark class="flag flag-personal_data" title="email address">jane.doe@example.com</mark>'
        in html
    )
    assert "high risk: needs two reviewers" in html
    assert 'data-body="Write to [email address redacted] for access."' in html


def test_candidate_page_makes_hidden_characters_visible(reviewing):
    c = factories.candidate(body="Safe\u200btext\u202e", flag_hidden_chars=True)
    html = reviewing.get(reverse("review:candidate", args=[c.pk])).content.decode()
    assert "⟦U+200B⟧" in html and "⟦U+202E⟧" in html


def test_candidate_page_shows_a_side_by_side_diff_for_an_update(reviewing):
    c = factories.candidate(
        operation="update",
        target_slug="tests",
        target_snapshot="# Tests\nHow to test\n\nRun pytest.",
        name="Tests",
        description="How to test",
        body="Run make test.",
    )
    response = reviewing.get(reverse("review:candidate", args=[c.pk]))
    rows = response.context["diff"]
    assert ("replace", "Run pytest.", "Run make test.") in rows
    assert '<table class="diff">' in response.content.decode()


def test_candidate_page_shows_the_duplicate_beside_it(reviewing):
    original = factories.candidate(name="Original fact")
    c = factories.candidate(name="Copy fact", duplicate_of=original, similarity=0.93)
    html = reviewing.get(reverse("review:candidate", args=[c.pk])).content.decode()
    assert "Looks like a duplicate (0.93 similar)" in html
    assert "Original fact" in html


def test_candidate_page_shows_a_gap_with_its_answer_form(reviewing):
    c = factories.candidate(kind="gap", question="Do you ship to Norway?", poor_answer="Maybe.")
    html = reviewing.get(reverse("review:candidate", args=[c.pk])).content.decode()
    assert "Do you ship to Norway?" in html
    assert "Write the answer as a new record" in html


def test_approve_rejects_get(reviewing):
    c = factories.candidate()
    assert reviewing.get(reverse("review:approve", args=[c.pk])).status_code == 405


def test_approve_requires_the_reviewer_role(client, charlie):
    c = factories.candidate()
    assert client.post(reverse("review:approve", args=[c.pk])).status_code == 302
    client.force_login(charlie)
    assert client.post(reverse("review:approve", args=[c.pk])).status_code == 403
    c.refresh_from_db()
    assert c.status == Candidate.Status.PENDING


def test_approve_and_next_returns_the_next_candidate_as_json(
    reviewing, django_capture_on_commit_callbacks
):
    later = factories.candidate(name="Second one")
    first = factories.candidate(name="First one")
    with django_capture_on_commit_callbacks(execute=True):
        response = reviewing.post(reverse("review:approve", args=[first.pk]), **JSON)
    data = response.json()
    assert data["ok"] and "approved" in data["message"]
    assert data["next_url"] == reverse("review:candidate", args=[later.pk])
    assert "Second one" in data["html"]
    first.refresh_from_db()
    assert first.status == Candidate.Status.APPROVED
    assert Change.objects.get(candidate_id=first.pk).status == Change.Status.COMMITTED


def test_approve_with_edits_writes_the_edited_record(reviewing, django_capture_on_commit_callbacks):
    c = factories.candidate()
    with django_capture_on_commit_callbacks(execute=True):
        response = reviewing.post(
            reverse("review:approve", args=[c.pk]),
            {
                "name": "Edited name",
                "description": "d",
                "body": "b",
                "type": "reference",
                "operation": "create",
            },
        )
    assert response.status_code == 302
    assert Record.objects.get().name == "Edited name"


def test_approve_with_an_invalid_edit_is_refused(reviewing):
    c = factories.candidate()
    response = reviewing.post(
        reverse("review:approve", args=[c.pk]),
        {"name": "", "description": "d", "body": "b", "type": "project"},
        **JSON,
    )
    assert response.status_code == 400
    assert "name" in response.json()["error"]


def test_a_decided_candidate_says_who_decided(reviewing, dora):
    c = factories.candidate()
    actions.reject_candidate(candidate=c, reviewer=dora, reason="not true")
    response = reviewing.post(reverse("review:approve", args=[c.pk]), **JSON)
    assert response.status_code == 409
    assert "Dora already decided this candidate: reject (not true)" in response.json()["error"]
    html = reviewing.get(reverse("review:candidate", args=[c.pk])).content.decode()
    assert "Decided:</strong> rejected by dora" in html


def test_a_stale_claim_loses_to_the_new_claimer(client, alice, dora):
    c = factories.candidate()
    actions.claim_candidate(candidate=c, user=alice)
    Claim.objects.update(expires_at=timezone.now() - timedelta(seconds=5))
    actions.claim_candidate(candidate=c, user=dora)
    client.force_login(alice)
    response = client.post(reverse("review:approve", args=[c.pk]), **JSON)
    assert response.status_code == 409
    assert "Dora is reviewing this candidate" in response.json()["error"]


def test_reject_needs_a_reason(reviewing):
    c = factories.candidate()
    response = reviewing.post(reverse("review:reject", args=[c.pk]), {"reason": "bogus"}, **JSON)
    assert response.status_code == 400
    response = reviewing.post(
        reverse("review:reject", args=[c.pk]), {"reason": "other", "detail": "off topic"}, **JSON
    )
    assert response.json()["ok"]
    assert ReviewEvent.objects.get().reason == "other: off topic"


def test_merge_into_a_missing_record_is_refused(reviewing):
    c = factories.candidate()
    response = reviewing.post(
        reverse("review:merge", args=[c.pk]),
        {"target_slug": "nope", "name": "n", "description": "d", "body": "b", "type": "project"},
        **JSON,
    )
    assert response.status_code == 400
    assert "no record" in response.json()["error"]


def test_duplicate_skip_and_undo(reviewing, alice):
    a = factories.candidate(name="A fact")
    b = factories.candidate(name="B fact")
    response = reviewing.post(reverse("review:duplicate", args=[b.pk]), {"of": "a-fact"}, **JSON)
    assert response.json()["ok"]
    b.refresh_from_db()
    assert b.status == Candidate.Status.DUPLICATE
    response = reviewing.post(reverse("review:undo"), **JSON)
    assert response.json()["next_url"] == reverse("review:candidate", args=[b.pk])
    b.refresh_from_db()
    assert b.status == Candidate.Status.PENDING
    response = reviewing.post(reverse("review:skip", args=[b.pk]), **JSON)
    assert response.json()["next_url"] == reverse("review:candidate", args=[a.pk])


def test_undo_with_nothing_to_undo(reviewing):
    response = reviewing.post(reverse("review:undo"), **JSON)
    assert response.status_code == 409


def test_second_approval_from_the_same_reviewer_is_refused(reviewing, alice):
    c = factories.personal()
    actions.approve_candidate(candidate=c, reviewer=alice)
    html = reviewing.get(reverse("review:candidate", args=[c.pk])).content.decode()
    assert "A different reviewer must give the second approval" in html
    response = reviewing.post(reverse("review:approve", args=[c.pk]), **JSON)
    assert response.status_code == 409


def test_preview_renders_the_record_file(reviewing):
    c = factories.candidate()
    response = reviewing.post(
        reverse("review:preview"),
        {
            "name": "Run tests",
            "description": "How",
            "body": "make test",
            "type": "project",
            "candidate": c.pk,
        },
    )
    text = response.content.decode()
    assert text.startswith("records/run-tests.md")
    assert "name: Run tests" in text and "reviewed_by:\n- alice" in text
    # The preview shows the file as published: opaque sources, no conversation id.
    assert opaque(f"help-desk/{c.conversation.external_id}#0") in text
    assert c.conversation.external_id not in text


def test_audit_log_lists_decisions_with_before_and_after(
    reviewing, alice, django_capture_on_commit_callbacks
):
    c = factories.candidate(name="Before name")
    with django_capture_on_commit_callbacks(execute=True):
        actions.approve_candidate(candidate=c, reviewer=alice, edits={"name": "After name"})
    html = reviewing.get(reverse("review:audit"), {"candidate": c.pk}).content.decode()
    # The change shows as a word diff: the replaced word struck out, the new one inserted,
    # the unchanged rest as it was.
    assert "<del>Before</del><ins>After</ins><span> name</span>" in html
    assert "<td>alice</td>" in html


def test_provenance_names_run_decision_and_commit(
    reviewing, alice, django_capture_on_commit_callbacks
):
    c = factories.candidate()
    with django_capture_on_commit_callbacks(execute=True):
        actions.approve_candidate(candidate=c, reviewer=alice)
    response = reviewing.get(reverse("review:candidate", args=[c.pk]))
    html = response.content.decode()
    assert "claude-test" in html and "prompt p1" in html
    assert "Approve by alice" in html
    sha = Change.objects.get(candidate_id=c.pk).commit_sha
    assert sha[:10] in html
    assert json.dumps(True)


def test_next_keeps_the_queue_filters_apart_from_the_edited_type(
    reviewing, django_capture_on_commit_callbacks
):
    wanted = factories.candidate(name="Wanted", flag_temporary=True)
    factories.candidate(name="Unflagged newest")
    c = factories.candidate(name="Now", flag_temporary=True)
    with django_capture_on_commit_callbacks(execute=True):
        response = reviewing.post(
            reverse("review:approve", args=[c.pk]),
            {
                "queue": "flag=temporary",
                "name": "Now edited",
                "description": "d",
                "body": "b",
                "type": "reference",
            },
            **JSON,
        )
    assert (
        response.json()["next_url"]
        == reverse("review:candidate", args=[wanted.pk]) + "?flag=temporary"
    )


def test_approve_and_next_make_at_most_32_queries(
    reviewing, alice, settings, django_assert_max_num_queries
):
    """Issue 21: 36 on PostgreSQL and 33 on SQLite before (the next claim's savepoint,
    source references written twice, a record to revive looked up for a new candidate)."""
    from django.db import connection

    from memory_review.review import selectors
    from memory_review.review.identity import public_handle

    settings.KNOWLEDGE_COMMIT_IN_PROCESS = False
    settings.KNOWLEDGE_COMMIT_ENQUEUE = False
    first, _second = factories.candidate(), factories.candidate()
    public_handle(alice)  # made once per reviewer, on their first approval
    selectors.facet_counts()  # cached for every request of the next 30 seconds
    assert reviewing.get(reverse("review:candidate", args=[first.pk])).status_code == 200
    with django_assert_max_num_queries(32 if connection.vendor == "postgresql" else 29):
        response = reviewing.post(reverse("review:approve", args=[first.pk]))
    assert response.status_code == 302
    assert Candidate.objects.get(pk=first.pk).status == Candidate.Status.APPROVED
    assert Change.objects.filter(candidate_id=first.pk).count() == 1
