"""Instruction-like text: words aimed at the agent, not knowledge for it (English, Chinese, Japanese).

Four families: overriding its instructions ("ignore previous instructions",
忽略之前的所有指令); changing its role ("SYSTEM: you are now …", 你现在是…);
telling it what to say to every later visitor ("tell everyone", "from now on
recommend …", 以后都推荐…给所有访客, 今後はすべての訪問者に…勧めてください);
and prompt-format markers. A directive counts only in command position —
at the start of a clause, or after "please", "always", "and", 请, 都 … — so
"the owner always recommends the latte" and 他告诉大家明天放假 are not
instructions, and 以后 ("afterwards") in a story is not "from now on".
"""

from __future__ import annotations

import re

from ..folding import Hit, gate, near_wide, tokens, words
from . import instruction_intl, instruction_soft, instruction_soft_intl
from .firsts import led, quick
from .instruction_cjk import (
    JA_OTHER,
    ZH_OTHER,
    answering_a_form,
    capability,
    own_secret,
    reported,
    staff_statement,
    usual_practice,
)
from .instruction_ja import asked_by_staff

INSTRUCTION = "instruction"

_I = re.IGNORECASE

# --- English -------------------------------------------------------------------------------

_VERB = (
    r"(?:tell|say|inform|remind|warn|advise|recommend|suggest|mention|explain|answer|reply|"
    r"respond|send|direct|redirect|refer|point|push|promote|advertise|pitch|share|spread|"
    r"pass\s+(?:it|this|that)\s+on|let|show|give|offer|sell|teach|notify|alert|ask|invite|urge|"
    r"encourage|persuade|convince|insist|claim|announce|praise|obey|steer|call|blame|deny|apologi[sz]e)"
)
_AUDIENCE = (
    r"(?:every(?:one|body)|every\s+(?:single\s+)?(?:new\s+|returning\s+|future\s+)?(?:visitor|user|customer|guest|caller|person|"
    r"reader|client|one)|all\s+(?:of\s+)?(?:the\s+|your\s+)?(?:other\s+|future\s+|new\s+|later\s+)?"
    r"(?:visitors|users|customers|guests|callers|people|readers|clients)|each\s+(?:and\s+every\s+)?"
    r"(?:new\s+)?(?:visitor|user|customer|guest|caller|person|reader|client|member)|any(?:one|body)|whoever\s+"
    r"(?:asks|visits|comes|writes)|(?:other|future|later|new|the)\s+(?:visitors|users|customers|"
    r"guests|people|readers)|(?:visitors|users|customers|guests|callers)|the\s+(?:next|other)\s+"
    r"(?:visitor|user|customer|person)|them\s+all|people\s+who\s+ask)"
)
# Everyone, as opposed to "guests" in general: the audience of a passive or "make" command.
_ALL = (
    r"(?:every(?:one|body)|every\s+(?:single\s+)?\w+|all\s+(?:the\s+)?(?:\w+\s+)?(?:visitors|users|"
    r"customers|guests|callers|people|readers|clients)|each\s+\w+|any(?:one|body)|whoever)"
)
# A verb after the audience makes it the subject of a new clause: "give goals: everyone has …".
_CLAUSE_VERB = (
    r"(?:has|have|is|are|was|were|loves?|likes?|gets?|can|will|would|should|must|did|does|"
    r"enjoys?|seems?)"
)
# What may come before a command: adverbs, "please", "you must", "from now on", "and".
_LEAD = (
    r"(?:please|kindly|always|never|also|just|now|then|and|so|simply|only|"
    r"make\s+sure\s+(?:to|you)|be\s+sure\s+to|remember\s+to|don'?t\s+forget\s+to|(?:could|would|can|will)\s+you|"
    r"you\s+(?:must|should|need\s+to|have\s+to|will|shall|are\s+to|'ll)|"
    r"from\s+now\s+on|going\s+forward|henceforth|hereafter|moving\s+forward|starting\s+(?:now|today)|"
    r"in\s+(?:the\s+)?future|from\s+today(?:\s+on)?|for\s+all\s+future\s+(?:chats|conversations))"
)
# In text mixing Chinese, Japanese or Korean with English, the English clause starts after them
# ("记得 tell every customer …").
_CLAUSE_START = r"(?:^|(?<=[.!?:;,\n\"'(\[{\-–—…\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7a3]))\s*"
# Words that, right before a lead word, make it a statement with a subject ("we always recommend").
_SUBJECTS = words(
    "i we you they he she it who staff people everyone everybody one which owner manager "
    "chef driver shop store cafe café hotel guide team company will would can could may might "
    "does did"
)

