"""Extraction job overhead with an Anthropic API that answers at once.

Creates N conversations (default 5,000, eight text turns each plus tool turns that
must never be sent) and 200 records for the catalog in a throwaway SQLite database,
then runs the real `start_run(provider="anthropic")` through the real SDK on an
httpx2.MockTransport that answers instantly with one structured item. The baseline,
in the same run, is the SDK alone sending the same number of requests through the
same transport. Reported:

- program time per conversation = (run CPU time - SDK baseline CPU time) / N (target
  < 5 ms), and the same figure for the first and the last tenth of the run (flat?).
  CPU time of this process, so other load on a shared machine does not count; wall
  times are printed too;
- peak RSS after the first tenth and at the end (flat memory means no growth per
  conversation);
- requests and bytes sent per conversation;
- the share of the input that sits in the cached prefix (system prompt + catalog).

    .venv/bin/python bench/extract.py [--conversations N]
"""

from __future__ import annotations

import argparse
import atexit
import json
import os
import random
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# A vocabulary large enough that random proposals are rarely near-duplicates.
_rng = random.Random(3)
WORDS = [
    "".join(_rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(_rng.randint(2, 9)))
    for _ in range(3000)
]


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--conversations", type=int, default=5000)
    args = parser.parse_args()
    n = args.conversations
    # Run as a script, bench/ is first on sys.path: a sibling named like a stdlib module
    # could shadow it.
    here = Path(__file__).resolve().parent
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != here]

    tmp = tempfile.mkdtemp(prefix="bench-extract-")
    atexit.register(shutil.rmtree, tmp, ignore_errors=True)
    os.environ["MEMORY_REVIEW_VAR_DIR"] = tmp
    os.environ["DATABASE_URL"] = f"sqlite:///{tmp}/bench.sqlite3"
    os.environ["TASKS_BACKEND"] = "django.tasks.backends.immediate.ImmediateBackend"
    # Production settings: with DEBUG on, Django would also log every query.
    os.environ["DEBUG"] = "false"
    os.environ["SECRET_KEY"] = "bench-only-not-secret"
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "memory_review.settings")
    import django

    django.setup()
    import httpx2
    from django.conf import settings
    from django.core.management import call_command
    from django.utils import timezone

    call_command("migrate", verbosity=0)
    import logging

    logging.getLogger("django.tasks").setLevel(logging.WARNING)

    from conversations.models import Conversation, Message, Source
    from knowledge_repo.models import Record
    from memory_review.extraction.actions import start_run
    from memory_review.extraction.prompt import SYSTEM_PROMPT, estimate_tokens
    from memory_review.extraction.schema import output_json_schema

    rng = random.Random(7)

    def sentence(k: int) -> str:
        return " ".join(rng.choice(WORDS) for _ in range(k)).capitalize() + "."

    now = timezone.now()
    Record.objects.bulk_create(
        Record(
            slug=f"record-{i}",
            name=f"{sentence(3)} {i}",
            type="project",
            description=sentence(12),
            body=sentence(40),
            created=now,
            updated=now,
        )
        for i in range(200)
    )
    source = Source.objects.create(name="bench")
    t0 = time.perf_counter()
    convs = Conversation.objects.bulk_create(
        Conversation(source=source, external_id=f"c{i}", message_count=10) for i in range(n)
    )
    messages = []
    for conv in convs:
        for order in range(10):
            role = "user" if order % 2 == 0 else "assistant"
            tool = order in (3, 4)
            messages.append(
                Message(
                    conversation=conv,
                    order=order,
                    role="tool" if order == 4 else role,
                    text=("TOOL " if tool else "") + sentence(rng.randint(8, 40)),
                    content=[],
                    is_tool_use=order == 3,
                    is_tool_output=order == 4,
                )
            )
    Message.objects.bulk_create(messages, batch_size=2000)
    del messages
    print(
        f"setup: {n} conversations, {n * 10} messages, 200 records ({time.perf_counter() - t0:.1f}s)"
    )

    sent = {"requests": 0, "bytes": 0, "tool_leaks": 0}
    counter = iter(range(10**9))
    prefix_tokens = 0

    def answer(request: httpx2.Request) -> httpx2.Response:
        sent["requests"] += 1
        sent["bytes"] += len(request.content)
        body = json.loads(request.content)
        if "TOOL " in body["messages"][0]["content"]:
            sent["tool_leaks"] += 1
        i = next(counter)
        item = {
            "kind": "memory",
            "type": "project",
            "scope": "persistent",
            "operation": "create",
            "target_slug": "",
            "name": f"{sentence(4)} {i}",
            "description": sentence(10),
            "body": sentence(25),
            "question": "",
            "poor_answer": "",
            "evidence": [0],
            "confidence": 0.8,
        }
        user_tokens = estimate_tokens(body["messages"][0]["content"])
        message = {
            "id": f"msg_{i}",
            "type": "message",
            "role": "assistant",
            "model": body["model"],
            "content": [{"type": "text", "text": json.dumps({"items": [item]})}],
            "stop_reason": "end_turn",
            "stop_sequence": None,
            "usage": {
                "input_tokens": user_tokens,
                "output_tokens": 120,
                "cache_creation_input_tokens": prefix_tokens if i == 0 else 0,
                "cache_read_input_tokens": 0 if i == 0 else prefix_tokens,
            },
        }
        return httpx2.Response(200, json=message)

    settings.ANTHROPIC_API_KEY = "bench"
    settings.EXTRACTION_HTTP_CLIENT_FACTORY = lambda: httpx2.Client(  # type: ignore[misc]
        transport=httpx2.MockTransport(answer)
    )

    # Baseline: the SDK alone, same transport, same number of requests.
    import anthropic

    from memory_review.extraction.actions import ChunkRunner
    from memory_review.extraction.models import ExtractionRun

    probe = ChunkRunner(ExtractionRun(provider="anthropic", model=settings.EXTRACTION_MODEL))
    prefix_tokens = estimate_tokens(SYSTEM_PROMPT + probe.catalog)
    sample_params = {
        "model": settings.EXTRACTION_MODEL,
        "max_tokens": 1024,
        "system": [
            {"type": "text", "text": SYSTEM_PROMPT},
            {"type": "text", "text": probe.catalog, "cache_control": {"type": "ephemeral"}},
        ],
        "messages": [{"role": "user", "content": "x" * 1500}],
        "output_config": {"format": {"type": "json_schema", "schema": output_json_schema()}},
    }
    client = anthropic.Anthropic(
        api_key="bench", max_retries=0, http_client=settings.EXTRACTION_HTTP_CLIENT_FACTORY()
    )
    # CPU time of this process (all threads): other load on a shared machine does not count.
    t0 = time.process_time()
    w0 = time.perf_counter()
    for _ in range(n):
        client.messages.create(**sample_params)  # type: ignore[call-overload]
    sdk_seconds = time.process_time() - t0
    sdk_wall = time.perf_counter() - w0
    sent.update(requests=0, bytes=0, tool_leaks=0)

    marks: list[tuple[int, float, float]] = []  # (conversations done, seconds, peak rss)
    done = 0
    start = time.process_time()
    wall_start = time.perf_counter()

    def on_chunk(size: int, total: int) -> None:
        nonlocal done
        done += size
        marks.append((done, time.process_time() - start, rss_mb()))

    run = start_run(provider="anthropic", on_chunk=on_chunk)
    run_seconds = time.process_time() - start
    run_wall = time.perf_counter() - wall_start
    assert run.conversations_read == n, run.conversations_read

    per_sdk_ms = sdk_seconds / n * 1000
    own_ms = (run_seconds - sdk_seconds) / n * 1000
    tenth = max(n // 10, 1)
    first = next(m for m in marks if m[0] >= tenth)
    first_ms = first[1] / first[0] * 1000 - per_sdk_ms
    before_last = max((m for m in marks if m[0] <= n - tenth), default=(0, 0.0, 0.0))
    last_ms = (run_seconds - before_last[1]) / (n - before_last[0]) * 1000 - per_sdk_ms
    total_input = run.input_tokens + run.cache_read_tokens + run.cache_write_tokens
    cached = run.cache_read_tokens + run.cache_write_tokens

    print(
        f"SDK baseline: {sdk_seconds:.2f}s CPU ({sdk_wall:.2f}s wall) for {n} requests = "
        f"{per_sdk_ms:.2f} ms CPU/request"
    )
    print(
        f"extraction run: {run_seconds:.2f}s CPU ({run_wall:.2f}s wall) = "
        f"{run_seconds / n * 1000:.2f} ms CPU/conversation "
        f"({run_seconds / sdk_seconds:.2f}x the SDK baseline)"
    )
    print(
        f"program's own CPU time: {own_ms:.2f} ms/conversation (target < 5 ms); "
        f"first tenth {first_ms:.2f} ms, last tenth {last_ms:.2f} ms"
    )
    print(
        f"peak RSS: {first[2]:.0f} MB after {first[0]} conversations, {marks[-1][2]:.0f} MB "
        f"after {n} ({(marks[-1][2] - first[2]) * 1024 / max(n - first[0], 1):.2f} KB/conversation)"
    )
    print(
        f"requests/conversation: {sent['requests'] / n:.2f}; bytes sent/conversation: "
        f"{sent['bytes'] / n:,.0f}; tool text sent: {sent['tool_leaks']} times"
    )
    print(
        f"input in the cached prefix: {cached / total_input:.1%} "
        f"({prefix_tokens} prefix tokens/request, est.); candidates queued {run.candidates_queued}, "
        f"near-duplicates attached "
        f"{run.candidates.exclude(similarity=None).count()}; estimated cost ${run.cost_usd}"
    )


if __name__ == "__main__":
    main()
