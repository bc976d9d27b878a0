"""Claims about a person at work, of the everyday kind, in the nine languages but Chinese.

Beside :mod:`.people` and :mod:`.people_intl` (arrests, convictions, illness by name): someone
named by their job or name (the receptionist Anna, der Hausmeister, la cajera, охранник, 警備員,
경비원) said to steal, drink or sleep on duty, lie, harass, cheat on a partner, beat a spouse,
sell drugs, be drunk, be on sick leave for an illness, have a record or be under investigation.
A rule ("if the driver has been drinking…", "staff must not drink on duty") names no one: a
sentence that opens with "if" is not read, and the roles need a determiner or a name.
"""

from __future__ import annotations

import re

from ..folding import Hit, fold_pattern, gate
from . import people_intl, people_unclaimed
from . import people_latin_words as latin
from .firsts import quick
from .windows import spans_of

REASON = "claim about an identifiable person"

# English predicates, paired with the roles and names of :mod:`.people`.
PRED_EN = quick(
    re.compile(
        r"\b(?:(?:is|was|were|got|came\s+in)\s+(?:\w+\s+)?(?:drunk|intoxicated|stoned|high\s+on\s+\w+)|"
        r"without\s+(?:a\s+)?prescriptions?|"
        r"(?:slapped|slaps|punched|punches|kicked|kicks|hit|hits|beat|beats|shoves|shoved)\s+"
        r"(?:a|the|one\s+of\s+the|his|her|their)\s+(?:\w+\s+)?(?:boy|girl|child|kid|pupil|student|"
        r"customer|guest|patient|player|resident|dog)s?|(?:shouts|shouted|yells|yelled|screams)\s+at|"
        r"(?:was|got|has\s+been)\s+let\s+go|pocket(?:s|ed|ing)\s+(?:the\s+)?(?:\w+\s+)?(?:cash|money|tips|difference|deposits?|fees?|refunds?)|"
        r"(?:takes|took|uses|used|sells|sold|deals|dealt)\s+(?:\w+\s+)?steroids|"
        r"(?:sleeps|slept|is\s+asleep|falls\s+asleep|naps)\s+(?:through|during|on|at)\s+(?:his\s+|her\s+|the\s+)?"
        r"(?:shifts?|duty|job|work|desk|post)|(?:off\s+sick|on\s+sick\s+leave|signed\s+off)\s+(?:with|for)|"
        r"waters?\s+down|watered\s+down|(?:caught|found)\s+with\s+(?:his|her|their)\s+hands?\s+in\s+the\s+"
        r"(?:till|register|cash)|(?:lies|lied)\s+to|(?:takes|took|accepts|accepted|demands|demanded)\s+"
        r"(?:money|cash|payments?|bribes|gifts)\s+from|(?:gambling\s+)?debts|gambling\s+problem|"
        r"reads?\s+(?:\w+['’]s\s+|the\s+\w+['’]s\s+|other\s+people['’]s\s+)?private\s+(?:e-?mails|messages|mail|files)|"
        r"(?:lying|lied)\s+about|fak(?:ed|ing)\s+(?:his|her)\s+\w+|forged|falsified|"
        r"(?:seen|found|caught)\s+(?:\w+\s+)?drunk|cheat(?:s|ed|ing)?\s+at|addicted\s+to|hungover|overcharg\w+|leaves\s+(?:the\s+)?(?:kids|children|baby)\s+alone|"
        r"(?:sells|sold|buys|bought|deals\s+in)\s+(?:\w+\s+)?stolen)\b",
        re.IGNORECASE,
    )
)
# Roles the list of :mod:`.people` leaves out: someone named by what they do (an agent noun: the
# registrar, the technician, the inspector) or a first name set off by a comma (Sophie, from…).
REF_EN = quick(
    re.compile(
        r"\b(?i:the|our|your|their|this|that|my)\s+(?:[\w-]+\s+)?"
        r"(?!(?i:competitor|provider|operator|retailer|supplier|distributor|manufacturer|server|router|"
        r"computer|printer|browser|scanner|player|other|number|water|weather|winter|summer|center|"
        r"centre|order|letter|paper|calendar|bar|car|star|client|agent|tenant|account)\b)"
        r"(?i:[a-z]+(?:er|or|ar|ist|ian|ant|ent|head|admin)|nanny|babysitter|au\s+pair|carer)\b|"
        r"(?<![\w,] )\b[A-Z][a-z]{2,}(?=,\s|\s+(?:from|at)\s+the\b)"
    )
)
GATE_EN = gate(
    """drunk intoxicated stoned high prescription prescriptions slapped slaps punched punches kicked
    kicks hit hits beat beats shoves shoved shouts shouted yells yelled screams let pockets pocketed
    pocketing steroids sleeps slept asleep naps sick signed waters watered hand hands lies lied
    money cash payment payments bribes gifts debts gambling private lying faked faking forged
    falsified seen found caught cheats cheat cheated cheating addicted stolen hungover deposits fees
    refunds overcharges overcharged overcharging leaves"""
)


