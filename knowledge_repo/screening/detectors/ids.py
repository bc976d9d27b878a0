"""National identity numbers and passport numbers, in the countries visitors write from.

A number is an id when its checksum holds (python-stdnum's validators: Spanish
DNI/NIE, French NIR, Italian codice fiscale, Brazilian CPF, Korean resident
number, Russian SNILS), or, where a shape alone says too little (9 or 11
digits are also phone or order numbers), when a word naming it stands just
before (NIF, Steuer-ID, ИНН, passport in ten languages).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from stdnum.br import cnpj, cpf
from stdnum.de import idnr
from stdnum.es import dni, nie
from stdnum.fr import nir
from stdnum.it import codicefiscale
from stdnum.kr import rrn
from stdnum.pt import cc, nif
from stdnum.ru import inn

from ..folding import Hit, fold_pattern, gate, tokens
from . import ids_named

_E = r"(?![A-Za-z0-9])"


def _digits(value: str) -> str:
    return re.sub(r"[^0-9A-Za-z]", "", value).upper()


def _snils(value: str) -> bool:
    d = _digits(value)
    if len(d) != 11:
        return False
    total = sum(int(c) * w for c, w in zip(d[:9], range(9, 0, -1), strict=True)) % 101
    return (0 if total == 100 else total) == int(d[9:])


def _shape(first: str, rest: str) -> re.Pattern[str]:
    """``(?<![A-Za-z0-9]) + first + rest + _E`` led by its first character (`first`, one
    class), which the engine skips ahead to; the look-behind after it reads the same character
    before it."""
    return re.compile(rf"{first}(?<![A-Za-z0-9]{first}){rest}{_E}")


def _checked(module) -> Callable[[str], bool]:
    return lambda value: bool(module.is_valid(_digits(value)))


# (shape, validator, reason): the checksum decides.
_CHECKED: tuple[tuple[re.Pattern[str], Callable[[str], bool], str], ...] = (
    (_shape(r"\d", r"\d{7}[- ]?[A-HJ-NP-TV-Z]"), _checked(dni), "Spanish DNI"),
    (_shape("[XYZ]", r"[- ]?\d{7}[- ]?[A-Z]"), _checked(nie), "Spanish NIE"),
    (
        _shape("[12]", r" ?\d\d ?\d\d ?(?:\d\d|2[AB]) ?\d{3} ?\d{3} ?\d\d"),
        _checked(nir),
        "French social security number",
    ),
    (
        _shape("[A-Z]", r"[A-Z]{5}\d\d[A-EHLMPRST]\d\d[A-Z]\d{3}[A-Z]"),
        _checked(codicefiscale),
        "Italian codice fiscale",
    ),
    (_shape(r"\d", r"\d\d\.\d{3}\.\d{3}-\d\d"), _checked(cpf), "Brazilian CPF"),
    (_shape(r"\d", r"\d\.\d{3}\.\d{3}/\d{4}-\d\d"), _checked(cnpj), "Brazilian CNPJ"),
    (_shape(r"\d", r"\d{7} ?\d ?[A-Z]{2}\d"), _checked(cc), "Portuguese Cartão de Cidadão"),
    (_shape(r"\d", r"\d{5}-[1-8]\d{6}"), _checked(rrn), "Korean resident number"),
    (_shape(r"\d", r"\d\d-\d{3}-\d{3}[ -]\d\d"), _snils, "Russian SNILS"),
)

_ID_AFTER = r"[^\w\n]{0,4}(?:\w+[^\w\n]{1,3}){0,3}?"
# (word, shape, validator or None, reason): the word names it, the shape (and check) confirm.
_NAMED: tuple[tuple[re.Pattern[str], Callable[[str], bool] | None, str], ...] = (
    (
        re.compile(
            rf"\b(?:NIF|NIPC|contribuinte){_ID_AFTER}(\d{{3}} ?\d{{3}} ?\d{{3}})" + _E, re.I
        ),
        _checked(nif),
        "Portuguese NIF",
    ),
    (
        re.compile(
            rf"(?:Steuer-?ID|Steueridentifikationsnummer|IdNr){_ID_AFTER}(\d\d ?\d{{3}} ?\d{{3}} ?\d{{3}})"
            + _E,
            re.I,
        ),
        _checked(idnr),
        "German tax id",
    ),
    (re.compile(rf"ИНН{_ID_AFTER}(\d{{10}}|\d{{12}})" + _E), _checked(inn), "Russian INN"),
    (
        re.compile(r"(?:주민등록번호|주민번호)[^\d\n]{0,12}(\d{6}-?\d{7})(?!\d)"),
        None,
        "Korean resident number",
    ),
    (
        re.compile(
            r"\bcodice\s+fiscale[^\w\n]{0,4}([A-Z]{6}\d\d[A-Z]\d\d[A-Z]\d{3}[A-Z])" + _E, re.I
        ),
        None,
        "Italian codice fiscale",
    ),
    (
        re.compile(r"\bCPF[^\d\n]{0,20}(\d{3}\.?\d{3}\.?\d{3}-?\d\d)(?!\d)", re.I),
        _checked(cpf),
        "Brazilian CPF",
    ),
    (
        re.compile(
            fold_pattern(
                r"(?:Ausweisnummer|Personalausweis\w*|DNI|documento|documento de identidad|"
                r"carta d'identità|carte d'identité)"
            )
            + rf"{_ID_AFTER}([A-Z0-9]{{8,10}})"
            + _E,
            re.I,
        ),
        lambda v: sum(c.isdigit() for c in v) >= 5,
        "identity card number",
    ),
    (
        re.compile(
            fold_pattern(
                r"(?:passport|pasaporte|passaporte|passeport|reisepass|pass|passaporto|паспорт\w*|"
                r"护照|護照|旅券|パスポート|여권)"
            )
            + r"[^\d\n]{0,30}?((?:[A-Z]{1,2}\d{6,9}|\d{2}[A-Z]{2}\d{5}|\d{2} ?\d{2} ?\d{6}|\d{8,9}|"
            r"[A-Z]\d{7,8}[A-Z]?))" + _E,
            re.I,
        ),
        None,
        "passport number",
    ),
)

# Brazilian and Portuguese numbers named by their word, with their own gate (cartão, identidade
# and the like are everyday Portuguese words: they should not wake the patterns above).
_NAMED_PT: tuple[tuple[re.Pattern[str], Callable[[str], bool] | None, str], ...] = (
    (
        re.compile(r"\bCNPJ[^\d\n]{0,12}(\d\d\.?\d{3}\.?\d{3}/?\d{4}-?\d\d)(?!\d)", re.I),
        _checked(cnpj),
        "Brazilian CNPJ",
    ),
    (
        # Brazilian RG (no checksum common to the states), Portuguese BI, other numbered cards.
        re.compile(
            fold_pattern(
                r"\b(?:RG|carteira de identidade|cédula de identidade|identidade|BI|"
                r"bilhete de identidade|cartão de cidadão|NISS|segurança social|número de utente|utente|SNS|"
                r"PIS|PASEP|NIS|CNH|"
                r"carteira de motorista|carta de condução|título de eleitor|cartão do SUS)\b"
            )
            + r"[^\d\n]{0,16}?((?:[A-Z]{2}[- ]?)?\d(?:[. -]?\d){5,14}(?:-?[\dXx])?)(?![\dA-Za-z])",
            re.I,
        ),
        lambda v: 7 <= sum(c.isdigit() for c in v) <= 15,
        "identity card number",
    ),
)
_NAMED_PT_GATE = gate(
    """cnpj rg bi identidade cidadão cartão niss segurança utente sns pis pasep nis cnh motorista
    condução eleitor"""
)

# Words naming an id (any of them, or a CJK one, lets the named patterns run).
_NAMED_GATE = gate(
    """nif nipc contribuinte steuer id steueridentifikationsnummer idnr инн cpf codice ausweisnummer personalausweis dni documento carta carte passport pasaporte passaporte
    passeport reisepass pass passaporto паспорт паспорта паспорте"""
)
_NAMED_CJK = ("주민", "护照", "護照", "旅券", "パスポート", "여권")
# Whether a text holds one (searched only for that): led by one class, so the engine skips
# ahead to digits and capitals; r"\d{6}|\d{3}[.-]\d{3}|[A-Z]{6}\d\d|\d ?\d\d ?\d\d ?\d\d".
_LONG_NUMBER = re.compile(
    r"[\dA-Z](?:(?<=\d)(?:\d{5}|\d\d[.-]\d{3}| ?\d\d ?\d\d ?\d\d)|(?<=[A-Z])[A-Z]{5}\d\d)"
)


def find(text: str) -> list[Hit]:
    """Identity and passport numbers on a folded view."""
    hits: list[Hit] = []
    words = tokens(text)
    named = not _NAMED_GATE.isdisjoint(words) or (
        not text.isascii() and any(w in text for w in _NAMED_CJK)
    )
    checked = _LONG_NUMBER.search(text) is not None
    for shape, valid, reason in _CHECKED if checked else ():
        for m in shape.finditer(text):
            if valid(m.group()):
                hits.append((m.start(), m.end(), f"identity number ({reason})"))
    named_pt = _NAMED_PT if not _NAMED_PT_GATE.isdisjoint(words) else ()
    for pattern, check, reason in (_NAMED if named else ()) + named_pt:
        for m in pattern.finditer(text):
            if check is None or check(m.group(1)):
                hits.append((m.start(1), m.end(1), f"identity number ({reason})"))
    # Every number ids_named.find looks for holds a long run of digits; one's own handle may not.
    return hits + (ids_named.find(text) if checked else []) + ids_named.mine(text)
