"""Answers that are no answer without saying "I don't know": the agent deflects.

Two kinds, in the ten languages of the screening issue (English, Chinese,
Japanese, Korean, Spanish, Portuguese, French, German, Italian, Russian),
read after normalisation (plain apostrophes, ASCII commas and question marks):

- "I can't help with that", "这个问题我无法回答", "Dabei kann ich nicht helfen":
  the agent cannot answer, with no reason given. A rightly refused request
  ("…, it could be illegal") and a scope refusal are told apart before this
  module is asked (they are not gaps);
- a redirection and nothing else: "Please check our website", "请咨询前台",
  "Bitte wenden Sie sich an die Rezeption". It counts only when the answer
  starts with it (after an apology or a short lead-in such as "For that,")
  and names somewhere to go (a website, the front desk, customer service, a
  phone line, …), and the answer is short: "Yes, pets are welcome; please
  tell reception" answers first and is no deflection.
"""

from __future__ import annotations

import re


def _any(*patterns: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in patterns), re.IGNORECASE)


CANNOT_ANSWER = _any(
    # English
    r"\bI(?:'m| am)? (?:can(?:'|no)?t|cannot|(?:un|not )able to|won'?t be able to) (?:really )?(?:help (?:you )?(?:with|on)|answer|assist (?:you )?with|"
    r"provide (?:an answer|information|details|that))\b",
    r"\bI(?:'m| am) afraid I (?:can(?:'|no)?t|cannot) (?:say|tell|help)\b",
    r"\bI (?:wouldn'?t|would not) know\b|\b(?:no|not a) (?:clue|idea)\b",
    r"\bnot something I (?:know|can (?:answer|help with)|have (?:any )?(?:details|information))\b",
    # Chinese
    r"帮不了|帮不上|無法回答|无法回答|回答不了|不能回答|无法(?:为|帮)(?:您|你)|无能为力",
    # Japanese
    r"お答え(?:でき|いたしかね|しかね)(?:ません|ます)|お答えできかねます|お手伝いできません|"
    r"ご案内(?:でき|いたしかね)(?:ません|ます)|存じ上げ(?:ません|ておりません)|承知しておりません",
    # Korean
    r"도와(?:드릴|드리기) 수 없|도와드리기 어렵|답변(?:을 )?(?:드리기|해 드리기) 어렵|"
    r"답변(?:을 )?(?:드릴|할) 수 없|알려(?:드릴|드리기) 수 없",
    # Spanish, Portuguese
    r"\bno (?:puedo|podr[ée]|sabr[ií]a) (?:ayudar(?:le|te)?|responder|decir(?:le|te)?)\b",
    r"\bn[aã]o (?:posso|consigo|saberia) (?:ajudar|responder|dizer)\b",
    # French
    r"\bje ne (?:peux|saurais|pourrais) (?:pas )?(?:vous |t')?(?:aider|r[ée]pondre|dire)\b|"
    r"\baucune id[ée]e\b",
    # German
    r"\bkann ich (?:\w+ ){0,3}nicht (?:helfen|beantworten|sagen)\b|\bkeine ahnung\b",
    # Italian
    r"\bnon (?:posso|riesco a|saprei) (?:aiutar\w*|rispondere|dir\w*)\b",
    # Russian
    r"\bне (?:могу|смогу|знаю,? как) (?:\w+ ){0,2}(?:помочь|ответить|подсказать)\b",
)
CANNOT_WITHIN_CHARS = 120

