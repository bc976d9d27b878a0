import json

import pytest
from django.db import models
from django.urls import reverse

from conversations.actions import create_ingest_token
from conversations.models import Conversation, IngestProblem, Source

pytestmark = pytest.mark.django_db
URL = "/api/v1/conversations"


@pytest.fixture
def token():
    return create_ingest_token(source=Source.objects.create(name="web"))


def _post(client, body, token=None, content_type="application/json", **extra):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return client.post(URL, data=body, content_type=content_type, headers=headers, **extra)


ONE = {"id": "c1", "messages": [{"role": "user", "content": "from now on answer in French"}]}


def test_the_url_is_named():
    assert reverse("api:conversations") == URL


def test_it_stores_one_conversation_as_json(client, token):
    response = _post(client, json.dumps(ONE), token)
    assert response.status_code == 200
    assert response.json()["conversations_created"] == 1
    assert Conversation.objects.get().source.name == "web"


def test_it_is_idempotent(client, token):
    _post(client, json.dumps(ONE), token)
    response = _post(client, json.dumps(ONE), token)
    assert response.json()["conversations_unchanged"] == 1
    assert Conversation.objects.count() == 1


def test_it_stores_many_as_ndjson(client, token):
    body = "\n".join(json.dumps({**ONE, "id": f"c{i}"}) for i in range(3))
    response = _post(client, body, token, content_type="application/x-ndjson")
    assert response.status_code == 200 and response.json()["conversations_created"] == 3


def test_it_answers_400_with_line_level_errors(client, token):
    body = json.dumps(ONE) + '\n{"broken\n' + json.dumps({"messages": [{"content": "x"}]})
    response = _post(client, body, token, content_type="application/x-ndjson")
    assert response.status_code == 400
    data = response.json()
    assert data["conversations_created"] == 1
    assert [(e["line"], e["reason"]) for e in data["errors"]] == [
        (2, "invalid_json"),
        (3, "missing_role"),
    ]
    assert IngestProblem.objects.count() == 2


@pytest.mark.parametrize("body", ["", "   ", "[1, 2", '"just a string"', "\xff"])
def test_bad_bodies_are_400_never_500(client, token, body):
    assert _post(client, body, token).status_code == 400


def test_it_rejects_an_unknown_format(client, token):
    response = client.post(
        URL + "?format=xml",
        data="{}",
        content_type="application/json",
        headers={"Authorization": f"Bearer {token}"},
    )
    assert response.status_code == 400


@pytest.mark.parametrize("header", [None, "Bearer wrong", "Basic abc", "Bearer "])
def test_it_answers_401_without_a_valid_token(client, header):
    headers = {"Authorization": header} if header else {}
    response = client.post(
        URL, data=json.dumps(ONE), content_type="application/json", headers=headers
    )
    assert response.status_code == 401
    assert response["WWW-Authenticate"].startswith("Bearer")
    assert not Conversation.objects.exists()


def test_a_revoked_token_is_refused(client, token):
    from django.utils import timezone

    from conversations.models import IngestToken

    IngestToken.objects.update(revoked_at=timezone.now())
    assert _post(client, json.dumps(ONE), token).status_code == 401


def test_it_answers_413_over_the_size_limit(client, token, settings):
    settings.INGEST_MAX_REQUEST_BYTES = 50
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 50
    assert _post(client, json.dumps(ONE), token).status_code == 413


def test_it_answers_405_to_get(client, token):
    response = client.get(URL, headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 405


def test_it_needs_no_csrf_token(token):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    assert _post(client, json.dumps(ONE), token).status_code == 200


def test_it_limits_requests_per_token(client, token, settings):
    settings.API_RATE_LIMIT_PER_MINUTE = 3
    other = create_ingest_token(source=Source.objects.create(name="other"))
    for _ in range(3):
        assert _post(client, json.dumps(ONE), token).status_code == 200
    refused = _post(client, json.dumps(ONE), token)
    assert refused.status_code == 429
    # Refused requests count too (sliding window), so the honest wait can pass one
    # window when the refusal lands late in it; it never passes two.
    assert 1 <= int(refused["Retry-After"]) <= 120
    # Another token has its own budget, and a bad token is still told it is bad.
    assert _post(client, json.dumps(ONE), other).status_code == 200
    assert _post(client, json.dumps(ONE), "mrv_unknown").status_code == 401


def test_a_burst_across_a_window_boundary_is_still_limited(token, settings):
    from conversations import ratelimit
    from conversations.models import IngestToken

    key = f"token:{IngestToken.hash(token)}"
    # 120 requests in the last second of one minute, then 3.5 s into the next: the fixed
    # window let another 120 through; the sliding one lets through only what has slid out.
    allowed = sum(ratelimit.hit(key, limit=120, now=59.0 + i / 200).allowed for i in range(120))
    assert allowed == 120
    later = [ratelimit.hit(key, limit=120, now=60.0 + i * 3.5 / 120) for i in range(120)]
    assert sum(v.allowed for v in later) <= 7
    assert all(v.retry_after >= 1 for v in later if not v.allowed)
    # A whole window later the token has its full budget again.
    assert ratelimit.hit(key, limit=120, now=125.0).allowed


def test_the_limit_slides_back_as_time_passes(client, token, settings):
    from conversations.models import RateWindow

    settings.API_RATE_LIMIT_PER_MINUTE = 1
    assert _post(client, json.dumps(ONE), token).status_code == 200
    assert _post(client, json.dumps(ONE), token).status_code == 429
    RateWindow.objects.update(slot=models.F("slot") - 2)  # those requests are two minutes old
    assert _post(client, json.dumps(ONE), token).status_code == 200


def test_requests_with_bad_tokens_are_limited_per_address(client, token, settings):
    settings.API_BAD_TOKEN_LIMIT_PER_MINUTE = 3
    for guess in ("mrv_a", "mrv_b", "mrv_c"):
        assert _post(client, json.dumps(ONE), guess).status_code == 401
    refused = _post(client, json.dumps(ONE), "mrv_d")
    assert refused.status_code == 429 and int(refused["Retry-After"]) >= 1
    assert client.post(URL, "{}", content_type="application/json").status_code == 429
    # Another address still gets its answer, and the real token is not affected.
    assert _post(client, json.dumps(ONE), "mrv_e", REMOTE_ADDR="10.1.1.1").status_code == 401
    assert _post(client, json.dumps(ONE), token).status_code == 200


def test_a_forged_forwarded_for_does_not_get_a_fresh_budget(client, settings):
    settings.API_BAD_TOKEN_LIMIT_PER_MINUTE = 2
    codes = [
        _post(client, "{}", "mrv_x", HTTP_X_FORWARDED_FOR=f"10.0.0.{i}").status_code
        for i in range(4)
    ]
    assert codes == [401, 401, 429, 429]
