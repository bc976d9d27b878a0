"""Postal addresses written in Spanish, Portuguese, French, German, Italian, Russian and Korean.

A street word and a name are not enough ("la Calle de Alcalá es muy larga",
"die Hauptstraße ist gesperrt"): an address needs its house number, in the
order the language writes it (Calle de Alcalá 45, 12 rue de Rivoli,
Hauptstraße 12, Via del Corso 112, ул. Тверская, д. 7, 테헤란로 152). English,
Chinese and Japanese addresses are in :mod:`.personal`.
"""

from __future__ import annotations

import re

from ..folding import Hit, fold_pattern, gate, tokens
from .firsts import quick

_CAP = r"[A-ZÁÉÍÓÚÑÂÊÔÃÕÇÀÈÌÒÙÄÖÜ][\w'’.-]*"
# Up to four capitalised words (a particle between them: Barão de Itapetininga), the last one
# possibly followed by a comma (Rua Augusta, 274).
_NAME = rf"(?:{_CAP}\s+(?:(?:de|da|do|das|dos|del|di|e)\s+)?){{0,3}}?{_CAP},?\s+"
_NUM = r"(?:n\.?[ºo°]\.?\s*|n\.\s*|número\s+|num\.\s*)?\d{1,5}[A-Za-z]?(?![\d.,]\d)"
_PATTERNS = [
    # es / pt / it: street word, name, number (Calle de Alcalá 45, Rua Augusta 274, Via del Corso 112)
    r"\b(?:Calle|C/|Avenida|Avda\.?|Av\.|Paseo|Plaza|Pza\.|Camino|Carrera|Ronda|Travesía|Rua|R\.|"
    r"Travessa|Praça|Largo|Estrada|Alameda|Via|Viale|Piazza|P\.zza|Corso|Vicolo|Strada)\s+"
    r"(?:(?:de|del|de la|de los|da|do|das|dos|della|dei|degli|delle|di|dello)\s+)?" + _NAME + _NUM,
    # fr: number, street word, name (12 rue de Rivoli, 5 avenue Anatole France)
    r"(?<![\w,.])\d{1,4}(?:\s?(?:bis|ter))?,?\s+(?:rue|avenue|av\.|boulevard|bd|place|allée|impasse|"
    r"chemin|quai|cours|route|square)\s+(?:(?:de la|de l'|des|du|de|d')\s*)?[A-ZÉÈ][\w'’-]*",
    # de: Hauptstraße 12, Königsallee 27, Am Markt 3
    r"\b[A-ZÄÖÜ][\wäöüß-]*(?:straße|strasse|str\.|weg|allee|platz|gasse|ring|damm|ufer|chaussee)\s+"
    r"\d{1,4}\s?[a-z]?(?![\d.,]\d)(?!\s*(?:Uhr|Euro|€|km|m\b))",
    r"\b(?:Am|An der|Auf dem|Im|Zum|Zur)\s+[A-ZÄÖÜ][\wäöüß-]+\s+\d{1,4}[a-z]?,",
    # ru: ул. Тверская, д. 7 / Невский проспект, дом 28 / на проспекте Мира, д. 12 / ул. Ленина, 5
    r"(?:ул\.|улица|улице|пр\.|проспект[а-я]*|просп\.|пер\.|переулок|наб\.|набережная|бульвар|б-р|"
    r"шоссе|пл\.|площадь)\s*[А-ЯЁа-яё\w. -]{0,30}?,?\s*(?:д\.|дом)\s*\d{1,4}",
    r"(?:ул\.|улица)\s+[А-ЯЁ][а-яё-]+,\s*\d{1,4}",
    # ko: 테헤란로 152, 세종대로 175, 우동 1408-5
    # (a count of weeks, months, hours or times after 앞으로 "from now", 주로 "mostly" is not a number on a road)
    r"[가-힣]{1,10}(?:로|길|대로)\s?\d{1,4}(?:-\d{1,4})?(?!\d)"
    r"(?!번|호|층|시|일|원|분|년|개|명|주|달|초|회|배|차|km|m\b)",
    r"[가-힣]+(?:구|군|시)\s[가-힣]+동\s?\d{1,5}-\d{1,4}",
    # ko: 구월동 55번지 (a lot number), 101동 1203호 (a flat)
    r"[가-힣]+동\s?\d{1,5}(?:-\d{1,4})?\s?번지",
    r"(?<![\d가-힣])(?:[A-Z]|\d{1,4})동\s?\d{1,4}호",
    # pt: CEP 01310-200; código postal 1100-053 Lisboa; Brasília's SQN 308 Bloco C; Bloco C, apto 204
    r"\bCEP\b[^\d\n]{0,16}\d{5}-?\d{3}(?!\d)",
    r"(?<![\w-])\d{4}-\d{3}(?![\w-])(?=\s+[A-Z])",
    r"\b(?:SQN|SQS|SQSW|SQNW|SHIS|SHIN|CLN|CLS|CRN|CRS|QI|QL|QE|QNL|QNM)\s?\d{1,3}\b[^\n]{0,20}?"
    r"\b(?:Bloco|Bl\.|Conjunto|Conj\.|Casa)\s+[A-Z\d]{1,2}\b",
    r"\bBloco\s+[A-Z\d]{1,2},?\s+(?:apto\.?|apartamento|ap\.)\s*\d{1,5}",
]
_ADDRESS = quick(re.compile(fold_pattern("|".join(f"(?:{p})" for p in _PATTERNS))))
# One of these words (or a German street suffix, Cyrillic or Hangul) must be there.
_GATE = gate(
    """calle c avenida avda av paseo plaza pza camino carrera ronda travesía rua r travessa praça
    largo estrada alameda via viale piazza p corso vicolo strada rue avenue boulevard bd place
    allée impasse chemin quai cours route square am an auf im zum zur cep bloco sqn sqs sqsw sqnw shis
    shin cln cls crn crs qi ql qe qnl qnm"""
)
# A Portuguese postal code (1100-053 Lisboa) needs no street word.
_POSTAL_PT = re.compile(r"\d\d{3}-\d{3}\s")  # \d{4}: led by one digit, the engine skips ahead to it
_GERMAN = re.compile(r"(?:straße|strasse|str\.|weg|allee|platz|gasse|ring|damm|ufer|chaussee)\s\d")
_OTHER_SCRIPT = re.compile(r"[\u0400-\u04ff\uac00-\ud7a3]")


def find(text: str, reason: str) -> list[Hit]:
    """Postal addresses of the seven languages on a folded view."""
    other_script = not text.isascii() and _OTHER_SCRIPT.search(text)
    if (
        _GATE.isdisjoint(tokens(text))
        and not _GERMAN.search(text)
        and not other_script
        and not _POSTAL_PT.search(text)
    ):
        return []
    return [(m.start(), m.end(), reason) for m in _ADDRESS.finditer(text)]