# The visitor's own secrets, which no one is to be told.
_SECRETS = (
    r"(?:pin|password|passcode|passwords|card\s+number|security\s+code|one-time\s+code|otp|login)"
)

# The visitor's own people and secrets ("everyone in your group", "never tell anyone your PIN",
# "always tell your bank"): advice to the reader, not a line for every visitor.
_OWN = (
    r"(?![^.!?;:\n]{0,30}?\b(?:in|of|from|with|on|at)\s+your\s+(?:group|party|family|team|booking|class|"
    r"household|car|room|tour)\b)(?!\s+(?:at|back)\s+home\b)"
    r"(?!\s+(?:you\s+know|you\s+meet|in\s+the\s+(?:group\s+)?chat|at\s+the\s+(?:\w+\s+)?(?:desk|counter|reception)))"
    rf"(?![^.!?;:\n]{{0,12}}?\byour\s+{_SECRETS})"
)

# "Never share your password with anyone": the visitor's own secret.
_SECRET = rf"(?!\s+your\s+(?:{_SECRETS}|account\s+details))"

# "Always tell the lifeguard …": the visitor is told to speak to the staff.
_STAFF = (
    r"(?!\s+(?:the|a|an|our)\s+(?:lifeguard|staff|reception\w*|front\s+desk|driver|guide|doctor|"
    r"pharmacist|nurse|waiter|waitress|server|host|manager|police|teacher|attendant|conductor|crew|"
    r"guard|concierge|porter|ranger)\b)"
)

# "Always let the meat rest": a recipe's step, not a line for the visitors.
_THING = (
    r"(?!(?<=let)\s+(?:it|them|(?:the|your)\s+\w+)\s+(?:rest|cool|sit|soak|rise|dry|set|simmer|stand|drain|"
    r"thaw|steep|settle|marinate|chill|proof)\b)"
)

