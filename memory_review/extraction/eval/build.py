"""Build the labelled extraction set (dev.jsonl, test.jsonl) from hand-written and public text.

    python memory_review/extraction/eval/build.py <shared data directory>

Three kinds of conversation, each labelled with what a reviewer would want
queued (``metadata.expected``), the question it asks (``metadata.question``,
several visitors per question) and its language:

- every wording of ``questions.txt`` (hand-written; several visitors per
  question in English, Chinese, Japanese and Spanish, one question in six
  more languages), answered by an agent that does not know: a gap each;
- hand-written conversations that must queue nothing: scope refusals of
  off-topic questions (counted as out of scope), "Yes." twice, rightly
  refused requests, small talk, short Chinese service replies;
- public conversations (README of the shared data for licences): the first
  exchange of ShareGPT-zh chats and of tau-bench airline runs. A real,
  substantive answer is kept as given and queues nothing; for every fifth
  ShareGPT-zh question the answer is rewritten as a non-answer (a gap asked
  by one visitor). Nothing is copied whole: only one question and one answer
  of a conversation, the answer shortened to its first sentences.

The part (dev/test) is the question's: all wordings of one question are in
the same part, so the test part holds questions nothing was tuned on. The
agent's non-answers in the test part use other phrasings than the dev part.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

# How the agent says it does not know: different phrasings for the two parts.
# Hand-written agent replies and conversations (cases.json): "non_answers" are how the agent
# says it does not know, with different phrasings for the two parts ("dev-deflect": the
# deflections, redirections and apologies of the dev questions listed in "deflected");
# "nothing" are conversations that must queue nothing, by part.
CASES = json.loads((HERE / "cases.json").read_text("utf-8"))
NON_ANSWERS: dict[str, dict[str, list[str]]] = CASES["non_answers"]
DEFLECTED = set(CASES["deflected"])
GREETINGS: dict[str, list[str]] = CASES["greetings"]
NOTHING: dict[str, list[list]] = CASES["nothing"]

_SENTENCE = re.compile(r"(?<=[。！？.!?])\s*")
_ZH_QUESTION = re.compile(r"[？?]$|什么|吗|怎么|如何|为什么|哪")
# A task for the agent ("编写…") is no question a knowledge base answers: not a gap.
_ZH_TASK = re.compile(r"^(?:请|帮我|给我)?(?:编写|写|生成|创建|翻译|设计|制作|总结|改写|列出)")
_ZH_NON_ANSWERS = ["抱歉，我不清楚这个问题。", "我没有这方面的信息。", "对不起，我不知道。"]


def _msg(role: str, text: str) -> dict[str, str]:
    return {"role": role, "content": text}


def _row(cid: str, messages: list[dict[str, str]], **meta: object) -> dict[str, object]:
    return {"id": cid, "messages": messages, "metadata": meta}


def parse_questions(text: str) -> list[tuple[str, str, list[tuple[str, str]]]]:
    """(id, part, [(lang, wording)]) per question of questions.txt."""
    found: list[tuple[str, str, list[tuple[str, str]]]] = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("== "):
            qid, part = line[3:].split()
            found.append((qid, part, []))
        else:
            lang, _, wording = line.partition(": ")
            found[-1][2].append((lang, wording))
    return found


def question_rows(part: str) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for qid, qpart, wordings in parse_questions((HERE / "questions.txt").read_text("utf-8")):
        if qpart != part:
            continue
        for n, (lang, wording) in enumerate(wordings):
            answers = NON_ANSWERS[part].get(lang, [])
            if qid in DEFLECTED or not answers:
                answers = NON_ANSWERS[f"{part}-deflect"][lang]
            messages = []
            if n % 3 == 2 and lang in GREETINGS:
                hello, reply = GREETINGS[lang]
                messages += [_msg("user", hello), _msg("assistant", reply)]
            messages += [_msg("user", wording), _msg("assistant", answers[n % len(answers)])]
            rows.append(
                _row(
                    f"{qid}-{lang}-{n}",
                    messages,
                    expected=["gap"],
                    question=qid,
                    lang=lang,
                    source="hand-written",
                )
            )
    return rows


def nothing_rows(part: str) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for n, (what, lang, turns) in enumerate(NOTHING[part]):
        messages = [_msg("user" if i % 2 == 0 else "assistant", t) for i, t in enumerate(turns)]
        expected = ["gap"] if what == "two-questions" and part == "test" else []
        rows.append(
            _row(
                f"none-{what}-{lang}-{n}",
                messages,
                expected=expected,
                lang=lang,
                question=f"none-{what}-{n}" if expected else "",
                out_of_scope=what == "scope",
                source="hand-written",
            )
        )
    return rows


def _short(text: str, limit: int = 400) -> str:
    """The first sentences of an answer, up to `limit` characters."""
    out = ""
    for sentence in _SENTENCE.split(" ".join(text.split())):
        if len(out) + len(sentence) > limit:
            break
        out += sentence
    return out or text[:limit]


def sharegpt_rows(path: Path, part: str, limit: int = 60) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for i, line in enumerate(path.read_text("utf-8").splitlines()):
        if len(rows) >= limit:
            break
        if (i % 2 == 0) != (part == "dev"):
            continue
        turns = json.loads(line)["conversations"]
        if len(turns) < 2 or turns[0]["from"] != "human" or turns[1]["from"] != "gpt":
            continue
        question, answer = " ".join(turns[0]["value"].split()), turns[1]["value"]
        if not 4 <= len(question) <= 80:
            continue
        if i % 5 == 0 and _ZH_QUESTION.search(question):
            task = bool(_ZH_TASK.search(question))
            rows.append(
                _row(
                    f"sharegpt-zh-{i}",
                    [_msg("user", question), _msg("assistant", _ZH_NON_ANSWERS[i % 3])],
                    expected=[] if task else ["gap"],
                    question="" if task else f"sharegpt-zh-{i}",
                    lang="zh",
                    source="sharegpt-zh (answer rewritten)",
                )
            )
        elif len(answer) >= 60:
            rows.append(
                _row(
                    f"sharegpt-zh-{i}",
                    [_msg("user", question), _msg("assistant", _short(answer))],
                    expected=[],
                    lang="zh",
                    source="sharegpt-zh",
                )
            )
    return rows


def tau_rows(path: Path, part: str) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for i, line in enumerate(path.read_text("utf-8").splitlines()):
        if (i % 2 == 0) != (part == "dev"):
            continue
        data = json.loads(line)
        said = [
            m
            for m in data["messages"]
            if m["role"] in ("user", "assistant")
            and isinstance(m.get("content"), str)
            and m["content"].strip()
            and not m.get("tool_calls")
        ]
        if len(said) >= 2 and said[0]["role"] == "user" and said[1]["role"] == "assistant":
            rows.append(
                _row(
                    f"{data['id']}",
                    [
                        _msg("user", _short(said[0]["content"])),
                        _msg("assistant", _short(said[1]["content"])),
                    ],
                    expected=[],
                    lang="en",
                    source="tau-bench airline",
                )
            )
    return rows


def build(data: Path) -> dict[str, list[dict[str, object]]]:
    sharegpt = next((data / "sharegpt-zh").glob("*.jsonl"))
    tau = data / "tau-bench" / "airline.openai.jsonl"
    return {
        part: question_rows(part)
        + nothing_rows(part)
        + sharegpt_rows(sharegpt, part)
        + tau_rows(tau, part)
        for part in ("dev", "test")
    }


def main(argv: list[str]) -> int:
    if len(argv) != 2 or not Path(argv[1]).is_dir():
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    for part, rows in build(Path(argv[1])).items():
        out = HERE / f"{part}.jsonl"
        out.write_text(
            "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8"
        )
        gaps = sum(1 for r in rows if r["metadata"]["expected"])  # type: ignore[index,misc]
        print(f"{out.name}: {len(rows)} conversations, {gaps} expecting a gap")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
