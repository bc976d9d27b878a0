"""Search keys: the wordings visitors used for a question, carried by the record that answers it.

The record of an answered gap group lists its visitors' own questions in
``search_keys`` (front matter; the reader weighs them into selection), so the
next visitor who asks in any of those wordings or languages gets the record.
Wordings are visitors' text: each goes through the screening layer and one
with anything a person must look at (personal data, an instruction, hidden
characters, a claim about a person, forged structure) is left out; the rest
are capped in number and length.

Offline, a next visitor who asks in Chinese or Japanese shares no word with
English wordings, and one who says 宠物 none with one who said 狗. So the keys
end with one line of the glossary's words for the concepts the wordings name
(glossary.py: "baggage 行李 手荷物 …"), in every language the glossary has,
which the reader's own tokeniser matches. It is the program's words, never a
visitor's, and only words the glossary holds.
"""

from __future__ import annotations

from collections.abc import Iterable

from knowledge_repo import screening
from knowledge_repo.screening.normalise import normalise_text

from .glossary import GLOSSARY, GLOSSARY_RE, SYNONYMS
from .similarity import content_words

MAX_SEARCH_KEYS = 24
KEY_CHARS = 200


def search_keys(wordings: Iterable[str], *, exclude: Iterable[str] = ()) -> list[str]:
    """Screened, distinct, capped wordings (first come first), leaving out `exclude` (a name)."""
    seen = {normalise_text(text) for text in exclude}
    keys: list[str] = []
    for wording in wordings:
        text = " ".join(wording.split())
        if not text or len(text) > KEY_CHARS:
            continue
        norm = normalise_text(text)
        if norm in seen or is_concept_line(norm):
            continue  # a concept line kept from an earlier answer is made anew below
        spans = screening.screen([("search_keys", text)])
        if screening.high_risk(spans) or any(s["kind"] == screening.TEMPORARY for s in spans):
            continue
        seen.add(norm)
        keys.append(text)
        if len(keys) >= MAX_SEARCH_KEYS:
            break
    concepts = concept_words(keys)
    if concepts and len(keys) < MAX_SEARCH_KEYS:
        keys.append(
            concepts[:KEY_CHARS].rsplit(" ", 1)[0] if len(concepts) > KEY_CHARS else concepts
        )
    return keys


# Concept word -> the glossary's Chinese and Japanese words for it.
_WORDS_OF: dict[str, list[str]] = {}
for _word, _concept in GLOSSARY.items():
    for _part in _concept.split():
        _WORDS_OF.setdefault(_part, []).append(_word)
_CONCEPTS = frozenset(_WORDS_OF) | frozenset(SYNONYMS.values())
_GLOSSARY_WORDS = _CONCEPTS | frozenset(GLOSSARY)


def is_concept_line(text: str) -> bool:
    """Whether `text` is a line of glossary words only, as `concept_words` writes."""
    words = normalise_text(text).split()
    return len(words) > 1 and all(word in _GLOSSARY_WORDS for word in words)


def concept_words(wordings: Iterable[str]) -> str:
    """One line: the glossary concepts `wordings` name, each in English and the glossary's
    Chinese and Japanese words, those already in the wordings left out ("" when none)."""
    texts = [normalise_text(w) for w in wordings]
    found: list[str] = []
    for text in texts:
        for term in sorted(content_words(text)):
            word = term[2:]
            if word in _CONCEPTS and word not in found:
                found.append(word)
        for match in GLOSSARY_RE.finditer(text):
            for word in GLOSSARY[match.group()].split():
                if word not in found:
                    found.append(word)
    words: list[str] = []
    for concept in found:
        for word in (concept, *_WORDS_OF.get(concept, ())):
            if word not in words and not any(word in text for text in texts):
                words.append(word)
    return " ".join(words)
