"""How an agent says it has no answer, or that a question is not its job, in many languages.

The offline extractor reads agent turns through these patterns after the
text is normalised (knowledge_repo.screening.normalise: plain apostrophes,
ASCII forms of full-width characters), so "I’m not sure" and "I'm not sure"
are one case. Languages: English, Chinese, Japanese, Korean, Spanish,
Portuguese, French, German, Italian and Russian.

- a non-answer ("I don't know", "no tengo información", "我不清楚") makes a
  knowledge gap when the question is one a knowledge base can answer;
- a scope refusal ("I can only help you order coffee", "solo puedo ayudarte
  con reservas") is the agent doing its job on an off-topic question: it is
  counted as "out of scope" on the dashboard, never queued.
"""

from __future__ import annotations

import re


def _any(*patterns: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in patterns), re.IGNORECASE)


# The agent says it lacks the knowledge (not that it may not or cannot act), per language.
NO_KNOWLEDGE_LATIN = _any(
    # English
    r"\bI (?:do not|don'?t) (?:know|have (?:any |much |specific |detailed |reliable |enough )?"
    r"(?:information|details|data|knowledge))\b",
    r"\bI(?:'m| am) (?:not (?:sure|certain|aware|familiar)|unaware)\b",
    r"\bI (?:couldn'?t|could not|can(?:'|no)t|was unable to|am unable to) find (?:any )?"
    r"(?:information|details|record of|data)\b",
    r"\bI have no (?:information|idea|knowledge|details|data)\b",
    r"\bthere is no (?:(?:publicly )?available|reliable|known) information\b",
    r"\bI(?:'m| am) not able to (?:say|tell|confirm)\b",
    # Spanish
    r"\bno (?:lo )?s[eé]\b",
    r"\bno (?:tengo|dispongo de|cuento con|encuentro) (?:ninguna |mucha |suficiente )?"
    r"(?:informaci[oó]n|datos|detalles)\b",
    r"\bno estoy (?:segur[oa]|al tanto)\b",
    r"\bno (?:he podido|pude|puedo) encontrar (?:ninguna )?(?:informaci[oó]n|datos)\b",
    r"\bdesconozco\b",
    # Portuguese
    r"\bn[aã]o sei\b",
    r"\bn[aã]o (?:tenho|possuo|disponho de|encontrei) (?:nenhuma |muita )?"
    r"(?:informa[cç](?:[aã]o|[oõ]es)|dados|detalhes)\b",
    r"\bn[aã]o tenho certeza\b",
    r"\bdesconhe[cç]o\b",
    # French
    r"\bje ne (?:le )?sais pas\b",
    r"\bje n'ai (?:pas|aucune) (?:d'|de |les |assez d'|cette |ces |l')?(?:informations?|"
    r"donn[ée]es|d[ée]tails|"
    r"pr[ée]cisions)\b",
    r"\bje ne suis pas (?:s[uû]re?|certaine?)\b",
    r"\bje ne dispose (?:pas|d'aucune) (?:d')?informations?\b",
    r"\bje n'ai (?:pas )?trouv[ée] (?:aucune|d')? ?informations?\b",
    # German
    r"\bich wei(?:ß|ss) (?:es |das )?nicht\b|\b(?:das|es) wei(?:ß|ss) ich nicht\b",
    r"\bich habe keine (?:informationen|angaben|daten|details|kenntnis)\b",
    r"\bich bin (?:mir )?nicht sicher\b",
    r"\bich konnte keine (?:informationen|angaben|daten) finden\b",
    r"\b(?:dar[uü]ber|dazu) liegen mir keine\b|\bmir liegen keine (?:informationen|angaben)\b",
    # Italian
    r"\bnon (?:lo )?so\b",
    r"\bnon (?:ho|dispongo di|possiedo) (?:alcuna |molte |sufficienti )?"
    r"(?:informazion[ei]|dati|dettagli)\b",
    r"\bnon sono sicur[oa]\b",
    r"\bnon (?:sono riuscit[oa] a trovare|ho trovato) (?:alcuna |nessuna )?informazion[ei]\b",
    # Russian
    r"\bя не знаю\b",
    r"\bу меня нет (?:никакой |точной |подробной )?(?:информации|данных|сведений)\b",
    r"\bя не уверен[аы]?\b",
    r"\bне (?:удалось|могу) найти (?:информацию|данные|сведения)\b",
    r"\bмне (?:это )?неизвестно\b|\bне располагаю (?:информацией|данными|сведениями)\b",
)
# Chinese, Japanese and Korean: the agent itself says so, near the start.
NO_KNOWLEDGE_CJK = _any(
    r"我(?:并|目前|暂时|真的|恐怕)?(?:不知道|不清楚|不太清楚|不了解|不熟悉|不确定|不太确定|"
    r"没有(?:关于|有关|相关|这方面|具体|足够))",
    r"^(?:很)?(?:抱歉|对不起|對不起)?[,]?\s*(?:目前|暂时)?(?:没有|暂无|沒有)[^。！？!?,]{0,8}?"
    r"的?(?:信息|资料|資訊|資料)",
    r"(?:没有|未能|无法)(?:找到|查到)(?:相关|有关)?的?(?:信息|资料)",
    r"(?:分かりません|わかりません|存じません|分かりかねます|わかりかねます|"
    r"情報(?:が|を|は)(?:ありません|ございません|持っていません|持ち合わせていません)|"
    r"詳しくありません|把握しておりません)",
    r"(?:모르겠습니다|모릅니다|잘 모르|알 수 없습니다|확실하지 않습니다|"
    r"정보(?:가|를)? ?(?:없습니다|가지고 있지 않|찾을 수 없))",
)
CJK_WITHIN_CHARS = 40
LATIN_WITHIN_CHARS = 160

