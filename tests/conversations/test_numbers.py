"""Numbers JSON parsers accept but databases do not: one bad line, never a lost file."""

import io
import json

import pytest
from django.core.management import call_command

from conversations.actions import create_ingest_token
from conversations.ingest import ingest_file
from conversations.models import Conversation, IngestBatch, IngestProblem, Source

pytestmark = pytest.mark.django_db
URL = "/api/v1/conversations"

BAD_LINES = {
    "nan": '{"id": "n", "messages": [{"role": "user", "content": "hi"}], "metadata": {"x": NaN}}',
    "infinity": '{"id": "i", "messages": [{"role": "user", "content": "hi"}], "metadata": '
    '{"x": -Infinity}}',
    "overflow": '{"id": "o", "messages": [{"role": "user", "content": "hi"}], "metadata": '
    '{"x": 1e400}}',
    "digits": '{"id": "d", "messages": [{"role": "user", "content": "hi"}], "metadata": {"x": '
    + "9" * 5000
    + "}}",
}


def _good(cid: str) -> str:
    return json.dumps({"id": cid, "messages": [{"role": "user", "content": f"text {cid}"}]})


@pytest.mark.parametrize("kind", sorted(BAD_LINES))
def test_a_bad_number_is_a_problem_of_its_line_and_the_rest_is_stored(tmp_path, kind):
    path = tmp_path / "log.jsonl"
    path.write_text("\n".join([_good("a"), BAD_LINES[kind], _good("b")]) + "\n", "utf-8")
    call_command("ingest", str(path), "--source", "agent", stdout=io.StringIO())
    assert set(Conversation.objects.values_list("external_id", flat=True)) == {"a", "b"}
    problem = IngestProblem.objects.get()
    assert (problem.line_number, problem.reason) == (2, "invalid_number")
    assert problem.raw == BAD_LINES[kind]
    assert IngestBatch.objects.get().finished_at is not None


@pytest.mark.parametrize("kind", sorted(BAD_LINES))
def test_a_bad_number_inside_a_json_array_spoils_only_its_element(tmp_path, kind):
    path = tmp_path / "log.json"
    path.write_text("[" + ",\n".join([_good("a"), BAD_LINES[kind], _good("b")]) + "]", "utf-8")
    summary = ingest_file(path, source=Source.objects.create(name="agent"))
    assert set(Conversation.objects.values_list("external_id", flat=True)) == {"a", "b"}
    assert summary.problems == {"invalid_number": 1}
    assert IngestProblem.objects.get().reason == "invalid_number"


@pytest.mark.parametrize("kind", sorted(BAD_LINES))
def test_the_api_answers_400_and_stores_the_good_lines(client, kind):
    token = create_ingest_token(source=Source.objects.create(name="web"))
    body = "\n".join([_good("a"), BAD_LINES[kind], _good("b")])
    response = client.post(
        URL,
        data=body,
        content_type="application/x-ndjson",
        headers={"Authorization": f"Bearer {token}"},
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["reason"] == "invalid_number"
    assert Conversation.objects.count() == 2
    assert IngestBatch.objects.get().finished_at is not None


@pytest.mark.parametrize("kind", sorted(BAD_LINES))
def test_the_api_answers_400_for_a_single_document(client, kind):
    token = create_ingest_token(source=Source.objects.create(name="web"))
    response = client.post(
        URL,
        data=BAD_LINES[kind],
        content_type="application/json",
        headers={"Authorization": f"Bearer {token}"},
    )
    assert response.status_code == 400
    assert Conversation.objects.count() == 0
