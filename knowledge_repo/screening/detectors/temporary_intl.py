"""Temporary states said with a time word: "the lift is out of order today", "derzeit geschlossen".

A time word that bounds the present (currently, today, tonight, this week, until Friday, for a
few days; derzeit, heute, diese Woche, bis Freitag; 現在, 本日, 今週; 현재, 오늘, 이번 주 …) marks
a one-off only beside a state that comes and goes: closed or open, out of order, cancelled,
diverted, sold out, fully booked, a discount, nothing left, not working or not taken. Either
alone is a standing fact ("Today the castle houses a museum", "the pool is closed on Mondays"),
and so is the pair in a habit (every day, jeden Montag, 毎週) or a question. A few phrases bound
a state by their own meaning (while stocks last, solange der Vorrat reicht, 在庫がなくなり次第)
and count alone.
"""

from __future__ import annotations

import re

from ..folding import Hit, fold_pattern, gate
from .firsts import quick
from .windows import spans_of

_REASON = "temporary wording"
_DAYS_EN = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
_UNITS_EN = (
    r"(?:day|morning|evening|night|week|weekend|month|year|season|summer|winter|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
)
_UNITS_ES = r"(?:días?|mañanas|tardes|noches|semanas?|mes(?:es)?|años?|fines|lunes|martes|miércoles|jueves|viernes|sábados?|domingos?)"
_UNITS_PT = r"(?:dias?|manhãs|tardes|noites|semanas?|mês|meses|anos?|fins|segundas?|terças?|quartas?|quintas?|sextas?|sábados?|domingos?)"
_UNITS_FR = r"(?:jours?|matins?|soirs?|semaines?|mois|ans|années?|week-ends?|lundis?|mardis?|mercredis?|jeudis?|vendredis?|samedis?|dimanches?)"
_UNITS_DE = r"(?:tag|tage|morgen|abend|woche|wochenende|monat|jahr|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)"
_UNITS_IT = r"(?:giorni?|mattin[ae]|ser[ae]|settiman[ae]|mes[ei]|anni|anno|fine|lunedì|martedì|mercoledì|giovedì|venerdì|sabat[oi]|domenic[ahe]+)"
_LANGS: dict[str, tuple[str, str, str, str]] = {
    # (time words, states, habits, phrases that bound a state alone)
    "en": (
        r"currently|at\s+present|presently|tomorrow|today(?!'s|['’]s)|tonight(?!'s|['’]s)|"
        r"this\s+(?:week|weekend|month|season|morning|afternoon|evening)|"
        rf"until\s+(?:(?:next\s+)?{_DAYS_EN}|the\s+end\s+of\s+(?:the\s+)?(?:week|month))|"
        r"for\s+(?:the\s+next\s+|the\s+coming\s+|a\s+|several\s+)?(?:few\s+|couple\s+of\s+)?(?:days|weeks)|"
        r"until\s+(?:\w+\s+){1,4}(?:arrives?|is\s+(?:fixed|repaired|replaced)|reopens?)|"
        r"during\s+the\s+(?:renovations?|refurbishment|works|repairs|roadworks|construction|strike)|all\s+(?:weekend|week)|"
        r"the\s+next\s+(?:\w+\s+)?(?:days|weeks|months|fortnight)|"
        r"(?:until|till|through)\s+(?:the\s+end\s+of\s+)?(?:january|february|march|april|may|june|july|"
        r"august|september|october|november|december)",
        r"closed|shut|out\s+of\s+(?:order|service|use|action|stock)|down|cancell?ed|suspended|"
        r"unavailable|not\s+available|diverted|sold\s+out|fully\s+booked|booked\s+up|"
        r"open(?:s|ed)?|only|not|no|\w+n['’]t|free|off|discount|locked|half\s+price|fenced\s+off|delays?|delayed|while|short-staffed|understaffed|limited|reduced|"
        r"(?:for|under)\s+(?:repairs?|refurbishment|renovation|maintenance|construction)|being\s+\w+",
        rf"(?:every|each)\s+{_UNITS_EN}|always|usually|daily|nowadays|to\s+this\s+day|"
        r"starting\s+(?:today|tonight|this)|(?:from|as\s+of)\s+(?:today|tonight|this\s+week)|"
        r"on\s+(?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|weekends)|"
        r"(?:most|many|few)\s+\w+s|more\s+and\s+more",
        r"(?:this|today|tonight)\s+(?:week\s+|weekend\s+|month\s+)?only|while\s+(?:stocks|supplies)\s+last|while\s+(?:the\s+)?(?:renovations?|works|repairs)\s+lasts?|"
        r"(?:until|till)\s+the\s+\w+\s+(?:ends|is\s+over|finishes)|while\s+the\s+\w+\s+(?:lasts|continues|is\s+on)",
    ),
    "es": (
        r"actualmente|(?<!la\s)(?<!por\s)mañana(?!s)|en\s+(?:este|estos)\s+momentos?|ahora\s+mismo|hoy(?!\s+en\s+d[ií]a)|"
        r"esta\s+(?:noche|semana|tarde|mañana|temporada)|este\s+(?:fin\s+de\s+semana|mes)|"
        r"hasta\s+el\s+(?:próximo\s+)?(?:lunes|martes|miércoles|jueves|viernes|sábado|domingo)|"
        r"hasta\s+(?:el\s+)?fin(?:al)?\s+de\s+(?:mes|semana)|"
        r"(?:durante|por)\s+(?:unos|algunos|varios)\s+días|estos\s+días|todo\s+el\s+fin\s+de\s+semana|"
        r"hasta\s+(?:(?:el\s+)?fin(?:al)?(?:es)?\s+de\s+)?(?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|"
        r"septiembre|octubre|noviembre|diciembre)|toda\s+la\s+semana|(?:los|las)\s+próxim[oa]s\s+(?:\w+\s+)?(?:días|semanas|meses)",
        r"cerrad[oa]s?|cierra|abiert[oa]s?|abre|averiad[oa]s?|fuera\s+de\s+servicio|no|"
        r"suspendid[oa]s?|suspenden?|cancelad[oa]s?|desviad[oa]s?|agotad[oa]s?|complet[oa]s?|"
        r"descuento|gratis|solo|sólo|cortad[oa]|cerramos|abrimos|(?:la\s+)?mitad|vallad[oa]|retrasos?|retrasad[oa]s?|mientras|por\s+mantenimiento|cort[oa]\s+de\s+personal|reducid[oa]|cerrad[oa]\s+con\s+llave|(?:por|en)\s+(?:obras|reformas|reparaciones)",
        rf"(?:tod[oa]s\s+l[oa]s|cada)\s+{_UNITS_ES}|siempre|hoy\s+en\s+d[ií]a|(?:a\s+partir\s+de|desde)\s+(?:hoy|esta|este)|"
        r"(?:much[oa]s|la\s+mayoría\s+de|casi\s+tod[oa]s|cada\s+vez\s+más)",
        r"(?:solo|sólo)\s+(?:hoy|esta\s+(?:semana|noche)|este\s+(?:fin\s+de\s+semana|mes))|hasta\s+agotar\s+(?:existencias|el\s+stock)|mientras\s+duren?\s+(?:las?|los?)\s+\w+",
    ),
    "pt": (
        r"atualmente|amanhã|no\s+momento(?!\s+d[aoe]s?\b)|neste\s+momento|agora\s+mesmo|hoje(?!\s+em\s+dia)|"
        r"n?esta\s+(?:noite|semana|tarde|manhã|temporada)|n?este\s+(?:fim\s+de\s+semana|mês)|"
        r"até\s+(?:(?:a|o)\s+)?(?:próxim[ao]\s+)?(?:segunda|terça|quarta|quinta|sexta|sábado|domingo)(?:-feira)?|"
        r"até\s+o\s+fi(?:m|nal)\s+d[oa]\s+(?:mês|semana)|"
        r"(?:durante|por)\s+(?:alguns|uns|vários)\s+dias|nestes\s+dias|o\s+fim\s+de\s+semana\s+todo|"
        r"até\s+(?:o\s+)?(?:fi(?:m|nal)\s+de\s+)?(?:janeiro|fevereiro|março|abril|maio|junho|julho|agosto|"
        r"setembro|outubro|novembro|dezembro)|todo\s+o\s+fim\s+de\s+semana|a\s+semana\s+toda|n?(?:os|as)\s+próxim[oa]s\s+(?:\w+\s+)?(?:dias|semanas|meses)",
        r"fechad[oa]s?|fecha|abert[oa]s?|abre|avariad[oa]s?|quebrad[oa]s?|fora\s+de\s+serviço|não|"
        r"indisponíve(?:l|is)|suspens[oa]s?|cancelad[oa]s?|desviad[oa]s?|esgotad[oa]s?|lotad[oa]s?|"
        r"interditad[oa]s?|desconto|grátis|só|(?:para|em)\s+(?:obras|reparos|reformas)|funciona|trancad[oa]s?|fechamos|abrimos|metade|cercad[oa]|atrasos?|atrasad[oa]s?|enquanto|para\s+manutenção|falta\s+de\s+pessoal|reduzid[oa]",
        rf"(?:tod[oa]s\s+[oa]s|cada)\s+{_UNITS_PT}|sempre|hoje\s+em\s+dia|(?:a\s+partir\s+de|desde)\s+(?:hoje|esta|este)|a\s+partir\s+dest[ae]|"
        r"muit[oa]s|a\s+maioria\s+d|quase\s+tod[oa]s|cada\s+vez\s+mais",
        r"(?:só|somente|apenas)\s+(?:hoje|esta\s+(?:semana|noite)|este\s+(?:fim\s+de\s+semana|mês))|enquanto\s+durar(?:em)?\s+(?:os?|as?)\s+\w+",
    ),
    "fr": (
        r"actuellement|demain|en\s+ce\s+moment|pour\s+l['’]heure|à\s+l['’]heure\s+actuelle|aujourd['’]hui|"
        r"ce\s+soir|cette\s+(?:semaine|saison|nuit)|ce\s+(?:week-end|mois-ci|mois|matin)|"
        r"jusqu['’](?:à|au)\s+(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|la\s+fin\s+d\w*)|"
        r"cet\s+après-midi|"
        r"(?:pendant\s+)?(?:quelques|plusieurs)\s+jours|pendant\s+la\s+durée\s+des\s+\w+|ces\s+jours-ci|"
        r"jusqu['’](?:à|au|en)\s+(?:(?:la\s+)?fin\s+)?(?:janvier|février|mars|avril|mai|juin|juillet|août|"
        r"septembre|octobre|novembre|décembre)|tout\s+le\s+week-end|toute\s+la\s+semaine|(?:\w+\s+)?prochaine?s\s+(?:jours|semaines|mois)",
        r"fermée?s?|ferme|ouverte?s?|ouvre|en\s+panne|hors\s+service|ne|pas|n['’]\w+|annulée?s?|"
        r"suspendue?s?|déviée?s?|épuisée?s?|complète?s?|réduction|offerte?|gratuite?s?|travaux|"
        r"indisponibles?|verrouillée?s?|en\s+(?:rénovation|réfection)|interdite?s?|fermons|ouvrons|moitié\s+prix|barrières|retards?|pendant\s+qu['’]\w+|manque\s+de\s+personnel|réduite?",
        rf"(?:tous\s+les|toutes\s+les|chaque)\s+{_UNITS_FR}|toujours|(?:à\s+partir\s+d|dès)['’\s]+(?:aujourd|ce|cette)|"
        r"la\s+plupart|beaucoup\s+d|de\s+nombreu(?:x|ses)|la\s+majorité|de\s+plus\s+en\s+plus",
        r"(?:cette\s+semaine|ce\s+week-end|ce\s+soir|ce\s+mois-ci)\s+seulement|jusqu['’]à\s+épuisement\s+des\s+stocks|tant\s+que\s+dure(?:nt)?\s+(?:la|le|les|l['’])\s*\w+",
    ),
    "de": (
        r"derzeit|zurzeit|(?-i:morgen)|zur\s+zeit|momentan|im\s+moment|gerade|aktuell|(?<!bis\s)heute(?!\s+noch)|"
        r"diese\s+woche|dieses\s+wochenende|diesen\s+monat|(?:in\s+)?dieser\s+saison|"
        r"bis\s+(?:(?:nächsten|kommenden)\s+)?(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|ende\s+der\s+woche|monatsende)|"
        r"(?:für\s+)?(?:einige|ein\s+paar|mehrere)\s+tage|während\s+der\s+(?:\w*arbeiten|renovierung|bauarbeiten|"
        r"umbauarbeiten|sanierung|reparatur\w*)|bis\s+(?:ende\s+|anfang\s+|mitte\s+)?(?:januar|februar|märz|"
        r"april|mai|juni|juli|august|september|oktober|november|dezember)|das\s+ganze\s+wochenende|die\s+ganze\s+woche|"
        r"nächsten\s+(?:\w+\s+)?(?:tage|tagen|wochen|monate|monaten)",
        r"geschlossen|gesperrt|außer\s+betrieb|defekt|kaputt|nicht|keine?[nrs]?|fallen|fällt|"
        r"ausgebucht|ausverkauft|umgeleitet|geöffnet|offen|rabatt|gratis|kostenlos|abgesagt|nur|"
        r"wegen\s+(?:umbau|bauarbeiten|renovierung|reparatur\w*)|abgeschlossen|renoviert|umgebaut|saniert|zu|abgesperrt|hälfte|halben\s+preis|verzögerung\w*|verspätung\w*|während|weil|wartung|unterbesetzt|eingeschränkt",
        rf"(?:jeden|jede|jedes|alle)\s+{_UNITS_DE}|immer|täglich|heutzutage|bis\s+heute|noch\s+heute|ab\s+(?:heute|sofort|dies\w+)|"
        r"die\s+meisten|viele|immer\s+mehr",
        r"nur\s+(?:diese\s+woche|dieses\s+wochenende|diesen\s+monat|heute\s+abend)|solange\s+der\s+vorrat\s+reicht|solange\s+(?:der|die|das)\s+\w+\s+(?:an)?(?:dauert|dauern|läuft|laufen)",
    ),
    "it": (
        r"attualmente|domani|al\s+momento(?!\s+(?:del|dell['’]|della|dei|di)\b)|in\s+questo\s+(?:momento|periodo)|momentaneamente|oggi|stasera|"
        r"stanotte|questa\s+(?:settimana|sera|stagione|mattina)|questo\s+(?:fine\s+settimana|mese|weekend)|"
        r"in\s+questa\s+stagione|fino\s+a\s+(?:lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica|"
        r"fine\s+mese)|per\s+(?:qualche|alcuni)\s+giorn[oi]|in\s+questi\s+giorni|tutto\s+il\s+fine\s+settimana|"
        r"fino\s+a\s+(?:fine\s+)?(?:gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|"
        r"ottobre|novembre|dicembre)|tutta\s+la\s+settimana|prossim[ie]\s+(?:\w+\s+)?(?:giorni|settimane|mesi)",
        r"chius[oaie]|chiude|apert[oaie]|apre|guast[oaie]|fuori\s+servizio|non|mancan?o?|manca|"
        r"sospes[oaie]|cancellat[oaie]|annullat[oaie]|deviat[oaie]|esaurit[oaie]|al\s+completo|"
        r"sconto|in\s+regalo|gratis|lavori|inagibile|solo|chius[oa]\s+a\s+chiave|in\s+ristrutturazione|chiudiamo|apriamo|metà|transennat[oa]|ritard[oi]|mentre|a\s+corto\s+di\s+personale|ridott[oa]",
        rf"(?:tutti\s+i|tutte\s+le|ogni)\s+{_UNITS_IT}|sempre|(?:a\s+partire\s+)?da\s+(?:oggi|questa|questo)|"
        r"molt[ie]|la\s+maggior\s+parte|quasi\s+tutt[ie]|sempre\s+più",
        r"solo\s+(?:questa\s+(?:settimana|sera)|questo\s+(?:fine\s+settimana|mese)|stasera)|fino\s+(?:a|ad)\s+esaurimento\s+(?:scorte|delle\s+scorte)|per\s+tutta\s+la\s+durata\s+dei\s+\w+|finché\s+dura(?:no)?\s+(?:il|lo|la|l['’]|i|gli|le)\s*\w+",
    ),
    "ru": (
        r"сейчас|завтра|в\s+настоящее\s+время|на\s+данный\s+момент|в\s+данный\s+момент|сегодня|пока|"
        r"на\s+этой\s+неделе|в\s+эти\s+выходные|в\s+этом\s+(?:месяце|сезоне)|"
        r"до\s+(?:(?:следующего|ближайшего|следующей|ближайшей)\s+)?(?:понедельника|вторника|среды|четверга|пятницы|субботы|воскресенья|конца\s+(?:дня|недели|месяца))|"
        r"(?:этой|сегодня)\s+ночью|этим\s+(?:вечером|утром)|через\s+(?:неделю|месяц|пару\s+дней|несколько\s+дней)|"
        r"на\s+несколько\s+дней|на\s+время\s+\w+|в\s+эти\s+дни|(?:на\s+)?все\s+выходные|всю\s+неделю|"
        r"ближайш\w+\s+(?:\w+\s+)?(?:дн\w+|недел\w+|месяц\w*)|до\s+(?:конца\s+)?(?:января|февраля|марта|"
        r"апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря)",
        r"закрыт\w*|не|нет|отмен[её]н\w*|недоступ\w*|объезд\w*|скидк\w+|дарим|бесплатн\w+|"
        r"ремонт\w*|забронирован\w*|распродан\w*|продан\w*|только|работает|открыт\w*|заперт\w*|"
        r"реконструкц\w*|нельзя|невозможно|дешевле|огорожен\w*|задерж\w+|пока|техобслуживани\w+|обслуживани\w+|сокращен\w*|"
        r"увеличен\w*|изменен\w*|изменён\w*|занят\w*",
        r"кажд\w+\s+(?:день|утро|вечер|неделю|месяц|год|понедельник|вторник|среду|четверг|пятницу|"
        r"субботу|воскресенье)|всегда|ежедневно|по\s+(?:понедельникам|вторникам|средам|четвергам|пятницам|"
        r"субботам|воскресеньям|выходным)|(?:начиная\s+)?с\s+(?:сегодняшнего|этой|этого)|"
        r"многие|большинство|вс[её]\s+больше|(?:почти|практически)\s+все|большая\s+часть|немногие",
        r"только\s+(?:на\s+этой\s+неделе|сегодня\s+вечером|в\s+эти\s+выходные)|пока\s+(?:запасы|товар)\s+не\s+законч\w+|пока\s+ид[её]т\s+(?!(?:\w+\s+)?(?:дожд|снег|град|гроз|ливен|ливн|метел|заняти|урок|тренировк|служб|богослужени|сеанс|спектакл|лекци|экскурси|при[её]м|посадк))\w+|пока\s+не\s+законч\w+\s+\w+",
    ),
}