# The agent keeps to its job: the question is outside what it is there for.
SCOPE_REFUSAL = _any(
    r"\bI(?:'m| am)? (?:can |am )?only (?:able to |here to |designed to )?"
    r"(?:help|assist|answer|support)\b",
    r"\bI can (?:only|just) (?:help|assist|answer|take)\b",
    r"\bI(?:'m| am) (?:here|designed|built) (?:only )?to (?:help|assist) (?:you )?(?:with|order|book)\b",
    r"\b(?:outside|beyond) (?:of )?(?:my|the) (?:scope|area|remit)\b",
    r"\bnot something I can help with\b.{0,60}\b(?:but|I can)\b",
    r"我只能(?:帮|回答|协助|提供|处理)|只能(?:回答|帮助|协助)(?:您|你)?(?:关于|有关)?|"
    r"不在(?:我的)?(?:服务|回答|能力)范围|超出了?(?:我的)?(?:服务|回答)?范围",
    r"(?:のみ|だけ)(?:お手伝い|ご案内|対応|回答|お答え)|範囲外|対応範囲",
    # "만" is "only" as a particle, not the end of "-지만" ("but").
    r"(?<!지)만 (?:도와|안내|답변)(?:드릴|할) 수|범위를 벗어",
    r"\bs[oó]lo (?:puedo|te puedo|le puedo) (?:ayudar|responder|atender)\b|"
    r"\bfuera de (?:mi|mis) (?:[aá]mbito|alcance|funciones)\b",
    r"\bs[oó] (?:posso|consigo) (?:ajudar|responder)\b|\bfora do (?:meu )?(?:escopo|[aâ]mbito)\b",
    r"\bje (?:ne )?peux (?:seulement|uniquement) (?:vous )?(?:aider|r[ée]pondre)\b|"
    r"\bje ne peux (?:vous )?(?:aider|r[ée]pondre) qu'|\bhors de mon (?:champ|domaine)\b",
    r"\bich kann (?:ihnen |dir )?(?:nur|ausschlie(?:ß|ss)lich) (?:bei|mit|fragen)\b|"
    r"\bau(?:ß|ss)erhalb meine[rs]? (?:bereich|aufgabe)",
    r"\bposso (?:aiutarti|aiutarla|rispondere) solo\b|\bposso solo (?:aiutar|rispond)",
    r"\bя могу (?:помочь|ответить) только\b|\bтолько (?:с|по) вопрос",
)

# Right to say no, in the languages above (policy, safety, "nothing matches", real-time data).
RIGHTLY_REFUSED = _any(
    r"不提供|不能提供(?:此|这项|该)服务|无法提供(?:此|这项|该)服务",
    r"\b(?:pol[ií]tica|no est[aá] permitido|ilegal|peligroso)\b",
    r"\b(?:politique|pas autoris[ée]|ill[ée]gal|dangereux)\b",
    r"\b(?:richtlinie|nicht erlaubt|nicht gestattet|illegal|gef[aä]hrlich)\b",
    r"\b(?:non [eè] consentito|illegale|pericoloso)\b",
    r"\b(?:запрещено|незаконн|опасн)",
    r"\b(?:tiempo real|temps r[ée]el|echtzeit|tempo reale|em tempo real|в реальном времени)\b",
    r"リアルタイム|실시간|정책|불법",
    r"\bno (?:hay|encontr[eé]|se encontraron) (?:vuelos|resultados|habitaciones|opciones)\b",
    r"\b(?:aucun|aucune) (?:vol|r[ée]sultat|chambre|option)s?\b",
    r"\bkeine (?:fl[uü]ge|ergebnisse|zimmer|treffer)\b",
)


def no_knowledge(line: str) -> re.Match[str] | None:
    """Where the agent says it does not know, near the start of its answer (or None)."""
    return NO_KNOWLEDGE_LATIN.search(line[:LATIN_WITHIN_CHARS]) or NO_KNOWLEDGE_CJK.search(
        line[:CJK_WITHIN_CHARS]
    )


def scope_refusal(line: str) -> bool:
    """The agent says the question is outside what it is there for."""
    return SCOPE_REFUSAL.search(line[:300]) is not None
