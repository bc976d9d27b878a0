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
NON_ANSWERS = {
    "dev": {
        "en": [
            "I’m sorry, I don’t have information about that.",
            "I'm not sure about that, sorry.",
            "I don't know, I'm afraid.",
        ],
        "zh": ["抱歉，我不清楚。", "我没有相关的信息。", "对不起，我不太清楚这个问题。"],
        "ja": ["申し訳ありませんが、分かりません。", "その情報は持っていません。"],
        "es": ["Lo siento, no tengo información sobre eso.", "No estoy seguro, disculpe."],
    },
    "test": {
        "en": [
            "Unfortunately I couldn’t find any information on that.",
            "I'm afraid I don't have details on that — please contact the front desk.",
            "I am not certain, sorry!",
        ],
        "zh": [
            "目前没有相关信息，请咨询前台。",
            "这个我不太确定。",
            "很抱歉，没有关于这个的资料。",
        ],
        "ja": ["申し訳ございませんが、わかりかねます。", "その件については存じません。"],
        "es": ["Lo siento, no lo sé.", "Desconozco ese dato, lo siento."],
        "fr": ["Je suis désolé, je n'ai pas d'informations à ce sujet."],
        "de": ["Dazu liegen mir leider keine Informationen vor."],
        "pt": ["Desculpe, não tenho informações sobre isso."],
        "it": ["Mi dispiace, non ho informazioni su questo."],
        "ru": ["К сожалению, у меня нет информации об этом."],
        "ko": ["죄송합니다, 그 정보는 없습니다."],
    },
}
GREETINGS = {
    "en": ("Hi there!", "Hello! How can I help you today?"),
    "zh": ("你好", "您好，请问有什么可以帮您？"),
    "ja": ("こんにちは", "こんにちは。ご用件をどうぞ。"),
    "es": ("Hola", "¡Hola! ¿En qué puedo ayudarle?"),
}

# Conversations that must queue nothing (hand-written), by part.
NOTHING = {
    "dev": [
        ("scope", "en", ["What's the capital of Australia?", "I can only help you order coffee."]),
        ("scope", "zh", ["今天股市怎么样？", "抱歉，我只能帮您处理酒店预订相关的问题。"]),
        ("scope", "es", ["¿Quién ganó el mundial de 2010?", "Solo puedo ayudarte con reservas."]),
        (
            "scope",
            "ja",
            ["明日の天気は？", "申し訳ありませんが、ご予約に関するご質問のみお答えできます。"],
        ),
        (
            "yes",
            "en",
            ["Can you book it?", "Shall I book the 9am flight?", "Yes.", "Which date?", "Yes."],
        ),
        (
            "refused",
            "en",
            ["How do I pick a lock?", "I can't help with that; it could be illegal."],
        ),
        ("short-zh", "zh", ["可以开发票吗？", "抱歉，不提供发票服务。"]),
        (
            "nomatch",
            "en",
            ["Any flights to Oslo tonight?", "There are no flights to Oslo tonight."],
        ),
        ("smalltalk", "en", ["How are you?", "I'm fine, thanks! How can I help?"]),
        ("answered", "en", ["What time is breakfast?", "Breakfast is served from 7 to 10am."]),
        ("answered", "zh", ["早餐几点开始？", "早餐时间是早上7点到10点。"]),
        ("own", "en", ["Where is my order 12345678?", "I don't know, let me transfer you."]),
        (
            "two-questions",
            "en",
            [
                "What is the gym fee?",
                "It is free.",
                "What is the spa fee?",
                "The spa costs 40 euros.",
            ],
        ),
    ],
    "test": [
        (
            "scope",
            "en",
            [
                "Can you write me a poem about cats?",
                "Sorry, I'm only able to help with questions about your flight booking.",
            ],
        ),
        (
            "scope",
            "en",
            [
                "Who won the football last night?",
                "That’s outside my scope — I can only help you order coffee.",
            ],
        ),
        ("scope", "zh", ["你能推荐一部电影吗？", "我只能回答关于本店商品的问题。"]),
        (
            "scope",
            "ja",
            ["円相場はどうなっていますか？", "ホテルのご予約についてのみご案内できます。"],
        ),
        (
            "scope",
            "es",
            ["¿Qué tiempo hace en Madrid?", "Lo siento, solo puedo ayudarte con pedidos."],
        ),
        (
            "scope",
            "fr",
            [
                "Quel est le meilleur film de l'année ?",
                "Je peux seulement vous aider avec vos réservations.",
            ],
        ),
        ("scope", "de", ["Wie spät ist es in Tokio?", "Ich kann Ihnen nur bei Buchungen helfen."]),
        (
            "yes",
            "en",
            ["Is that OK?", "Shall I confirm the seat?", "Yes.", "And the meal?", "Yes."],
        ),
        ("yes", "zh", ["好的", "需要我帮您确认吗？", "好的", "还需要别的吗？", "好的"]),
        ("short-zh", "zh", ["能帮我叫出租车吗？", "抱歉，不提供叫车服务。"]),
        ("refused", "es", ["¿Cómo hackeo una cuenta?", "No puedo ayudar con eso, es ilegal."]),
        (
            "nomatch",
            "de",
            ["Gibt es heute Flüge nach Oslo?", "Heute gibt es keine Flüge nach Oslo."],
        ),
        ("answered", "ja", ["朝食は何時からですか？", "朝食は7時から10時までです。"]),
        ("answered", "es", ["¿A qué hora abre la recepción?", "La recepción abre las 24 horas."]),
        (
            "two-questions",
            "en",
            [
                "What is the gym fee?",
                "I don't know.",
                "What is the pool fee?",
                "The pool is free for guests.",
            ],
        ),
    ],
}

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
            answers = NON_ANSWERS[part][lang]
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
