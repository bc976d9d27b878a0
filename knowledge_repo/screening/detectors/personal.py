"""Personal data: e-mail, phone, postal address, payment card, national ids, IBAN, IP address.

Numbers are the hard part: opening hours, prices, dates, order numbers and
version numbers look like phone or card numbers. So a number is a phone
number only with a phone shape (international prefix, trunk 0, a national
grouping) or a phone word before it; a card needs a card-network prefix and
a valid Luhn digit; an id needs its checksum or, where it has none that a
shape can tell, a word naming it.
"""

from __future__ import annotations

import functools
import re

import phonenumbers

from ..folding import Hit, gate, tokens
from . import addresses, details, ids
from .firsts import quick

PERSONAL_DATA = "personal_data"

EMAIL_REASON = "email address"
PHONE_REASON = "phone number"
ADDRESS_REASON = "postal address"

_EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
# "jane [at] example [dot] org", the usual way of hiding an address from scrapers.
_EMAIL_SPELLED = re.compile(
    r"\b[A-Za-z0-9._%+-]+\s*(?:\[at\]|\(at\))\s*[A-Za-z0-9-]+\s*(?:\[dot\]|\(dot\))\s*[a-z]{2,}\b",
    re.IGNORECASE,
)
# "jane dot doe at gmail dot com", "joao.silva arroba gmail ponto com", "pedro (ponto) alves
# (arroba) hotmail (ponto) com": the words bare between spaces, or in brackets.
_DOT_WORD = r"(?:dot|punto|point|punkt|ponto|точка)"
_AT_WORD = r"(?:at|arroba|chez|bei|chiocciola|собака)"


def _spelled(word: str) -> str:
    return rf"(?:\s+{word}\s+|\s*[\[(]\s*{word}\s*[\])]\s*)"


_EMAIL_WORDS = re.compile(
    rf"\b[A-Za-z0-9._%+-]+(?:{_spelled(_DOT_WORD)}[A-Za-z0-9_%+-]+)*{_spelled(_AT_WORD)}"
    rf"[A-Za-z0-9-]+(?:{_spelled(_DOT_WORD)}[A-Za-z0-9-]+)*{_spelled(_DOT_WORD)}"
    r"(?:com|org|net|edu|gov|info|io|co|uk|de|fr|es|it|ru|jp|cn|kr|pt|br|eu|nl|ch|at|be|ca|au|mx)\b",
    re.IGNORECASE,
)
_EMAIL_WORDS_GATE = re.compile(rf"[\s\[(]{_DOT_WORD}[\s\])]", re.IGNORECASE)
# On ASCII text the gate's word, set off by spaces or brackets, is one of the text's words
# (IGNORECASE equates nothing but the two cases there): a set test before the search.
_DOT_WORDS = frozenset({"dot", "punto", "point", "punkt", "ponto"})
# "lucas_ferreira99 arroba hotmail.com": a word for @ that means nothing else, the dots written.
_EMAIL_AT_WORD = re.compile(
    r"\b[A-Za-z0-9._%+-]+\s*[\[(]?\s*(?:arroba|chiocciola|собака)\s*[\])]?\s*"
    r"[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b",
    re.IGNORECASE,
)
# ASCII word boundaries: in Chinese and Japanese a number follows a letter directly (手机号是138…).
_B = r"(?<![A-Za-z0-9_])"
_E = r"(?![A-Za-z0-9_])"
_PHONE = re.compile(
    r"(?<![A-Za-z0-9_.+/-])(?:\+|00)?\(?\d(?:[ \-.()]{0,2}\d){6,16}(?![A-Za-z0-9_/])(?!\.\d)(?!-\d)"
)
# Digit first, then the look-behind: the engine skips to digits instead of testing every position.
_CARD = re.compile(r"\d(?<![\d-]\d)(?:[ -]?\d){12,18}(?![\d-])")
_CARD_PREFIX = re.compile(r"(?:4|5[1-5]|2[2-7]|3[04-8]|6)")
_IPV4 = re.compile(
    r"(?<![A-Za-z0-9_.])(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)(?!\d|\.\d)"
)
_CN_ID = re.compile(
    r"\d(?<!\d\d)\d{5}(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx](?![\dA-Za-z])"
)
# Digit first (the engine skips to digits), then the checks of the look-arounds that led it:
# no digit or hyphen before, not 9xx, 000 or 666.
_SSN = re.compile(
    r"\d(?<![\d-]\d)(?<!9)(?!(?<=0)00|(?<=6)66)\d\d-(?!00)\d\d-(?!0000)\d{4}(?![\d-])"
)
_MY_NUMBER = re.compile(r"\d(?<!\d\d)\d{3}[ -]?\d{4}[ -]?\d{4}(?!\d)")
_UK_NI = re.compile(
    _B
    + r"(?!BG|GB|NK|KN|TN|NT|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\d\d ?\d\d ?\d\d ?[A-D]"
    + _E
)
# Led by a capital (the engine skips ahead to one), the look-behind of _B after it.
_IBAN = re.compile(r"[A-Z](?<![A-Za-z0-9_][A-Z])[A-Z]\d\d(?: ?[A-Z0-9]){11,30}" + _E)

