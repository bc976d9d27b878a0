"""Korean, Russian and Chinese numbers that only the word before them names.

None of these has a checksum the shape alone could trust (a Korean account,
a driving licence, a Russian passport series and number, an OMS policy), so
the word that names it must stand just before: 외국인등록번호, 운전면허,
계좌번호 / 국민은행, паспорт серия … номер …, загранпаспорт, полис ОМС,
водительское удостоверение, счёт (20 digits). The word alone ("для оформления
нужен паспорт", "계좌 이체 가능") or a number alone is left alone. Korean
resident numbers and Russian INN/SNILS are in :mod:`.ids` (with their checksums).

In Chinese, a handle or number named as one's own (我的微信号是…, 我的车牌号是京A12345, 我女儿的
学号…, 本人社保卡号…): "my" before the word is what makes it personal; a shop's own
(客服微信号是…) is not.
"""

from __future__ import annotations

import re

from ..folding import Hit
from .firsts import quick

_END = r"(?![\dA-Za-z])"
_KO = (
    (
        r"(?:주민\s?등록\s?번호|주민번호)[^\d\n]{0,12}(\d{6}[^\d\n]{1,10}\d{7})(?!\d)",
        "Korean resident number, in two parts",
    ),
    (
        r"(?:외국인\s?등록\s?번호|외국인번호|거소\s?신고\s?번호)[^\d\n]{0,12}(\d{6}-?\d{7})(?!\d)",
        "Korean foreigner registration number",
    ),
    (
        r"(?:운전\s?면허(?:증)?(?:\s?번호)?|면허\s?번호)[^\d\n]{0,12}(\d{2}-?\d{2}-?\d{6}-?\d{2})(?!\d)",
        "Korean driving licence number",
    ),
    (
        r"(?:계좌(?:\s?번호)?|통장(?:\s?번호)?|[가-힣]{1,6}은행)[^\d\n]{0,16}?"
        r"(\d{2,6}-\d{2,6}-\d{2,8}(?:-\d{1,3})?|\d{10,14})(?![\d-])",
        "bank account number",
    ),
)
_RU = (
    (
        r"(?:паспорт\w*|загранпаспорт\w*|серия)[^\d\n]{0,20}?"
        r"(\d{2}\s?\d{2}[\s,]*(?:номер|№|N)?\s*\d{6}|\d{2}\s?\d{7})(?!\d)",
        "passport number",
    ),
    (
        r"(?:полис\w*|ОМС)[^\d\n]{0,12}?(\d{4}\s?\d{4}\s?\d{4}\s?\d{4})(?!\d)",
        "health insurance policy number",
    ),
    (
        r"(?:водительск\w+\s+удостоверени\w*|водительск\w+\s+прав\w*|прав[аео]?|ВУ)[^\d\n]{0,12}?"
        r"(\d{2}\s?(?:[А-ЯЁA-Z]{2}|\d{2})\s?\d{6})" + _END,
        "driving licence number",
    ),
    (
        r"(?:сч[её]т\w*|р/с|л/с)[^\d\n]{0,24}?(\d{20}|\d{5}\s\d{3}\s\d\s\d{4}\s\d{7})(?!\d)",
        "bank account number",
    ),
)
_KO_RE = re.compile("|".join(f"(?:{p})" for p, _ in _KO))
_RU_RE = re.compile("|".join(f"(?<![\\w])(?:{p})" for p, _ in _RU), re.IGNORECASE)
_KO_REASONS = tuple(r for _, r in _KO)
_RU_REASONS = tuple(r for _, r in _RU)
# One quick search for the naming words of both languages (group 1: Korean, group 2: Russian).
_WORD = quick(
    re.compile(
        r"(외국인|거소|면허|계좌|통장|은행|주민)|([Пп]аспорт|[Сс]ери[яи]|[Пп]олис|ОМС|[Вв]одительск|[Пп]рава|ВУ|"
        r"[Сс]ч[её]т|р/с|л/с)"
    )
)


def _matches(pattern: re.Pattern[str], reasons: tuple[str, ...], text: str) -> list[Hit]:
    hits: list[Hit] = []
    for m in pattern.finditer(text):
        group = next(i for i in range(1, len(reasons) + 1) if m.group(i) is not None)
        hits.append((m.start(group), m.end(group), f"identity number ({reasons[group - 1]})"))
    return hits


def find(text: str) -> list[Hit]:
    """Korean and Russian numbers named by their word, on a folded view."""
    if text.isascii():
        return []
    hits: list[Hit] = []
    korean = russian = False
    for m in _WORD.finditer(text):
        korean, russian = korean or m.group(1) is not None, russian or m.group(2) is not None
    if korean:
        hits += _matches(_KO_RE, _KO_REASONS, text)
    if russian:
        hits += _matches(_RU_RE, _RU_REASONS, text)
    return hits


_MINE_ZH = re.compile(
    r"(?:我|本人)(?:的|家的?|(?:女儿|女兒|儿子|兒子|孩子|老婆|老公|妻子|丈夫|爸爸|妈妈|媽媽|父亲|父親|母亲|母親)的)?\s*"
    r"(微信号?|微信號|QQ号?|QQ號|车牌号?|車牌號?|学号|學號|学生证号?|學生證號?|学籍号|學籍號|工号|工號|社保卡号|社保卡號|社保号|社保號|"
    r"医保卡号|醫保卡號|医保号|醫保號|驾驶证号|駕駛證號|驾照号?|駕照號?|会员卡?号|會員卡?號|准考证号|准考證號|"
    r"支付宝(?:账号|帳號)?|支付寶(?:賬號|帳號)?|账号|賬號|帐号|帳號|卡号|卡號)(?:码|碼)?"
    r"\s*(?:是|为|為|:)?\s*([\u4e00-\u9fff]?[A-Za-z0-9][A-Za-z0-9_.-]{3,30})(?![A-Za-z0-9_])",
    re.IGNORECASE,
)


def mine(text: str) -> list[Hit]:
    """Chinese handles and numbers named as one's own (我的微信号是…), on a folded view."""
    if text.isascii() or ("我" not in text and "本人" not in text):
        return []
    hits: list[Hit] = []
    for m in _MINE_ZH.finditer(text):
        value = m.group(2).rstrip(".-")
        if sum(c.isdigit() for c in value) >= 3 or len(value) >= 6:
            hits.append((m.start(2), m.start(2) + len(value), f"identity number ({m.group(1)})"))
    return hits
