"""The offline extractor: English, Chinese and Japanese patterns, labelled heuristic.

It lets the app work without an API key, and proposes only what a shared
knowledge base can use:

- knowledge gaps: an in-scope, information-seeking question the agent said it
  had no information about, or that the visitor asked again or said was
  answered wrongly. A correct "nothing matches" answer, a policy or safety
  refusal, a remark about the agent itself and small talk are not gaps;
- corrections: a visitor disputes a fact the agent stated and says what is
  true instead; both claims are kept side by side as a fact to check;
- claims a visitor asks the agent to remember or tell everyone: queued as
  unverified claims (low confidence), never as knowledge.

A visitor's question, mood, order or personal situation is never proposed as
a memory. Everything still goes through the program rules.
"""

from __future__ import annotations

import re

from knowledge_repo.screening.normalise import normalise_text

from ..drafting import (
    first_sentence,
    is_cjk,
    is_self_contained,
    leans_on_context,
    one_line,
    summary_name,
)
from ..prompt import Turn
from ..schema import ProposedItem
from ..similarity import repeats
from .base import ExtractionRequest, OutOfScope, ProviderResult
from .deflections import cannot_answer, only_redirects
from .nonanswers import RIGHTLY_REFUSED, no_knowledge, scope_refusal


def _any(*patterns: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in patterns), re.IGNORECASE)