_STREET_SUFFIX = (
    r"(?:Street|St|Avenue|Ave|Road|Rd|Lane|Ln|Boulevard|Blvd|Drive|Dr|Court|Ct|Place|Pl|Way|"
    r"Terrace|Close|Square|Sq|Parkway|Pkwy|Highway|Hwy|Crescent|Row|Mews|Gardens|Grove|Circle|"
    r"Trail|Alley|Plaza)"
)
_ADDRESS = quick(
    re.compile(
        # 221B Baker Street / 123 Main St, Springfield / 1600 Pennsylvania Avenue NW, Washington, DC 20500
        r"(?<![A-Za-z0-9_#-])\d{1,5}[A-Za-z]?(?:-\d{1,4})?,?\s+(?:[A-Z][\w'.-]*\s+){1,3}"
        + _STREET_SUFFIX
        + r"\b\.?(?:\s+(?:NW|NE|SW|SE|N|S|E|W)\b)?"
        r"(?:,\s*(?:(?:Apt|Suite|Unit|Flat)\.?\s*\w+,\s*)?[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?"
        r"(?:,?\s+[A-Z]{2}(?:\s+\d{5}(?:-\d{4})?)?)?)?"
        r"|\bP\.?\s?O\.?\s+Box\s+\d{1,6}\b"
        # UK postcode, e.g. NW1 6XE
        r"|\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b"
        # Chinese road + number: 建国路88号, 南京东路100号3楼, 忠孝东路四段100号 (not 3号线, 5号门)
        r"|(?:(?![省市区區县縣在住于是的到])[\u4e00-\u9fff]){1,6}(?<![道公马馬铁鐵线線水])(?:路|街|大道|大街|巷|胡同|弄)"
        r"(?:[一二三四五六七八九十]{1,2}段)?\s*\d{1,5}\s*[号號]"
        r"(?![线線门門桥橋])(?:\s*\d{1,4}\s*(?:号楼|號樓|栋|棟|单元|單元|室|层|層|楼|樓))*"
        # Japanese: 1丁目2番3号, 神南1-2-3 after a ward or town, 5番地, 〒150-0041
        r"|(?:\d{1,2}|[一二三四五六七八九十]{1,3})丁目\s*\d{1,4}\s*(?:番地?|-)\s*\d{1,4}\s*号?"
        r"|[\u4e00-\u9fff]{1,6}(?:区|市|町|村)[\u4e00-\u9fff\u3040-\u30ff]{1,8}?"
        r"(?:(?:\d{1,2}|[一二三四五六七八九十]{1,3})丁目(?:\s*\d{1,4}\s*(?:番地?|-)\s*\d{1,4}\s*号?)?"
        r"|\d{1,4}-\d{1,4}(?:-\d{1,4})?)"
        r"|\d{1,4}番地(?:の?\d{1,4})?"
        r"|〒\s?\d{3}-\d{4}"
    )
)