def _pair_parts(ref: str, pred: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    return (
        re.compile(fold_pattern(rf"(?<![\w])(?:{ref}|{latin.NAME})"), re.IGNORECASE),
        quick(re.compile(fold_pattern(rf"(?<![\w])(?:{pred})(?![\w])"), re.IGNORECASE)),
    )


# The accusations of :mod:`.people_intl` (detenido, verhaftet, arrestato…) are said of these roles too.
_LATIN_LANGS = ("es", "pt", "fr", "de", "it")
_LATIN_PAIRS = [
    _pair_parts(ref, f"{pred}|{people_intl.LATIN[lang][1]}")
    for (ref, pred), lang in zip(latin.PAIRS, _LATIN_LANGS, strict=True)
]
# Every language's predicates in one search, the language named by the group that matched.
_LATIN_PRED = quick(
    re.compile(
        fold_pattern(
            r"(?<![\w])(?:"
            + "|".join(
                f"(?P<{lang}>{pred}|{people_intl.LATIN[lang][1]})"
                for (_, pred), lang in zip(latin.PAIRS, _LATIN_LANGS, strict=True)
            )
            + r")(?![\w])"
        ),
        re.IGNORECASE,
    )
)
_LATIN_REF = dict(zip(_LATIN_LANGS, (ref for ref, _ in _LATIN_PAIRS), strict=True))
_RU_ROLE = (
    r"администратор|менеджер|инструктор|консьерж|завуч|сисадмин|админ|сотрудни|работни|служащ|чиновни|"
    r"секретар|бухгалтер|главбух|инспектор|завхоз|риелтор|стоматолог|ветеринар|нян|бармен|риэлтор|медсестр|контрол[её]р|кондуктор|уборщи|дворни|владел|водител|кассир|учител|фармацевт|охранник|механик|арендодател|"
    r"врач|повар|библиотекар|официант|продав|бармен|тренер|медсестр|сторож|вахт[её]р|директор|"
    r"управляющ|хозя"
)
_RU_REF = quick(
    re.compile(rf"(?i:(?:{_RU_ROLE})\w*)|[А-ЯЁ][а-яё]+\s+[А-ЯЁ][а-яё]+|(?<!\w)[А-ЯЁ][а-яё]{{2,}}")
)
_RU_PRED = quick(
    re.compile(
        r"(?<!\w)(?:вору\w+|(?:пь[её]т|выпива\w+|напива\w+)\s+(?:\w+\s+)?(?:на\s+(?:работе|смене|посту|дежурстве)|во\s+время\s+\w+)|"
        r"(?:прода[её]т|торгу\w+)\s+(?:\w+\s+)?(?:стероид|наркот|анаболик|травк|гашиш|кокаин|спайс)\w*|запо[йяею]\w*|"
        r"(?:вышел|вышла|освободил\w+)\s+из\s+(?:тюрьмы|колонии|заключения)|отсидел\w*|заразил\w*|(?i:вич)|гепатит\w*|"
        r"был[аи]?\s+пьян\w*|изменя\w+|домогается|"
        r"лечится\s+от|спит\s+на\s+(?:посту|работе|смене)|обману\w*|обманыва\w+|"
        r"бь[её]т\s+(?:жену|мужа|детей)|уголовное\s+дело|судимост\w+|поймали\s+на|бер[её]т\s+взятки|"
        r"задержал\w*|арестовал\w*|за\s+торговлю|спит\s+со?\s+\w+|бер[её]т\s+деньги|погряз\w*|долг\w*|"
        r"чита\w+\s+(?:личн|чуж)\w+|уволил\w*|приста[её]т|вран[ьи]\w*|вр[её]т|соврал\w*|таска\w+|"
        r"поддел\w+|пьян\w*|развод\w*|развел\w*|развёл\w*|жульнича\w*|прода[её]т\s+краден\w+|сидит\s+на\s+\w+|присваива\w+|присвоил\w*|похмел\w+|разбавля\w+|обсчитыва\w+|оставля\w+\s+\w+\s+одн\w+|"
        + people_intl.RU_PREDICATE
        + ")"
    )
)
_RU_GATE = gate(
    """ворует воровал воровала пьёт пьет продаёт продает пьян пьяна пьяный изменяет изменял
    домогается лечится спит обманул обманула обманывает бьёт бьет уголовное судимость поймали
    берёт берет задержали задержала арестовали торговлю со с был была были сидел сидела сидели за
    украл украла украли деньги погряз погрязла погрязли долгах долги долгов читает уволили уволил
    пристаёт пристает враньё вранье врёт врет соврал соврала таскает таскал таскала подделал
    подделала пьяным пьяная пьяный пьян разводится развелся развелась развёлся жульничает пьяны продаёт продает сидит присваивает присвоил присвоила похмелья разбавляет обсчитывает оставляет выпивает выпивал выпивала
    напивается напивался торгует торговал торговала запой запое запоем вышел вышла освободился
    освободилась отсидел отсидела заразил заразила вич гепатит гепатитом подделывал подделывала
    подделывает"""
)
# Japanese (only in text with kana) and Korean.
_JA_REF = re.compile(
    r"マネージャー|オーナー|運転手|警備員|支配人|店長|社長|受付|医師|先生|さん|整備士の[\u4e00-\u9fff]{1,3}|"
    r"料理人|司書|大家|職員|担当|管理人|管理者|獣医|ベビーシッター|バーテンダー"
)
_JA_PRED = quick(
    re.compile(
        r"酒を飲んで|飲酒して|ステロイドを売|薬を売|酔っ払|酔って|"
        r"セクハラ|居眠り|だまし|騙し|暴力をふる|暴力を振る|嘘をつ|うそをつ|訴えられ|万引き|"
        r"金を受け取|お金を受け取|言い寄|つきまと|盗み見|偽って|クビに|くすね|偽造|盗難\w{0,4}を売|盗品|依存症|着服|二日酔い|薄めて|ぼったく|置き去り|"
        r"中毒"
    )
)
_KANA = re.compile(r"[\u3040-\u30ff]")
# 運転手が飲酒している場合は…: a condition, no one.
_JA_IF = re.compile(r"場合|ときは|時は|なら[、,]|たら[、,]")
_KO_REF = re.compile(
    r"직원|매니저|사장|기사|선생|씨|강사|관리인|의사|바텐더|베이비시터|컨시어지|담당자|교감|경비원|정비사|집주인|원장|사서|지배인|약사|요리사"
)
_KO_PRED = quick(
    re.compile(
        r"술을\s?마신|술에\s?취해|스테로이드를\s?판|괴롭힌|괴롭혔|우울증|잠을\s?잔|속여|때린|때렸|훔친다|훔치고|"
        r"훔치는|소송을\s?당|전과|거짓말|훔치다\s?걸|빼돌|해고되었|해고됐|돈을\s?받|몰래|추근|치근|빚|"
        + "위조|중독|가로채|가로챈|숙취|물을\\s?타|바가지|아이들만\\s?두고|혼자\\s?두고|훔친\\s?\\S+(?:을|를)\\s?팔|장물|"
        + people_intl.KO_CLAIM
    )
)
_HANGUL = re.compile(r"[\uac00-\ud7a3]")
_TITLE = re.compile(r"(?<![\w])(?:M|Mme|Dr|Sr|Sra|Mr|Mrs|Ms|Prof)$")


def _paired(
    text: str, ref: re.Pattern[str], pred: re.Pattern[str], reach: int, stops: str
) -> list[tuple[int, int]]:
    """Each predicate with someone named before it in its sentence, at most `reach` characters
    before it (the predicates are searched first: they are rare, the roles and names are not)."""
    return [span for p in pred.finditer(text) for span in _ref_before(text, p, ref, reach, stops)]


def _ref_before(
    text: str, p: re.Match[str], ref: re.Pattern[str], reach: int, stops: str
) -> list[tuple[int, int]]:
    """The first one named before the predicate, as a span to its end (or nothing)."""
    floor = max(0, p.start() - reach - 40)
    end = max(floor - 1, *(text.rfind(mark, floor, p.start()) for mark in stops))
    while end >= floor and _TITLE.search(text, max(0, end - 4), end):  # M. Garnier, Dr. Wolf
        end = max(floor - 1, *(text.rfind(mark, floor, end) for mark in stops))
    for r in ref.finditer(text, end + 1, p.start()):
        if p.start() - r.end() <= reach:
            return [(r.start(), p.end())]
    return []


def find(text: str, words: frozenset[str]) -> list[Hit]:
    """The everyday claims in the Latin and Cyrillic languages, Japanese and Korean."""
    found: list[tuple[int, int]] = []
    if not latin.GATE.isdisjoint(words):
        for m in (
            m
            for start, stop in spans_of(text, words & latin.GATE)
            for m in _LATIN_PRED.finditer(text, start, stop)
        ):
            # (A predicate in two languages' words is paired with either's roles.)
            langs = [
                lang
                for (_, pred), lang in zip(_LATIN_PAIRS, _LATIN_LANGS, strict=True)
                if pred.match(text, m.start())
            ]
            found += [
                span
                for lang in langs
                for span in _ref_before(text, m, _LATIN_REF[lang], 60, ".!?\n")
            ][:1]
        found += [m.span() for m in latin.DE_VERB_FIRST.finditer(text)]
    if not text.isascii():
        if not _RU_GATE.isdisjoint(words):
            found += _paired(text, _RU_REF, _RU_PRED, 60, ".!?\n")
        if _KANA.search(text):
            found += [
                span
                for span in _paired(text, _JA_REF, _JA_PRED, 30, "。!?\n")
                if not _JA_IF.search(text, span[1], span[1] + 20)
            ]
        if _HANGUL.search(text):
            found += _paired(text, _KO_REF, _KO_PRED, 40, ".!?\n")
    return [
        (start, end, REASON)
        for start, end in found
        if not people_unclaimed.unclaimed(text, start, end)
    ]
