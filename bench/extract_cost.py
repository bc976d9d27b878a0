"""Cost per 1,000 conversations, sync and Message Batches, and what the prompt cache did.

Runs the real `start_run(provider="anthropic")` (sync) and a batch-mode run
(submit, then collect) through the real Anthropic SDK on an httpx2.MockTransport.
The mock answers the way the API bills: the fixed prefix (prompt with worked
examples + records catalog) is written to the cache by the first request and
read by the others, but only when it reaches the model's cacheable minimum;
below it every request pays the prefix as plain input. Costs come from the run's
token counters, which the app fills from the usage fields the SDK parsed.

Scenarios: the empty catalog of a new deployment, and 200 records. Model: Haiku
4.5 (the natural bulk model, minimum 4,096 tokens) unless --model is given.

    .venv/bin/python bench/extract_cost.py [--conversations N] [--model M]
"""

from __future__ import annotations

import argparse
import atexit
import json
import os
import random
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUTPUT_TOKENS = 150


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--conversations", type=int, default=200)
    parser.add_argument("--model", default="claude-haiku-4-5")
    args = parser.parse_args()
    here = Path(__file__).resolve().parent
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != here]
    sys.path.insert(0, str(ROOT))
    tmp = tempfile.mkdtemp(prefix="bench-cost-")
    atexit.register(shutil.rmtree, tmp, ignore_errors=True)
    os.environ["MEMORY_REVIEW_VAR_DIR"] = tmp
    os.environ["DATABASE_URL"] = f"sqlite:///{tmp}/bench.sqlite3"
    os.environ["TASKS_BACKEND"] = "django.tasks.backends.immediate.ImmediateBackend"
    os.environ["DEBUG"] = "false"
    os.environ["SECRET_KEY"] = "bench-only-not-secret"
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "memory_review.settings")
    import django

    django.setup()
    import logging

    import httpx2
    from django.conf import settings
    from django.core.management import call_command
    from django.utils import timezone

    logging.getLogger("django.tasks").setLevel(logging.WARNING)
    call_command("migrate", verbosity=0)

    from conversations.models import Conversation, Message, Source
    from knowledge_repo.models import Record
    from memory_review.extraction.actions import Selection, collect_batch, start_run
    from memory_review.extraction.models import ExtractionRun, ExtractionState
    from memory_review.extraction.prompt import cache_minimum, estimate_tokens

    rng = random.Random(5)
    words = [
        "baggage",
        "refund",
        "room",
        "pool",
        "breakfast",
        "shuttle",
        "parking",
        "price",
        "booking",
        "menu",
    ]

    def conversations(tag: str) -> None:
        source, _ = Source.objects.get_or_create(name=f"bench-{tag}")
        convs = Conversation.objects.bulk_create(
            Conversation(source=source, external_id=f"{tag}-{i}", message_count=6)
            for i in range(args.conversations)
        )
        Message.objects.bulk_create(
            Message(
                conversation=c,
                order=o,
                role="user" if o % 2 == 0 else "assistant",
                text=" ".join(rng.choice(words) for _ in range(rng.randint(15, 60))),
                content=[],
            )
            for c in convs
            for o in range(6)
        )

    minimum = cache_minimum(args.model)
    state = {"cached": False}

    def usage(body: dict) -> dict[str, int]:
        prefix = estimate_tokens("".join(b["text"] for b in body["system"]))
        conversation = estimate_tokens(body["messages"][0]["content"])
        if prefix < minimum:
            return {
                "input_tokens": prefix + conversation,
                "cache_creation_input_tokens": 0,
                "cache_read_input_tokens": 0,
                "output_tokens": OUTPUT_TOKENS,
            }
        first = not state["cached"]
        state["cached"] = True
        return {
            "input_tokens": conversation,
            "cache_creation_input_tokens": prefix if first else 0,
            "cache_read_input_tokens": 0 if first else prefix,
            "output_tokens": OUTPUT_TOKENS,
        }

    def message(body: dict, i: int) -> dict:
        return {
            "id": f"msg_{i}",
            "type": "message",
            "role": "assistant",
            "model": args.model,
            "content": [{"type": "text", "text": json.dumps({"items": []})}],
            "stop_reason": "end_turn",
            "stop_sequence": None,
            "usage": usage(body),
        }

    batch: dict[str, list] = {"requests": []}

    def batch_payload(status: str) -> dict:
        return {
            "id": "msgbatch_bench",
            "type": "message_batch",
            "processing_status": status,
            "request_counts": {
                "processing": 0,
                "succeeded": len(batch["requests"]),
                "errored": 0,
                "canceled": 0,
                "expired": 0,
            },
            "created_at": "2026-12-03T10:00:00Z",
            "expires_at": "2026-12-04T10:00:00Z",
            "ended_at": "2026-12-03T11:00:00Z",
            "archived_at": None,
            "cancel_initiated_at": None,
            "results_url": "https://api.anthropic.com/v1/messages/batches/msgbatch_bench/results",
        }

    def answer(request: httpx2.Request) -> httpx2.Response:
        path = request.url.path
        if path == "/v1/messages":
            return httpx2.Response(200, json=message(json.loads(request.content), 0))
        if path == "/v1/messages/batches" and request.method == "POST":
            batch["requests"] = json.loads(request.content)["requests"]
            return httpx2.Response(200, json=batch_payload("in_progress"))
        if path.endswith("/results"):
            lines = [
                json.dumps(
                    {
                        "custom_id": r["custom_id"],
                        "result": {"type": "succeeded", "message": message(r["params"], n)},
                    }
                )
                for n, r in enumerate(batch["requests"])
            ]
            return httpx2.Response(
                200,
                content="\n".join(lines).encode(),
                headers={"content-type": "application/binary"},
            )
        return httpx2.Response(200, json=batch_payload("ended"))

    settings.ANTHROPIC_API_KEY = "bench"
    settings.EXTRACTION_MODEL = args.model
    settings.EXTRACTION_MAX_CONCURRENCY = 1
    settings.EXTRACTION_HTTP_CLIENT_FACTORY = lambda: httpx2.Client(  # type: ignore[misc]
        transport=httpx2.MockTransport(answer)
    )

    def per_thousand(run: ExtractionRun) -> str:
        return f"${run.cost_usd * 1000 / max(run.conversations_read, 1):.2f}"

    print(
        f"model {args.model}, cacheable minimum {minimum} tokens, "
        f"{args.conversations} conversations per run, {OUTPUT_TOKENS} output tokens each"
    )
    from memory_review.extraction.actions import runs as run_actions
    from memory_review.extraction.prompt import POLICY, SYSTEM_PROMPT
    from memory_review.extraction.providers import anthropic as provider_module

    def use_prompt(text: str) -> None:
        provider_module.SYSTEM_PROMPT = text  # type: ignore[misc]
        run_actions.SYSTEM_PROMPT = text  # type: ignore[misc]

    scenarios = [
        ("no examples", 0, POLICY, "the policy without worked examples, empty catalog"),
        ("new", 0, SYSTEM_PROMPT, "with worked examples, empty catalog"),
        ("grown", 200, SYSTEM_PROMPT, "with worked examples, 200 records"),
    ]
    for label, records, prompt, title in scenarios:
        use_prompt(prompt)
        now = timezone.now()
        Record.objects.all().delete()
        Record.objects.bulk_create(
            Record(
                slug=f"record-{i}",
                name=f"{rng.choice(words)} policy {i}",
                type="project",
                description=" ".join(rng.choice(words) for _ in range(12)),
                body="x",
                created=now,
                updated=now,
            )
            for i in range(records)
        )
        figures = {}
        for mode in ("sync", "batch"):
            ExtractionState.objects.all().delete()
            state["cached"] = False
            tag = f"{label}-{mode}"
            conversations(tag)
            run = start_run(
                provider="anthropic", mode=mode, selection=Selection(source=f"bench-{tag}")
            )
            if mode == "batch":
                run.refresh_from_db()
                collect_batch(run=run)
            run.refresh_from_db()
            figures[mode] = run
        sync = figures["sync"]
        prefix = sync.params.get("prefix_tokens")
        print(f"\n{title}: fixed prefix ~{prefix} tokens")
        for mode, run in figures.items():
            print(
                f"  {mode:<5} per 1,000 conversations {per_thousand(run):>8}  (input "
                f"{run.input_tokens}, cache write {run.cache_write_tokens}, cache read "
                f"{run.cache_read_tokens}, output {run.output_tokens} over "
                f"{run.conversations_read} conversations)"
            )
            print(f"        {run.cache_note}")


if __name__ == "__main__":
    main()