# Quick checks before the slower patterns: a shape the pattern needs.
# (Each led by one class, which the engine skips ahead to: [A-Z]{2} … and [A-Z]\d… |Box.)
_NI_QUICK = re.compile(r"[A-Z][A-Z] ?\d\d ?\d\d")
_POSTCODE = re.compile(r"[A-Z](?:(?<=[A-Z])\d[A-Z\d]? \d[A-Z]{2}|(?<=B)ox)")
_STREET_GATE = gate(
    """street st avenue ave road rd lane ln boulevard blvd drive dr court ct place pl way terrace
    close square sq parkway pkwy highway hwy crescent row mews gardens grove circle trail alley plaza"""
)

# Words before a number that say what it is.
_PHONE_WORDS = quick(
    re.compile(
        r"(?:\b(?:call|calling|phone|tel|telephone|mobile|cell|fax|whatsapp|text|sms|ring|dial|"
        r"reach|contact|hotline|telefono|movil|celular|telemovel|llamame|llama|liga|ligue|appelle|"
        r"appelez|portable|joignable|handy|handynummer|telefon|ruf|anrufen|erreichen|cellulare|"
        r"chiamami|chiama|telefone|contato|contacto|ligar|fixo|zap|whats|wpp|mensagem|manda)\b|телефон|звони|позвони|мобильн|휴대폰|전화|연락|"
        r"电话|電話|手机|手機|联系|聯繫|携帯|ケータイ|☎|📞)"
        r"[^\d\n]{0,20}$",
        re.IGNORECASE,
    )
)
_NOT_PHONE_WORDS = quick(
    re.compile(
        r"(?:\b(?:order|invoice|ref|reference|tracking|booking|confirmation|reservation|ticket|"
        r"receipt|transaction|serial|model|part|sku|isbn|issn|case|claim|policy|version|build|"
        r"release|ver|v|id|pedido|encomenda|commande|bestellung|bestellnummer|bestell|ordine|"
        r"auftrag|rechnung|factura|fattura|facture|fatura|reference|referencia|riferimento|protocolo|"
        r"rastreio|rastreamento|boleto|localizador|comprovante|nota fiscal)\b|"
        # "no."/"nr" before a number, not Portuguese "no" (in the): "me chama no zap", "ligue no 11 …"
        r"\bno(?:\.\s*|\s*[:#]\s*)$|\bnr\b\.?\s*[:#]?\s*$|"
        # A bank's BIC, a company's registry numbers, an article or model number (Russian).
        r"заказ\w*|счет|бик|огрн\w*|кпп|окпо|оквэд|артикул\w*|модел\w*|серийн\w*|накладн\w*|"
        r"трек-?номер\w*|주문|#|订单|訂單|单号|單號|编号|編號|流水号|版本|注文|予約|受付|伝票|"
        r"条形码|條形碼|条码|條碼|编码|編碼|批准文号|批准文號|序列号|序列號|批号|批號|型号|型號|"
        r"バージョン|型番)[^\d\n]{0,16}$",
        re.IGNORECASE,
    )
)
_CARD_WORDS = re.compile(r"(?:card|visa|mastercard|amex|卡号|卡號|信用卡|カード)", re.IGNORECASE)
_VERSION_WORDS = re.compile(
    r"(?:\b(?:version|ver|release|build|v|versao|versione)\b|версия|버전|版本|バージョン)\W{0,3}$",
    re.I,
)
_MY_NUMBER_WORDS = re.compile(r"(?:マイナンバー|個人番号|\bmy\s*number\b)", re.IGNORECASE)
_CN_ID_WORDS = re.compile(r"(?:身份证|身份證|证件|證件|\bID\b)", re.IGNORECASE)
_DATE = re.compile(
    r"\(?(?:(?:19|20)\d\d([-./])(?:0?[1-9]|1[0-2])\1(?:0?[1-9]|[12]\d|3[01])|"
    r"(?:0?[1-9]|[12]\d|3[01])([-./])(?:0?[1-9]|1[0-2])\2(?:19|20)\d\d)\)?"
)
# Year ranges, also in brackets: (1831-1879), 1998 - 2004.
_YEARS = re.compile(r"\(?(?:1[5-9]|20)\d\d\s?[-/]\s?(?:1[5-9]|20)\d\d\)?")
# National groupings of a number without an international prefix (US 3-3-4, CN 3-4-4, …);
# a bare 4-4 (Hong Kong) is too like a code or reference to count without a phone word.
_PHONE_SHAPES = {(3, 3, 4), (3, 4, 4), (2, 4, 4), (4, 3, 4), (3, 3, 3, 3)}


