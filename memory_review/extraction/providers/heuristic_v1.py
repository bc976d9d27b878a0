"""The previous offline extractor (heuristic-v1), kept as the baseline `extract_eval` compares to.

Not used by runs: it proposes every visitor question as a memory and every
apology as a gap, which is what heuristic-v2 was written to stop.

It lets the app work without an API key. It looks at visitor turns for
durable statements (remember, from now on, always/never, corrections) and at
agent turns for knowledge gaps (it did not know, could not help, apologised
without an answer), and at visitors repeating a question or saying the
answer is wrong. Everything it proposes still goes through the program rules.
"""

from __future__ import annotations

import re
from typing import Literal

from rapidfuzz import fuzz

from ..prompt import Turn
from ..schema import ProposedItem
from .base import ExtractionRequest, ProviderResult


def _any(*patterns: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in patterns), re.IGNORECASE)


STRONG = _any(
    r"(?<!n't )(?<!not )(?<!never )\bremember\b(?! (?:the|his|her|my|their) (?:\w+ )?(?:id|name|number|date))",
    r"\bkeep in mind\b",
    r"\bfrom now on\b",
    r"\bgoing forward\b",
    r"\bin (?:the )?future\b",
    r"\bplease note\b",
    "记住",
    "記住",
    "以后",
    "今后",
    "从现在开始",
    "從現在開始",
    "覚えて",
    "覚えておいて",
    "これから",
    "今後",
)
FEEDBACK = _any(
    r"\b(?:always|never)\b",
    r"\b(?:don'?t|do not|please stop|stop)\s+\w+ing\b",
    r"\b(?:don'?t|do not)\s+(?:say|use|answer|reply|mention|call|recommend|suggest|tell)\b",
    r"\byou should(?:n'?t)?\b",
    r"\bplease (?:answer|reply|respond|use|write)\b",
    "请不要",
    "不要再",
    "以后不要",
    "别再",
    "永远不要",
    "总是要",
    "いつも",
    "常に",
    "決して",
    "しないで",
    "ないでください",
)
CORRECTION = _any(
    r"\bthat(?:'s| is) (?:wrong|incorrect|not (?:right|true|correct))\b",
    r"\b(?:you(?:'re| are) wrong)\b",
    r"\bactually,? (?:it|the|we|they|you|there)\b",
    r"\bthe correct \w+ is\b",
    r"\bno,? it(?:'s| is)\b",
    r"\bcorrection\b",
    "不对",
    "不對",
    "错了",
    "錯了",
    "其实是",
    "應該是",
    "应该是",
    "正确的是",
    "違います",
    "間違",
    "正しくは",
    "実は",
)
GAP = _any(
    r"\bI (?:do not|don'?t) (?:know|have (?:any |that |this )?(?:information|details|access))\b",
    r"\bI(?:'m| am) (?:not sure|unable|not able)\b",
    r"\bI (?:can(?:no|')t|could(?:n'?t| not)) (?:help|answer|find|access|say)\b",
    r"\bI have no (?:information|idea|way)\b",
    r"\bno information (?:about|on)\b",
    "不知道",
    "不清楚",
    "无法回答",
    "無法回答",
    "没有相关信息",
    "沒有相關資訊",
    "没有有关",
    "分かりません",
    "わかりません",
    "存じません",
    "お答えできません",
)
# An apology is a gap only when little else was said: "sorry" followed by an answer is not.
APOLOGY = _any(
    r"^(?:sorry|I(?:'m| am) sorry|unfortunately|I apologi[sz]e)\b",
    "抱歉",
    "对不起",
    "對不起",
    "申し訳",
    "すみません",
)
APOLOGY_ONLY_CHARS = 160
GAP_WITHIN_CHARS = 120
# Long visitor messages are tasks and pasted text, not durable statements.
DURABLE_MAX_CHARS = 400
_QUESTIONISH = re.compile(
    r"[?？]|\b(?:what|where|when|how|why|who|which|can|do|does|is|are)\b", re.I
)