# The agent talking about itself. Before it says it lacks knowledge, the answer is about the
# agent ("As an AI, I don't have opinions"); after, it is an excuse for a real gap.
SELF_REFERENCE = _any(
    r"\b(?:as an AI|language model|I(?:'m| am) an AI|AI assistant|my (?:training|knowledge) "
    r"(?:data|cut-?off))\b",
    r"语言模型|語言模型|作为(?:一个)?(?:AI|人工智能)|AIとして|言語モデル|知识(?:截止|止于)",
)
# Answers that are right to say no, or are about the agent rather than the subject.
NOT_A_GAP = _any(
    r"\bno (?:\w+ )?(?:flights?|results?|options?|hotels?|rooms?|restaurants?|items?|matches)\b",
    r"\b(?:policy|not allowed|not permitted|against (?:the|our|my) (?:rules|guidelines))\b",
    r"\b(?:harmful|illegal|unethical|inappropriate|not appropriate|offensive)\b",
    r"\b(?:real[- ]time|browse the (?:web|internet)|live (?:data|weather|prices))\b",
    r"\b(?:remember|recall|memory of) (?:previous|past|our|earlier)\b",
    r"\bnot on (?:the|our) menu\b|\bwe (?:don'?t|do not) (?:have|serve|offer|sell)\b",
    r"\b(?:personal (?:opinions?|feelings|experiences?|preferences))\b",
    r"(?:没有|未)(?:查到|找到|搜索到)(?:任何)?(?:符合|满足)",
    r"违反|不合适|不道德|不恰当|非法|有害|违法|政策",
    r"实时|即时|上网|联网",
    r"个人(?:观点|意见|感受|经历|喜好)",
    r"記憶|记住(?:先前|之前|以前)|記住",
    r"該当する.{0,8}(?:ありません|見つかりません)|不適切|違法",
)
# Visitor turns that are tasks for the agent, small talk, or about the agent or the visitor.
TASK = _any(
    r"^(?:please )?(?:write|create|generate|compose|draft|make|design|translate|summari[sz]e|"
    r"rewrite|imagine|pretend|act as|play|list|give me|suggest|help me|calculate|convert|"
    r"book|cancel|change|modify|update|find me|plan)\b",
    r"\b(?:I want you to|you are now|role ?play|story|poem|essay|joke|song|lyrics)\b",
    r"^(?:请)?(?:写|创建|生成|编写|设计|翻译|总结|改写|想象|假设|扮演|列出|列举|给我|帮我|计算)",
    r"我希望你|我想让你|故事|诗|笑话|作文|文章|代码",
    r"(?:書いて|作って|翻訳して|要約して|考えて)",
)
SMALL_TALK = _any(
    r"\b(?:how are you|are you (?:single|real|human|ok|there)|what(?:'s| is) your name|"
    r"who (?:are|made|created) you|do you (?:like|love|feel|think|remember|have feelings)|"
    r"thank(?:s| you)|good (?:morning|night)|hello|hi there)\b",
    r"你(?:好吗|是谁|叫什么|喜欢|觉得|记得|还记得|能记住)|谢谢|晚安|早上好|你有(?:感情|意识)",
    r"お元気|あなたは誰|ありがとう|好きですか",
)
PERSONAL = _any(
    r"\b(?:my|mine|I'm|I am|I've|I have|I was|me)\b",
    r"我的|我是|我有|我在|我要|我可以|我能|我会|我想|私の|私は",
)
# A question about one visitor's own case, not a question a knowledge base answers.
OWN_CASE = _any(
    r"\b(?:my|our) (?:reservation|booking|order|flight|ticket|account|package|delivery|"
    r"refund|payment|trip|claim|case|application)\b",
    r"\bI (?:have|had|am|was|need|want|booked|ordered|paid|bought)\b",
    r"(?-i:\b(?=[A-Z]*\d)[A-Z0-9]{6,}\b)|\d{4,}",
    r"我的(?:订单|预订|航班|机票|账户|包裹|房间|退款)|我(?:要|想|需要|订了|买了)",
    r"私の(?:予約|注文|便|アカウント)",
)
QUESTION = _any(
    r"[?？]\s*$",
    r"^(?:what|where|when|how|why|who|which|is|are|does|do|can|could|tell me|explain)\b",
    r"什么|哪|怎么|为什么|如何|是否|吗[？?。]?$|多少|请告诉我|请介绍|介绍一下",
    r"何|どこ|いつ|どう|なぜ|誰|ですか|教えて",
)
# The visitor disputes the answer ...
DISPUTE = _any(
    r"^.{0,40}\bthat(?:'s| is) (?:wrong|incorrect|not (?:right|true|correct|accurate))\b",
    r"^.{0,40}\byou(?:'re| are) (?:wrong|mistaken)\b",
    r"^(?:不|你说得?|你說得?)?(?:对|對)?[，,]?\s*(?:不对|不對|错了|錯了|不正确)",
    r"^(?:いいえ[、,]?\s*)?(?:違います|間違っています)",
)
DISPUTE_MAX_CHARS = 160
CORRECTION_MAX_CHARS = 200
CLAIM_WITHIN_CHARS = 40
# ... and states what is true instead.
CLAIM = _any(
    r"\b(?:actually|in fact),? (?:it|the|that|he|she|they|there)\b\s*\S",
    r"\bthe (?:correct|right|real|actual) \w+ (?:is|was|are)\b",
    r"\bno,? (?:it|that|the \w+|he|she) (?:is|was|are|were|has|had)\b",
    r"\bit(?:'s| is| was) actually\b",
    r"\b(?:that(?:'s| is) (?:wrong|incorrect|not (?:right|true))|you(?:'re| are) wrong)[,.;:!]?\s+"
    r"(?:it|the|they|he|she|there)(?:'s|'re)?\s+\w+",
    r"^(?:不对|不對|错了|錯了)[，,。]?.{0,20}(?:应该是|應該是|是)",
    r"其实是|其實是|正确的是|实际上是|實際上是",
    r"正しくは|本当は|実際は",
)
# A visitor asks that something be remembered or told to every later visitor.
REMEMBER = _any(
    r"\bremember (?:that|this)\b|^(?:please )?(?:remember|note)\s*[:,]",
    r"\b(?:tell|inform|warn) (?:everyone|everybody|every (?:visitor|user|customer)|all "
    r"(?:visitors|users|customers)|other (?:visitors|users|people))\b",
    r"\bfrom now on\b",
    r"记住(?:这|这个|这一点)?[，,。]|记住[:：]?.*告诉",
    r"告诉(?:所有人|每个人|大家|其他人)",
    r"覚えておいて|みんなに(?:伝えて|教えて)",
)
CLAUSE_FOR_STORY = _any(r"\b(?:in (?:this|the) story|character|novel|game)\b", r"故事|小说|角色")

APOLOGY_ONLY = _any(
    r"^(?:sorry|I(?:'m| am) sorry|unfortunately|I apologi[sz]e)\b",
    r"^(?:抱歉|对不起|對不起|申し訳|すみません)",
)
APOLOGY_ONLY_CHARS = 40
# What may follow a bare apology in Chinese or Japanese ("抱歉。"), not a sentence ("抱歉，不提供…").
APOLOGY_ONLY_CJK_REST = 3
QUESTION_MAX_CHARS = 300
CLAIM_MAX_CHARS = 400