def luhn(digits: str) -> bool:
    """The Luhn check digit of payment cards is valid."""
    total = 0
    for i, d in enumerate(reversed(digits)):
        n = int(d)
        if i % 2:
            n = n * 2 - 9 if n > 4 else n * 2
        total += n
    return total % 10 == 0


def _cn_id_ok(number: str) -> bool:
    weights = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
    total = sum(int(d) * w for d, w in zip(number[:17], weights, strict=True))
    return "10X98765432"[total % 11] == number[17].upper()


def _iban_ok(compact: str) -> bool:
    if not 15 <= len(compact) <= 34:
        return False
    moved = compact[4:] + compact[:4]
    return int("".join(str(int(c, 36)) for c in moved)) % 97 == 1


_NOT_DIGIT = re.compile(r"\D")
_AREA_CODE = re.compile(r"\(\d{2,5}\)")
_CN_MOBILE = re.compile(r"1[3-9]\d{9}")
_GROUPS = re.compile(r"[ \-.()/]+")


def _phone_ok(text: str, start: int, number: str) -> bool:
    digits = _NOT_DIGIT.sub("", number)
    if not 8 <= len(digits) <= 15:
        return False
    before = text[max(0, start - 40) : start]
    if _IPV4.fullmatch(number):
        return False  # (an IP address left alone is not a phone number either)
    if _PHONE_WORDS.search(before):
        return True
    if _NOT_PHONE_WORDS.search(before) or _DATE.fullmatch(number) or _YEARS.fullmatch(number):
        return False
    if number.startswith("+"):
        return len(digits) >= 9 and _valid_somewhere(number, ())
    if number.startswith("00"):
        return len(digits) >= 11  # 00, a country code and a national number
    if _AREA_CODE.match(number):
        return True  # an area code in brackets: (555) 123-4567
    if digits[0] == "0" and len(digits) >= 9:
        return True  # national trunk prefix (UK, Japan, China landlines)
    if _CN_MOBILE.fullmatch(digits):
        return True  # Chinese mobile
    groups = tuple(len(g) for g in _GROUPS.split(number) if g)
    if len(groups) > 1 and groups in _PHONE_SHAPES:
        return True
    return len(groups) > 2 and len(digits) >= 9 and _valid_somewhere(number, _regions(text))


# Regions whose national formats are tried, by the script of the text (libphonenumber).
_LATIN_REGIONS = ("ES", "PT", "BR", "FR", "DE", "IT", "US", "GB", "MX", "AR")


def _regions(text: str) -> tuple[str, ...]:
    if re.search(r"[\uac00-\ud7a3]", text):
        return ("KR",)
    if re.search(r"[\u3040-\u30ff]", text):
        return ("JP",)
    if re.search(r"[\u4e00-\u9fff]", text):
        return ("CN", "TW", "HK")
    if re.search(r"[\u0400-\u04ff]", text):
        return ("RU", "UA", "BY", "KZ")
    return _LATIN_REGIONS


@functools.lru_cache(maxsize=4096)
def _valid_somewhere(number: str, regions: tuple[str, ...]) -> bool:
    """A valid number (libphonenumber's metadata) in one of the regions, or anywhere with a +."""
    for region in (None,) if number.startswith("+") else regions:
        try:
            if phonenumbers.is_valid_number(phonenumbers.parse(number, region)):
                return True
        except phonenumbers.NumberParseException:
            continue
    return False


# One C-level search instead of a Python generator per character.
_ANY_DIGIT = re.compile(r"\d")
# The fewest digits a match of each number pattern holds (worked out from the parsed patterns in
# tests/screening/test_engine_paths.py): with fewer in the text, the pattern is not run.
_LEAST_DIGITS = {
    "card": 13,
    "cn_id": 17,
    "ssn": 9,
    "my_number": 12,
    "uk_ni": 6,
    "ipv4": 4,
    "phone": 7,
}


