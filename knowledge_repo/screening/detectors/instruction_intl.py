"""Instruction-like text in Spanish, Portuguese, French, German, Italian, Russian and Korean.

The same families as in English (:mod:`.instruction`), per language:
overriding the agent's instructions (ignora las instrucciones anteriores,
vergiss die Regeln, игнорируй инструкции, 이전 지시를 무시); a new role (ahora
eres…, tu es maintenant…, du bist jetzt…, теперь ты…, 지금부터 당신은…); a
directive to every later visitor — an imperative in command position with
an audience in the same clause (dile a cada cliente, informez tous les
visiteurs, erzähl allen, скажи каждому клиенту, 모든 방문자에게 … 알려
주세요), its polite or indirect form (sería genial que pudieras avisar a
todos los clientes, es wäre toll, wenn du alle Kunden informieren könntest,
было бы здорово, если бы ты рассказал всем клиентам), and a conditional
command (si alguien pregunta por X, dile…; wenn jemand fragt, sag…).
Statements keep their subject before the verb (el dueño siempre recomienda,
das Personal sagt den Besuchern), which the command position leaves alone.
Patterns are written with accents and compiled as the folded view reads
them (accents of Latin letters dropped).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..folding import Hit, fold_pattern, gate, tokens
from .firsts import led, quick
from .windows import CYRILLIC, LATIN_WORD, gated_hits

_START = r"(?:^|(?<=[.!?:;,\n\"'(\[«»¿¡\-–—…]))\s*"


@dataclass(frozen=True)
class Language:
    """The word lists of one language; `pattern` combines them."""

    imperative: str  # second-person imperatives (and "you"-forms used as commands)
    audience: str  # everyone, every visitor, each customer…
    lead: str  # what may stand before a command: please, always, from now on…
    polite: str  # an indirect request: "it would be great if you could…"
    stems: str  # verb stems after a polite frame (any form)
    condition: str  # "if someone asks …", up to the comma
    override: str
    role: str
    gate: str = ""  # words of which every match has one (checked before the pattern runs)
    free_order: bool = False  # the imperative is unambiguous anywhere (Russian)

    def pattern(self) -> re.Pattern[str]:
        imp = rf"(?:{self.imperative})(?![\w])"
        aud = rf"(?:{self.audience})(?![\w])"
        command = rf"{_START}(?:(?:{self.lead}),?\s+){{0,3}}{imp}[^.!?;\n]{{0,60}}?(?<![\w]){aud}"
        parts = [
            command,
            rf"(?:{self.polite})(?![\w])[^.!?\n]{{0,50}}?(?<![\w])(?:{self.stems})\w*[^.!?;\n]{{0,60}}?(?<![\w]){aud}",
            rf"(?:{self.polite})(?![\w])[^.!?\n]{{0,50}}?(?<![\w]){aud}[^.!?;\n]{{0,60}}?(?<![\w])(?:{self.stems})\w*",
            rf"(?<![\w])(?:{self.condition})[^.!?\n]{{0,70}}?,\s*(?:(?:{self.lead}),?\s+){{0,2}}{imp}",
            rf"(?<![\w])(?:{self.override})",
            rf"(?<![\w])(?:{self.role})",
        ]
        if self.free_order:
            parts.append(rf"(?<![\w]){imp}[^.!?;\n]{{0,60}}?(?<![\w]){aud}")
            parts.append(rf"(?<![\w]){aud}[^.!?;\n]{{0,40}}?(?<![\w]){imp}")
        # Every part starts where no letter precedes it: checking that first lets the
        # engine leave a position inside a word at once (about twice as fast). Each part is
        # then led by its first characters (firsts.led): a word start where a part cannot
        # begin costs one class test, not a try of its word list (~25% off these patterns).
        alternatives = "|".join(led(fold_pattern(p)) for p in parts)
        return re.compile(fold_pattern(rf"(?<![\w])(?:{alternatives})"), re.IGNORECASE)


_ES = Language(
    gate="contestale contestales respondele respondeles gustaria quiero necesito quien di dile diles digale digales cuenta cuentale cuentales informa informales informe avisa avise avisales recomienda recomiende recomiendales recuerda recuerdales recuerde comunica comunique menciona mencione menciones explica sugiere envia enviales manda responde contesta ofrece promociona invita pide nunca seria podrias pudieras puedes podria hazme cuando siempre cada ignora ignore olvida olvide olvidate descarta omite haz ahora partir desde eres actua finge comportate agradeceria encantaria hagas menciones digas pregunta pregunte preguntan pregunten preguntas preguntes preguntara preguntaran caso",
    imperative=r"di|dile|diles|dígale|dígales|cuenta|cuéntale|cuéntales|informa|infórmales|informe|"
    r"avisa|avise|avísales|recomienda|recomiende|recomiéndales|recuerda|recuérdales|recuerde|"
    r"comunica|comunique|menciona|mencione|menciones|explica|sugiere|envía|envíales|manda|responde|"
    r"contesta|contéstale|contéstales|respóndele|respóndeles|ofrece|promociona|invita|pide|nunca\s+menciones|no\s+menciones|no\s+digas",
    audience=r"tod[oa]s\s+l[oa]s\s+(?:visitantes|clientes|usuari[oa]s|huéspedes|invitad[oa]s|turistas|"
    r"compradores|personas|lectores)|cada\s+(?:visitante|cliente|usuari[oa]|huésped|persona|uno)|"
    r"todo\s+el\s+mundo|cualquier\s+(?:visitante|cliente|persona|usuari[oa])|ningún\s+(?:visitante|"
    r"cliente|usuario)|nadie|quien\s+pregunte|l[oa]s\s+(?:visitantes|clientes|usuari[oa]s|huéspedes)",
    lead=r"por\s+favor|siempre|nunca|también|solo|sólo|simplemente|ahora|a\s+partir\s+de\s+ahora|"
    r"de\s+ahora\s+en\s+adelante|desde\s+(?:hoy|ahora)|en\s+adelante|y|pero|entonces|no\s+olvides|"
    r"asegúrate\s+de",
    polite=r"sería\s+(?:genial|estupendo|ideal|perfecto|bueno|fantástico|útil)|te\s+agradecería|"
    r"le\s+agradecería|me\s+encantaría|me\s+gustaría\s+que|quiero\s+que|necesito\s+que|podrías|pudieras|puedes|podría\s+usted|hazme\s+el\s+favor",
    stems=r"decir|dec|dij|dig|cont|cuent|inform|avis|recomend|record|recuerd|comunic|mencion|explic|suger|"
    r"envi|mand|respond|contest|ofrec|promocion",
    condition=r"quien\s+(?:te\s+|le\s+)?pregunt\w*|(?:si|cuando|siempre\s+que|cada\s+vez\s+que)\s+(?:alguien|algún\s+\w+|un[oa]?\s+"
    r"(?:cliente|visitante|usuari[oa]|huésped)|te|le|les|l[oa]s\s+\w+|la\s+gente)\s+(?:\w+\s+)?pregunt\w*",
    override=r"(?:ignora|ignore|olvida|olvide|olvídate\s+de|descarta|omite|no\s+hagas\s+caso\s+(?:de|a)|"
    r"haz\s+caso\s+omiso\s+(?:de|a))\s+[^.!?\n]{0,30}?(?:instrucciones|reglas|indicaciones|órdenes|"
    r"normas|directrices|prompt|todo\s+lo\s+anterior|lo\s+anterior|restricciones|configuración)",
    role=r"(?:ahora|a\s+partir\s+de\s+ahora|desde\s+ahora)\s+(?:eres|serás|vas\s+a\s+ser)\b|"
    r"eres\s+ahora\b|actúa\s+como|finge\s+(?:ser|que\s+eres)|compórtate\s+como|haz\s+de\s+cuenta",
)

_PT = Language(
    gate="preciso quero quem dissesse faz diga lhes diz conte conta informe informa avise avisa recomende recomenda lembre lembra comunique comunica mencione menciona explique sugira envie mande responda ofereca convide peca nunca nao seria agradeco gostaria voce poderia podes pode quando sempre cada ignore ignora esqueca esquece desconsidere descarte agora partir aja finja faca comporte agradeceria pergunta perguntar perguntarem pergunte perguntem perguntas perguntou comece termine inicie encerre acabe deixe convenca incentive indique divulgue promova fale mude troque negue recuse deve tem precisa peco hoje diante doravante obedeca obedece vez reclamar reclamarem falar falarem pedir pedirem quiser quiserem mencionar questionar",
    imperative=r"diga|diga-lhes|diz|conte|conta|informe|informa|avise|avisa|recomende|recomenda|"
    r"lembre|lembra|comunique|comunica|mencione|menciona|explique|sugira|envie|mande|responda|"
    r"ofereça|convide|peça|nunca\s+mencione|não\s+mencione|não\s+diga|convença|incentive|indique|"
    r"divulgue|promova|fale|mude|troque|negue|recuse|encaminhe|mostre|não\s+deixe|"
    r"(?:você|tu)\s+(?:deve|tem\s+que|tem\s+de|precisa)\s+(?:sempre\s+)?(?:dizer|contar|informar|avisar|"
    r"recomendar|falar|mencionar|indicar|responder|convencer|pedir)",
    audience=r"tod[oa]s\s+[oa]s\s+(?:visitantes|clientes|usuári[oa]s|utilizadores|hóspedes|turistas|"
    r"pessoas|leitores)|cada\s+(?:visitante|cliente|usuári[oa]|utilizador|hóspede|pessoa)|"
    r"toda\s+a\s+gente|todo\s+(?:o\s+)?mundo|qualquer\s+(?:visitante|cliente|pessoa)|"
    r"nenhum\s+(?:visitante|cliente|usuário)|ninguém|(?:a|à|para\s+)?[oa]s\s+(?:visitantes|clientes|"
    r"usuári[oa]s|hóspedes|turistas)|(?:a|para)\s+tod[oa]s(?!\s+[oa]s\s)|"
    r"aos\s+(?:visitantes|clientes|usuári[oa]s|hóspedes|turistas)|(?:a\s+|para\s+)?quem\s+(?:pergunt|ped|quiser|procur|lig|escrev|cheg|telefon|vier|entrar)\w*",
    lead=r"por\s+favor|sempre|nunca|também|só|apenas|simplesmente|basta|agora|a\s+partir\s+de\s+agora|"
    r"de\s+agora\s+em\s+diante|daqui\s+para\s+a\s+frente|e|então|não\s+se\s+esqueça\s+de|não|"
    r"jamais|a\s+partir\s+de\s+hoje|de\s+hoje\s+em\s+diante|daqui\s+em\s+diante|doravante|"
    r"lembre-se|lembra-te",
    polite=r"seria\s+(?:ótimo|bom|ideal|perfeito|fantástico|útil)|eu\s+agradeceria|agradeço|"
    r"gostaria\s+que|preciso\s+que|quero\s+que|você\s+poderia|poderia|podes|pode|peço\s+que|faça\s+o\s+favor\s+de|"
    r"faz\s+favor\s+de",
    stems=r"dizer|diz|dig|cont|inform|avis|recomend|lembr|comunic|mencion|explic|envi|mand|respond|"
    r"indic|divulg|promov|diss|fal(?:e|ar|asse|em)|ofere|suger|sugir|convenc|convenç",
    condition=r"quem\s+(?:te\s+|lhe\s+)?(?:pergunt|quiser|pedir|reclam)\w*|(?:se|quando|sempre\s+que|cada\s+vez\s+que|toda\s+vez\s+que|caso)\s+(?:(?:alguém|algum\s+\w+|"
    r"um[a]?\s+(?:cliente|visitante|usuári[oa]|hóspede|turista)|te|lhe|[oa]s\s+\w+)\s+(?:\w+\s+)?"
    r"(?:pergunt|reclam|quiser|pedir|falar|mencionar|questionar|comentar)\w*|"
    r"perguntarem|reclamarem|questionarem|mencionarem|falarem|quiserem|pedirem)",
    override=r"(?:ignore|ignora|esqueça|esquece|desconsidere|descarte|não\s+ligue\s+para)\s+"
    r"[^.!?\n]{0,30}?(?:instruções|regras|indicações|ordens|normas|diretrizes|prompt|"
    r"tudo\s+o\s+que|o\s+que\s+foi\s+dito|o\s+que\s+(?:te|lhe)\s+(?:disseram|falaram|mandaram)|restrições)|"
    r"(?:faça|faz|deixe)\s+(?:com\s+que\s+)?(?:tod[oa]s\s+[oa]s|cada|[oa]s)\s+\w+\s+(?:acredit|pens|ach)\w*|"
    r"obedeça-me|obedece-me|obedeça\s+(?:só\s+|apenas\s+)?a\s+mim|"
    r"(?:nunca|jamais|não)\s+(?:mencione|revele|admita|comente)\s+(?:que|o|a|os|as|nada)\b|"
    r"(?:recomende|indique|mencione|ofereça|promova|divulgue)\s+sempre\b|"
    r"(?:em|n[ao]\s+(?:final|fim|início|começo)\s+de)\s+(?:todas\s+as|cada(?:\s+uma\s+das)?)\s+(?:suas\s+)?"
    r"(?:respostas?|mensagens?|conversas?)|(?:responder|responda)\s+(?:a\s+)?(?:todas\s+as|cada)\s+"
    r"(?:perguntas?|mensagens?)\s+com|(?:comece|termine|inicie|encerre|acabe)\s+(?:todas\s+as|cada(?:\s+uma\s+das)?)\s+"
    r"(?:suas\s+)?(?:respostas?|mensagens?)",
    role=r"(?:agora|a\s+partir\s+de\s+(?:agora|hoje)|de\s+hoje\s+em\s+diante|daqui\s+em\s+diante),?\s+"
    r"(?:você\s+é|és|tu\s+és)\b|você\s+agora\s+é\b|"
    r"(?:você\s+é|és)\s+agora\b|aja\s+como|finja\s+(?:ser|que\s+é)|faça\s+de\s+conta|comporte-se\s+como",
)

_FR = Language(
    gate="dis dites raconte racontez informe informez previens prevenez recommande recommandez rappelle rappelez signale signalez mentionne mentionnez explique expliquez suggere envoie envoyez reponds repondez annonce annoncez propose proposez conseille conseillez invite pourrais pourriez peux merci veuillez pense si quand lorsqu lorsque chaque ignore ignorez oublie oubliez fais faites ecarte contourne maintenant desormais dorenavant partir agis agissez comporte joue aimerais serais pourrais pourriez peux oublie serait jamais semblant",
    imperative=r"dis|dites|raconte|racontez|informe|informez|préviens|prévenez|recommande|"
    r"recommandez|rappelle|rappelez|signale|signalez|mentionne|mentionnez|explique|expliquez|"
    r"suggère|envoie|envoyez|réponds|répondez|annonce|annoncez|propose|proposez|conseille|"
    r"conseillez|invite|ne\s+(?:mentionne|parle|dis|recommande)\w*\s+jamais",
    audience=r"tous\s+les\s+(?:visiteurs|clients|utilisateurs|usagers|invités|touristes|gens|"
    r"lecteurs)|toutes\s+les\s+personnes|chaque\s+(?:visiteur|client|utilisateur|invité|personne)|"
    r"tout\s+le\s+monde|n'importe\s+quel\s+(?:visiteur|client)|aucun\s+(?:visiteur|client|utilisateur)|"
    r"quiconque|les\s+(?:visiteurs|clients|utilisateurs)",
    lead=r"s'il\s+te\s+plaît|s'il\s+vous\s+plaît|toujours|jamais|aussi|juste|simplement|seulement|"
    r"désormais|dorénavant|à\s+partir\s+de\s+maintenant|à\s+l'avenir|maintenant|et|alors",
    polite=r"ce\s+serait\s+(?:super|génial|bien|parfait|top|idéal|sympa)|j'aimerais\s+que|"
    r"je\s+(?:te|vous)\s+serais\s+reconnaissante?|pourrais-tu|pourriez-vous|tu\s+pourrais|"
    r"vous\s+pourriez|tu\s+peux|peux-tu|merci\s+d|veuillez|n'oublie\s+pas\s+d|pense\s+à",
    stems=r"dire|dis(?:es|iez|e)(?!\w)|racont|inform|préven|prévien|recommand|rappel|signal|mentionn|expliqu|suggér|"
    r"envoy|répond|annonc|propos|conseill",
    condition=r"(?:si|quand|lorsqu'?e?|chaque\s+fois\s+qu'?e?|dès\s+qu'?e?)\s*(?:quelqu'un|on|un\s+"
    r"(?:client|visiteur|utilisateur)|les\s+\w+)\s+(?:te\s+|vous\s+|t')?(?:demande|parle|interroge|"
    r"pose|questionne)\w*",
    override=r"(?:ignore|ignorez|oublie|oubliez|ne\s+tiens\s+pas\s+compte|ne\s+tenez\s+pas\s+compte|"
    r"fais\s+abstraction|faites\s+abstraction|écarte|contourne)\s+[^.!?\n]{0,30}?(?:instructions|"
    r"consignes|règles|directives|ordres|prompt|tout\s+ce\s+qui\s+précède|ce\s+qui\s+précède|"
    r"restrictions|paramètres)",
    role=r"(?:tu\s+es|vous\s+êtes)\s+(?:maintenant|désormais|dorénavant)\b|(?:maintenant|désormais|"
    r"dorénavant|à\s+partir\s+de\s+maintenant),?\s+(?:tu\s+es|vous\s+êtes)\b|fais\s+semblant\s+d|"
    r"faites\s+semblant\s+d|agis\s+comme|agissez\s+comme|comporte-toi\s+comme|joue\s+le\s+rôle",
)

_DE = Language(
    gate="sag sage sagt sagen erzahl erzahle erzahlen informiere informier informieren teile teil teilen empfiehl empfehlen erinnere erinner erinnern weise erwahne erwahn erwahnen schreib schreibe antworte antworten schick schicke sende gib geben biete rate melde verweise empfiehlst sagst erzahlst informierst erinnerst teilst erwahnst antwortest konntest konnten kannst wurdest wurden wenn falls sobald immer jedes ignoriere ignorier ignorieren vergiss vergessen missachte ubergehe jetzt tu spiel verhalte ware dankbar bist sind",
    imperative=r"sag|sage|sagt|sagen\s+Sie|erzähl|erzähle|erzählen\s+Sie|informiere|informier|"
    r"informieren\s+Sie|teile|teil|teilen\s+Sie|empfiehl|empfehlen\s+Sie|erinnere|erinner|"
    r"erinnern\s+Sie|weise|erwähne|erwähn|erwähnen\s+Sie|schreib|schreibe|antworte|antworten\s+Sie|"
    r"schick|schicke|sende|gib|geben\s+Sie|biete|rate|melde|verweise|"
    r"(?:empfiehlst|sagst|erzählst|informierst|erinnerst|teilst|erwähnst|antwortest)\s+du",
    audience=r"alle[nm]?\s+(?:Besucher\w*|Kunden|Gäste\w*|Nutzer\w*|Benutzer\w*|Leute\w*|Menschen|"
    r"Anrufer\w*|Leser\w*|Touristen)|jede[nmrs]?\s+(?:Besucher\w*|Kunde\w*|Gast|Nutzer\w*|Person)|"
    r"allen|alle|jedem|jedermann|keinem\s+(?:Besucher|Kunden|Gast|Nutzer)|niemandem|"
    r"den\s+(?:Besuchern|Kunden|Gästen|Nutzern)",
    lead=r"bitte|immer|nie|niemals|auch|einfach|nur|jetzt|ab\s+sofort|ab\s+jetzt|von\s+nun\s+an|"
    r"ab\s+heute|künftig|zukünftig|in\s+Zukunft|und|dann|vergiss\s+nicht|denk\s+daran",
    polite=r"es\s+wäre\s+(?:toll|super|schön|prima|nett|klasse|großartig|hilfreich)|"
    r"ich\s+wäre\s+(?:dir|Ihnen)\s+dankbar|könntest\s+du|könnten\s+Sie|kannst\s+du|würdest\s+du|"
    r"würden\s+Sie",
    stems=r"informier|sagen|erzähl|mitteil|empfehl|empfiehl|erinner|erwähn|hinweis|schick|send|"
    r"weiterleit|rat",
    condition=r"(?:wenn|falls|sobald|immer\s+wenn|jedes\s+Mal,?\s+wenn)\s+(?:jemand|ein\s+(?:Kunde|"
    r"Besucher|Gast|Nutzer)|man\s+dich|man|Kunden|Besucher|Gäste|Leute)\s+[^,.!?\n]{0,40}?"
    r"(?:fragt|fragen|nachfragt|wissen\s+will|erkundigt)",
    override=r"(?:ignoriere|ignorier|ignorieren\s+Sie|vergiss|vergessen\s+Sie|missachte|übergehe)\s+"
    r"[^.!?\n]{0,30}?(?:Anweisung\w*|Instruktion\w*|Regeln|Vorgaben|Befehle|Prompt|Richtlinien|"
    r"Systemanweisung\w*|Systemprompt|alles,?\s+was|Einschränkungen)",
    role=r"du\s+bist\s+(?:jetzt|ab\s+sofort|nun|ab\s+jetzt|von\s+nun\s+an)\b|(?:ab\s+sofort|ab\s+jetzt|"
    r"von\s+nun\s+an|jetzt),?\s+bist\s+du\b|tu\s+so,?\s+als\s+wärst\s+du|gib\s+dich\s+als|"
    r"spiel\s+die\s+Rolle|verhalte\s+dich\s+wie|Sie\s+sind\s+(?:jetzt|nun|ab\s+sofort)\s+(?:ein|der|die)",
)

_IT = Language(
    gate="di dille digli dica racconta raccontagli informa informi avvisa avvisi avverti consiglia consigli raccomanda ricorda ricordi comunica comunichi menziona menzioni spiega suggerisci invia manda rispondi risponda offri proponi segnala annuncia invita non sarebbe potresti puoi vorrei quando ogni qualora appena ignora ignori dimentica dimentichi trascura scarta ora adesso sei fingi fai comportati agisci interpreta sarei piacerebbe chiede chiedono chiedesse chiedessero chiedera domanda domandano",
    imperative=r"di'|di’|dì|dille|digli|dica|racconta|raccontagli|informa|informi|avvisa|avvisi|"
    r"avverti|consiglia|consigli|raccomanda|ricorda|ricordi|comunica|comunichi|menziona|menzioni|"
    r"spiega|suggerisci|invia|manda|rispondi|risponda|offri|proponi|segnala|annuncia|invita|"
    r"non\s+(?:dire|menzionare|parlare|raccontare|consigliare|nominare)",
    audience=r"tutti\s+i\s+(?:visitatori|clienti|utenti|turisti|lettori)|tutti\s+gli\s+(?:utenti|"
    r"ospiti)|tutte\s+le\s+persone|ogni\s+(?:visitatore|cliente|utente|ospite|persona)|tutti|"
    r"chiunque|nessun\s+(?:visitatore|cliente|utente)|nessuno|i\s+(?:visitatori|clienti)|gli\s+"
    r"(?:utenti|ospiti)",
    lead=r"per\s+favore|per\s+piacere|sempre|mai|anche|solo|soltanto|semplicemente|basta|ora|adesso|"
    r"d'ora\s+in\s+poi|da\s+ora\s+in\s+poi|da\s+adesso\s+in\s+poi|d'ora\s+in\s+avanti|in\s+futuro|e|"
    r"poi|ricordati\s+di|non\s+dimenticare\s+di",
    polite=r"sarebbe\s+(?:fantastico|bello|ottimo|perfetto|utile|carino|grandioso)|ti\s+sarei\s+"
    r"grat[oa]|le\s+sarei\s+grat[oa]|mi\s+piacerebbe|potresti|puoi|vorrei\s+che",
    stems=r"dire|dir|raccont|inform|avvis|avvert|consigli|raccomand|ricord|comunic|menzion|spieg|"
    r"suggeri|invi|mand|rispond|segnal|annunci",
    condition=r"(?:se|quando|ogni\s+volta\s+che|qualora|appena)\s+(?:qualcuno|un\s+(?:cliente|"
    r"visitatore|utente|ospite)|ti|le|i\s+clienti|la\s+gente)\s+(?:\w+\s+)?(?:chied|domand)\w*",
    override=r"(?:ignora|ignori|dimentica|dimentichi|trascura|non\s+considerare|non\s+tenere\s+conto|"
    r"scarta)\s+[^.!?\n]{0,30}?(?:istruzioni|regole|indicazioni|ordini|direttive|prompt|"
    r"tutto\s+quello|tutto\s+ciò|impostazioni|restrizioni)",
    role=r"(?:ora|adesso|d'ora\s+in\s+poi|da\s+ora\s+in\s+poi)\s+(?:tu\s+)?sei\b|sei\s+(?:ora|adesso)\b|"
    r"fingi\s+di\s+essere|fai\s+finta\s+di\s+essere|comportati\s+come|agisci\s+come|"
    r"interpreta\s+il\s+ruolo",
)

_RU = Language(
    gate="скажи скажите говори говорите расскажи расскажите сообщи сообщите сообщай сообщайте передай передайте посоветуй посоветуйте советуй советуйте рекомендуй рекомендуйте порекомендуй напомни напомните напоминай напоминайте упомяни упоминай объясни предложи предлагай отправь отправляй пришли отвечай отвечайте ответь ответьте предупреди предупреждай убеди уверяй приглашай было буду можешь если когда всякий каждый игнорируй игнорируйте проигнорируй забудь забудьте отбрось отмени теперь отныне притворись представь веди играй действуй благодарен благодарна мог могли обращай обращайте момента спросит спрашивает спросят спрашивают поинтересуется интересуется спросил спросила спросили",
    imperative=r"скажи|скажите|говори|говорите|расскажи|расскажите|сообщи|сообщите|сообщай|"
    r"сообщайте|передай|передайте|посоветуй|посоветуйте|советуй|советуйте|рекомендуй|рекомендуйте|"
    r"порекомендуй|напомни|напомните|напоминай|напоминайте|упомяни|упоминай|объясни|предложи|"
    r"предлагай|отправь|отправляй|пришли|отвечай|отвечайте|ответь|ответьте|предупреди|"
    r"предупреждай|убеди|уверяй|приглашай",
    audience=r"всем(?:\s+(?:посетителям|клиентам|пользователям|гостям|покупателям|людям|туристам))?|"
    r"каждому(?:\s+(?:посетителю|клиенту|пользователю|гостю|покупателю|человеку))?|"
    r"любому\s+(?:посетителю|клиенту|пользователю)|ни\s+одному\s+(?:посетителю|клиенту|пользователю)|"
    r"никому|все\s+(?:посетители|клиенты|пользователи|гости)|посетителям|клиентам|пользователям|гостям",
    lead=r"пожалуйста|всегда|никогда|тоже|также|просто|только|теперь|отныне|с\s+этого\s+момента|"
    r"впредь|с\s+этого\s+дня|и|а",
    polite=r"было\s+бы\s+(?:здорово|хорошо|отлично|неплохо|замечательно|классно)|"
    r"я\s+был\s+бы\s+благодарен|я\s+была\s+бы\s+благодарна|буду\s+благодарен|не\s+мог\s+бы\s+ты|"
    r"не\s+могли\s+бы\s+вы|можешь",
    stems=r"сказа|говор|рассказа|сообщ|переда|посовет|рекомендова|порекомендова|напомн|упомян|"
    r"объясн|предлож|отправ|ответ|предупред",
    condition=r"(?:если|когда|всякий\s+раз,?\s+когда|каждый\s+раз,?\s+когда)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:спросит|спрашивает|спросят|спрашивают|поинтересуется|интересуется|спросил)\w*",
    override=r"(?:игнорируй|игнорируйте|проигнорируй|забудь|забудьте|не\s+обращай\s+внимания\s+на|"
    r"не\s+обращайте\s+внимания\s+на|отбрось|отмени)\s+[^.!?\n]{0,30}?(?:инструкци\w*|правил\w*|"
    r"указани\w*|команд\w*|промпт\w*|всё,?\s+что|все,?\s+что|ограничени\w*|настройк\w*|системн\w*)",
    role=r"(?:теперь|отныне|с\s+этого\s+момента)\s+ты\s+(?:[\w-]+\s+){0,2}?(?:ассистент|бот|помощник|"
    r"модель|персонаж|продавец|хакер|администратор|свободн|без)\w*|ты\s+теперь\s+(?:[\w-]+\s+){0,2}?"
    r"(?:ассистент|бот|помощник|модель|продавец|хакер|без)\w*|притворись|представь,?\s+что\s+ты|"
    r"веди\s+себя\s+как|играй\s+роль|действуй\s+как|"
    # На любой вопрос о ценах отвечай, что…: an answer fixed in advance for every question.
    r"на\s+(?:любой|каждый|все)\s+вопрос\w*[^.!?\n]{0,40}?(?:отвечай|отвечайте|говори|говорите)(?!\w)",
    free_order=True,
)

# 해 closing a sentence is the plain imperative ("대답해.").
_KO_IMP = r"(?:주세요|주십시오|줘요?|세요|십시오|하라|해라|주시면\s?(?:좋겠|감사|고맙)|해(?=\s*(?:[.!?\n]|$)))"
_KO_AUD = (
    r"(?:모든\s?(?:방문자|방문객|고객|손님|사용자|이용자|분|사람)\S*|(?:방문자|방문객|고객|손님|사용자|"
    r"손님들|고객님들)\s?모두\S*|모두에게|누구에게나|고객님께|사람들에게)"
)
_KO_VERB = r"(?:말|알려|전해|전하|추천|권|안내|소개|보내|답|대답|얘기|이야기|공유|홍보)"
_KO = quick(
    re.compile(
        "|".join(
            [
                r"(?:이전|기존|앞의|위의|지금까지의|모든|시스템)\s?(?:의\s)?(?:모든\s)?(?:지시|지침|명령|규칙|"
                r"설정|프롬프트)\S*\s?(?:모두\s)?(?:무시|잊어|잊고|잊으)",
                r"(?:지금부터|이제부터|이제|앞으로)\s?(?:당신은|너는|넌)|(?:당신은|너는)\s?(?:이제|지금부터|이제부터)",
                rf"{_KO_AUD}[^.!?\n]{{0,40}}?{_KO_VERB}[가-힣]{{0,3}}\s?{_KO_IMP}",
                r"(?:누가|누군가|손님이|고객이|사용자가|방문자가)\s?[^.!?\n]{0,30}?(?:물어보면|물으면|묻는다면|"
                rf"질문하면|물어본다면|물어보시면|질문하시면|문의하면|문의하시면|물어오면)[^.!?\n]{{0,40}}?{_KO_VERB}[가-힣]{{0,3}}\s?{_KO_IMP}",
                rf"묻는\s?(?:사람|손님|분)이\s?있으면[^.!?\n]{{0,40}}?{_KO_VERB}[가-힣]{{0,3}}\s?{_KO_IMP}",
                r"(?:항상|늘|언제나|반드시|무조건)\s?[^.!?\n]{0,30}?(?:붙이|넣어|추가|말하|답하|대답하|"
                rf"추천하|써|포함)[가-힣]{{0,2}}\s?{_KO_IMP}",
            ]
        )
    )
)

_LATIN = tuple((gate(lang.gate), lang.pattern()) for lang in (_ES, _PT, _FR, _DE, _IT))
_LATIN_ANY = frozenset().union(*(needed for needed, _ in _LATIN))  # one test for most lines
_CYRILLIC = (gate(_RU.gate), _RU.pattern())
_HAS_HANGUL = re.compile(r"[\uac00-\ud7a3]")
WORDS = _LATIN_ANY | _CYRILLIC[0]
"""Words one of which a text without Hangul holds when :func:`find` finds anything in it."""
REASON = "instruction-like text"


def find(text: str) -> list[Hit]:
    """Instruction-like spans in the seven languages on a folded view."""
    hits: list[Hit] = []
    words = tokens(text)
    patterns: list[tuple[frozenset[str], re.Pattern[str]]] = []
    if not _LATIN_ANY.isdisjoint(words) and LATIN_WORD.search(text):
        patterns += [
            (needed, pattern) for needed, pattern in _LATIN if not needed.isdisjoint(words)
        ]
    if not text.isascii():
        if CYRILLIC.search(text) and not _CYRILLIC[0].isdisjoint(words):
            patterns.append(_CYRILLIC)
        if _HAS_HANGUL.search(text):
            hits += [(m.start(), m.end(), REASON) for m in _KO.finditer(text)]
    # A long text is searched only in the sentences that hold one of a pattern's gate words.
    found = gated_hits(text, words, patterns, REASON)
    if found and "никому" in words:
        found = [h for h in found if not _own_secret(text, h[0], h[1])]
    return hits + found


# Никому не сообщайте код из СМС / не говорите никому свой пароль: the standing advice to keep
# one's own code or password to oneself, not a directive to the agent about what to tell people.
_SECRET = re.compile(
    r"(?<!\w)(?:код\w*|парол\w*|пин|пин-код\w*|pin|cvv|cvc|cvv2|данн\w+\s+(?:карт|паспорт)\w*|сво[йиеюя]\w*)(?!\w)",
    re.IGNORECASE,
)


def _own_secret(text: str, start: int, end: int) -> bool:
    if "никому" not in text[start:end].lower():
        return False
    stop = min((i for i in (text.find(c, end) for c in ".!?\n") if i >= 0), default=len(text))
    return _SECRET.search(text, start, stop) is not None
