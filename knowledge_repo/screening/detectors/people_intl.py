"""Claims about a person in Spanish, Portuguese, French, German, Italian, Russian and Korean.

As in :mod:`.people`: someone identifiable (a role — el gerente, der
Inhaber, директор, 사장 — or a first and last name) and, later in the same
sentence, an accusation (detenido por fraude, wegen Betrugs verhaftet, осуждён
за взятки, 사기로 체포). A role praised or a fraud warning in general is not a claim.
"""

from __future__ import annotations

import re

from ..folding import Hit, fold_pattern, gate, tokens

# Case-sensitive inside the case-insensitive pattern: a name is two capitalised words, not
# any two words (which made every word pair a candidate and the pattern slow).
_NAME = r"(?-i:[A-ZÀ-ÝĀ-Ž][a-zà-ÿā-ž]+\s+[A-ZÀ-ÝĀ-Ž][a-zà-ÿā-ž]+)"
LATIN = {
    "es": (
        r"gerente|dueñ[oa]|propietari[oa]|director[a]?|jef[ea]|encargad[oa]|camarer[oa]|cociner[oa]|"
        r"recepcionista",
        r"(?:fue|ha\s+sido|está|estaba)\s+(?:detenid[oa]|arrestad[oa]|despedid[oa]|condenad[oa]|"
        r"acusad[oa]|denunciad[oa]|investigad[oa]|encarcelad[oa])|robó|estafó|por\s+(?:fraude|robo|"
        r"estafa|robar|corrupción)|tiene\s+cáncer|está\s+embarazada",
    ),
    "pt": (
        r"gerente|don[oa]|proprietári[oa]|diretor[a]?|chefe|funcionári[oa]|empregad[oa]|cozinheir[oa]|"
        r"garçom|garçonete|recepcionista|motorista|síndic[oa]|treinador[a]?|enfermeir[oa]|médic[oa]|"
        r"professor[a]?|padeir[oa]|patrão|patroa|guia|contabilista|contador[a]?|segurança|porteir[oa]|"
        r"vendedor[a]?|dentista|advogad[oa]|prefeit[oa]|atendente|faxineir[oa]|balconista|barman|sóci[oa]|"
        r"caixa|mecânic[oa]|pedreir[oa]|eletricista|encanador[a]?|padre|pastor[a]?|"
        r"(?:senhor|senhora|sr\.|sra\.)\s+(?-i:[A-Z])\w+",
        r"(?:foi|é|era|está|estava|esteve|anda|ficou|tinha\s+sido)\s+(?:pres[oa]|detid[oa]|demitid[oa]|"
        r"despedid[oa]|mandad[oa]\s+embora|condenad[oa]|acusad[oa]|investigad[oa]|internad[oa]|indiciad[oa]|"
        r"processad[oa]|(?:apanhad[oa]|peg[oa])\s+a\s+\w+|peg[oa]\s+\w+ndo|grávida|falid[oa]|endividad[oa]|"
        r"(?:um\s+|uma\s+)?(?:viciad[oa]|drogad[oa]|alcoólatra|alcoólic[oa]|ladrão|ladra|corrupt[oa]|"
        r"traficante|bêbad[oa]|bandid[oa]|criminos[oa]|golpista|vigarista|caloteir[oa]|pedófil[oa]|"
        r"estelionatári[oa]))|"
        r"roubou|rouba|roubava|furtou|desviou|desvia|sonega|sonegou|sonegava|engana|enganou|traiu|trai|"
        r"bate\s+n[ao]s?\s+\w+|bateu\s+n[ao]s?\s+\w+|(?:aceita|aceitou|recebe|recebeu)\s+(?:propina|suborno)s?|"
        r"(?:vende|vendia|usa|usava|consome|trafica)\s+drogas|cheira\s+cocaína|"
        r"bebe\s+(?:durante|no|em|n[ao])\s+(?:o\s+)?(?:trabalho|serviço|expediente|turno)|"
        r"(?:está|anda)\s+se\s+divorciando|se\s+divorciou|tem\s+(?:um\s+caso|uma\s+amante|um\s+amante)|"
        r"(?:tem|está\s+com|anda\s+com)\s+(?:câncer|cancro|hiv|aids|sida|depressão|diabetes|esquizofrenia|hepatite|alzheimer|"
        r"demência|dívidas|uma\s+doença)|por\s+(?:fraude|roubo|corrupção|furto|tráfico|assédio|"
        r"estelionato|desvio|abuso|agressão|violência\s+doméstica)|de\s+(?:assédio|abuso|estupro)|"
        r"assediou|abusou|deve\s+dinheiro|hospital\s+psiquiátrico",
    ),
    "fr": (
        r"directeur|directrice|patron(?:ne)?|gérant(?:e)?|propriétaire|chef|serveur|serveuse",
        r"(?:a\s+été|est|était|été)\s+(?:arrêté|licencié|condamné|accusé|viré|inculpé|emprisonné)e?|"
        r"pour\s+(?:fraude|vol|escroquerie|corruption)|a\s+volé|a\s+un\s+cancer",
    ),
    "de": (
        r"Inhaber(?:in)?|Chef(?:in)?|Geschäftsführer(?:in)?|Manager(?:in)?|Besitzer(?:in)?|"
        r"Direktor(?:in)?|Kellner(?:in)?|Koch|Köchin|Leiter(?:in)?",
        r"wurde\s+(?:\w+\s+){0,3}?(?:verhaftet|entlassen|verurteilt|angeklagt|festgenommen|gefeuert)|"
        r"wegen\s+(?:Betrugs|Diebstahls|Unterschlagung|Bestechung|Trunkenheit)|hat\s+Krebs|stahl|"
        r"betrügt|betrog",
    ),
    "it": (
        r"direttore|direttrice|proprietari[oa]|titolare|gestore|capo|camerier[ea]|cuoc[oa]",
        r"(?:è\s+stat[oa]|fu|era\s+stat[oa])\s+(?:arrestat[oa]|licenziat[oa]|condannat[oa]|accusat[oa]|"
        r"denunciat[oa]|indagat[oa])|per\s+(?:frode|furto|truffa|corruzione)|ha\s+rubato|ha\s+il\s+cancro",
    ),
}
PREDICATE_WORDS = gate(
    """detenido detenida arrestado arrestada despedido despedida condenado condenada acusado acusada
    denunciado denunciada investigado investigada encarcelado robo estafo fraude robo estafa robar
    corrupcion cancer embarazada preso presa detido detida demitido demitida roubou furto cancro
    arrete licencie condamne accuse vire inculpe emprisonne vol escroquerie corruption vole
    verhaftet entlassen verurteilt angeklagt festgenommen gefeuert betrugs diebstahls unterschlagung
    bestechung trunkenheit krebs stahl betrugt betrog arrestato arrestata licenziato licenziata
    condannato condannata accusato accusata denunciato indagato frode truffa corruzione rubato cancro
    despedido despedida mandado internado internada indiciado processado processada apanhado
    apanhada pego pega gravida falido falida endividado endividada viciado viciada drogado drogada
    alcoolatra alcoolico alcoolica ladrao ladra corrupto corrupta traficante bebado bebada bandido
    bandida criminoso criminosa golpista vigarista caloteiro caloteira pedofilo pedofila
    estelionatario rouba roubava desviou desvia sonega sonegou sonegava engana enganou traiu trai
    bate bateu propina propinas suborno drogas cocaina bebe divorciando divorciou caso amante hiv
    aids sida depressao diabetes esquizofrenia hepatite alzheimer demencia dividas doenca roubo
    corrupcao trafico assedio estelionato desvio abuso agressao violencia estupro assediou abusou
    deve psiquiatrico"""
)
_LATIN_RE = re.compile(
    fold_pattern(
        "|".join(
            rf"(?:(?<![\w])(?:{ref})(?![\w])|{_NAME})[^.!?\n]{{0,60}}?(?<![\w])(?:{pred})(?![\w])"
            for ref, pred in LATIN.values()
        )
    ),
    re.IGNORECASE,
)
_RU = re.compile(
    r"(?:(?i:директор\w*|управляющ\w*|владел\w*|хозя\w*|менеджер\w*|официант\w*|повар\w*)|"
    r"[А-ЯЁ][а-яё]+\s+[А-ЯЁ][а-яё]+)[^.!?\n]{0,60}?(?:был[аи]?\s+(?:арестован|уволен|осужд[её]н|задержан|"
    r"обвин[её]н)\w*|сидел[аи]?\s+в\s+тюрьме|за\s+(?:мошенничество|взятки|кражу|растрату)|украл[аи]?)",
)
_KO_ROLE = (
    r"사장|점장|점주|매니저|직원|대표|주인|실장|주방장|셰프|원장|관리자|회장|부장|과장|팀장|이사|"
    r"알바생|알바|아르바이트생|기사|가이드|선생님|의사|약사|[가-힣]{2,3}\s?씨"
)
# Accusations, convictions, health and private life, in news and in everyday speech (잘렸대요).
KO_CLAIM = (
    r"체포|해고(?!됩니다|될|합니다|할|처리)|구속|기소|사기|횡령|절도|불륜|암에|암\s?진단|암\s?투병|훔쳤|훔쳐|도둑질|잘렸|잘린|짤렸|"
    r"전과|감옥|교도소|수감|징역|마약|음주운전|폭행|성희롱|성추행|고소당|고발당|경찰에\s?잡혔|"
    r"바람을\s?피|바람피|이혼|임신|파산|도박|뇌물"
)
_KO = re.compile(rf"(?:{_KO_ROLE})[^.!?\n]{{0,40}}?(?:{KO_CLAIM})")
RU_PREDICATE = (
    r"был[аи]?\s+(?:арестован|уволен|осужд[её]н|задержан|обвин[её]н)|сидел[аи]?\s+в\s+тюрьме|"
    r"за\s+(?:мошенничество|взятки|кражу|растрату)|украл[аи]?"
)
_RU_PREDICATE = re.compile(RU_PREDICATE)
_KO_PREDICATE = re.compile(KO_CLAIM)
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
_HANGUL = re.compile(r"[\uac00-\ud7a3]")
REASON = "claim about an identifiable person"


def find(text: str) -> list[Hit]:
    """Claims about a person in the seven languages on a folded view."""
    patterns = []
    if not PREDICATE_WORDS.isdisjoint(tokens(text)):
        patterns.append(_LATIN_RE)
    if not text.isascii():
        # Every claim holds its predicate: look for that first (one quick search).
        patterns += [_RU] if _CYRILLIC.search(text) and _RU_PREDICATE.search(text) else []
        patterns += [_KO] if _HANGUL.search(text) and _KO_PREDICATE.search(text) else []
    return [(m.start(), m.end(), REASON) for p in patterns for m in p.finditer(text)]