# The lead words after a word start, and each kind of command, are led by their first
# characters (firsts.led): a word where none can start costs a class test (~20% off).
_EN_COMMAND = re.compile(
    # "Tell everyone …", "Please recommend X to all visitors", "remember that and tell everyone"
    rf"(?:{_CLAUSE_START}(?:{_LEAD},?\s+){{0,3}}|\b(?:{led(_LEAD)},?\s+){{1,3}})"
    + "(?:"
    + "|".join(
        led(command)
        for command in (
            rf"{_VERB}\b{_SECRET}[^.!?;:\n]{{0,60}}?\b(?<!your\s){_AUDIENCE}\b(?!\s+{_CLAUSE_VERB}\b){_OWN}",
            rf"(?:make\s+sure|ensure)\s+(?:that\s+)?{_AUDIENCE}\b{_OWN}",
            rf"(?:always|never)\s+{_VERB}\b(?!\s+your\b){_STAFF}{_THING}{_OWN}",
        )
    )
    + ")",
    _I,
)
_EN_PATTERNS = [
    # Overriding its instructions.
    r"\b(?:ignore|disregard|forget|override|bypass|discard|drop|abandon)\s+(?:all\s+|any\s+|every\s+)?"
    r"(?:of\s+)?(?:the\s+|your\s+|my\s+|these\s+|those\s+)?(?:previous|prior|above|earlier|preceding|"
    r"former|original|initial|system|existing|safety|all|any|every|your|other)\s+(?:\w+\s+)?"
    r"(?:instructions?|prompts?|rules?|directions?|directives?|guidelines?|guardrails?|constraints?|"
    r"restrictions?|programming|orders?|commands?|messages?|context|policies|policy|settings?|training)\b",
    r"\b(?:ignore|disregard|forget)\s+(?:all\s+)?(?:of\s+)?(?:the\s+)?(?:above|foregoing|preceding)\b(?!-)",
    r"\b(?:ignore|disregard|override|bypass)\s+(?:your\s+|the\s+)?(?:system\s+prompt|programming|"
    r"guardrails|safety\s+(?:rules|guidelines|filters))\b",
    r"\b(?:ignore|disregard|forget)\s+(?:everything|all(?:\s+of\s+it)?|anything)\s+(?:above|before|"
    r"prior|previously|so\s+far|until\s+now|you\s+(?:know|learned|were\s+(?:told|given|taught))|"
    r"(?:that\s+)?(?:you(?:'ve|\s+have)\s+been|i(?:'ve|\s+have))\s+(?:told|said|given))",
    # Changing its role.
    r"\byou\s+are\s+now\s+(?:(?:a|an|the|my)\s+(?:[\w-]+\s+){0,3}?(?:assistant|ai|bot|chatbot|agent|"
    r"model|character|persona|pirate|hacker|expert|version|system|admin|administrator|developer|god|"
    r"slave|servant|dan)\b|in\s+[\w-]+\s+mode|no\s+longer\b|free\s+(?:from|of)\b|unrestricted|"
    r"uncensored|jailbroken|dan\b|called\b|named\b|known\s+as\b)",
    r"\b(?:from\s+now\s+on|from\s+this\s+(?:point|moment)\s+(?:on|forward)|from\s+here\s+on|"
    r"going\s+forward|henceforth|starting\s+now),?\s+(?:you\b|you'll|your\b|always\b|never\b|"
    rf"only\b|please\b|do\s+not\b|don't\b|(?:{_VERB}|speak|write|use)\b)",
    # "Everyone who asks should be told …", "Make every visitor believe …".
    rf"\b{_ALL}(?:\s+who\s+asks|\s+asking\s+(?:about\s+)?[\w' -]{{1,30}}?)?\s+(?:(?:should|must|needs?\s+to|has\s+to|"
    r"is\s+to|are\s+to|will)\s+be|gets?|is\s+always|are\s+always)\s+"
    r"(?:told|informed|reminded|warned|sent|directed|given|shown|offered|recommended|pointed)\b",
    rf"\bmake\s+{_ALL}\s+(?:believe|think|know|feel|buy|book|choose|pay|click|visit)\b",
    # A new job for the agent, or rules about "the assistant".
    r"\byour\s+(?:new\s+(?:task|job|role|instructions?|goal|purpose|mission)\s+(?:is|are)|"
    r"(?:task|job|role|goal|purpose|mission)\s+is\s+now)\b",
    r"\bthe\s+(?:assistant|agent|ai|bot|chatbot|model)\s+(?:must|should|shall|has\s+to|"
    r"is\s+(?:required|allowed|told)\s+to)\b",
    r"\bI\s+want\s+you\s+to\s+(?:act|behave|pretend|play|be|respond|answer)\b",
    # In command position: not "players pretend to be astronauts".
    r"(?:(?:^|(?<=[.!?:;,\n\"'(]))\s*(?:please\s+|now\s+|just\s+|and\s+)?|"
    r"\b(?:you|must|should|will|please|now|always)\s+)pretend\s+(?:to\s+be|you\s+are|that\s+you)\b",
    rf"{_CLAUSE_START}(?:please\s+|now\s+)?(?:act|behave)\s+(?:as|like)\s+(?:a|an|if)\b",
    r"\b(?:do\s+not|don'?t|never)\s+refuse\b",
    r"\byou\s+(?:must|should|will|shall|need\s+to|have\s+to)\s+(?:now\s+)?(?:always|never|only)\s+"
    rf"(?:{_VERB}|end|start|begin|include|add|append|use|write|finish|close|sign|speak|talk)\b",
    r"\b(?:system\s+prompt|developer\s+mode|jailbreak|jailbroken|DAN\s+mode)\b",
    r"\bnew\s+(?:rules?|instructions?|directives?|orders?|system\s+prompt)\s*[:\-–—]\s*"
    rf"(?=you\b|your\b|always\b|never\b|only\b|do\s+not\b|don't\b|from\s+now\b|ignore\b|{_VERB}\b|"
    r"act\b|pretend\b|treat\b|use\b|whenever\b)",
    r"\b(?:reveal|print|repeat|output|leak|show\s+me|tell\s+me)\s+(?:your|the)\s+(?:system\s+prompt|"
    r"hidden\s+(?:prompt|instructions)|initial\s+(?:prompt|instructions)|instructions|prompt)\b",
    # Obeying the visitor.
    r"\b(?:obey|comply\s+with|do\s+(?:whatever|everything|anything))\s+(?:the\s+|any\s+|every\s+)?"
    r"(?:visitors?|users?|me|my|whatever|what\s+(?:the\s+)?(?:visitors?|users?)|they)\b",
    # Phishing: asking for secrets.
    r"(?<!never\s)(?<!not\s)(?<!n't\s)\b(?:send|give|email|e-mail|text|forward|dm|message|share|"
    r"post|reply\s+with)\s+(?:me\s+|us\s+)?(?:your|their|the\s+visitor'?s?|the\s+user'?s?|his|her)\s+"
    r"(?:password|passwords|passcode|pin|login|credentials|card\s+(?:number|details)|cvv|"
    r"security\s+code|one-time\s+code|otp|verification\s+code|seed\s+phrase|private\s+key)\b",
    # A conditional command: "if anyone asks about parking, say it is free".
    r"\b(?:whenever|if|when|next\s+time|any\s*time)\s+(?:someone|anyone|somebody|anybody|a\s+(?:visitor|user|customer|guest)|"
    r"visitors|users|people)\s+(?:asks?|mentions?|wants?|inquires?|enquires?)\b[^.!?\n]{0,80}?,\s*"
    rf"(?:always\s+|just\s+|please\s+)?{_VERB}\b",
    # A polite or indirect request with an audience: "it would be great if you could let every
    # customer know", "could you kindly inform all visitors", "I'd appreciate it if you told …".
    r"\b(?:it\s+would\s+be|it'?d\s+be|it\s+might\s+be|would\s+you|could\s+you|can\s+you|"
    r"i'?d\s+(?:appreciate|love|like)|i\s+would\s+(?:appreciate|love|like)|do\s+me\s+a\s+favou?r|"
    r"feel\s+free\s+to|(?:it'?s\s+)?best\s+to|if\s+possible|if\s+you\s+could|kindly|make\s+a\s+point\s+of)\b"
    r"[^.!?\n]{0,40}?\b(?:tell|told|let|letting|inform|remind|mention|recommend|advis|say|said|"
    r"point|notif|warn|send|sent|shar|suggest|direct|encourag|promot|pass)\w*\b[^.!?;\n]{0,60}?"
    rf"\b{_AUDIENCE}\b(?!\s+{_CLAUSE_VERB}\b)",
    # A conditional command with a softer opener: "when people ask about X, simply say …".
    r"\b(?:whenever|if|when|next\s+time|any\s*time|each\s+time|every\s+time)\s+(?:someone|anyone|"
    r"somebody|anybody|a\s+(?:visitor|user|customer|guest|caller)|visitors|users|people|customers|"
    r"guests|they)\s+(?:asks?|mentions?|wants?|inquires?|enquires?|brings?\s+up|raises?|complains?)\b[^.!?\n]{0,80}?,\s*"
    r"(?:(?:simply|just|always|please|then|you\s+(?:should|must|can|need\s+to|have\s+to))\s+){0,2}"
    rf"{_VERB}\b",
    # Prompt-format markers.
    r"<\|im_start\|>|<\|system\|>|<\|endoftext\|>|\[/?INST\]|<<SYS>>|</?system>|"
    r"\bBEGIN\s+(?:SYSTEM|NEW)\s+(?:PROMPT|INSTRUCTIONS)\b|###\s*(?:system|instruction)",
    # A role label starting a line, followed by words addressed to the agent.
    r"(?m:^)\s*[\[<(#*]*\s*(?:system|developer|admin|administrator|operator|override)(?:\s+(?:prompt|"
    r"message|note|override))?\s*[\]>)*]*\s*:\s*(?=[^\n]{0,80}?\b(?:you|your|ignore|always|never|must|obey|"
    r"from\s+now\s+on|new\s+rule|pretend|act\s+as)\b)",
]
# Upper-case role labels are never ordinary prose.
_EN_CASED = re.compile(r"(?m)(?:^|(?<=[.!?]\s))\s*\[?(?:SYSTEM|DEVELOPER|ADMIN)\]?\s*:")


