"""The ingest log pages: what each run did, and the records it could not store."""

import json

import pytest
from django.urls import reverse

from conversations.ingest import ingest_file
from conversations.models import IngestBatch, IngestProblem, Source

pytestmark = pytest.mark.django_db


@pytest.fixture
def batch(tmp_path):
    source = Source.objects.create(name="web")
    path = tmp_path / "visitors.jsonl"
    good = {"id": "c1", "messages": [{"role": "user", "content": "以后请用中文回答"}]}
    lines = [
        json.dumps(good, ensure_ascii=False),
        '{"id": "c2", "messages": [',  # cut short
        json.dumps({"id": "c3", "messages": [{"content": "no role"}]}),
        "<script>alert(1)</script>",
    ]
    path.write_bytes(("\n".join(lines) + "\n").encode() + b"\xff\xfe not utf-8\n")
    summary = ingest_file(path, source=source)
    return IngestBatch.objects.get(pk=summary.batch_id)


@pytest.mark.parametrize("name", ["batches", "batch", "problem_raw"])
def test_anonymous_visitors_are_sent_to_login(client, batch, name):
    args = {"batches": [], "batch": [batch.pk], "problem_raw": [batch.problems.first().pk]}
    response = client.get(reverse(f"conversations:{name}", args=args[name]))
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


@pytest.mark.parametrize("name", ["batches", "batch", "problem_raw"])
def test_it_requires_the_reviewer_role(client, charlie, batch, name):
    client.force_login(charlie)
    args = {"batches": [], "batch": [batch.pk], "problem_raw": [batch.problems.first().pk]}
    assert client.get(reverse(f"conversations:{name}", args=args[name])).status_code == 403


def test_the_log_lists_runs_with_their_counts(client, alice, batch):
    client.force_login(alice)
    clean = IngestBatch.objects.create(
        kind="request", source=batch.source, path="api", started_at=batch.started_at
    )

    def link(run):
        return f'href="{reverse("conversations:batch", args=[run.pk])}">#{run.pk}</a>'

    response = client.get(reverse("conversations:batches"))
    page = response.content.decode()
    assert response.status_code == 200
    assert link(batch) in page and "visitors.jsonl" in page and link(clean) in page
    assert "1 new" in page
    # The run that ended with problems shows how many; the unfinished one says so.
    assert f'href="/conversations/ingest/{batch.pk}/">4</a>' in page
    assert "unfinished" in page

    only_problems = client.get(reverse("conversations:batches"), {"problems": "1"})
    assert link(batch) in only_problems.content.decode()
    assert link(clean) not in only_problems.content.decode()


def test_a_run_shows_each_problem_with_its_line_and_reason(client, alice, batch):
    client.force_login(alice)
    response = client.get(reverse("conversations:batch", args=[batch.pk]))
    page = response.content.decode()
    assert response.status_code == 200
    for reason in ("invalid_json", "missing_role", "invalid_utf8"):
        assert reason in page
    # Visitors' raw text is shown escaped, never as markup.
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "<script>alert(1)" not in page

    only = client.get(reverse("conversations:batch", args=[batch.pk]), {"reason": "missing_role"})
    rows = only.content.decode()
    assert "no role" in rows and "cut short" not in rows and '"c2"' not in rows


def test_a_problem_downloads_verbatim(client, alice, batch):
    client.force_login(alice)
    problem = IngestProblem.objects.get(batch=batch, reason="invalid_json", line_number=2)
    response = client.get(reverse("conversations:problem_raw", args=[problem.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert "attachment" in response["Content-Disposition"]
    assert response.content.decode() == '{"id": "c2", "messages": ['


def test_a_missing_run_or_problem_is_a_404(client, alice):
    client.force_login(alice)
    assert client.get(reverse("conversations:batch", args=[999999])).status_code == 404
    assert client.get(reverse("conversations:problem_raw", args=[999999])).status_code == 404


def test_the_log_only_answers_get(client, alice, batch):
    client.force_login(alice)
    assert client.post(reverse("conversations:batches")).status_code == 405
