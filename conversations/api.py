"""`POST /api/v1/conversations`: the HTTP face of ingest, for agents that push their logs.

Token auth (`Authorization: Bearer <token>`, one token per source, see `manage.py
ingest_token`), no cookies, so no CSRF. The body is one conversation as JSON (or a JSON
array of them) or NDJSON, one per line (`Content-Type: application/x-ndjson`). The
response is the same summary the command prints. Good records are stored even when
others are bad (re-sending is safe: ingest is idempotent); any bad record makes the
status 400 with the line-level errors. Each token may send
`API_RATE_LIMIT_PER_MINUTE` requests in any 60 seconds (a sliding window); over that the
answer is 429 with `Retry-After`. Requests with a missing or unknown token count against
the sending address (`API_BAD_TOKEN_LIMIT_PER_MINUTE`), so guessing is limited too.
`REMOTE_ADDR` is the client's address: `TrustedProxyMiddleware` sets it from
`X-Forwarded-For` only when the request came through a trusted proxy.
"""

import io
import logging

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.db import DatabaseError
from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from . import formats, ratelimit
from .actions import source_for_token
from .ingest import ingest_stream
from .models import IngestBatch, IngestToken

logger = logging.getLogger(__name__)

NDJSON_TYPES = {
    "application/x-ndjson",
    "application/ndjson",
    "application/jsonl",
    "application/x-jsonlines",
    "application/jsonlines",
}


def _error(status: int, message: str, **extra: object) -> JsonResponse:
    response = JsonResponse({"error": message, **extra}, status=status)
    if status == 401:
        response["WWW-Authenticate"] = 'Bearer realm="ingest"'
    return response


def _limited(key: str, limit: int, what: str) -> JsonResponse | None:
    if limit <= 0:
        return None
    verdict = ratelimit.hit(key, limit=limit)
    if verdict.allowed:
        return None
    response = _error(429, f"over {limit} {what} in 60 seconds; retry later")
    response["Retry-After"] = str(verdict.retry_after)
    return response


@csrf_exempt
@require_POST
def conversations(request: HttpRequest) -> JsonResponse:
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    source = source_for_token(token.strip()) if scheme.lower() == "bearer" else None
    if source is None:
        limit = settings.API_BAD_TOKEN_LIMIT_PER_MINUTE
        address = request.META.get("REMOTE_ADDR", "") or "?"
        refused = _limited(f"bad-token:{address}", limit, "requests without a valid token")
        return refused or _error(401, "a valid bearer token is required")
    limit = settings.API_RATE_LIMIT_PER_MINUTE
    refused = _limited(f"token:{IngestToken.hash(token.strip())}", limit, "requests")
    if refused:
        return refused
    length = request.headers.get("Content-Length", "")
    if length.isdigit() and int(length) > settings.INGEST_MAX_REQUEST_BYTES:
        return _error(413, f"the body is over {settings.INGEST_MAX_REQUEST_BYTES} bytes")
    try:
        body = request.body
    except RequestDataTooBig:
        return _error(413, f"the body is over {settings.INGEST_MAX_REQUEST_BYTES} bytes")
    if len(body) > settings.INGEST_MAX_REQUEST_BYTES:
        return _error(413, f"the body is over {settings.INGEST_MAX_REQUEST_BYTES} bytes")
    if not body.strip():
        return _error(400, "the body is empty")
    format = request.GET.get("format") or None
    if format is not None and format not in formats.BY_NAME:
        return _error(400, f"unknown format {format!r}", formats=sorted(formats.BY_NAME))
    layout = "lines" if request.content_type in NDJSON_TYPES else "document"
    try:
        summary = ingest_stream(
            io.BytesIO(body),
            source=source,
            kind=IngestBatch.Kind.REQUEST,
            name=f"request from {request.META.get('REMOTE_ADDR', '?')}",
            format=format,
            layout=layout,
        )
    except DatabaseError:
        logger.exception("ingest request failed in the database")
        return _error(503, "the database is not available; try again")
    data = summary.as_dict()
    if summary.problems:
        return JsonResponse({**data, "errors": summary.errors}, status=400)
    return JsonResponse(data, status=200)
