import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from memory_review.extraction.models import Candidate, ExtractionRun

from .conftest import make_conversation

pytestmark = pytest.mark.django_db


def _call(*args, **kwargs):
    out = StringIO()
    call_command("extract", *args, stdout=out, **kwargs)
    return out.getvalue()


def test_it_uses_the_heuristic_extractor_without_an_api_key(settings):
    settings.ANTHROPIC_API_KEY = None
    make_conversation("c", [("user", "Remember: the museum is closed on Mondays.")])

    summary = json.loads(_call("--json"))

    assert summary["provider"] == "heuristic" and summary["status"] == "done"
    assert summary["conversations_read"] == 1 and summary["candidates_queued"] == 1
    assert summary["tokens"] == {"input": 0, "cache_write": 0, "cache_read": 0, "output": 0}


def test_it_prints_a_readable_summary():
    make_conversation("c", [("user", "Remember: the museum is closed on Mondays.")])

    text = _call("--provider", "heuristic")

    assert "conversations read 1, candidates queued 1, gaps queued 0, failures 0" in text
    assert "filtered: none" in text and "cost $0" in text


def test_dry_run_writes_nothing():
    make_conversation("c", [("user", "Remember: the museum is closed on Mondays.")])

    text = _call("--provider", "heuristic", "--dry-run")

    assert "1 conversation(s)" in text and "closed on Mondays" in text
    assert not ExtractionRun.objects.exists() and not Candidate.objects.exists()


def test_since_limits_to_recently_updated_conversations():
    make_conversation("c", [("user", "Remember: the museum is closed on Mondays.")])

    summary = json.loads(_call("--provider", "heuristic", "--since", "2999-01-01", "--json"))

    assert summary["conversations_read"] == 0


def test_it_explains_bad_arguments():
    with pytest.raises(CommandError, match="not a date"):
        _call("--since", "yesterday")
    with pytest.raises(CommandError, match="not a number"):
        _call("--budget-usd", "lots")
    with pytest.raises(CommandError, match="no extraction run 99"):
        _call("--collect", "99")
    with pytest.raises(CommandError, match="needs --provider anthropic"):
        _call("--provider", "heuristic", "--mode", "batch")


def test_resume_finishes_a_run():
    conv = make_conversation("c", [("user", "Remember: the museum is closed on Mondays.")])
    run = ExtractionRun.objects.create(provider="heuristic", model="heuristic-v1")
    run.items.create(conversation=conv)  # created, then the process died

    summary = json.loads(_call("--resume", str(run.pk), "--json"))

    assert summary["status"] == "done" and summary["candidates_queued"] == 1
