"""Instruction-like text in Chinese and Japanese: the patterns :mod:`.instruction` runs.

Each pattern holds CJK characters in every match, so the detector searches
them only near CJK text (``folding.near_wide``). The families are those of
:mod:`.instruction`: overriding the agent's instructions, changing its role,
telling it what to say to every later visitor (in command position only),
rules for its every answer, secrets kept from visitors, and prompt-format
markers. The patterns themselves are in :mod:`.instruction_zh` and
:mod:`.instruction_ja`.

Speed: the patterns of a language are one alternation, which the engine tries
at every position of a CJK stretch; each alternative is led by a look-ahead on
the characters it can start with, and groups of three alternatives (then of
three groups, and so on) by the union of theirs, so a position where few
alternatives can start costs a few tests (:func:`.firsts.alternation`).
"""

from __future__ import annotations

import re

from . import instruction_ja, instruction_zh
from .firsts import alternation


def _one(patterns: list[str]) -> re.Pattern[str]:
    return re.compile(alternation(patterns), re.IGNORECASE)


ZH_OTHER = _one(instruction_zh.PATTERNS)
JA_OTHER = _one(instruction_ja.PATTERNS)


# Reported speech: a match inside a quotation that a third person is said to have spoken or
# written (店长常说：“…”, 他在书里写道：“…”, 「…」と教えていた), or a rule a sentence describes
# by its source (根据公司规定，客服人员不得…). Not when the frame is a command itself
# (你就说：“…”, 请回答：“…”, 「…」と答えてください).
_OPEN = re.compile(r"[“「『\"][^“”「」『』\"\n]*$")
_SAID_BEFORE = re.compile(
    r"(?:^|[。!?\n])(?P<frame>[^。!?\n“「『\"]{1,30}?)(?:常|总|總|曾|曾经|曾經|也|还|還)?"
    r"(?:说|說|道|讲|講|写道|寫道|写着|寫著|说过|說過|讲过|講過|叮嘱|叮囑|告诫|告誡|教导|教導)[:,]?\s*$"
)
_COMMAND_FRAME = re.compile(
    r"你|您|请|請|记得|記得|以后|以後|今后|今後|就|都要|一律|务必|務必|必须|必須|要|得|统一|統一|只"
)
_SAID_AFTER = re.compile(
    r"[^“”「」『』\"\n]{0,80}?[”」』\"]\s*(?:と|って)(?:いつも|よく)?"
    r"(?:言|い|教え|書|話|述べ|注意|叱|諭|説明し|語)[^。!?\n]{0,4}?(?:た|ている|ていた|ています|ていました|ます)"
)
_POLICY = re.compile(
    r"(?:^|[。!?\n])\s*(?:根据|根據|按照|依照|依据|依據|按|据|據)[^。!?,\n]{1,14}?"
    r"(?:规定|規定|政策|条例|條例|制度|法规|法規|法律|守则|守則|章程|协议|協議)\s*,\s*$"
)


def reported(text: str, start: int, end: int) -> bool:
    """A match that a third person said or wrote, in quotes, or a rule described by its source."""
    before = text[max(0, start - 80) : start]
    if _POLICY.search(before) and not _COMMAND_FRAME.match(text, start):
        return True
    quote = _OPEN.search(before)
    if quote is None:
        return False
    said = _SAID_BEFORE.search(before, 0, quote.start())
    if said is not None and said.end() == quote.start():
        return not _COMMAND_FRAME.search(said.group("frame"))
    return bool(_SAID_AFTER.match(text, end))
