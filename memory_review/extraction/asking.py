"""A visitor's question without the words every visitor wraps a question in.

A gap's question is the visitor's whole turn, and visitors wrap their question
in words every other visitor uses too: a greeting, a line about their trip, a
thanks, an opening such as "could you tell me", "¿me podría decir…",
"请问一下" or "お聞きしたいのですが". Compared whole, two different questions
in the same wrapping score close (the wrapping is most of their words), and one
question with and without it scores apart. `question_core` takes the
greetings and openings off the start of each sentence and leaves out the
sentences that were nothing else, or thanks; what it returns is only compared
(similarity.py), never shown or stored as the visitor's wording.

The openings are a short list of the polite ways to ask in the languages the
service sees most (English, Spanish, Portuguese, French, German, Italian,
Chinese, Japanese); a question in another language is compared as written.
"""

from __future__ import annotations

import re

# A sentence ends at . ! ? (and their full-width forms), or at a Japanese/Chinese full stop.
_SENTENCE = re.compile(r"[^.!?。！？]*[.!?。！？]+|[^.!?。！？]+$")
_ASKS = re.compile(r"[?？]")
# Greetings, "a question", and the ways to say "tell me whether": at the start of a
# sentence, with the punctuation after them; one or more in a row. Words of Latin script
# end at a word boundary; Chinese and Japanese run on into the question ("请问酒店…").
_LATIN_OPENINGS = (
    # English
    r"hi(?: there)?|hello(?: there)?|hey|good (?:morning|afternoon|evening)|excuse me|sorry(?: to bother you)?",
    r"(?:a |one |quick |small )+question",
    r"(?:can|could|would) you (?:please )?(?:tell|let) me(?: know)?(?: if| whether)?",
    r"(?:please )?(?:tell me|let me know)(?: if| whether)?",
    r"i(?:['’]d| would) like to (?:know|ask)(?: if| whether)?",
    r"i (?:want|wanted|need) to (?:know|ask)(?: if| whether)?",
    r"i(?: was| am|['’]m) wondering(?: if| whether)?|i wonder(?: if| whether)?",
    r"do you (?:happen to )?know(?: if| whether)?|can i ask(?: you)?(?: something)?",
    # Spanish and Portuguese
    r"hola|buen(?:os|as) (?:días|tardes|noches)|disculpe|perdone|olá|bom dia|boa (?:tarde|noite)",
    r"(?:una|uma) (?:pregunta|pergunta|consulta)",
    r"(?:me )?(?:puede|podría|podrías|puedes|pueden|podrían|pode|poderia|podem)n? "
    r"(?:decir|indicar|informar|dizer)(?:me)?(?: se| si)?",
    r"(?:quería|quisiera|quiero|me gustaría|queria|gostaria de) (?:saber|preguntar|perguntar)"
    r"(?: si| se)?",
    # French, German, Italian
    r"bonjour|bonsoir|salut|excusez-moi|hallo|guten (?:tag|morgen|abend)|ciao|buongiorno|buonasera",
    r"(?:pouvez|pourriez)-vous me dire(?: si)?|(?:je voudrais|j['’]aimerais) savoir(?: si)?",
    r"(?:können|könnten) sie mir sagen(?:,? ob)?|ich (?:möchte|wollte|würde gern) wissen(?:,? ob)?",
    r"(?:può|potrebbe|potete) dirmi(?: se)?|vorrei sapere(?: se)?",
)
_CJK_OPENINGS = (
    # Chinese
    r"你好|您好|嗨|早上好|下午好|晚上好|打扰(?:一下)?|不好意思",
    r"(?:请问|想问|问一下|麻烦问|我想(?:问|了解|知道|咨询))(?:一下)?(?:一?个问题)?",
    # Japanese
    r"こんにちは|こんばんは|おはようございます|すみません(?:が)?|失礼(?:します|ですが)",
    r"(?:ちょっと)?(?:お聞きしたい|お伺いしたい|伺いたい|質問(?:なん)?)(?:こと)?(?:があるん|があるの)?"
    r"(?:のですが|んですが|ですが|があります)",
    r"教えて(?:ください|いただけますか|もらえますか|くれますか)",
)
_OPENING = re.compile(
    r"^(?:\s*[¿¡]?\s*(?:(?:" + "|".join(_LATIN_OPENINGS) + r")\b|" + "|".join(_CJK_OPENINGS) + r")"
    r"[\s,，、:：;!！。.?？]*)+",
    re.IGNORECASE,
)
# A sentence of thanks or a sign-off only.
_THANKS = re.compile(
    r"^[¡]?(?:(?:thanks?|thank you|many thanks|cheers|(?:muchas )?gracias|obrigad[oa]|merci|danke"
    r"|grazie|谢谢|多谢|感谢|よろしくお願いします|ありがとうございます)"
    r"(?: (?:a lot|so much|in advance|de antemano|beforehand|mille|schön|sehr))*[\s!！。.]*)+$",
    re.IGNORECASE,
)
# What an opening alone leaves of a sentence ("¿Me podría decir una cosa?"): nothing to compare.
_EMPTY = re.compile(r"^[\W_]*(?:una cosa|algo|something|a thing|uma coisa|quelque chose)?[\W_]*$")


def question_core(text: str) -> str:
    """`text` without its greetings, openings and thanks (module docstring).

    Each sentence loses the openings at its start; a sentence that was nothing
    else, or only thanks, is left out. Nothing else is: a sentence before the
    question may carry what it asks about ("I need an invoice with our VAT
    number. Is that possible?"). When nothing would be left, `text` is returned.
    """
    text = " ".join(text.split())
    kept = []
    for sentence in _SENTENCE.findall(text):
        core = _OPENING.sub("", sentence.strip(), count=1).strip()
        if not _EMPTY.match(core) and not _THANKS.match(core):
            kept.append(core)
    return " ".join(kept) or text
