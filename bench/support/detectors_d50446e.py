"""Baseline for bench/detectors.py: memory_review/extraction/flags.py as of commit d50446e, verbatim.

Kept so the benchmark measures the old patterns beside the new ones in the same
run. Not imported by the app.

Flags a reviewer must see, each with the spans of text it is about.

Every function takes one field's text and returns spans
``{"kind", "field", "start", "end", "text", "reason"}``; nothing is dropped
here. Temporary wording is matched on word boundaries ("fix this taskbar" is
not "this task"); for Chinese and Japanese, which have no spaces, a marker is
matched unless it is part of a longer known word.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

Span = dict[str, object]

PERSONAL_DATA = "personal_data"
INSTRUCTION = "instruction"
HIDDEN_CHARS = "hidden_chars"
TEMPORARY = "temporary"
LOW_CONFIDENCE = "low_confidence"

_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}")
# International or local phone numbers: 8+ digits with the usual separators.
_PHONE = re.compile(r"(?<![\w.])(?:\+|00)?\d(?:[ \-.()]{0,2}\d){7,14}(?!\w)(?!\.\d)")
_CARD = re.compile(r"(?<!\d)(?:\d[ -]?){12,18}\d(?!\d)")
_IPV4 = re.compile(
    r"(?<![\d.])(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)(?![\d.])"
)
_CN_ID = re.compile(r"(?<!\d)\d{17}[\dXx](?!\d)")
_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,7}\b")

_INSTRUCTION_PATTERNS = [
    r"\bignore\s+(?:all\s+|any\s+)?(?:the\s+)?(?:previous|prior|above|earlier|your)\s+"
    r"(?:instructions?|prompts?|rules?)",
    r"\bdisregard\s+(?:all\s+|any\s+)?(?:the\s+)?(?:previous|prior|above|your)\b",
    r"\b(?:tell|say\s+to|inform|remind)\s+(?:every|all|each|other)\s+(?:visitors?|users?|people)",
    r"\byou\s+(?:must|should)\s+(?:now\s+)?(?:always|never)\b",
    r"\b(?:system\s+prompt|developer\s+mode|jailbreak)\b",
    r"\bfrom\s+now\s+on,?\s+you\s+(?:are|will|must)\b",
    r"\b(?:pretend|act)\s+(?:to\s+be|as)\b",
    r"\bI\s+want\s+you\s+to\s+(?:act|behave|pretend|play)\b",
    r"\b(?:do\s+not|don'?t|never)\s+refuse\b",
    r"(?:请|以后|永远)?不要拒绝|断らないで",
    r"假设你是|假裝你是|假装你是|扮演|我希望你(?:表现得|扮演|充当)",
    r"(?:として振る舞|のふりをして|になりきって)",
    r"忽略(?:之前|以上|上面|前面|所有)的?(?:指令|指示|规则|提示)",
    r"(?:告诉|告知)(?:每个|所有)(?:访客|用户|人)",
    r"(?:以前|前|上記|これまで)の(?:指示|命令|プロンプト)を(?:無視|忘れ)",
    r"(?:すべて|全て|全部)の(?:ユーザー|訪問者|利用者)に",
    r"システムプロンプト|系统提示",
]
_INSTRUCTION = re.compile("|".join(f"(?:{p})" for p in _INSTRUCTION_PATTERNS), re.IGNORECASE)

_TEMPORARY_EN = re.compile(
    r"\b(?:for\s+now|this\s+time|this\s+task|this\s+session|this\s+conversation|"
    r"just\s+this\s+once|for\s+the\s+moment|for\s+today|right\s+now|temporar(?:y|ily)|"
    r"until\s+further\s+notice|today\s+only)\b",
    re.IGNORECASE,
)
# Chinese and Japanese markers, with the longer words that merely contain them.
_TEMPORARY_CJK: dict[str, tuple[str, ...]] = {
    "暂时": (),
    "暫時": (),
    "这次": (),
    "這次": (),
    "本次": (),
    "临时": ("临时工",),
    "臨時": ("臨時工", "臨時列車", "臨時国会"),
    "目前": (),
    "今天": ("今天气",),
    "今回": (),
    "一時的": (),
    "今だけ": (),
    "とりあえず": (),
    "当面": (),
    "今のところ": (),
}
_TEMPORARY_CJK_RE = re.compile("|".join(map(re.escape, _TEMPORARY_CJK)))


def _is_hidden(ch: str) -> bool:
    code = ord(ch)
    if ch in "\t\n\r":
        return False
    return (
        unicodedata.category(ch) in {"Cf", "Cc", "Co"}
        or 0xE0000 <= code <= 0xE007F  # tag characters
        or 0xFE00 <= code <= 0xFE0F  # variation selectors
    )


def _span(kind: str, field: str, start: int, end: int, text: str, reason: str) -> Span:
    return {
        "kind": kind,
        "field": field,
        "start": start,
        "end": end,
        "text": text[start:end],
        "reason": reason,
    }


def _luhn(digits: str) -> bool:
    total = 0
    for i, d in enumerate(reversed(digits)):
        n = int(d)
        if i % 2:
            n = n * 2 - 9 if n > 4 else n * 2
        total += n
    return total % 10 == 0


def personal_data(text: str, field: str = "body") -> list[Span]:
    """Emails, phone numbers, card-like numbers, IP addresses, ID and account numbers."""
    spans: list[Span] = []
    taken: list[tuple[int, int]] = []

    def add(m: re.Match[str], reason: str) -> None:
        if any(m.start() < e and s < m.end() for s, e in taken):
            return
        taken.append((m.start(), m.end()))
        spans.append(_span(PERSONAL_DATA, field, m.start(), m.end(), text, reason))

    for m in _EMAIL.finditer(text):
        add(m, "email address")
    for m in _CARD.finditer(text):
        digits = re.sub(r"\D", "", m.group())
        if 13 <= len(digits) <= 19 and _luhn(digits):
            add(m, "card-like number")
    for m in _CN_ID.finditer(text):
        add(m, "identity number")
    for m in _IBAN.finditer(text):
        add(m, "bank account number")
    for m in _IPV4.finditer(text):
        add(m, "IP address")
    for m in _PHONE.finditer(text):
        if sum(c.isdigit() for c in m.group()) >= 8:
            add(m, "phone number")
    return sorted(spans, key=lambda s: s["start"])  # type: ignore[arg-type,return-value]


def instruction_like(text: str, field: str = "body") -> list[Span]:
    """Text aimed at the agent rather than knowledge for it ("ignore previous instructions")."""
    return [
        _span(INSTRUCTION, field, m.start(), m.end(), text, "instruction-like text")
        for m in _INSTRUCTION.finditer(text)
    ]


# A superset of what _is_hidden accepts, so ordinary text skips the per-character scan.
MAYBE_HIDDEN = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\xad\u0600-\u0605\u061c\u06dd\u070f"
    "\u0890\u0891\u08e2\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff\ufe00-\ufe0f"
    "\ufff9-\ufffb\ue000-\uf8ff\U000110bd\U000110cd\U00013430-\U0001343f"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff"
    "\U000f0000-\U0010ffff]"
)


def hidden_characters(text: str, field: str = "body") -> list[Span]:
    """Zero-width, bidirectional-control and other invisible characters, one span per run."""
    if not MAYBE_HIDDEN.search(text):
        return []
    spans: list[Span] = []
    start = None
    for i, ch in enumerate(text + "a"):
        hidden = i < len(text) and _is_hidden(ch)
        if hidden and start is None:
            start = i
        elif not hidden and start is not None:
            names = sorted({unicodedata.name(c, f"U+{ord(c):04X}") for c in text[start:i]})
            spans.append(
                _span(HIDDEN_CHARS, field, start, i, text, "hidden characters: " + ", ".join(names))
            )
            start = None
    return spans


def temporary_wording(text: str, field: str = "body") -> list[Span]:
    """Markers of a one-off ("for now", "this time", 暂时, 这次, 今回), on word boundaries."""
    spans = [
        _span(TEMPORARY, field, m.start(), m.end(), text, "temporary wording")
        for m in _TEMPORARY_EN.finditer(text)
    ]
    for m in _TEMPORARY_CJK_RE.finditer(text):
        longer = _TEMPORARY_CJK[m.group()]
        window = text[max(0, m.start() - 4) : m.end() + 4]
        if any(word in window for word in longer):
            continue
        spans.append(_span(TEMPORARY, field, m.start(), m.end(), text, "temporary wording"))
    return sorted(spans, key=lambda s: s["start"])  # type: ignore[arg-type,return-value]


CHECKS = (personal_data, instruction_like, hidden_characters, temporary_wording)


def flag_fields(fields: Iterable[tuple[str, str]]) -> list[Span]:
    """All text flags over the named fields of a candidate."""
    spans: list[Span] = []
    for field, text in fields:
        if not text:
            continue
        for check in CHECKS:
            spans.extend(check(text, field))
    return spans


def low_confidence(confidence: float, threshold: float) -> list[Span]:
    if confidence >= threshold:
        return []
    return [
        {
            "kind": LOW_CONFIDENCE,
            "field": "confidence",
            "start": 0,
            "end": 0,
            "text": f"{confidence:.2f}",
            "reason": f"confidence below {threshold:.2f}",
        }
    ]