def says_no_knowledge(answer: str) -> bool:
    """The agent said up front that it has no information, and is not rightly refusing."""
    line = normalise_text(one_line(answer), casefold=False)
    if NOT_A_GAP.search(line[:400]) or RIGHTLY_REFUSED.search(line[:400]) or scope_refusal(line):
        return False
    # A bare apology ("Sorry.") is no answer; "Sorry, ..." followed by one is.
    apology = APOLOGY_ONLY.search(line)
    if apology and is_cjk(line):
        rest = re.sub(r"[\W_]+", "", line[apology.end() :])
        if len(rest) <= APOLOGY_ONLY_CJK_REST:
            return True
    elif apology and len(line) <= APOLOGY_ONLY_CHARS:
        return True  # a bare "Sorry."
    said = no_knowledge(line) or cannot_answer(line)
    if not said:
        return only_redirects(line, cjk=is_cjk(line))
    about_itself = SELF_REFERENCE.search(line[:400])
    return about_itself is None or about_itself.start() > said.start()


def is_information_question(text: str) -> bool:
    """A question a knowledge base could answer: not a task, small talk or about the visitor."""
    line = normalise_text(one_line(text), casefold=False)
    if not line or len(line) > QUESTION_MAX_CHARS or not QUESTION.search(line):
        return False
    if TASK.search(line) or SMALL_TALK.search(line) or CLAUSE_FOR_STORY.search(line):
        return False
    return not OWN_CASE.search(line)


def _n(text: str) -> str:
    """What the patterns read: normalised text, case kept (the patterns ignore it)."""
    return normalise_text(text, casefold=False)


def _joined_name(earlier: str, follow_up: str) -> str:
    """A name for a follow-up question: its topic, then what the follow-up asks."""
    topic, detail = summary_name(earlier, 40), summary_name(follow_up, 48)
    if not topic:
        return detail
    if not detail:
        return topic
    return f"{topic}: {detail[0].lower() + detail[1:] if not is_cjk(detail) else detail}"


def asked_again(text: str, before: str) -> bool:
    """The visitor asks the question before again: a real question, meaning the same.

    "Yes." twice is not a question asked again, nor are two different questions
    that share their opening words.
    """
    if not (is_information_question(text) and is_self_contained(text)):
        return False
    return repeats(before, text)


