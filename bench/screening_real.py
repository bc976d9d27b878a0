"""How often the detectors flag real sentences: the conversation logs in ../shared/data.

The logs are public chats between people and assistants (Chinese ShareGPT, an airline
customer-service agent, coding-agent sessions, tool-calling demos). Almost every
sentence in them is legitimate text, not an instruction to a public agent about what
to tell every visitor, nor personal data, so the share flagged is a false-positive rate
on text nobody wrote to fool the detectors. The logs are read at run time and never
copied into the repository.

Each user and assistant text (system prompts and tool output left out) is cut into
sentences; each distinct sentence is screened on its own, as extraction screens a
candidate's fields. Printed: sentences and the share flagged per language and kind,
per source and role, and the CPU and wall time of the screening. ``--show KIND``
prints the flagged sentences of one kind (to read them, not to keep them).

Usage: .venv/bin/python bench/screening_real.py [--data DIR] [--show instruction] [--lang zh]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"]
sys.path.insert(0, str(ROOT))

from knowledge_repo import screening  # noqa: E402

PARSER = argparse.ArgumentParser(description=__doc__.splitlines()[0])
PARSER.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
PARSER.add_argument("--show", default="", help="print the flagged sentences of this kind")
PARSER.add_argument("--lang", default="", help="with --show: only this language")
PARSER.add_argument("--limit", type=int, default=200, help="with --show: at most this many")

KINDS = ("instruction", "personal_data", "person_claim", "forged_structure", "temporary")
# Sentence ends: Latin ones only before a blank, so "3.5", "example.com" and a URL's
# query string stay whole.
SENTENCE_END = re.compile(r"(?<=[。！？])|(?<=[.;!?])(?=\s)|\n+")
KANA = re.compile(r"[\u3040-\u30ff]")
HANGUL = re.compile(r"[\uac00-\ud7af]")
HAN = re.compile(r"[\u4e00-\u9fff]")


def language(text: str) -> str:
    """A coarse script-based language: ja (kana), ko (hangul), zh (Han), else en."""
    if KANA.search(text):
        return "ja"
    if HANGUL.search(text):
        return "ko"
    if HAN.search(text):
        return "zh"
    return "en"


def _text_of(content: object) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(
            str(b.get("text", ""))
            for b in content
            if isinstance(b, dict) and b.get("type") == "text"
        )
    return ""


def _sharegpt(
    conversations: list[dict[str, object]], source: str
) -> Iterator[tuple[str, str, str]]:
    roles = {"human": "user", "user": "user", "gpt": "assistant", "assistant": "assistant"}
    for turn in conversations:
        role = roles.get(str(turn.get("from")))
        if role:
            yield source, role, str(turn.get("value") or "")


def texts(data: Path) -> Iterator[tuple[str, str, str]]:
    """(source, role, text) for every user and assistant text in the logs."""
    for path in sorted((data / "sharegpt-zh").glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            yield from _sharegpt(json.loads(line)["conversations"], "sharegpt-zh")
    for path in sorted((data / "glaive-toolcall").glob("*.json")):
        for record in json.loads(path.read_text(encoding="utf-8")):
            yield from _sharegpt(record["conversations"], "glaive")
    for path in sorted((data / "tau-bench").glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            for m in json.loads(line)["messages"]:
                if m.get("role") in ("user", "assistant"):
                    yield "tau-bench", m["role"], _text_of(m.get("content"))
    for path in sorted((data / "claude-code").glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            event = json.loads(line)
            message = event.get("message")
            if (
                event.get("isMeta")
                or event.get("isCompactSummary")
                or not isinstance(message, dict)
            ):
                continue
            text = _text_of(message.get("content"))
            if message.get("role") in ("user", "assistant") and not text.startswith("<"):
                yield "claude-code", str(message["role"]), text


def sentences(data: Path) -> list[tuple[str, str, str, str]]:
    """Distinct (source, role, language, sentence), sentences of at least 6 characters."""
    seen: set[str] = set()
    out = []
    for source, role, text in texts(data):
        for piece in SENTENCE_END.split(text):
            s = piece.strip()
            if len(s) >= 6 and s not in seen:
                seen.add(s)
                out.append((source, role, language(s), s))
    return out


def main() -> None:
    args = PARSER.parse_args()
    rows = sentences(args.data)
    cpu, wall = time.process_time(), time.perf_counter()
    found = [
        {str(s["kind"]) for s in screening.screen([("body", r[3])], allow=())} & set(KINDS)
        for r in rows
    ]
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(
        f"{len(rows):,} distinct sentences from {args.data}; screened in CPU {cpu:.2f} s, "
        f"wall {wall:.2f} s ({len(rows) / cpu:,.0f} sentences/s CPU)"
    )
    print("\nshare flagged per language (any kind, then per kind):")
    for lang in ("en", "zh", "ja", "ko"):
        idx = [i for i, r in enumerate(rows) if r[2] == lang]
        if not idx:
            continue
        anyk = sum(1 for i in idx if found[i])
        per = Counter(k for i in idx for k in found[i])
        cells = "; ".join(f"{k} {per[k]} ({per[k] / len(idx):.2%})" for k in KINDS if per[k])
        print(f"  {lang}: {anyk}/{len(idx)} ({anyk / len(idx):.2%}); {cells}")
    print("\nshare flagged as instruction per source and role:")
    groups = Counter((r[0], r[1]) for r in rows)
    for (source, role), n in sorted(groups.items()):
        hit = sum(
            1
            for i, r in enumerate(rows)
            if (r[0], r[1]) == (source, role) and "instruction" in found[i]
        )
        print(f"  {source:12} {role:9} {hit}/{n} ({hit / n:.2%})")
    if args.show:
        shown = [
            r
            for i, r in enumerate(rows)
            if args.show in found[i] and (not args.lang or r[2] == args.lang)
        ]
        print(f"\n{len(shown)} sentences flagged {args.show}:")
        for source, role, lang, s in shown[: args.limit]:
            print(f"  [{source}/{role}/{lang}] {s[:300]}")


if __name__ == "__main__":
    main()
