"""Every Anthropic run says what prompt caching did, from the API's usage fields."""

import io

import pytest
from django.core.management import call_command
from django.urls import reverse

from memory_review.extraction.actions import start_run

from .conftest import make_conversation, message_json

pytestmark = pytest.mark.django_db


def _conversation():
    make_conversation("c", [("user", "Is there parking?"), ("assistant", "I don't know.")])


def test_a_run_without_cache_reads_or_writes_says_caching_was_inactive(api, settings):
    settings.EXTRACTION_MODEL = "claude-haiku-4-5"
    _conversation()
    api.answer(
        message_json(
            {"items": []},
            usage={
                "input_tokens": 5200,
                "output_tokens": 10,
                "cache_creation_input_tokens": 0,
                "cache_read_input_tokens": 0,
            },
        )
    )
    out = io.StringIO()

    call_command("extract", provider="anthropic", stdout=out)

    text = out.getvalue()
    assert "Prompt caching was INACTIVE on this run" in text
    assert "claude-haiku-4-5 caches a prefix of at least 4096 tokens" in text


def test_a_cached_run_reports_tokens_written_and_read(api, client, alice):
    _conversation()
    make_conversation("d", [("user", "Is there a pool?"), ("assistant", "I don't know.")])
    usage = {"input_tokens": 100, "output_tokens": 10}
    api.answer(
        message_json(
            {"items": []},
            usage={**usage, "cache_creation_input_tokens": 4700, "cache_read_input_tokens": 0},
        )
    )
    api.answer(
        message_json(
            {"items": []},
            usage={**usage, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 4700},
        )
    )

    run = start_run(provider="anthropic")

    assert run.cache_note == (
        "Prompt cache: 4700 tokens written, 4700 read (49% of prompt tokens served from cache)."
    )
    assert run.params["prefix_tokens"] > 4096
    client.force_login(alice)
    page = client.get(reverse("extraction:run_detail", args=[run.pk])).content.decode()
    assert "4700 tokens written, 4700 read" in page
