"""Personal details that a word names: dates of birth, bank accounts, Pix keys; phones spelled out.

None of these has a shape of its own (a date is also a booking, a number with a
check digit also an order), so each needs the word that says what it is just
before it: "nasci em 12/03/1985", "data de nascimento", "conta corrente
12345-6", "chave Pix …". A date alone, a year of birth ("nasceu em 1394") or the
word alone ("aceitamos Pix", "a conta deu R$ 132,50") is left alone.
"""

from __future__ import annotations

import re

from ..folding import Hit, fold_pattern, gate, tokens
from .firsts import quick

# A full date: day, month and year (numeric, "5 de maio de 1979", "5 May 1979", "May 5, 1979", 1979年5月5日).
_DATE = (
    r"(?:\d{1,2}[./-]\d{1,2}[./-](?:19|20)?\d\d|(?:19|20)\d\d[./-]\d{1,2}[./-]\d{1,2}|"
    r"\d{1,2}(?:º|o)?\s+(?:de\s+)?[^\W\d_]{3,10}\.?,?\s+(?:de\s+)?(?:19|20)\d\d|"
    r"[^\W\d_]{3,10}\.?\s+\d{1,2},?\s+(?:19|20)\d\d|(?:19|20)\d\d\s*年\s*\d{1,2}\s*月\s*\d{1,2}\s*日?|"
    r"(?:19|20)\d\d\s*년\s*\d{1,2}\s*월\s*\d{1,2}\s*일?)(?!\d)"
)
_BIRTH_WORDS = fold_pattern(
    r"(?:\b(?:nasci(?:do|da)?\s+(?:em|a|no\s+dia)|data\s+de\s+nasc(?:imento|\.)?|nascimento|nasc\.|dt\.?\s+nasc\.?|"
    r"date\s+of\s+birth|birth\s*date|DOB|I\s+was\s+born\s+on|my\s+birthday\s+is|"
    r"fecha\s+de\s+nacimiento|naci\s+el|nací\s+el|date\s+de\s+naissance|je\s+suis\s+née?\s+le|"
    r"Geburtsdatum|geboren\s+am|data\s+di\s+nascita|sono\s+nat[oa]\s+il|дата\s+рождения|"
    r"родил(?:ся|ась))\b|生年月日|出生日期|出生年月日|생년월일)"
)
_BIRTH = quick(re.compile(rf"{_BIRTH_WORDS}[^\d\n]{{0,20}}?({_DATE})", re.IGNORECASE))

# Brazilian account (conta corrente 12345-6, agência 1234-5), Portuguese NIB (21 digits).
_ACCOUNT = re.compile(
    fold_pattern(
        r"\b(?:conta(?:\s+(?:corrente|poupança|salário|bancária))?|c/c|ag(?:ência|\.))"
        r"(?:\s+n\.?[ºo°]?\.?)?[:\s]\s*(\d{3,12}-[\dXx])(?![\d-])"
        r"|\bNIB\b[^\d\n]{0,8}(\d{4}\s?\d{4}\s?\d{4}\s?\d{4}\s?\d{4}\s?\d)(?!\d)"
    ),
    re.IGNORECASE,
)
# A Pix key after the word: a random key (UUID) or a number of 10 digits or more.
_PIX = re.compile(
    r"\bpix\b[^\n]{0,40}?(\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b|"
    r"(?<![\d.,])\+?\d(?:[ .()/-]{0,2}\d){9,15}(?![\d,]))",
    re.IGNORECASE,
)
# A phone number spelled out digit by digit: "nove um dois, três quatro cinco, seis sete oito".
_DIGIT_WORDS = (
    "zero um uma dois duas tres quatro cinco seis meia sete oito nove cero uno dos cuatro siete ocho "
    "nueve one two three four five six seven eight nine"
)
_DIGIT_WORD = "(?:" + "|".join(_DIGIT_WORDS.split()) + ")"
_SPELLED_PHONE = re.compile(rf"\b{_DIGIT_WORD}(?:[\s,.-]+{_DIGIT_WORD}){{7,14}}\b", re.IGNORECASE)
_DIGIT_GATE = frozenset(_DIGIT_WORDS.split())

# Words one of which must be there (the folded view drops accents: agência is agencia).
_GATE = gate(
    """nasci nascido nascida nascimento nasc dt dob birth born birthday birthdate nacimiento naci
    naissance nee geburtsdatum geboren nascita nato nata conta c ag agencia nib pix"""
)
_GATE_WIDE = ("生年月日", "出生", "생년월일", "рожд", "родил")


def spelled_phones(text: str) -> list[Hit]:
    """Phone numbers written as words, digit by digit (eight digits or more), on a folded view."""
    if len(_DIGIT_GATE & tokens(text)) < 3:
        return []
    return [
        (m.start(), m.end(), "phone number (spelled out)") for m in _SPELLED_PHONE.finditer(text)
    ]


def find(text: str) -> list[Hit]:
    """Dates of birth, bank accounts and Pix keys on a folded view (one holding a digit)."""
    if _GATE.isdisjoint(tokens(text)) and (
        text.isascii() or not any(w in text for w in _GATE_WIDE)
    ):
        return []
    hits: list[Hit] = []
    for m in _BIRTH.finditer(text):
        hits.append((m.start(1), m.end(1), "date of birth"))
    for m in _ACCOUNT.finditer(text):
        group = 1 if m.group(1) else 2
        hits.append((m.start(group), m.end(group), "bank account number"))
    for m in _PIX.finditer(text):
        hits.append((m.start(1), m.end(1), "Pix key"))
    return hits