# What may come before a redirection: an apology or a short lead-in ending in a comma.
_LEAD = re.compile(
    r"^(?:(?:sorry|i'?m sorry|unfortunately|apologies|i'?m afraid|hmm+|well|lo siento|"
    r"disculpe|desculpe|d[ée]sol[ée]e?|leider|tut mir leid|mi dispiace|purtroppo|"
    r"извините|к сожалению|很抱歉|抱歉|对不起|不好意思|恐れ入りますが|恐縮ですが|"
    r"申し訳(?:ありません|ございません)(?:が)?|죄송(?:합니다|하지만))[,.!、。 ]*)+",
    re.IGNORECASE,
)
# A lead-in that names no fact: "For that,", "Para más información,", "关于这个问题，".
_LEAD_IN = re.compile(
    r"^(?:for (?:that|this|more (?:info(?:rmation)?|details)|details)(?: on that)?|"
    r"(?:regarding|about|as for) (?:that|this)(?: question)?|para (?:eso|esto|m[aá]s "
    r"informaci[oó]n|isso|mais informa[cç][oõ]es)|pour (?:cela|ceci|plus d'informations)|"
    r"daf[uü]r|dazu|diesbez[uü]glich|per (?:questo|maggiori informazioni)|"
    r"по этому вопросу|关于(?:这个|此)问题|その件(?:については|は)|詳しくは|詳細は|"
    r"그 (?:부분|내용)은)[,、 ]\s*",
    re.IGNORECASE,
)
_ANSWER_FIRST = re.compile(
    r"^(?:yes|yeah|sure|of course|no|nope|s[ií]|claro|oui|non|ja|nein|sim|n[aã]o|да|нет|"
    r"はい|いいえ|是的|有的|可以|不行|没有|네|예|아니요)\b",
    re.IGNORECASE,
)
REDIRECT = _any(
    r"^(?:(?:please|kindly) |you(?:'d| would)? (?:better |need to |should |may want to |might "
    r"want to |can |could )|I(?:'d| would)? (?:suggest|recommend|advise)(?: (?:that )?you)?"
    r"(?: to)? |(?:it'?s )?best to )?(?:check(?![- ]?(?:in|out)\b)|visit|contact|call|ask|consult|reach out to|"
    r"get in touch with|refer to|look (?:at|on)|speak (?:to|with)|email|phone)\b",
    r"^(?:这个问题|此问题|详情|具体)?(?:请|建议)(?:您|你)?(?:直接)?(?:咨询|联系|致电|查看|查阅|访问|"
    r"询问|拨打|登录)",
    r"^[^。！？!?]{0,20}(?:お問い合わせ|お問合せ|ご確認|ご覧|ご連絡|ご相談)(?:ください|いただけ|願い)",
    r"^[^.!?]{0,20}(?:문의|확인|연락)(?:해 ?주세요|하시기 바랍니다|해 ?주시기 바랍니다|하세요)",
    r"^(?:por favor,? )?(?:le |te )?(?:recomiendo |sugiero |aconsejo )?(?:que )?"
    r"(?:consult[ea]r?|contact[ea]r?|llam[ea]r?|visit[ea]r?|pregunt[ea]r?|revis[ea]r?|"
    r"dir[ií]j[ae]se|comun[ií]quese)\b",
    r"^(?:por favor,? )?(?:recomendo |sugiro )?(?:que )?(?:consulte|contate|ligue|visite|"
    r"entre em contato|pergunte|verifique|procure)\b",
    r"^(?:je vous (?:invite|conseille|recommande|sugg[eè]re) (?:à|de|d') ?|veuillez |merci de )?"
    r"(?:contacter|consulter|appeler|visiter|vous adresser|demander|contactez|consultez|"
    r"appelez|adressez-vous|renseignez-vous)\b",
    r"^(?:bitte )?(?:wenden sie sich|kontaktieren sie|fragen sie|rufen sie|besuchen sie|"
    r"schauen sie|informieren sie sich)\b|^bitte (?:kontaktieren|fragen|rufen|besuchen|schauen)\b",
    r"^(?:la invito a |le consiglio di |ti consiglio di |per favore,? )?(?:contattare|"
    r"consultare|chiamare|visitare|rivolgersi|contatti|consulti|chiami|visiti|si rivolga)\b",
    r"^(?:пожалуйста,? )?(?:обратитесь|свяжитесь|позвоните|посетите|уточните|проверьте|"
    r"узнайте|напишите)\b",
)
# Somewhere to go instead: the redirection names it.
ELSEWHERE = _any(
    r"\b(?:web ?site|site|web ?page|page|app|online|front desk|reception|concierge|staff|"
    r"customer (?:service|support|care)|support|help ?desk|hotline|phone|email|e-mail|agent|"
    r"team|airline|official|manager|office|counter|desk)\b",
    r"官网|网站|客服|前台|热线|电话|工作人员|柜台|页面|官方|服务台",
    r"フロント|公式|サイト|ウェブ|ホームページ|窓口|カウンター|係|スタッフ|カスタマー|サポート|電話|"
    r"センター",
    r"고객센터|프론트|홈페이지|웹사이트|사이트|상담|전화|직원|카운터|데스크",
    r"\b(?:web|sitio|p[aá]gina|recepci[oó]n|atenci[oó]n al cliente|servicio al cliente|personal|"
    r"tel[eé]fono|mostrador|aerol[ií]nea|soporte|oficina|site|recep[cç][aã]o|atendimento|"
    r"suporte|telefone|balc[aã]o|companhia|equipe|escrit[oó]rio)\b",
    r"\b(?:r[ée]ception|service client|personnel|t[ée]l[ée]phone|comptoir|compagnie|accueil|"
    r"guichet|webseite|seite|rezeption|kundenservice|kundendienst|telefon|schalter|"
    r"fluggesellschaft|empfang|sito|servizio clienti|personale|telefono|banco|assistenza|"
    r"ufficio)\b",
    r"сайт|стойк|ресепшн|поддержк|персонал|телефон|администратор|авиакомпани|оператор",
)
REDIRECT_MAX_CHARS = 200
REDIRECT_MAX_CJK_CHARS = 60


def cannot_answer(line: str) -> re.Match[str] | None:
    """Where the agent says it cannot answer or help, near the start (or None)."""
    return CANNOT_ANSWER.search(line[:CANNOT_WITHIN_CHARS])


def only_redirects(line: str, *, cjk: bool) -> bool:
    """The answer sends the visitor elsewhere and says nothing else first."""
    if len(line) > (REDIRECT_MAX_CJK_CHARS if cjk else REDIRECT_MAX_CHARS):
        return False
    rest = _LEAD.sub("", line.strip(), count=1)
    if _ANSWER_FIRST.search(rest):
        return False
    rest = _LEAD_IN.sub("", rest, count=1)
    return bool(REDIRECT.search(rest) and ELSEWHERE.search(line))