# Each English pattern runs only when one of its words is in the text (a set lookup per
# pattern instead of a scan): the words every match of it must contain.
_OVERRIDE = "ignore disregard forget override bypass discard drop abandon"
_CONDITION = "whenever if when next any anytime each every"
_EN_GATES = (
    _OVERRIDE,
    _OVERRIDE,
    _OVERRIDE,
    _OVERRIDE,
    "now",
    "now point moment here forward henceforth starting",
    "told informed reminded warned sent directed given shown offered recommended pointed",
    "make",
    "your",
    "assistant agent ai bot chatbot model",
    "want",
    "pretend",
    "act behave",
    "refuse",
    "always never only",
    "system developer jailbreak jailbroken dan",
    "new",
    "reveal print repeat output leak show tell",
    "obey comply do",
    "password passwords passcode pin login credentials card cvv security code otp verification seed private",
    _CONDITION,
    "would could can might d appreciate love like favour favor free best possible kindly point",
    _CONDITION,
    "im system endoftext inst sys begin instruction",
    "system developer admin administrator operator override",
)
assert len(_EN_GATES) == len(_EN_PATTERNS)
_EN_GATED = tuple(
    (gate(words), quick(re.compile(pattern, _I)))
    for words, pattern in zip(_EN_GATES, _EN_PATTERNS, strict=True)
)
# Word -> the numbers of the gated patterns that need it: one set intersection finds the
# patterns to run. Numbers, not the patterns: hashing a compiled pattern hashes its whole
# code (microseconds for a long one), every time.
_GATE_INDEX: dict[str, list[int]] = {}
for _i, (_needed, _) in enumerate(_EN_GATED):
    for _word in _needed:
        _GATE_INDEX.setdefault(_word, []).append(_i)