def _compile(part: int) -> dict[str, re.Pattern[str]]:
    return {
        lang: re.compile(rf"(?<![\w-])(?:{fold_pattern(spec[part])})(?![\w-])", re.IGNORECASE)
        for lang, spec in _LANGS.items()
    }


def _all(part: int) -> re.Pattern[str]:
    """One search for every language's words, the language named by the group that matched."""
    return quick(
        re.compile(
            r"(?<![\w-])(?:"
            + "|".join(f"(?P<{lang}>{fold_pattern(spec[part])})" for lang, spec in _LANGS.items())
            + r")(?![\w-])",
            re.IGNORECASE,
        )
    )


_TIME_OF, _STATE, _HABIT = _compile(0), _compile(1), _compile(2)
_TIME, _ALONE = _all(0), _all(3)
# Each language's time words and phrases hold one of these words.
_GATES = {
    "en": gate(
        "currently present presently tomorrow today tonight week weekend month season morning afternoon "
        "evening until till days weeks during while all next fortnight through"
    ),
    "es": gate(
        "actualmente mañana momento momentos ahora hoy noche semana tarde mañana temporada mes hasta "
        "días agotar duren dure mientras todo toda próximos próximas"
    ),
    "pt": gate(
        "atualmente amanhã momento agora hoje noite semana tarde manhã temporada mês até dias durarem durar enquanto todo toda próximos próximas"
    ),
    "fr": gate(
        "actuellement demain moment heure actuelle aujourd soir semaine saison nuit week-end week mois "
        "matin jusqu jours durée épuisement cet après midi tant dure durent tout toute prochains prochaines"
    ),
    "de": gate(
        "derzeit zurzeit morgen zeit momentan moment gerade aktuell heute woche wochenende monat saison "
        "bis tage während solange ganze nächsten"
    ),
    "it": gate(
        "attualmente domani momento periodo momentaneamente oggi stasera stanotte settimana sera stagione "
        "mattina fine mese weekend fino giorno giorni esaurimento durata finché dura durano tutto tutta prossimi prossime"
    ),
    "ru": gate(
        "сейчас завтра настоящее данный сегодня пока неделе выходные месяце сезоне до несколько время дни всю ближайшие ближайшую ближайший "
        "ночью вечером утром через"
    ),
}
_ANY = frozenset().union(*_GATES.values())
# Whether the sauna is open today, si la sauna abre hoy, ob die Sauna heute geöffnet ist, открыта ли
# сегодня; if the café is closed today, …: a question asked or a condition, not a statement.
_ASKED = re.compile(
    fold_pattern(
        r"(?<![\w-])(?:whether|if|ob|wenn|falls|если|ли|s['’]il|"
        r"si\s+(?:el|la|los|las|le|les|l['’]|hay|está|est)|"
        r"se\s+(?:o|a|os|as|il|lo|la|l['’]|i|gli|le|oggi|stasera|hoje))(?![\w-])"
    ),
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"[.!?;\n。！？]")