class HeuristicProvider:
    name = "heuristic"
    model = "heuristic-v2"
    prompt_version = "heuristic-v2"

    def prepare(self, catalog: str) -> None:
        """Patterns need no catalog; duplicates are caught by the program rules."""

    def extract(self, request: ExtractionRequest) -> ProviderResult:
        window = request.window
        items: list[ProposedItem] = []
        out_of_scope: list[OutOfScope] = []
        asked: list[Turn] = []  # visitor turns so far, for context and repeats
        prev_agent: Turn | None = None
        seen_gaps: set[int] = set()
        for t in window.turns:
            is_new = t.order > window.after_order
            if t.role == "user":
                if is_new and t.text.strip():
                    items.extend(self._from_visitor(t, asked, prev_agent, seen_gaps))
                asked.append(t)
            elif t.role == "assistant":
                if (
                    is_new
                    and asked
                    and scope_refusal(one_line(t.text))
                    and is_information_question(asked[-1].text)
                ):
                    out_of_scope.append(
                        OutOfScope(
                            question=one_line(asked[-1].text)[:500],
                            evidence=[asked[-1].order, t.order],
                        )
                    )
                elif is_new and asked and says_no_knowledge(t.text):
                    gap = self._gap(asked, t, "the agent said it had no information")
                    if gap is not None and not seen_gaps & set(gap.evidence):
                        seen_gaps.update(gap.evidence)
                        items.append(gap)
                prev_agent = t
        return ProviderResult(items=items, out_of_scope=out_of_scope)

    def _from_visitor(
        self, t: Turn, asked: list[Turn], prev_agent: Turn | None, seen_gaps: set[int]
    ) -> list[ProposedItem]:
        text = one_line(t.text)
        # Every pattern reads normalised text (plain quotes and dashes, NFKC; the patterns
        # ignore case); what is stored keeps the visitor's own characters.
        norm = _n(text)
        found: list[ProposedItem] = []
        if prev_agent is not None and asked and len(text) <= CLAIM_MAX_CHARS:
            claim = CLAIM.search(norm)
            # The claim is the reply itself, not a phrase deep inside pasted text.
            if (
                claim
                and claim.start() <= CLAIM_WITHIN_CHARS
                and len(text) <= CORRECTION_MAX_CHARS
                and not PERSONAL.search(norm)
                and not TASK.search(norm)
            ):
                found.append(self._correction(asked[-1], prev_agent, t))
            elif (
                DISPUTE.search(norm)
                and len(text) <= DISPUTE_MAX_CHARS
                and asked[-1].order not in seen_gaps
            ):
                gap = self._gap(asked, prev_agent, "the visitor said the answer was wrong", t)
                if gap is not None and not seen_gaps & set(gap.evidence):
                    seen_gaps.update(gap.evidence)
                    found.append(gap)
        if (
            asked
            and prev_agent is not None
            and asked[-1].order not in seen_gaps
            and asked_again(text, one_line(asked[-1].text))
        ):
            gap = self._gap(asked, prev_agent, "the visitor asked the same question again", t)
            if gap is not None and not seen_gaps & set(gap.evidence):
                seen_gaps.update(gap.evidence)
                found.append(gap)
        if REMEMBER.search(norm) and len(text) <= CLAIM_MAX_CHARS and not found:
            planted = self._visitor_claim(t)
            if planted is not None:
                found.append(planted)
        return found

    def _gap(
        self, asked: list[Turn], answer: Turn, why: str, later: Turn | None = None
    ) -> ProposedItem | None:
        question = asked[-1]
        text = one_line(question.text)
        evidence = [question.order, answer.order] + ([later.order] if later else [])
        earlier = asked[-2] if len(asked) >= 2 else None
        needs_context = not is_self_contained(text) or leans_on_context(text)
        name = ""
        if (
            needs_context
            and earlier is not None
            and is_information_question(earlier.text)
            and not (TASK.search(_n(question.text)) or SMALL_TALK.search(_n(question.text)))
        ):
            # A follow-up carries the question it depends on. A follow-up that asks
            # something ("Did she have a love interest?") is kept as a second sentence
            # and named after both; one that only confirms ("Yes.") adds nothing.
            evidence.insert(0, earlier.order)
            if is_information_question(text):
                name = _joined_name(earlier.text, text)
                text = one_line(f"{one_line(earlier.text)} {text}")
            else:
                text = one_line(earlier.text)
        elif not is_self_contained(text) or not is_information_question(text):
            return None
        name = name or summary_name(text)
        if not name:
            return None
        agent_said = first_sentence(answer.text, 240)
        return ProposedItem(
            kind="gap",
            type="project",
            scope="persistent",
            operation="create",
            target_slug="",
            name=name,
            description=f"A visitor asked this and the agent had no good answer ({why})",
            body=(
                f"Question: {text}\n"
                f"The agent answered: {agent_said}\n"
                "Write the answer a later visitor should get."
            ),
            question=text[:2000],
            poor_answer=one_line(answer.text)[:2000],
            evidence=sorted(set(evidence)),
            confidence=0.7 if "no information" in why else 0.6,
        )

    def _correction(self, question: Turn, answer: Turn, visitor: Turn) -> ProposedItem:
        claim = first_sentence(visitor.text, 300)
        agent_said = first_sentence(answer.text, 300)
        topic = summary_name(question.text) or summary_name(agent_said)
        return ProposedItem(
            kind="memory",
            type="project",
            scope="persistent",
            operation="create",
            target_slug="",
            name=f"Check: {topic}" if topic else "Check a disputed answer",
            description="A visitor disputes what the agent said; check which claim is true",
            body=(
                f"To check: {claim}\n"
                f"The agent had said: {agent_said}\n"
                "Keep only what a reviewer has verified."
            ),
            # Both claims, for the side-by-side view: the visitor's and the agent's.
            question=claim,
            poor_answer=agent_said,
            evidence=[question.order, answer.order, visitor.order],
            confidence=0.55,
        )

    def _visitor_claim(self, t: Turn) -> ProposedItem | None:
        text = one_line(t.text)
        norm = _n(text)
        if QUESTION.search(norm) or TASK.search(norm) or PERSONAL.search(norm):
            return None
        if CLAUSE_FOR_STORY.search(norm):
            return None
        name = summary_name(text)
        if not name:
            return None
        return ProposedItem(
            kind="memory",
            type="project",
            scope="persistent",
            operation="create",
            target_slug="",
            name=f"Visitor claim: {name}",
            description="A visitor asks that this be remembered or told to others; unverified",
            body=f"To check (a visitor's words, not a fact): {first_sentence(text, 400)}",
            question=first_sentence(text, 400),
            poor_answer="",
            evidence=[t.order],
            confidence=0.3,
        )