_GATE_WORDS = frozenset(_GATE_INDEX)
_COMMAND_GATE = gate(
    "tell say inform remind warn advise recommend suggest mention explain answer reply respond send "
    "direct redirect refer point push promote advertise pitch share spread pass let show give offer "
    "sell teach notify alert ask invite urge encourage persuade convince insist claim announce "
    "praise obey steer call blame deny apologise apologize make ensure always never"
)
_ROLE_GATE = gate("system developer admin")
_HAN = re.compile(r"[\u3400-\u9fff]")
_KANA = re.compile(r"[\u3040-\u30ff]")
_HANGUL = re.compile(r"[\uac00-\ud7a3]")
# Words one of which a short text without Hangul holds when any pattern but the Chinese and
# Japanese ones can match: without one (most Chinese and Japanese lines) only those are tried.
_ANY_WORD = (
    _COMMAND_GATE
    | _GATE_WORDS
    | _ROLE_GATE
    | instruction_intl.WORDS
    | instruction_soft.WORDS
    | instruction_soft_intl.WORDS
)


# "I'm going to post this and tell everyone …": the speaker's own plan, joined by "and".
_OWN_PLAN = re.compile(
    r"\b(?:i|we)(?:'m|'ll|'re|\s+am|\s+will|\s+are|\s+plan|\s+want|\s+intend|\s+was|\s+were)\b"
    r"[^.!?;:\n]*$",
    _I,
)
_JOINED = re.compile(r"(?:and|then|so)\b", _I)


def _has_subject(text: str, start: int) -> bool:
    """A statement, not a command: a subject word stands right before the matched lead word,
    or the command is joined by "and" to the speaker's own plan ("I'm going to … and tell …")."""
    words = re.findall(r"[A-Za-zé']+", text[max(0, start - 30) : start])
    if _JOINED.match(text, start) and _OWN_PLAN.search(text, max(0, start - 120), start):
        return True
    return (
        bool(words)
        and words[-1].lower() in _SUBJECTS
        and not text[max(0, start - 30) : start].rstrip().endswith((".", "!", "?", ":", ";", ","))
    )


_QUOTE_END = re.compile(r"[\"”]")
_SAID = re.compile(
    r",?\s*(?:[\w']+\s+){0,2}(?:said|says|wrote|writes|told|tells|asked|asks|added|adds|explained|"
    r"replied|shouted|joked|whispered)\b",
    _I,
)


