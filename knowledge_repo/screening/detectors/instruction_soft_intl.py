"""Polite, indirect and habit-forming instructions in es, pt, fr, de, it and ru (issue 23, round 20).

:mod:`.instruction_intl` wants a command with an audience ("dile a cada
cliente…"). As in English (:mod:`.instruction_soft`), injections also come as
wishes (me encantaría que mencionaras…, ich fände es schön, wenn Sie…
erwähnen), conditionals (cada vez que un huésped pida…, contesta…), standing
habits (a partir de ahora, désormais, ab sofort, d'ora in poi, отныне),
rules for the agent's answers (en cada respuesta, termine sempre as suas
respostas, в каждом ответе), pretending (finge que, fais comme si, tu so, als,
сделай вид), omitting (no menciones…, evita hablar de la competencia),
steering (recomienda solo…) and answers fixed in advance (pregunten lo que
pregunten, quelle que soit la question, egal, was sie fragen, что бы ни
спросили). A soft command counts only in command position (a clause start,
after soft words such as "por favor", "siempre") and with a mark of the
agent's work in the same sentence: its answers, someone asking, people as
audience, a competitor. So "recuerde traer su toalla", "asegúrese de cerrar la
puerta", "conteste todas las preguntas del formulario" and "nuestro personal
siempre informa a los huéspedes" (the subject before the verb) stay facts.
Patterns are written with accents and compiled as the folded view reads them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..folding import Hit, fold_pattern, gate, tokens
from .firsts import led, quick
from .windows import CYRILLIC, LATIN_WORD, gated_hits

REASON = "instruction-like text"
_START = r"(?:^|(?<=[.!?:;,\n\"'(\[«»¿¡\-–—…“„]))\s*"
_S = r"[^.!?\n]"  # a character of the same sentence
_PLAIN = re.compile(r"[^\W\d_]+")
# Words that are common in other languages (English "has", "describe", "bring", French "du",
# Italian "di"): no reason alone to run a language's pattern.
_COMMON = gate(
    "di du has ha ne n st me describe propose cite bring rate pon e a не я что ч ем мне вам тебе"
)

# Short words that lead a frame ("si alguien pregunta…", "se alguém…"); other words of three
# letters or fewer (articles, prepositions) are no reason to run the frame pattern.
_SHORT = frozenset(["si", "se", "hoy", "vez", "ora"])


@dataclass(frozen=True)
class Soft:
    """The word lists of one language; `pattern` combines them."""

    imp: str  # imperatives of speaking, recommending, steering, adding to an answer
    lead: str  # soft words before a command: please, always, from now on…
    mark: str  # the agent's work: its answers, someone asking, people, competitors
    polite: str  # a wish or a polite question: "me encantaría que…"
    stems: str  # verbs of speaking after a wish or "you must" (any form)
    must: str  # "you must", in command position
    cond: str  # "if someone asks …", up to the comma
    habit: str  # "from now on"
    fixed: str  # "whatever they ask"
    answer: str  # "the answer (is)"
    pretend: str
    omit: str  # "don't mention", "avoid"
    only: str
    output: str  # a rule for the agent's answers: "en cada respuesta", "termina tus respuestas"
    keys: str  # words one of which each match holds, beside the imperatives

    def patterns(self) -> tuple[re.Pattern[str], ...]:
        imp = rf"(?:{self.imp})(?!\w)"
        lead = rf"(?:(?:{self.lead}),?\s+){{0,3}}"
        mark = rf"(?<!\w)(?:{self.mark})(?!\w)"
        # Two patterns, each with its own gate: a command position (after a clause start, led
        # by an imperative) and a frame led by a word (a wish, a condition, a habit, a rule).
        command = [
            rf"{imp}(?={_S}{{0,120}}?{mark})",
            rf"(?:{self.must})\s+(?:\w+\s+){{0,2}}?(?:{self.stems})(?={_S}{{0,120}}?{mark})",
            rf"(?:{self.must})(?={_S}{{0,120}}?{mark}){_S}{{0,60}}?(?<!\w)(?:{self.stems})",
            rf"(?:{self.pretend})(?!\w)",
            rf"(?:{self.omit})(?!\w)(?={_S}{{0,120}}?{mark})",
            rf"{imp}\s+(?:{self.only})(?!\w)",
        ]
        framed = [
            rf"(?:{self.polite})(?!\w)(?={_S}{{0,160}}?{mark}){_S}{{0,70}}?(?<!\w)(?:{self.stems})",
            rf"(?:{self.cond}){_S}{{0,80}}?,\s*{lead}{imp}",
            rf"(?:{self.habit}),?\s+{lead}{imp}",
            rf"(?:{self.fixed}){_S}{{0,40}}?[,:—–-]\s*{lead}(?:{imp}|(?:{self.answer})(?!\w))",
            rf"(?:{self.output})(?!\w)",
        ]
        # Each alternative led by its first characters (firsts.led): where it cannot start,
        # one class test instead of a try of its word list.
        commands = rf"{_START}{lead}(?:{'|'.join(led(fold_pattern(p)) for p in command)})"
        frames = rf"(?<!\w)(?:{'|'.join(led(fold_pattern(p)) for p in framed)})"
        return tuple(re.compile(fold_pattern(p), re.IGNORECASE) for p in (commands, frames))

    def gates(self) -> tuple[frozenset[str], ...]:
        """Words one of which each match holds: of the command pattern, of the frame pattern."""
        words = {
            w for w in re.split(r"[|\s]+", self.imp + "|" + self.omit + "|" + self.pretend) if w
        }
        plain = {w for w in words if _PLAIN.fullmatch(fold_pattern(w))}
        frames = self.polite + self.cond + self.habit + self.fixed + self.output
        literal = {w for w in re.split(r"\\[swSW]|[^\w]+", frames) if len(w) > 3 or w in _SHORT}
        return (
            gate(" ".join(sorted(plain)) + " " + self.keys) - _COMMON,
            gate(" ".join(sorted(literal)) + " " + self.keys) - _COMMON,
        )


_ES = Soft(
    imp=r"di|dile|diles|dígale|dígales|cuenta|cuéntale|cuéntales|informa|infórmales|informe|avisa|"
    r"avise|recomienda|recomiende|recomiéndales|menciona|mencione|habla|hable|explica|explique|"
    r"sugiere|sugiera|envía|envíe|manda|mande|responde|responda|contesta|conteste|ofrece|ofrezca|"
    r"promociona|promocione|dirige|dirija|orienta|oriente|lleva|lleve|describe|describa|añade|añada|"
    r"incluye|incluya|termina|termine|empieza|empiece|acaba|acabe|pon|ponga|afirma|afirme|elogia|"
    r"alaba|nombra|cita|remite|remita|aconseja|aconseje",
    lead=r"por\s+favor|siempre|también|solo|sólo|simplemente|ahora|y|entonces|nunca|no",
    mark=r"(?:tus|sus|cada|tod[ao]s\s+(?:tus|sus|las))\s+(?:respuestas?|contestaciones)|"
    r"(?:quien|quienes|el\s+que|los\s+que|la\s+gente\s+que|alguien\s+que|todo\s+el\s+que|tod[oa]s\s+"
    r"l[oa]s\s+que)\s+(?:te\s+|le\s+|les\s+)?(?:pregunt|pid|busc|quier|plane|necesit|consult|habl)\w*|"
    r"(?:cuando|si|siempre\s+que|cada\s+vez\s+que)\s+(?:\w+\s+){0,3}?(?:pregunt|pid|consult|habl)\w*|"
    r"(?:a|con)\s+l[oa]s\s+(?:visitantes|clientes|huéspedes|usuari[oa]s|turistas)|la\s+gente|todo\s+el\s+mundo|a\s+tod[oa]s(?!\s+l?[oa]s\s+(?:preguntas|perguntas|cuestiones|questões))|tod[oa]s\s+(?:l[oa]s\s+)?(?:visitantes|clientes|usuari[oa]s|"
    r"huéspedes|turistas|personas)|cada\s+(?:visitante|cliente|usuari[oa]|huésped|persona)|"
    r"competencia|competidores|otr[oa]s?\s+(?:tiendas?|panaderías?|hoteles?|restaurantes?|bares?|"
    r"cafeterías?|agencias?|empresas?)",
    polite=r"sería\s+(?:genial|estupendo|ideal|perfecto|bueno|fantástico|útil|maravilloso)|"
    r"(?:te|le|les|os)\s+agradecería|agradecería|me\s+encantaría|me\s+gustaría|quiero\s+que|"
    r"necesito\s+que|podrías|pudieras|puedes|podría|podrían|ha(?:z|ga)(?:me)?\s+el\s+favor|me\s+har(?:ías|ía)\s+un\s+(?:gran\s+)?favor",
    stems=r"dec|dij|dig|cont|cuent|inform|avis|recomend|mencion|habl|explic|suger|envi|mand|respond|"
    r"contest|ofrec|promocion|dirig|orient|llev|describ|nombr|cit|aconsej",
    must=r"(?:(?:usted|tú|ustedes)\s+)?(?:debes|debe|deben|tienes\s+que|tiene\s+que|has\s+de|ha\s+de|"
    r"deberás|deberá|deberías|debería)",
    cond=r"(?:si|cuando|siempre\s+que|cada\s+vez\s+que|en\s+caso\s+de\s+que)\s+(?:(?:alguien|algún\s+\w+|"
    r"un[ao]?\s+\w+|la\s+gente|l[oa]s\s+\w+|te|le|les)\s+(?:te\s+|le\s+)?(?:pregunt|pid|consult|quier|"
    r"busc|necesit|habl|mencion|reclam)\w*|(?:te\s+|le\s+)?(?:pregunt|pid|consult|busqu)\w*n)",
    habit=r"a\s+partir\s+de\s+(?:ahora|hoy|este\s+momento)|desde\s+(?:hoy|ahora|este\s+momento)(?:\s+en\s+"
    r"adelante)?|de\s+ahora\s+en\s+adelante|de\s+aquí\s+en\s+adelante|en\s+lo\s+sucesivo",
    fixed=r"pregunten\s+lo\s+que\s+pregunten|pregunte\s+lo\s+que\s+pregunte|sea\s+cual\s+sea\s+la\s+"
    r"pregunta|no\s+importa\s+(?:lo\s+)?(?:qué|que|lo\s+que)\s+(?:te\s+|le\s+)?pregunt\w*|da\s+igual\s+"
    r"(?:lo\s+)?(?:qué|que)\s+(?:te\s+|le\s+)?pregunt\w*",
    answer=r"(?:la|tu|su)\s+respuesta",
    pretend=r"finge|finja|haz\s+como\s+si|haga\s+como\s+si|haz\s+de\s+cuenta|haga\s+de\s+cuenta|"
    r"simula|simule|actúa\s+como\s+si|actúe\s+como\s+si",
    omit=r"(?:no|nunca)\s+(?:menciones|mencione|hables|hable|digas|diga|nombres|cuentes|cuente)|evita|"
    r"evite|omite|omita|oculta|oculte",
    only=r"solo|sólo|solamente|únicamente",
    output=r"(?:en|a|con|al\s+final\s+de|al\s+principio\s+de)\s+(?:cada|tod[ao]s\s+(?:tus|sus|las))\s+"
    r"(?:respuestas?|mensajes?|conversaciones?)(?!\s+del?\s+(?:formulario|cuestionario|encuesta|examen))|"
    r"(?:termina|termine|empieza|empiece|acaba|acabe|comienza|comience|cierra|cierre)\s+(?:siempre\s+)?"
    r"(?:cada|tod[ao]s\s+(?:tus|sus|las)|tus|sus)\s+respuestas?",
    keys="sería agradecería encantaría gustaría quiero necesito podrías pudieras puedes podría "
    "podrían hazme hágame debes debe deben tienes tiene has ha deberás deberá deberías debería "
    "ahora hoy adelante sucesivo pregunten pregunte pregunta importa igual respuesta respuestas "
    "haz haga actúa actúe",
)

_PT = Soft(
    imp=r"diga|diz|conte|conta|informe|informa|avise|avisa|recomende|recomenda|mencione|menciona|fale|"
    r"fala|explique|explica|sugira|sugere|envie|envia|mande|manda|responda|responde|ofereça|oferece|"
    r"promova|promove|indique|indica|encaminhe|encaminha|oriente|orienta|leve|leva|descreva|descreve|"
    r"acrescente|acrescenta|adicione|adiciona|inclua|inclui|termine|termina|comece|começa|acabe|acaba|"
    r"ponha|afirme|afirma|elogie|elogia|cite|cita|aconselhe|aconselha",
    lead=r"por\s+favor|sempre|também|só|apenas|simplesmente|agora|e|então|nunca|não",
    mark=r"(?:suas|tuas|cada|todas\s+as(?:\s+suas|\s+tuas)?|as\s+suas|as\s+tuas)\s+respostas?|"
    r"(?:quem|aqueles?\s+que|as\s+pessoas\s+que|os\s+que|todos\s+os\s+que|alguém\s+que)\s+(?:te\s+|lhe\s+|"
    r"lhes\s+)?(?:pergunt|ped|procur|quer|quis|precis|planej|fal|consult)\w*|(?:quando|se|sempre\s+que|"
    r"cada\s+vez\s+que|toda\s+vez\s+que)\s+(?:\w+\s+){0,3}?(?:pergunt|ped|consult|fal)\w*|as\s+pessoas|"
    r"(?:aos|às)\s+(?:visitantes|clientes|hóspedes|turistas)|toda\s+a\s+gente|todo\s+(?:o\s+)?mundo|a\s+tod[oa]s(?!\s+l?[oa]s\s+(?:preguntas|perguntas|cuestiones|questões))|tod[oa]s\s+[oa]s\s+(?:visitantes|clientes|"
    r"hóspedes|turistas|pessoas|utilizadores|usuári[oa]s)|cada\s+(?:visitante|cliente|hóspede|pessoa)|"
    r"concorrência|concorrentes|outr[ao]s?\s+(?:lojas?|padarias?|hotéis|hotel|restaurantes?|bares?|"
    r"cafés?|agências?|empresas?)",
    polite=r"seria\s+(?:ótimo|bom|ideal|perfeito|fantástico|útil|incrível|legal|excelente)|"
    r"(?:eu\s+)?(?:agradecia|agradeceria|adoraria|gostaria)|agradeço|preciso\s+que|quero\s+que|"
    r"(?:você\s+)?(?:poderia|podia|pode|podes|consegue|conseguia)|peço\s+que|faça\s+o\s+favor|"
    r"faz\s+favor|faz(?:ias|ia)-me\s+um\s+(?:grande\s+)?favor",
    stems=r"diz|dig|diss|cont|inform|avis|recomend|mencion|fal|explic|suger|sugir|envi|mand|respond|"
    r"ofere|promov|indic|encaminh|orient|lev|descrev|cit|aconselh",
    must=r"(?:(?:você|tu|vocês)\s+)?(?:deves|deve|devem|tens\s+de|tens\s+que|tem\s+de|tem\s+que|"
    r"precisas\s+de|precisa|deverá|deverás)",
    cond=r"(?:se|quando|sempre\s+que|cada\s+vez\s+que|toda\s+vez\s+que|caso)\s+(?:(?:alguém|algum\s+\w+|"
    r"um[a]?\s+\w+|as\s+pessoas|[oa]s\s+\w+|te|lhe|lhes)\s+(?:te\s+|lhe\s+)?(?:pergunt|ped|consult|quis|"
    r"quer|procur|fal|reclam)\w*|(?:te\s+|lhe\s+)?(?:perguntarem|pedirem|quiserem|procurarem))",
    habit=r"a\s+partir\s+de\s+(?:agora|hoje|já)|de\s+agora\s+em\s+diante|daqui\s+(?:para\s+a\s+frente|"
    r"pra\s+frente|em\s+diante)|de\s+hoje\s+em\s+diante|doravante|desde\s+já",
    fixed=r"perguntem\s+o\s+que\s+perguntarem|pergunte\s+o\s+que\s+perguntar|(?:seja|qualquer)\s+qual\s+"
    r"(?:for|que\s+seja)\s+a\s+pergunta|seja\s+qual\s+for\s+a\s+pergunta|não\s+importa\s+o\s+que\s+"
    r"(?:te\s+|lhe\s+)?pergunt\w*|independentemente\s+d[ao]\s+pergunta",
    answer=r"(?:a|sua|tua)\s+resposta|responda",
    pretend=r"finja|finge|faça\s+de\s+conta|faz\s+de\s+conta|faça\s+como\s+se|faz\s+como\s+se|"
    r"aja\s+como\s+se|age\s+como\s+se|simule|simula",
    omit=r"(?:não|nunca|jamais)\s+(?:mencione|menciones|fale|fales|diga|digas|conte|contes|cite)|evite|"
    r"evita|omita|omite|esconda|esconde|oculte|oculta",
    only=r"apenas|só|somente|unicamente",
    output=r"(?:em|n[ao]s?|com|no\s+(?:final|fim|início)\s+de)\s+(?:cada|todas\s+as(?:\s+suas)?|suas|"
    r"tuas)\s+respostas?|(?:termine|termina|comece|começa|acabe|encerre)\s+(?:sempre\s+)?(?:cada|"
    r"todas\s+as(?:\s+suas)?|as\s+suas|as\s+tuas|suas|tuas)\s+respostas?",
    keys="seria agradecia agradeceria adoraria gostaria agradeço preciso quero poderia podia pode podes "
    "consegue conseguia peço faça faz deves deve devem tens tem precisas precisa deverá deverás agora "
    "hoje já diante frente doravante perguntem pergunte pergunta importa independentemente resposta "
    "respostas aja age",
)

_FR = Soft(
    imp=r"dis|dites|raconte|racontez|informe|informez|préviens|prévenez|recommande|recommandez|"
    r"mentionne|mentionnez|parle|parlez|explique|expliquez|suggère|suggérez|envoie|envoyez|réponds|"
    r"répondez|propose|proposez|conseille|conseillez|oriente|orientez|dirige|dirigez|emmène|emmenez|"
    r"décris|décrivez|ajoute|ajoutez|inclus|incluez|termine|terminez|commence|commencez|finis|"
    r"finissez|mets|mettez|affirme|affirmez|vante|vantez|signale|signalez|renvoie|renvoyez|indique|"
    r"indiquez|cite|citez",
    lead=r"s['’]il\s+te\s+plaît|s['’]il\s+vous\s+plaît|toujours|aussi|juste|simplement|seulement|et|alors|"
    r"maintenant",
    mark=r"(?:tes|vos|chaque|toutes\s+(?:tes|vos|les))\s+réponses?|(?:à\s+)?(?:ceux|celles|tous\s+ceux|"
    r"quiconque|les\s+gens|la\s+personne|toute\s+personne)\s+(?:qui\s+)?(?:te\s+|vous\s+)?(?:demand|"
    r"cherch|veul|voul|pos|parl|interrog|souhait)\w*|(?:quand|si|chaque\s+fois\s+qu['’]?|dès\s+qu['’]?|"
    r"lorsqu['’]?)\s*(?:\w+\s+){0,3}?(?:demand|parl|interrog|pos|cherch)\w*|les\s+gens|tout\s+le\s+monde|"
    r"aux\s+(?:visiteurs|clients|utilisateurs|touristes)|tous\s+les\s+(?:visiteurs|clients|utilisateurs|invités|touristes|gens)|chaque\s+(?:visiteur|"
    r"client|utilisateur|personne)|concurren\w+|(?:les\s+|l['’])autres?\s+(?:boutiques?|boulangeries?|"
    r"hôtels?|restaurants?|bars?|cafés?|agences?|magasins?)",
    polite=r"ce\s+serait\s+(?:super|génial|bien|parfait|top|idéal|sympa|chouette)|ça\s+serait\s+\w+|"
    r"j['’]aimerais|je\s+voudrais\s+que|(?:je|nous)\s+(?:te|vous)\s+(?:serais|serait|serions)\s+reconnaissant\w*|"
    r"(?:tu|vous)\s+me\s+rendr(?:ais|iez)\s+(?:un\s+(?:grand\s+)?)?service|pourrais-tu|pourriez-vous|tu\s+pourrais|vous\s+pourriez|peux-tu|pouvez-vous|merci\s+d|veuillez",
    stems=r"dire|dis|racont|inform|préven|prévien|recommand|mentionn|parl|expliqu|suggér|envoy|répond|"
    r"propos|conseill|orient|dirig|emmen|décri|signal|indiqu|cit",
    must=r"(?:tu\s+dois|vous\s+devez|tu\s+devras|vous\s+devrez|il\s+faut\s+que\s+(?:tu|vous))",
    cond=r"(?:si|quand|lorsqu['’]?|chaque\s+fois\s+qu['’]?|dès\s+qu['’]?)\s*(?:quelqu['’]un|on|un\s+\w+|"
    r"une\s+\w+|les\s+\w+|des\s+\w+)\s+(?:te\s+|vous\s+|t['’])?(?:demand|parl|interrog|pos|questionn|"
    r"cherch|veu|réclam)\w*",
    habit=r"désormais|dorénavant|à\s+partir\s+d['’](?:aujourd['’]hui|maintenant)|à\s+partir\s+de\s+"
    r"(?:maintenant|ce\s+jour)|dès\s+(?:maintenant|aujourd['’]hui)|à\s+l['’]avenir",
    fixed=r"quelle\s+que\s+soit\s+la\s+(?:question|demande)|peu\s+importe\s+(?:ce\s+qu['’]\w+(?:\s+\w+)?|"
    r"la\s+question)|quoi\s+qu['’](?:ils|on|elles)\s+(?:te\s+|vous\s+)?demand\w*",
    answer=r"(?:la|ta|votre)\s+réponse",
    pretend=r"fais\s+semblant|faites\s+semblant|fais\s+comme\s+si|faites\s+comme\s+si|prétends|"
    r"prétendez|agis\s+comme\s+si|agissez\s+comme\s+si",
    omit=r"ne\s+(?:parle|parlez|mentionne|mentionnez|dis|dites|cite|citez|raconte|racontez)\s+(?:pas|"
    r"jamais|rien)|n['’]évoque\s+(?:pas|jamais)|évite|évitez|omets|omettez|cache|cachez|tais|taisez",
    only=r"uniquement|seulement",
    output=r"(?:dans|à|en\s+fin\s+de|au\s+début\s+de|pour)\s+(?:chaque|toutes\s+(?:tes|vos|les)|tes|vos)"
    r"\s+réponses?|(?:termine|terminez|commence|commencez|finis|finissez|conclus|concluez)\s+"
    r"(?:toujours\s+)?(?:chaque|toutes\s+(?:tes|vos)|tes|vos)\s+réponses?",
    keys="serait aimerais voudrais serais serions pourrais pourriez peux pouvez merci veuillez dois "
    "devez devras devrez faut désormais dorénavant partir dès avenir quelle importe quoi réponse "
    "réponses ne n fais faites agis agissez",
)

_DE_IMP_SIE = (
    "sagen erzählen erwähnen empfehlen nennen informieren antworten schicken verweisen lenken "
    "beschreiben fügen beenden beginnen schließen schreiben weisen behaupten leiten führen bringen "
    "sprechen raten"
)
_DE = Soft(
    imp=r"sag|sage|erzähl|erzähle|erwähne|erwähn|empfiehl|nenne|informiere|antworte|schick|schicke|"
    r"verweise|lenke|lenk|beschreibe|beschreib|füge|füg|beende|beginne|schließe|schreib|schreibe|"
    r"weise|behaupte|preise|leite|führe|bring|bringe|sprich|rate|"
    rf"(?:{_DE_IMP_SIE.replace(' ', '|')})\s+Sie|\w+st\s+du",
    lead=r"bitte|immer|auch|einfach|nur|jetzt|und|dann|nie|niemals",
    mark=r"(?:deine\w*|Ihre\w*|jede\w*|alle\w*)\s+(?:(?:deine\w*|Ihre\w*)\s+)?Antwort\w*|"
    r"(?:Leute|Leuten|Menschen|Personen|Gäste\w*|Kunden|Besucher\w*|allen|jedem|alle|jeden|diejenigen|"
    r"denen|wer)\s*,?\s+(?:die|der|den|dem|wer)?\s*[^,.!?\n]{0,40}?(?:fragt|fragen|suchen|sucht|will|"
    r"wollen|möchte|möchten|braucht|brauchen|plant|planen)|(?:wenn|falls|sobald|immer\s+wenn)\s+(?:es\s+"
    r"um\s+\w+\s+geht|jemand[^,.!?\n]{0,40}?(?:fragt|wissen\s+will|spricht))|allen|jedem|jedermann|"
    r"alle[nm]?\s+(?:Besucher\w*|Kunden|Gäste\w*|Leute\w*|Nutzer\w*)|jede[nmr]?\s+(?:Besucher\w*|"
    r"Kunde\w*|Gast)|die\s+Leute|den\s+(?:Leuten|Kunden|Gästen|Besuchern|Nutzern)|Konkurrenz|Konkurrent\w*|(?:die|der|den|dem)\s+"
    r"andere[nr]?\s+(?:Bäckerei|Hotel\w*|Laden|Geschäft\w*|Restaurant\w*|Café\w*|Bar)",
    polite=r"es\s+wäre\s+(?:toll|super|schön|prima|nett|klasse|großartig|hilfreich|gut|ideal)|"
    r"ich\s+fände\s+es\s+(?:toll|super|schön|gut|prima|nett|klasse)|(?:ich|wir)\s+wären?\s+(?:dir|Ihnen|"
    r"euch)\s+dankbar|könntest\s+du|könnten\s+Sie|kannst\s+du|können\s+Sie|würdest\s+du|würden\s+Sie|"
    r"(?:du\s+würdest|Sie\s+würden)\s+mir\s+einen\s+(?:großen\s+)?Gefallen\s+tun|ich\s+möchte,?\s+dass|ich\s+hätte\s+gern,?\s+dass|sei\s+so\s+(?:nett|gut)|seien\s+Sie\s+so",
    stems=r"informier|sag|erzähl|mitteil|teil\w*\s+mit|empfehl|empfiehl|erinner|erwähn|hinweis|schick|"
    r"weiterleit|verweis|lenk|nenn|beschreib|rat",
    must=r"(?:du\s+(?:musst|sollst|solltest)|Sie\s+(?:müssen|sollen|sollten))",
    cond=r"(?:wenn|falls|sobald|immer\s+wenn|jedes\s+Mal,?\s+wenn)\s+(?:jemand|ein\w*\s+\w+|man\s+dich|"
    r"man\s+Sie|man|Kunden|Besucher|Gäste|Leute|dich)\s+[^,.!?\n]{0,40}?(?:fragt|fragen|nachfragt|"
    r"wissen\s+will|erkundigt|will|möchte|verlangt|sucht|braucht)",
    habit=r"ab\s+sofort|ab\s+jetzt|von\s+nun\s+an|von\s+jetzt\s+an|ab\s+heute|von\s+heute\s+an|künftig|"
    r"zukünftig|in\s+Zukunft|fortan",
    fixed=r"(?:egal|ganz\s+gleich),?\s+(?:was|wer|wonach|welche\w*)(?!\w)[^,.!?\n]{0,40}|was\s+auch\s+"
    r"immer\s+[^,.!?\n]{0,40}|unabhängig\s+davon,?\s+was[^,.!?\n]{0,40}",
    answer=r"(?:die|deine|Ihre)\s+Antwort",
    pretend=r"tu\s+so,?\s+als|tun\s+Sie\s+so,?\s+als|gib\s+vor|geben\s+Sie\s+vor",
    omit=r"verschweige|verschweigen\s+Sie|vermeide|vermeiden\s+Sie|lass\s+(?:die|den|das)|lassen\s+Sie\s+"
    r"(?:die|den|das)",
    only=r"nur|ausschließlich",
    output=r"(?:in|an|zu|am\s+(?:Ende|Anfang)|mit)\s+(?:jede[rnms]?|alle[nm]?|deine[nmr]?|Ihre[nmr]?)\s+"
    r"(?:(?:deine\w*|Ihre\w*)\s+)?Antwort\w*|in\s+all\s+(?:deine\w*|Ihre\w*)\s+Antwort\w*|(?:beende|beenden\s+Sie|beginne|beginnen\s+Sie|schließe|"
    r"schließen\s+Sie)\s+(?:immer\s+)?(?:jede|alle|deine|Ihre)\s+(?:(?:deine|Ihre)\s+)?Antwort\w*",
    keys=_DE_IMP_SIE
    + " wäre fände wären wäre könntest könnten kannst können würdest würden möchte "
    "hätte sei seien musst sollst solltest müssen sollen sollten sofort jetzt nun heute künftig "
    "zukünftig zukunft fortan egal gleich auch unabhängig antwort antworten st du",
)

_IT = Soft(
    imp=r"di['’]|dì|dille|digli|dica|racconta|racconti|informa|informi|avvisa|avvisi|consiglia|consigli|"
    r"raccomanda|raccomandi|menziona|menzioni|cita|citi|nomina|nomini|parla|parli|spiega|spieghi|"
    r"suggerisci|suggerisca|invia|manda|mandi|rispondi|risponda|offri|offra|proponi|proponga|"
    r"indirizza|indirizzi|porta|porti|descrivi|descriva|aggiungi|aggiunga|includi|includa|concludi|"
    r"concluda|termina|termini|inizia|comincia|metti|metta|afferma|affermi|segnala|segnali|indica|"
    r"indichi|elogia|loda",
    lead=r"per\s+favore|per\s+piacere|sempre|anche|solo|soltanto|semplicemente|ora|adesso|e|poi|non|mai",
    mark=r"(?:tue|sue|ogni|tutte\s+le(?:\s+tue|\s+sue)?|le\s+tue|le\s+sue)\s+rispost[ae]|(?:chi|chiunque|"
    r"coloro\s+che|quelli\s+che|le\s+persone\s+che|la\s+gente\s+che)\s+(?:ti\s+|le\s+|gli\s+)?(?:chied|"
    r"domand|cerc|vuol|vogli|vorr|pian|parl)\w*|(?:quando|se|ogni\s+volta\s+che|appena|qualora)\s+"
    r"(?:\w+\s+){0,3}?(?:chied|domand|parl)\w*|la\s+gente|(?:a\s+)?tutti|ogni\s+(?:visitatore|cliente|"
    r"utente|ospite|persona)|(?:ai|agli)\s+(?:visitatori|clienti|utenti|ospiti|turisti)|concorren\w+|(?:l['’])?altr[aoie]\s+(?:negozi?o?|panetteri[ae]|hotel|"
    r"ristorant[ei]|bar|caffè|agenzi[ae]|aziend[ae])",
    polite=r"sarebbe\s+(?:fantastico|bello|ottimo|perfetto|utile|carino|grandioso|bellissimo)|"
    r"(?:ti|le|vi)\s+sarei\s+grat[oa]|mi\s+piacerebbe|potresti|potrebbe|puoi|vorrei\s+che|gradirei|"
    r"ti\s+chiedo\s+di|le\s+chiedo\s+di|mi\s+fare(?:sti|bbe)\s+un\s+(?:grande\s+|grosso\s+)?favore",
    stems=r"dir|dic|raccont|inform|avvis|consigli|raccomand|menzion|cit|nomin|parl|spieg|suggeri|invi|"
    r"mand|rispond|offr|propon|indirizz|port|descriv|segnal|indic",
    must=r"(?:(?:tu|lei)\s+)?(?:devi|deve|dovrai|dovrà|dovresti|dovrebbe)",
    cond=r"(?:se|quando|ogni\s+volta\s+che|qualora|appena)\s+(?:(?:qualcuno|un\s+\w+|un['’]\w+|una\s+\w+|"
    r"i\s+\w+|gli\s+\w+|la\s+gente|ti|le|vi)\s+(?:ti\s+|le\s+)?(?:chied|domand|vuol|cerc|parl|lament)\w*|"
    r"(?:ti\s+|le\s+)?(?:chiedono|domandano))",
    habit=r"d['’]ora\s+in\s+(?:poi|avanti)|da\s+(?:ora|adesso|oggi|questo\s+momento)\s+in\s+(?:poi|avanti)|"
    r"da\s+oggi|d['’]ora\s+innanzi|d['’]adesso\s+in\s+poi",
    fixed=r"(?:qualunque|qualsiasi)\s+cosa\s+(?:ti\s+|le\s+)?(?:chiedano|domandino|chieda)|a\s+prescindere"
    r"\s+dalla\s+domanda|indipendentemente\s+dalla\s+domanda|non\s+importa\s+(?:cosa|che\s+cosa)\s+(?:ti\s+"
    r"|le\s+)?(?:chiedano|domandino|chiedono)|qualunque\s+sia\s+la\s+domanda",
    answer=r"(?:la|la\s+tua|la\s+sua)\s+risposta",
    pretend=r"fingi|finga|fai\s+finta|faccia\s+finta|fai\s+come\s+se|faccia\s+come\s+se|comportati\s+"
    r"come\s+se",
    omit=r"non\s+(?:nominare|menzionare|parlare|dire|citare|raccontare)|evita|eviti|ometti|ometta|nascondi|"
    r"nasconda|taci",
    only=r"solo|soltanto|unicamente|esclusivamente",
    output=r"(?:in|a|alla\s+fine\s+di|all['’]inizio\s+di)\s+(?:ogni|tutte\s+le(?:\s+tue|\s+sue)?)\s+"
    r"rispost[ae]|nelle\s+(?:tue|sue)\s+risposte|(?:concludi|concluda|termina|termini|inizia|comincia|"
    r"chiudi)\s+(?:sempre\s+)?(?:ogni|tutte\s+le|le\s+tue|le\s+sue)\s+(?:tue\s+)?rispost[ae]",
    keys="sarebbe sarei piacerebbe potresti potrebbe puoi vorrei gradirei chiedo devi deve dovrai "
    "dovrà dovresti dovrebbe ora oggi adesso innanzi qualunque qualsiasi prescindere "
    "indipendentemente importa risposta risposte fai faccia comportati di dì",
)

_RU = Soft(
    imp=r"скажи|скажите|говори|говорите|расскажи|расскажите|рассказывай|рассказывайте|сообщи|сообщите|"
    r"сообщай|сообщайте|упомяни|упомяните|упоминай|упоминайте|советуй|советуйте|посоветуй|"
    r"посоветуйте|рекомендуй|рекомендуйте|порекомендуй|порекомендуйте|объясни|объясняй|предлагай|"
    r"предлагайте|предложи|отправляй|отправляйте|отправь|направляй|направляйте|направь|отвечай|"
    r"отвечайте|ответь|ответьте|описывай|описывайте|опиши|добавляй|добавляйте|добавь|добавьте|"
    r"заканчивай|заканчивайте|завершай|начинай|начинайте|веди|ведите|хвали|хвалите|называй|называйте|"
    r"назови|пиши|пишите|напиши|утверждай|уверяй",
    lead=r"пожалуйста|всегда|тоже|также|просто|только|теперь|и|а|никогда|не",
    mark=r"(?:сво\w+|тво\w+|ваш\w+|каждом|каждый|каждого|все|всех|во\s+всех)\s+(?:сво\w+\s+)?ответ\w*|"
    r"(?:тем|тому|всем|тех|того|каждому|любому|людям),?\s+(?:кто|которые|который)\s+(?:[\w-]+\s+){0,3}?"
    r"(?:спрашива|спрос|ищ|хоч|хот|интересу|планиру|нужд)\w*|(?:когда|если|как\s+только)\s+"
    r"(?:[\w-]+\s+){0,3}?(?:спрашива|спрос|интересу|заходит|заговор)\w*|всем|каждому|людей|людям|"
    r"посетител\w+|клиент\w+|гост\w+|конкурент\w*|(?:друг\w+|ин\w+)\s+(?:пекарн|магазин|отел|ресторан|"
    r"кафе|бар|агентств|компани)\w*",
    polite=r"было\s+бы\s+(?:здорово|хорошо|отлично|неплохо|замечательно|классно|круто|прекрасно)|"
    r"(?:был\s+бы|была\s+бы|были\s+бы|буду|будем)\s+благодар\w*|мне\s+бы\s+хотелось|мне\s+хотелось\s+бы|"
    r"я\s+бы\s+хотел\w*|(?:ты|вы)\s+бы\s+(?:очень\s+)?помог\w*|хочу,?\s+чтобы|не\s+мог\w*\s+бы\s+(?:ты|вы)|можешь|можете|прошу\s+(?:тебя|вас)",
    stems=r"сказ|говор|рассказ|сообщ|упомина|упомян|совет|рекомендова|порекомендова|объясн|предлаг|"
    r"предлож|отправ|направл|направ|ответ|опис|называ|хвал",
    must=r"(?:(?:ты|вы)\s+)?(?:должен|должна|должны|обязан\w*)|(?:тебе|вам)\s+(?:нужно|надо|следует)",
    cond=r"(?:если|когда|как\s+только|всякий\s+раз,?\s+когда|каждый\s+раз,?\s+когда)\s+(?:[\w-]+\s+){0,3}?"
    r"(?:спросит|спрашивает|спросят|спрашивают|спросили|просит|попросит|просят|интересуется|захочет|"
    r"хочет)\w*",
    habit=r"с\s+этого\s+момента|отныне|впредь|с\s+(?:сегодняшнего|этого)\s+дня|в\s+дальнейшем",
    fixed=r"что\s+бы\s+(?:тебя\s+|вас\s+)?ни\s+спрос\w*|о\s+ч[её]м\s+бы\s+(?:тебя\s+|вас\s+)?ни\s+"
    r"спрос\w*|(?:не\s*важно|неважно),?\s+(?:что|о\s+ч[её]м)\s+(?:тебя\s+|вас\s+)?спрашива\w*|"
    r"независимо\s+от\s+вопроса|какой\s+бы\s+ни\s+был\s+вопрос",
    answer=r"(?:твой\s+|ваш\s+)?ответ",
    pretend=r"сделай\s+вид|сделайте\s+вид|делай\s+вид|делайте\s+вид|притворись|притворитесь|"
    r"притворяйся|веди\s+себя\s+так,?\s+(?:будто|как\s+будто|словно)",
    omit=r"не\s+(?:упоминай|упоминайте|говори|говорите|рассказывай|рассказывайте|называй|называйте|"
    r"советуй|советуйте|рекомендуй|рекомендуйте|сообщай)|избегай|избегайте|умалчивай|скрывай|скрывайте",
    only=r"только|лишь|исключительно",
    output=r"(?:в|во)\s+(?:каждом|каждый|всех|все)\s+(?:сво\w+\s+|тво\w+\s+|ваш\w+\s+)?ответ\w*|"
    r"(?:заканчивай|заканчивайте|завершай\w*|начинай\w*)\s+(?:всегда\s+)?(?:каждый|все|сво\w+|ваш\w+)\s+"
    r"(?:сво\w+\s+)?ответ\w*|в\s+(?:своих|твоих|ваших)\s+ответах",
    keys="было были был была буду будем мне я хочу не можешь можете прошу должен должна должны "
    "обязан обязана обязаны тебе вам момента отныне впредь дня дальнейшем что ч ем чем неважно "
    "важно независимо какой нужно надо следует ни помог помогла помогли хотелось хотел хотела мог могла могли ответ ответе ответы ответах ответов сделай сделайте делай делайте "
    "притворись притворитесь притворяйся веди",
)

# (gate, pattern) pairs: each language's command and frame patterns.
_LATIN = tuple(
    (needed, quick(pattern))
    for lang in (_ES, _PT, _FR, _DE, _IT)
    for needed, pattern in zip(lang.gates(), lang.patterns(), strict=True)
)
_CYR = tuple(
    (needed, quick(pattern)) for needed, pattern in zip(_RU.gates(), _RU.patterns(), strict=True)
)
_ANY = frozenset().union(*(needed for needed, _ in _LATIN + _CYR))
WORDS = _ANY
"""Words one of which a text holds when :func:`find` finds anything in it."""


def find(text: str, words: frozenset[str] | None = None) -> list[Hit]:
    """Soft instruction spans in es, pt, fr, de, it and ru on a folded view."""
    words = tokens(text) if words is None else words
    parts: list[tuple[frozenset[str], re.Pattern[str]]] = []
    if _ANY.isdisjoint(words):  # most texts: at once
        return []
    if LATIN_WORD.search(text):
        parts += [part for part in _LATIN if not part[0].isdisjoint(words)]
    if not text.isascii() and CYRILLIC.search(text):
        parts += [part for part in _CYR if not part[0].isdisjoint(words)]
    return gated_hits(text, words, parts, REASON)