def _sentence(text: str, start: int, end: int) -> tuple[int, int]:
    # (A sentence is read at most 300 characters either side of the time word.)
    floor = max(0, start - 300)
    head = max(floor - 1, *(text.rfind(mark, floor, start) for mark in ".!?;\n。！？")) + 1
    tail = _SENTENCE_END.search(text, end, end + 300)
    return head, tail.start() if tail else min(len(text), end + 300)


def _paired(text: str, m: re.Match[str], state: re.Pattern[str], habit: re.Pattern[str]) -> bool:
    head, stop = _sentence(text, m.start(), m.end())
    if (
        text[stop : stop + 1] == "?"
        or habit.search(text, head, stop)
        or _ASKED.search(text, head, stop)
    ):
        return False
    return any(
        s.end() <= m.start() or s.start() >= m.end() for s in state.finditer(text, head, stop)
    )


# Пока действует полис, приём бесплатный / …неактивна, пока не заполнены поля: пока as "while" or
# "until" (a clause of its own, opening the sentence before a comma or after one) states a
# standing condition; it bounds a one-off only when its clause names works or an event that will
# end (пока идёт ремонт, пока чинят крышу, пока запасы не закончатся, пока врач в отпуске).
_RU_ONE_OFF = re.compile(
    r"ремонт|чин|меня|замен|крас|реконстр|строи|стройк|забастов|работ(?:ы|ах|ам)?(?!\w)|авари|отключ|"
    r"карантин|эпидеми|акци|распродаж|запас|товар|поставк|партия|монтаж|укладк|восстан|устран|"
    r"профилакт|сбой|неисправ|обновл|переезд|перенос|перекр|дезинфекц|отпуск|болеет|больничн|"
    r"прид[её]т|привез|поступ|верн[её]тся|найд",
    re.IGNORECASE,
)


