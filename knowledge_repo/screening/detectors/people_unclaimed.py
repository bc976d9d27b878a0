"""When a claim about someone is none: a condition or a rule, history or fiction, someone in a
relative clause. Used by :mod:`.people` and :mod:`.people_more` on their Latin, Cyrillic and
Japanese hits ("if the driver has been drinking…", "sarà licenziato", "in 1923 the station master
was arrested", "in the novel, the porter steals…", "un director de banco que roba",
"解雇されます").
"""

from __future__ import annotations

import re

from ..folding import fold_pattern

_KANA = re.compile(r"[\u3040-\u30ff]")
# "If the driver has been drinking…", "Wenn der Fahrer…", "Если водитель…": a condition, no one.
_IF = re.compile(
    fold_pattern(
        r"^\W*(?:if|when|whenever|quand|wenn|falls|qualora|если|когда|"
        # (Not "si dice", "si è scoperto", "se dice", "se ha sabido": hearsay, no condition.)
        r"si(?!\s+(?:dice|mormora|vocifera|racconta|e|era|sa|sapeva))|"
        r"se(?!\s+(?:dice|rumorea|comenta|sabe|cuenta|ha|supo|sabia|descubrio|oye|murmura)))\b"
    ),
    re.IGNORECASE,
)
_SENTENCE_START = re.compile(r"[.!?\n。]")
_WILL_BE = re.compile(
    fold_pattern(
        r"(?<!\w)(?:sarà|saranno|serán?\s+\w+(?:ad|id)[oa]s?|serão|sera\s+(?:licencié|renvoyé|sanctionné|puni|exclu)e?|seront|will\s+be|будет|будут)(?!\w)"
    ),
    re.IGNORECASE,
)


# In 1923 the station manager was arrested: history, not a claim about someone living now.
_LONG_AGO = re.compile(r"(?<!\d)1[0-9](?:[0-4][0-9])(?!\d)")
# …un director de banco que roba, einem Bankdirektor, der…, клиентов, которые были пьяны: the
# deed of someone described in a relative clause (in a story, or a kind of people), not of one named.
# (Not "una vergüenza que el médico…", "uno scandalo che il medico…": que and che before an
# article start a clause of their own, about someone named; "a" and "an" only in English.)
_CLAUSE = r"(?!(?:el|los|las|il|gli|i|un|una|uno|mi|su|nuestr[oa]|nostr[oa]|mio|mia|o|os|um|uma|meu|minha)\s)"
_SOMEONE_WHO = re.compile(
    fold_pattern(
        r"(?<!\w)(?:(?:un|una|um|uma|une|einem|einer|einen|uno)\s+(?:[\w-]+\s+){1,3}?"
        rf"(?:(?:que|qui|che)\s{_CLAUSE}|der\s|die\s)|(?:a|an)\s+(?:[\w-]+\s+){{1,3}}?(?:who|that)\s)|"
        r"котор(?:ые|ых|ым|ыми)\s|,\s(?:die|welche)\s+(?-i:[a-zäöü])"
    ),
    re.IGNORECASE,
)