def find(text: str) -> list[Hit]:
    """Personal data on a folded view, most specific kind first, no two hits overlapping."""
    hits: list[Hit] = []

    def add(start: int, end: int, reason: str) -> None:
        if not any(start < e and s < end for s, e, _ in hits):
            hits.append((start, end, reason))

    if "@" in text:
        for m in _EMAIL.finditer(text):
            add(m.start(), m.end(), EMAIL_REASON)
    if "[" in text or "(" in text:
        for m in _EMAIL_SPELLED.finditer(text):
            add(m.start(), m.end(), EMAIL_REASON)
    if (not text.isascii() or not _DOT_WORDS.isdisjoint(tokens(text))) and (
        _EMAIL_WORDS_GATE.search(text)
    ):
        for m in _EMAIL_WORDS.finditer(text):
            add(m.start(), m.end(), EMAIL_REASON)
    if "arroba" in text or "chiocciola" in text or "собака" in text:
        for m in _EMAIL_AT_WORD.finditer(text):
            add(m.start(), m.end(), EMAIL_REASON)
    for start, end, reason in details.spelled_phones(text):
        add(start, end, reason)
    count = len(_ANY_DIGIT.findall(text))
    if not count:
        return hits
    least = _LEAST_DIGITS
    for m in _IBAN.finditer(text):
        compact = m.group().replace(" ", "")
        # The pattern may run on into a following word; shorten until the checksum holds.
        while len(compact) >= 15 and not _iban_ok(compact):
            compact = compact[:-1]
        if len(compact) >= 15:
            end, seen = m.start(), 0
            while seen < len(compact):
                seen += text[end] != " "
                end += 1
            add(m.start(), end, "bank account number (IBAN)")
    for m in _CARD.finditer(text) if count >= least["card"] else ():
        digits = _NOT_DIGIT.sub("", m.group())
        before = text[max(0, m.start() - 30) : m.start()]
        if (
            13 <= len(digits) <= 19
            and _CARD_PREFIX.match(digits)
            and luhn(digits)
            and (_CARD_WORDS.search(before) or not _NOT_PHONE_WORDS.search(before))
        ):
            add(m.start(), m.end(), "payment card number")
    for start, end, reason in ids.find(text):
        add(start, end, reason)
    for start, end, reason in details.find(text):
        add(start, end, reason)
    for m in _CN_ID.finditer(text) if count >= least["cn_id"] else ():
        before = text[max(0, m.start() - 20) : m.start()]
        if _cn_id_ok(m.group()) or _CN_ID_WORDS.search(before):
            add(m.start(), m.end(), "identity number (Chinese resident id)")
    for m in _SSN.finditer(text) if count >= least["ssn"] else ():
        add(m.start(), m.end(), "identity number (US social security number)")
    for m in _MY_NUMBER.finditer(text) if count >= least["my_number"] else ():
        if _MY_NUMBER_WORDS.search(text[max(0, m.start() - 20) : m.start()]):
            add(m.start(), m.end(), "identity number (Japanese My Number)")
    for m in _UK_NI.finditer(text) if count >= least["uk_ni"] and _NI_QUICK.search(text) else ():
        add(m.start(), m.end(), "identity number (UK National Insurance number)")
    for m in _IPV4.finditer(text) if count >= least["ipv4"] and text.count(".") >= 3 else ():
        if not _VERSION_WORDS.search(text[max(0, m.start() - 12) : m.start()]):
            add(m.start(), m.end(), "IP address")
    for m in _PHONE.finditer(text) if count >= least["phone"] else ():
        number = m.group()
        if number.endswith(")") and "(" not in number:
            number = number[:-1]
        if _phone_ok(text, m.start(), number):
            add(m.start(), m.start() + len(number), PHONE_REASON)
    street = not _STREET_GATE.isdisjoint(tokens(text)) or not text.isascii()
    for m in _ADDRESS.finditer(text) if street or _POSTCODE.search(text) else ():
        add(m.start(), m.end(), ADDRESS_REASON)
    for start, end, reason in addresses.find(text, ADDRESS_REASON):
        add(start, end, reason)
    hits.sort()
    return hits