def _standing_while(text: str, m: re.Match[str]) -> bool:
    if m.group().lower() != "пока":
        return False
    head, stop = _sentence(text, m.start(), m.end())
    comma = text.find(",", m.end(), stop)
    opens = not text[head : m.start()].strip(' \t"«“—-')
    if not (opens and comma >= 0 or text[head : m.start()].rstrip().endswith(",")):
        return False  # Восточный вход пока закрыт: "for now"
    return not _RU_ONE_OFF.search(text, m.end(), comma if opens else stop)


# Временно нетрудоспособным сотрудникам…, temporarily disabled employees, vorübergehend
# arbeitsunfähige Mitarbeiter: a legal kind of people (unable to work, out of work), not a state for now.
_KIND_OF_PEOPLE = re.compile(
    fold_pattern(
        r"\s+(?:нетрудоспособн\w+|безработн\w+|arbeitsunfähig\w*|arbeitslos\w*|disabled|incapacitated|"
        r"unemployed)\s+(?:\w+\s+)?(?:сотрудник\w*|работник\w*|граждан\w*|лиц\w*|employees|workers|staff|"
        r"people|persons|Mitarbeiter\w*|Beschäftigte\w*|Arbeitnehmer\w*|Personen)(?!\w)"
    ),
    re.IGNORECASE,
)