# "…, my teacher said.": attributed at the end of the sentence, without quotes.
_SAID_AFTER = re.compile(
    r"[^.!?\n]{0,200}?,\s*(?:(?:my|our|his|her|their|the|a|an)\s+)?(?:[\w']+\s+){0,2}"
    r"(?:said|says|say|told\s+(?:me|us)|tells\s+(?:me|us)|always\s+says|used\s+to\s+say)\s*[.!]",
    _I,
)


# "…used to say, 'Always tell people…'" / "tells his players: 'Never let…'": a quotation opened
# right after the words that attribute it.
_SAID_BEFORE = quick(
    re.compile(
        r"\b(?:said|says|wrote|writes|told|tells|asked|asks|replied|shouted|used\s+to\s+say|would\s+say)"
        r"(?:\s+(?:me|us|him|her|them|(?:his|her|their|my|our|the)\s+\w+))?\s*[,:]?\s*['\"“‘]\s*$",
        _I,
    )
)


def _reported(text: str, start: int, end: int) -> bool:
    """Words quoted and attributed ("Tell everyone I said hi," she wrote): reported speech, not a command."""
    if _SAID_AFTER.match(text, end) or _SAID_BEFORE.search(text[max(0, start - 60) : start]):
        return True
    if not text[:start].rstrip().endswith(('"', "“")):
        return False
    close = _QUOTE_END.search(text, end, min(len(text), end + 200))
    return (
        close is not None
        and "\n" not in text[end : close.start()]
        and bool(_SAID.match(text, close.end()))
    )


def find(text: str) -> list[Hit]:
    """Instruction-like spans on a folded view."""
    hits: list[Hit] = []
    words = tokens(text)
    latin = (
        len(text) > 400
        or not _ANY_WORD.isdisjoint(words)
        or (not text.isascii() and _HANGUL.search(text) is not None)
    )
    if latin and not _COMMAND_GATE.isdisjoint(words):
        for m in _EN_COMMAND.finditer(text):
            if not _has_subject(text, m.start()) and not _reported(text, m.start(), m.end()):
                hits.append((m.start(), m.end(), "instruction to the agent or to every visitor"))
    present = words & _GATE_WORDS if latin else ()
    others = sorted({i for w in present for i in _GATE_INDEX[w]}) if present else ()
    for pattern in (_EN_GATED[i][1] for i in others):
        for m in pattern.finditer(text):
            if not _reported(text, m.start(), m.end()):
                hits.append((m.start(), m.end(), "instruction-like text"))
    if not text.isascii():
        wide = [ZH_OTHER] if _HAN.search(text) else []
        wide += [JA_OTHER] if _KANA.search(text) else []
        for pattern in wide:  # searched only near the CJK words of a mostly Latin text
            for m in near_wide(pattern, text):
                if pattern is JA_OTHER and asked_by_staff(text, m.start()):
                    continue
                if pattern is ZH_OTHER and (
                    staff_statement(text, m.start())
                    or own_secret(text, m.start(), m.end())
                    or answering_a_form(text, m.start(), m.end())
                    or usual_practice(text, m.start())
                    or capability(text, m.start())
                ):
                    continue
                if reported(text, m.start(), m.end()):
                    continue
                hits.append((m.start(), m.end(), "instruction-like text"))
    if latin:
        if not _ROLE_GATE.isdisjoint(words):
            for m in _EN_CASED.finditer(text):
                hits.append((m.start(), m.end(), "role label addressed to the agent"))
        hits += instruction_intl.find(text)
        hits += [h for h in instruction_soft.find(text, words) if not _reported(text, h[0], h[1])]
        if not hits or len(text) > 400:  # a short text already flagged: soft forms add no flag
            hits += instruction_soft_intl.find(text, words)
    if len(hits) < 2:  # most lines: nothing to sort or merge
        return hits
    hits.sort()
    merged: list[Hit] = []
    for start, end, reason in hits:
        if merged and start < merged[-1][1]:
            last = merged[-1]
            merged[-1] = (last[0], max(last[1], end), last[2])
        else:
            merged.append((start, end, reason))
    return merged
