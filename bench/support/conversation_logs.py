"""Synthetic conversation logs for bench/ingest.py: one file per format, same seed, same
content every run (native, anthropic, openai, transcript events as JSON Lines; sharegpt
as a gzipped JSON array)."""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path
from typing import Any

FORMATS = ["native", "anthropic", "openai", "sharegpt", "transcript"]
PER_CONVERSATION = 10
WORDS = [
    "the",
    "agent",
    "said",
    "our",
    "product",
    "supports",
    "export",
    "to",
    "csv",
    "and",
    "the",
    "visitor",
    "asked",
    "about",
    "pricing",
    "plans",
    "refunds",
    "shipping",
    "以后请",
    "用中文",
    "回答",
    "我们的",
    "产品",
    "支持",
    "导出",
    "remember",
    "that",
    "the",
    "api",
    "limit",
    "is",
]


def _text(rng: random.Random) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(8, 40)))


def _conversation(fmt: str, n: int, rng: random.Random) -> list[dict[str, Any]]:
    """One conversation in `fmt`: a list of JSON records (one, or events for transcripts)."""
    msgs: list[dict[str, Any]]
    message: dict[str, Any]
    cid = f"{fmt}-{n}"
    if fmt == "native":
        msgs = [
            {"role": "user" if i % 2 == 0 else "assistant", "content": _text(rng)}
            for i in range(PER_CONVERSATION)
        ]
        return [{"id": cid, "started_at": "2026-01-01T00:00:00Z", "messages": msgs}]
    if fmt == "anthropic":
        msgs = []
        for i in range(PER_CONVERSATION - 1):
            if i % 4 == 1:
                block = {"type": "tool_use", "id": f"t{i}", "name": "lookup", "input": {"q": "x"}}
                msgs.append({"role": "assistant", "content": [block]})
            elif i % 4 == 2:
                result = {"type": "tool_result", "tool_use_id": f"t{i - 1}", "content": _text(rng)}
                msgs.append({"role": "user", "content": [result]})
            else:
                role = "user" if i % 4 == 0 else "assistant"
                msgs.append({"role": role, "content": [{"type": "text", "text": _text(rng)}]})
        response = {
            "type": "message",
            "role": "assistant",
            "content": [{"type": "text", "text": _text(rng)}],
        }
        return [
            {
                "id": cid,
                "request": {"model": "m", "system": "be kind", "messages": msgs},
                "response": response,
            }
        ]
    if fmt == "openai":
        msgs = [{"role": "system", "content": "policy"}]
        for i in range(PER_CONVERSATION - 1):
            if i % 4 == 1:
                call = {
                    "id": f"c{i}",
                    "type": "function",
                    "function": {"name": "f", "arguments": '{"a": 1}'},
                }
                msgs.append({"role": "assistant", "content": None, "tool_calls": [call]})
            elif i % 4 == 2:
                msgs.append({"role": "tool", "tool_call_id": f"c{i - 1}", "content": _text(rng)})
            else:
                msgs.append({"role": "user" if i % 4 == 0 else "assistant", "content": _text(rng)})
        return [{"id": cid, "messages": msgs}]
    if fmt == "sharegpt":
        turns = [
            {"from": "human" if i % 2 == 0 else "gpt", "value": _text(rng)}
            for i in range(PER_CONVERSATION)
        ]
        return [{"conversations": turns, "tools": "[]", "n": n}]
    events = [{"type": "progress", "sessionId": cid, "data": {"type": "hook_progress"}}]
    for i in range(PER_CONVERSATION):
        role = "user" if i % 2 == 0 else "assistant"
        message = {
            "role": role,
            "content": _text(rng) if role == "user" else [{"type": "text", "text": _text(rng)}],
        }
        if role == "assistant":
            message["id"] = f"msg-{n}-{i}"
        events.append(
            {
                "type": role,
                "sessionId": cid,
                "uuid": f"{n}-{i}",
                "timestamp": "2026-01-01T00:00:00Z",
                "message": message,
            }
        )
    return events


def generate(directory: Path, messages: int) -> list[Path]:
    """Write about `messages` messages in all, split evenly over the formats, under
    `directory`; returns the files, one per format."""
    rng = random.Random(7)
    per_format = messages // len(FORMATS) // PER_CONVERSATION
    paths = []
    for fmt in FORMATS:
        if fmt == "sharegpt":
            path = directory / "sharegpt.json.gz"
            with gzip.open(path, "wt", encoding="utf-8", compresslevel=1) as out:
                out.write("[\n")
                for n in range(per_format):
                    out.write(
                        (",\n" if n else "")
                        + json.dumps(_conversation(fmt, n, rng)[0], ensure_ascii=False)
                    )
                out.write("\n]\n")
        else:
            path = directory / f"{fmt}.jsonl"
            with path.open("w", encoding="utf-8") as out:
                for n in range(per_format):
                    for record in _conversation(fmt, n, rng):
                        out.write(json.dumps(record, ensure_ascii=False) + "\n")
        paths.append(path)
    return paths