def of_people(text: str, end: int) -> bool:
    """A "temporarily" (ending at `end`) that makes a kind of people: temporarily disabled employees."""
    return _KIND_OF_PEOPLE.match(text, end) is not None


def find(text: str, words: frozenset[str]) -> list[Hit]:
    """Time words beside a state that comes and goes, in the Latin and Cyrillic languages."""
    present = words & _ANY
    if not present:
        return []
    spans = spans_of(text, present)
    hits: list[Hit] = [
        (m.start(), m.end(), _REASON) for s, e in spans for m in _ALONE.finditer(text, s, e)
    ]
    for m in (m for s, e in spans for m in _TIME.finditer(text, s, e)):
        # (esta semana is Spanish and Portuguese: each language whose words these are is tried.)
        langs = [lang for lang, time in _TIME_OF.items() if time.match(text, m.start())]
        if "ru" in langs and _standing_while(text, m):
            continue
        if any(_paired(text, m, _STATE[lang], _HABIT[lang]) for lang in langs):
            hits.append((m.start(), m.end(), _REASON))
    return hits


# Japanese (only in text with kana: 現在 and 今日 are Chinese too) and Korean.
_JA_TIME = quick(
    re.compile(
        r"現在(?!の)|明日|ただいま|ただ今|只今|本日|今日(?!の)|今夜|今晩|今週末?|今月|今シーズン|今季|"
        r"[月火水木金土日]曜日?まで|数日間|期間中|(?:今月)?月末まで|(?:今週|週末|今月)いっぱい|"
        r"(?:これから|今後)[0-9]+(?:日間|週間|か月)|来週の?[月火水木金土日]曜日?まで|[0-9]+月(?:末|中旬|いっぱい)?まで"
    )
)
_JA_STATE = re.compile(
    r"休業|休館|休止|停止|中止|運休|故障|閉鎖|閉まって|通行止め|売り切れ|完売|満席|満室|品切れ|"
    r"利用できません|いただけません|受け付けていません|受け付けておりません|お受けできません|出ません|"
    r"しません|いません|できません|施錠|迂回|半額|立ち入り禁止|遅れ|遅延|のため|人手不足|足りない|絞って|貸切|[0-9]+%引き|割引|開館|営業|終了|のみ|停電|断水|工事|改装"
)
_JA_HABIT = re.compile(
    r"毎日|毎週|毎月|毎年|いつも|常に|年中|定休|(?:今日|本日|今週|今月)から|今日では|多くの"
)
_JA_ALONE = quick(
    re.compile(r"(?:なくなり|無くなり)次第|が終わるまで|今週限定|本日限定|今月限定|期間限定")
)
_KANA = re.compile(r"[\u3040-\u30ff]")
_KO_TIME = quick(
    re.compile(
        r"현재|지금|내일|오늘(?!날)|이번\s?주말?|이번\s?달|이번\s?시즌|[월화수목금토일]요일까지|"
        r"며칠(?:간|\s?동안)|기간\s?(?:동안|중)|월말까지|앞으로\s?[0-9]+\s?(?:일|주|개월)\s?(?:동안|간)|"
        r"주말\s?내내|다음\s?주\s?[월화수목금토일]요일까지|[0-9]+월\s?(?:말|중순)?까지"
    )
)
_KO_STATE = re.compile(
    r"휴업|휴관|휴무|중단|운휴|고장|폐쇄|매진|품절|만석|없|않|불가능|우회|취소|점검|할인|잠겨|잠긴|"
    r"(?:리모델링|보수|수리|정비)\s?중|쉽니다|금지|반값|반액|통제|지연|휴장|부족|줄여|만\s?(?:받|운영|가능|이용|판매|제공)|"
    r"문을\s?(?:닫|엽|열)|운영|공사"
)
_KO_HABIT = re.compile(
    r"많은|대부분|매일|매주|매달|매월|매년|항상|연중무휴|정기|(?:오늘|이번\s?주|이번\s?달)부터"
)
_KO_ALONE = re.compile(r"소진\s?시까지|끝날\s?때까지|이번\s?주(?:말)?에만|오늘\s?하루만")
_HANGUL = re.compile(r"[\uac00-\ud7a3]")
_ASKED_WIDE = re.compile(r"かどうか|か確認|는지|은지|인지")


