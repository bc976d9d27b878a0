"""The Anthropic Messages API: structured output, a cached prefix, retries, Message Batches.

The SDK's own retries are switched off (``max_retries=0``) so that 429/529
handling is ours: we wait what the server's retry-after asks, up to
``EXTRACTION_RETRY_MAX_WAIT``, and otherwise record a failure for that
conversation while the run goes on. Tests and deployments can hand in an
``httpx2.Client`` through ``settings.EXTRACTION_HTTP_CLIENT_FACTORY``
(a callable returning one), which is how the real SDK path is exercised
against a mock transport.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterator
from typing import Any

import anthropic
from django.conf import settings
from pydantic import ValidationError

from ..prompt import PROMPT_VERSION, SYSTEM_PROMPT
from ..schema import ExtractionOutput, output_json_schema
from .base import ExtractionRequest, OutOfScope, ProviderResult, Usage


def make_client() -> anthropic.Anthropic:
    factory: Callable[[], Any] | None = settings.EXTRACTION_HTTP_CLIENT_FACTORY
    kwargs: dict[str, Any] = {"api_key": settings.ANTHROPIC_API_KEY or "unset", "max_retries": 0}
    if factory is not None:
        kwargs["http_client"] = factory()
    return anthropic.Anthropic(**kwargs)


def _retry_after(response: Any) -> float | None:
    headers = getattr(response, "headers", None) or {}
    for name, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
        raw = headers.get(name)
        if raw is None:
            continue
        try:
            return max(float(raw) * scale, 0.0)
        except ValueError:
            continue
    return None


def usage_of(message: Any) -> Usage:
    u = message.usage
    return Usage(
        input=u.input_tokens or 0,
        cache_write=u.cache_creation_input_tokens or 0,
        cache_read=u.cache_read_input_tokens or 0,
        output=u.output_tokens or 0,
    )


def result_of(output: ExtractionOutput, usage: Usage, raw: str) -> ProviderResult:
    """A provider result from the model's validated output (out-of-scope questions counted)."""
    return ProviderResult(
        items=output.items,
        usage=usage,
        raw_output=raw,
        out_of_scope=[OutOfScope(question=q[:500]) for q in output.out_of_scope if q.strip()],
    )


def parse_output(message: Any) -> tuple[ExtractionOutput | None, str, str]:
    """(validated output or None, raw text, error) for one API message."""
    raw = "".join(getattr(b, "text", "") for b in message.content if b.type == "text")
    try:
        data = json.loads(raw)
    except ValueError as exc:
        return None, raw, f"not JSON: {exc}"
    try:
        return ExtractionOutput.model_validate(data), raw, ""
    except ValidationError as exc:
        return None, raw, f"does not match the schema: {exc.errors()[:3]}"


class AnthropicProvider:
    name = "anthropic"

    def __init__(self, *, model: str, client: anthropic.Anthropic | None = None) -> None:
        self.model = model
        self.prompt_version = PROMPT_VERSION
        self.client = client or make_client()
        self.catalog = ""
        self.schema = output_json_schema()
        self.max_wait = float(settings.EXTRACTION_RETRY_MAX_WAIT)
        self.attempts = max(int(settings.EXTRACTION_RETRY_ATTEMPTS), 1)
        self.sleep: Callable[[float], None] = time.sleep

    def prepare(self, catalog: str) -> None:
        self.catalog = catalog

    def params(self, request: ExtractionRequest) -> dict[str, Any]:
        """The request body: fixed system prompt + catalog as the cached prefix, then the data."""
        return {
            "model": self.model,
            "max_tokens": settings.EXTRACTION_MAX_OUTPUT_TOKENS,
            "system": [
                {"type": "text", "text": SYSTEM_PROMPT},
                {"type": "text", "text": self.catalog, "cache_control": {"type": "ephemeral"}},
            ],
            "messages": [{"role": "user", "content": request.user_text}],
            "output_config": {"format": {"type": "json_schema", "schema": self.schema}},
        }

    def _create(self, params: dict[str, Any]) -> tuple[Any, str, str]:
        """(message, failure reason, detail); waits on 429/529 as the server asks."""
        for attempt in range(self.attempts):
            try:
                return self.client.messages.create(**params), "", ""
            except anthropic.APIStatusError as exc:
                status = exc.status_code
                if status not in (429, 529):
                    return None, "api_error", f"HTTP {status}: {exc.message}"
                reason = "rate_limited" if status == 429 else "overloaded"
                wait = _retry_after(exc.response)
                if wait is None:
                    wait = min(2.0**attempt + random.random(), self.max_wait)
                if wait > self.max_wait or attempt == self.attempts - 1:
                    return (
                        None,
                        reason,
                        f"HTTP {status} after {attempt + 1} attempt(s), retry-after {wait:g}s",
                    )
                self.sleep(wait)
            except anthropic.APIError as exc:
                return None, "api_error", str(exc)
        return None, "api_error", "no attempt made"

    def extract(self, request: ExtractionRequest) -> ProviderResult:
        params = self.params(request)
        usage = Usage()
        problems = []
        raw = ""
        for _ in range(2):  # malformed output is retried once
            message, failure, detail = self._create(params)
            if failure:
                return ProviderResult(usage=usage, failure=failure, detail=detail)
            usage.add(usage_of(message))
            output, raw, error = parse_output(message)
            if output is not None:
                return result_of(output, usage, raw)
            problems.append(error)
        return ProviderResult(
            usage=usage, failure="malformed", detail=" / ".join(problems), raw_output=raw
        )

    # --- Message Batches -----------------------------------------------------------------

    def submit_batch(self, requests: list[ExtractionRequest]) -> str:
        batch = self.client.messages.batches.create(
            requests=[{"custom_id": r.key, "params": self.params(r)} for r in requests]  # type: ignore[misc,typeddict-item]
        )
        return batch.id

    def batch_ended(self, batch_id: str) -> bool:
        return self.client.messages.batches.retrieve(batch_id).processing_status == "ended"

    def batch_results(self, batch_id: str) -> Iterator[tuple[str, ProviderResult]]:
        """(custom_id, result) for every request in an ended batch."""
        for line in self.client.messages.batches.results(batch_id):
            result = line.result
            if result.type == "succeeded":
                output, raw, error = parse_output(result.message)
                usage = usage_of(result.message)
                if output is None:
                    yield (
                        line.custom_id,
                        ProviderResult(
                            usage=usage, failure="malformed", detail=error, raw_output=raw
                        ),
                    )
                else:
                    yield (
                        line.custom_id,
                        result_of(output, usage, raw),
                    )
            elif result.type == "errored":
                err = result.error
                yield (
                    line.custom_id,
                    ProviderResult(
                        failure="errored", detail=json.dumps(err.model_dump(), default=str)[:2000]
                    ),
                )
            else:  # expired, canceled
                yield line.custom_id, ProviderResult(failure=result.type)
