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
