"""Temporary wording: a one-off that should not become long-term memory.

English markers are whole phrases bounded by non-word, non-hyphen
characters, so "this time-tracker", "this timeline" and "taskbar" are not
"this time" or "task". Chinese and Japanese have no spaces: a marker counts
unless it is part of a longer known word (临时工, 临时身份证, 到目前为止), and 当面,
which is "face to face" in Chinese, counts only in Japanese text.
"""

from __future__ import annotations

import re

from ..folding import Hit, fold_pattern, gate, tokens

TEMPORARY = "temporary"

_REASON = "temporary wording"
_EN = re.compile(
    r"(?<![\w-])(?:for\s+now|this\s+time(?!\s+of\b)(?:\s+only|\s+around)?|only\s+this\s+time|"
    r"this\s+task|this\s+session|this\s+conversation|just\s+this\s+once|for\s+the\s+moment|"
    r"for\s+the\s+time\s+being|(?:just\s+)?for\s+(?:today|tonight)(?!'s)|(?:today|tonight)\s+only|"
    r"this\s+week\s+only|"
    r"right\s+now|temporar(?:y(?!\s+(?:files?|director(?:y|ies)|folders?|variables?|tables?|buffers?|"
    r"storage|objects?)(?![\w-]))|ily)|until\s+further\s+notice|until\s+tomorrow|at\s+the\s+moment|"
    r"for\s+this\s+(?:visit|trip|stay|booking|order|call)\s+only)(?![\w-])",
    re.IGNORECASE,
)
# Spanish, Portuguese, French, German, Italian, Russian and Korean markers (accents folded).
_OTHER = re.compile(
    fold_pattern(
        r"(?<![\w-])(?:por\s+ahora|por\s+el\s+momento|de\s+momento|(?:solo\s+|sólo\s+)?por\s+esta\s+vez|"
        r"solo\s+hoy|sólo\s+hoy|temporalmente|provisionalmente|hasta\s+nuevo\s+aviso|"
        r"por\s+enquanto|por\s+agora|(?:só\s+)?desta\s+vez|temporariamente|provisoriamente|"
        r"até\s+novo\s+aviso|só\s+hoje|"
        r"pour\s+l'instant|pour\s+le\s+moment|pour\s+cette\s+fois|cette\s+fois-ci|exceptionnellement|"
        r"temporairement|provisoirement|jusqu'à\s+nouvel\s+ordre|aujourd'hui\s+seulement|"
        r"vorerst|vorläufig|vorübergehend|bis\s+auf\s+weiteres|nur\s+dieses\s+mal|nur\s+heute|"
        r"diesmal|einstweilen|"
        r"per\s+ora|per\s+il\s+momento|(?:solo\s+)?per\s+questa\s+volta|temporaneamente|"
        r"provvisoriamente|fino\s+a\s+nuovo\s+avviso|solo\s+oggi|"
        r"временно|пока\s+что|на\s+данный\s+момент|(?:только\s+)?в\s+этот\s+раз|только\s+сегодня|"
        r"до\s+особого\s+распоряжения|"
        r"당분간|이번만|이번에만|임시로|일시적으로|잠정적으로|오늘만|한시적으로)(?![\w-])"
    ),
    re.IGNORECASE,
)
_OTHER_GATE = gate(
    """ahora momento vez hoy temporalmente provisionalmente aviso enquanto agora desta
    temporariamente provisoriamente novo hoje instant moment fois exceptionnellement temporairement
    provisoirement nouvel seulement vorerst vorläufig vorübergehend weiteres mal heute diesmal
    einstweilen ora volta temporaneamente provvisoriamente avviso oggi временно что момент раз
    сегодня распоряжения"""
)
# Every English marker holds one of these words.
_EN_GATE = gate(
    "now time once task session conversation moment today tonight week temporary temporarily notice tomorrow only"
)
_HANGUL = re.compile(r"[\uac00-\ud7a3]")
# Chinese and Japanese markers, with the longer words that merely contain them.
_CJK: dict[str, tuple[str, ...]] = {
    "暂时": (),
    "暫時": (),
    "暂且": (),
    "暫且": (),
    "暂不": (),
    "暫不": (),
    "这次": (),
    "這次": (),
    "这一次": (),
    "這一次": (),
    "本次": (),
    "仅此一次": (),
    "僅此一次": (),
    # A temporary file or variable is a kind of thing, not a fact true for now.
    "临时": (
        "临时工",
        "临时文件",
        "临时变量",
        "临时目录",
        "临时缓冲",
        "临时表",
        "临时对象",
        "临时存储",
        "临时身份证",
    ),
    "臨時": (
        "臨時工",
        "臨時列車",
        "臨時国会",
        "臨時檔案",
        "臨時文件",
        "臨時變數",
        "臨時變量",
        "臨時目錄",
        "臨時緩衝",
        "臨時身分證",
        "臨時身份證",
    ),
    "目前": ("到目前为止", "到目前為止", "目前为止", "目前為止"),
    "眼下": (),
    "今天": ("今天气",),
    "今回": (),
    "一時的": (),
    "今だけ": (),
    "今日だけ": (),
    "今週だけ": (),
    "とりあえず": (),
    "当面": (),
    "当分": (),
    "今のところ": (),
}
_CJK_RE = re.compile("|".join(sorted(map(re.escape, _CJK), key=len, reverse=True)))
_KANA = re.compile(r"[\u3040-\u30ff]")


def find(text: str) -> list[Hit]:
    """Temporary markers on a folded view."""
    words = tokens(text)
    hits = (
        []
        if _EN_GATE.isdisjoint(words)
        else [(m.start(), m.end(), _REASON) for m in _EN.finditer(text)]
    )
    if not _OTHER_GATE.isdisjoint(words) or (not text.isascii() and _HANGUL.search(text)):
        hits += [(m.start(), m.end(), _REASON) for m in _OTHER.finditer(text)]
    if text.isascii():
        hits.sort()
        return hits
    for m in _CJK_RE.finditer(text):
        marker = m.group()
        window = text[max(0, m.start() - 4) : m.end() + 4]
        if any(word in window for word in _CJK[marker]):
            continue
        if marker == "当面" and not _KANA.search(text):
            continue
        hits.append((m.start(), m.end(), _REASON))
    hits.sort()
    return hits