def _is_gap(answer: str) -> bool:
    # Said up front ("I don't know ..."), not somewhere in a long answer ("... remains unclear").
    if GAP.search(answer[:GAP_WITHIN_CHARS]):
        return True
    return len(answer) <= APOLOGY_ONLY_CHARS and bool(APOLOGY.search(answer))


def _short(text: str, words: int = 10, cjk_chars: int = 30) -> str:
    line = " ".join(text.split())
    if not line:
        return ""
    if sum(1 for c in line[:60] if ord(c) > 0x2E80) > 10:
        return line[:cjk_chars] + ("\u2026" if len(line) > cjk_chars else "")
    parts = line.split(" ")
    return " ".join(parts[:words]) + ("\u2026" if len(parts) > words else "")


def _first_sentence(text: str, limit: int = 200) -> str:
    line = " ".join(text.split())
    m = re.search(r"[.!?。！？](?:\s|$)", line)
    sentence = line[: m.end()].strip() if m else line
    return sentence[:limit]


class HeuristicV1Provider:
    name = "heuristic"
    model = "heuristic-v1"
    prompt_version = "heuristic-v1"

    def prepare(self, catalog: str) -> None:
        """Patterns need no catalog; duplicates are caught by the program rules."""

    def extract(self, request: ExtractionRequest) -> ProviderResult:
        window = request.window
        items: list[ProposedItem] = []
        turns = window.turns
        prev_user: Turn | None = None
        prev_agent: Turn | None = None
        for t in turns:
            is_new = t.order > window.after_order
            text = t.text.strip()
            if t.role == "user":
                if is_new and text:
                    items.extend(self._from_visitor(t, prev_user, prev_agent))
                prev_user = t
            elif t.role == "assistant":
                if is_new and text and prev_user is not None and _is_gap(text):
                    items.append(
                        self._gap(prev_user, t, "the agent did not know or could not help")
                    )
                prev_agent = t
        return ProviderResult(items=items)

    def _from_visitor(
        self, t: Turn, prev_user: Turn | None, prev_agent: Turn | None
    ) -> list[ProposedItem]:
        text = t.text.strip()
        found: list[ProposedItem] = []
        corrected = CORRECTION.search(text)
        if corrected and prev_agent is not None and prev_user is not None:
            found.append(
                self._gap(prev_user, prev_agent, "the visitor said the answer was wrong", t)
            )
        if (
            prev_user is not None
            and prev_agent is not None
            and len(text) > 12
            and _QUESTIONISH.search(text)
            and fuzz.ratio(text.casefold(), prev_user.text.strip().casefold()) >= 85
        ):
            found.append(self._gap(prev_user, prev_agent, "the visitor asked again", t))
        short = len(text) <= DURABLE_MAX_CHARS
        strong = short and STRONG.search(text)
        feedback = short and FEEDBACK.search(text)
        if strong or feedback or (corrected and short):
            kind: Literal["feedback", "project"] = (
                "feedback" if feedback and not corrected else "project"
            )
            found.append(
                ProposedItem(
                    kind="memory",
                    type=kind,
                    scope="persistent",
                    operation="create",
                    target_slug="",
                    name=_short(text),
                    description=("Visitor correction: " if corrected else "Visitor asked: ")
                    + _first_sentence(text),
                    body=text[:2000],
                    question="",
                    poor_answer="",
                    evidence=[t.order],
                    confidence=0.5 if (strong or corrected) else 0.35,
                )
            )
        return found

    def _gap(
        self, question: Turn, answer: Turn, why: str, later: Turn | None = None
    ) -> ProposedItem:
        evidence = [question.order, answer.order] + ([later.order] if later else [])
        return ProposedItem(
            kind="gap",
            type="project",
            scope="persistent",
            operation="create",
            target_slug="",
            name="Gap: " + _short(question.text),
            description=f"Visitor question answered poorly ({why})",
            body=f"The visitor needed an answer to: {_first_sentence(question.text, 500)}",
            question=question.text.strip()[:2000],
            poor_answer=answer.text.strip()[:2000],
            evidence=evidence,
            confidence=0.4,
        )