# A waiter who steals is dismissed, ein Kellner, der…, jeder Fahrer, der…, водитель, который…: a
# rule about whoever does it, read in the whole sentence before the deed (the role right before the
# relative, so "a friend told me that…" stays hearsay about someone).
_WHOEVER = re.compile(
    fold_pattern(
        r"(?<!\w)(?:(?:every|any|each|jeder|jede|jedes|jeden|chaque|ogni|qualsiasi|qualunque|cada|"
        r"qualquer)\s+(?:[\w-]+\s+)?[\w-]+|(?:ein|eine|un|une|uno|una|um|uma)\s+[\w-]+),?\s"
        rf"(?:who|qui|que|che|der|die|das|welcher|welche)\s{_CLAUSE}|(?<!\w)(?:a|an)\s+[\w-]+,?\s(?:who|that)\s"
    ),
    re.IGNORECASE,
)
# Wer Rechnungen fälscht, wird entlassen; quien roba…; chi ruba…: whoever, opening the sentence.
_WHOEVER_OPENS = re.compile(r"\W*(?:wer|quien|quienes|chi|quem|quiconque|кто)\s", re.IGNORECASE)
# Il cameriere che arriva ubriaco al lavoro viene sospeso: the role described by a relative clause,
# then what is done to them in the present passive, a house rule (Portuguese "é" is read folded, "e").
_SANCTIONED = re.compile(
    fold_pattern(
        r"(?<!\w)(?:che|que|qui|der|die|das|который|которая)\s[^.!?\n]{1,80}?(?<!\w)(?:viene|vengono|wird|werden|es|son|est|sont|são|e|"
        r"увольняется|увольняются)\s+(?:\w+\s+)?(?:sospes|licenziat|multat|allontanat|despedid|sancionad|expulsad|multad|"
        r"licenci|renvoy|sanctionn|exclu|demitid|suspens|punid|entlassen|abgemahnt|angezeigt|gekündigt|suspendiert)"
    ),
    re.IGNORECASE,
)
# (Russian has no article: a sentence opening with a bare role and который.)
_WHOEVER_RU = re.compile(r"\W*[\w-]+,\s*котор(?:ый|ая|ое|ые)\s", re.IGNORECASE)


# In the novel, the night porter steals…: someone in fiction.
_FICTION = re.compile(
    fold_pattern(
        r"(?<!\w)(?:novel|film|movie|series|sitcom|novela|película|serie|cuento|romance|filme|série|"
        r"roman|pièce|märchen|romanzo|racconto|fiaba|роман\w*|фильм\w*|сериал\w*|сказк\w*)(?!\w)|"
        r"小説|映画|ドラマ|物語|소설|영화|드라마"
    ),
    re.IGNORECASE,
)


# 飲酒した運転手は即刻解雇されます: what is done to whoever does it, a Japanese house rule.
_JA_RULE = re.compile(
    r"(?:され)?ます(?!た)|[^。!?\n]{0,12}?(?:されます|となります|されることがあります|の対象となります)"
)


def ja_rule(text: str, end: int) -> bool:
    """A Japanese claim's span (ending at `end`) that ends in a rule's polite form (kana text only)."""
    return _KANA.search(text) is not None and _JA_RULE.match(text, end) is not None


def _sentence(text: str, start: int) -> tuple[int, int]:
    """The sentence of a claim starting at `start`: up to 200 characters before it, 300 after."""
    head = max(text.rfind(mark, max(0, start - 200), start) for mark in ".!?\n。") + 1
    tail = _SENTENCE_START.search(text, start, start + 300)
    return head, tail.start() if tail else min(len(text), start + 300)


def historical(text: str, start: int) -> bool:
    """A year before 1950, or a work of fiction, in the sentence of a claim starting at `start`."""
    head, stop = _sentence(text, start)
    return bool(_LONG_AGO.search(text, head, stop) or _FICTION.search(text, head, stop))


def conditional(text: str, start: int) -> bool:
    head, stop = _sentence(text, start)
    # Il dipendente sorpreso a rubare sarà licenziato: a rule, what will be done to whoever does it.
    return bool(
        _IF.match(text, head)
        or _WILL_BE.search(text, start, stop)
        or _SANCTIONED.search(text, start, stop)
    )


def unclaimed(text: str, start: int, end: int) -> bool:
    """A claim's span in a condition or a rule, in history, or said of someone in a relative clause."""
    return (
        conditional(text, start)
        or historical(text, start)
        or _SOMEONE_WHO.search(text, max(0, start - 8), end) is not None
        or _WHOEVER.search(text, head := _sentence_head(text, start), end) is not None
        or _WHOEVER_RU.match(text, head, end) is not None
        or _WHOEVER_OPENS.match(text, head, end) is not None
    )


def _sentence_head(text: str, start: int) -> int:
    """Where the sentence of `start` begins (at most 80 characters before it)."""
    floor = max(0, start - 80)
    return max(floor, *(text.rfind(mark, floor, start) + 1 for mark in ".!?\n。"))