def _paired_wide(
    text: str, m: re.Match[str], state: re.Pattern[str], habit: re.Pattern[str]
) -> bool:
    head, stop = _sentence(text, m.start(), m.end())
    if text[stop : stop + 1] in ("?", "？") or habit.search(text, head, stop):
        return False
    if _ASKED_WIDE.search(text, head, stop):
        return False
    # 「本日休業」とお伝えください: words quoted, not the text's own statement.
    if text.rfind("「", head, m.start()) > text.rfind("」", head, m.start()):
        return False
    return any(
        s.end() <= m.start() or s.start() >= m.end() for s in state.finditer(text, head, stop)
    )


def find_wide(text: str) -> list[Hit]:
    """The same in Japanese and Korean text (the caller has seen a character that is not ASCII)."""
    hits: list[Hit] = []
    for script, time, state, habit, alone in (
        (_KANA, _JA_TIME, _JA_STATE, _JA_HABIT, _JA_ALONE),
        (_HANGUL, _KO_TIME, _KO_STATE, _KO_HABIT, _KO_ALONE),
    ):
        if not script.search(text):
            continue
        hits += [(m.start(), m.end(), _REASON) for m in alone.finditer(text)]
        hits += [
            (m.start(), m.end(), _REASON)
            for m in time.finditer(text)
            if _paired_wide(text, m, state, habit)
        ]
    return hits
