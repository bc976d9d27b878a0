"""Drafts a reviewer can publish: names that summarise, whole sentences, self-contained questions.

Nothing here cuts text with an ellipsis: a name is shortened at a word (or, in
Chinese and Japanese, a clause) boundary, so no "…" can reach a record.
"""

from __future__ import annotations

import re

_SPACE = re.compile(r"\s+")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")

# Openings that say nothing about the topic ("Can you tell me ...", "请告诉我 ...").
_LEAD_IN = re.compile(
    r"^(?:(?:hi|hello|hey|ok(?:ay)?|so|well|excuse me|sorry)[,!.]?\s+)*"
    r"(?:(?:can|could|would) you (?:please )?(?:tell|explain to|show) me\s+|"
    r"(?:please )?(?:tell|explain to) me\s+|I (?:want|would like|'d like) to know\s+|"
    r"do you know\s+|I was wondering\s+|(?:can|could) you explain\s+|please explain\s+|"
    r"what (?:is|are|was|were) (?:the )?|who (?:is|was|are|were) (?:the )?|"
    r"how (?:do|can|does|should) (?:I|you|we|one)\s+|what'?s (?:the )?|"
    r"请(?:你)?(?:告诉我|介绍一下|解释一下|说明一下)|你(?:能|可以)(?:告诉我|介绍一下|解释一下)|"
    r"我想(?:知道|了解)|教えてください|について教えて)",
    re.IGNORECASE,
)
_ABOUT = re.compile(r"^(?:about|regarding|on|关于|有关)\s*", re.IGNORECASE)
_TRAILING = re.compile(r"[\s?？!！.。,，;；:：、]+$")
_CLAUSE = re.compile(r"[，,。！？!?；;：:、]")
_SENTENCE_END = re.compile(r"[.!?。！？](?:\s|$)")


def one_line(text: str) -> str:
    return _SPACE.sub(" ", text).strip()


def is_cjk(text: str) -> bool:
    sample = text[:80]
    return sum(1 for c in sample if _CJK.match(c)) > max(len(sample) // 4, 2)


def summary_name(text: str, limit: int = 72) -> str:
    """A short name for a question or claim: its topic, cut on a boundary, never with '…'."""
    line = first_sentence(one_line(text), 400)
    for _ in range(3):  # "Can you tell me" + "what is the" + "about"
        shorter = _ABOUT.sub("", _LEAD_IN.sub("", line, count=1).strip()).strip()
        if shorter == line or not shorter:
            break
        line = shorter
    line = _TRAILING.sub("", line)
    if not line:
        return ""
    if is_cjk(line):
        cjk_limit = limit // 3
        if len(line) <= cjk_limit:
            return line
        # The longest run of whole clauses that fits, else a hard cut at the limit.
        cut = [m.start() for m in _CLAUSE.finditer(line) if 4 <= m.start() <= cjk_limit]
        return _TRAILING.sub("", line[: cut[-1]] if cut else line[:cjk_limit])
    if len(line) <= limit:
        return line[0].upper() + line[1:]
    words = line[: limit + 1].split(" ")
    short = " ".join(words[:-1]) if len(words) > 1 else line[:limit]
    # A name does not end on a dangling little word ("Baggage allowance for the").
    short = re.sub(r"(?:\s+(?:the|a|an|of|for|to|in|on|and|or|with|at|by|my|your))+$", "", short)
    short = _TRAILING.sub("", short)
    return short[0].upper() + short[1:]


def first_sentence(text: str, limit: int = 300) -> str:
    """The first sentence, whole when it fits; otherwise cut at the last word that fits."""
    line = one_line(text)
    m = _SENTENCE_END.search(line)
    sentence = line[: m.end()].strip() if m else line
    if len(sentence) <= limit:
        return sentence
    cut = sentence[:limit].rsplit(" ", 1)[0]
    return cut if cut and not is_cjk(sentence) else sentence[:limit]


_FOLLOW_UP = re.compile(
    r"^(?:(?:yes|yeah|no|ok(?:ay)?|right|and|but|so|also|then)\b|"
    r"(?:it|that|this|these|those|they|he|she|him|her|them|there)\b|what about\b|how about\b|"
    r"[那这它他她其]|那么|还有|それ|これ|あれ|じゃあ)",
    re.IGNORECASE,
)
_ANAPHORA = re.compile(
    r"\b(?:it|that|this|they|he|she|him|her|them|one)\b|[它他她]|这个|那个|それ|あの", re.I
)


def is_self_contained(question: str) -> bool:
    """Whether a question can be read without the turns before it ("Yes that's what I mean")."""
    text = one_line(question)
    if is_cjk(text):
        return len(text) >= 6 and not _FOLLOW_UP.match(text)
    words = text.split()
    if len(words) < 3 or _FOLLOW_UP.match(text):
        return False
    # A short question leaning on a pronoun ("Did she have a love interest?") needs context.
    return not (len(words) <= 7 and _ANAPHORA.search(text))


_LEANS = re.compile(r"\b(?:again|the same|he|she|him|her|they|them|it)\b|[它他她]", re.I)


def leans_on_context(question: str) -> bool:
    """A question that reads on its own but refers back ("the composer's name again")."""
    return bool(_LEANS.search(question))
