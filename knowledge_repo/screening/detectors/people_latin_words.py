"""The words of the everyday claims in Spanish, Portuguese, French, German and Italian.

Read by :mod:`.people_more`: per language, who is named (a role after a determiner, an agent noun,
a title and a surname) and what is said of them (stealing, drinking on duty, lying, harassment,
bribes, drugs, illness, an affair, a record); a name in any of them; German claims with the verb
before the one named; and the words one of which a line holds when a predicate can match.
"""

from __future__ import annotations

import re

from ..folding import fold_pattern, gate
from . import people_intl
from .firsts import quick

# Two capitalised words, not an article and a German noun (Der Film, Ein Kellner); a first name
# set off by a comma, not a German noun before a relative clause (Kunden, die … waren).
ARTICLE = (
    r"(?!(?-i:Der|Die|Das|Den|Dem|Des|Ein|Eine|Einem|Einen|Einer|Eines|Kein|Keine|Unser|Unsere|"
    r"La|Le|Les|El|Los|Las|Il|Lo|Gli|Un|Una|Une|Uno|Um|Uma|Os|As|Im|Am|Zum|Zur|Vom|Beim)\s)"
)
NAME = (
    rf"{ARTICLE}(?-i:[A-ZÀ-ÝĀ-Ž][a-zà-ÿā-ž]+\s+[A-ZÀ-ÝĀ-Ž][a-zà-ÿā-ž]+)|"
    r"(?-i:[A-ZÀ-Ý][a-zà-ÿ]{2,})(?=,\s(?!(?:die|der|das|welche|which|who|que|qui|che)\s+(?-i:[a-zäöü]))|"
    r"\s+(?:de|do|da|del|dell['’]|vom|von|aus)\s)"
)
PAIRS = (
    (  # es
        r"(?:el|la|nuestr[oa]|su)\s+(?:\w+\s+){0,2}?(?:\w+(?:er[oa]|ista|or[a]?|ari[oa]|ente|ante|átic[oa]|ic[oa])|recepcionista|conductor[a]?|chofer|"
        r"cajer[oa]|profesor[a]?|maestr[oa]|farmacéutic[oa]|vigilante|guardia|mecánic[oa]|caser[oa]|"
        r"médic[oa]|doctor[a]?|contable|agente|bibliotecari[oa]|porter[oa]|conserje|entrenador[a]?|enfermer[oa]|"
        r"encargad[oa]|dueñ[oa]|camarer[oa]|cociner[oa]|gerente|jef[ea]|director[a]?|monitor[a]?|instructor[a]?)|"
        r"(?:señor|señora|sr\.|sra\.|doctor|doctora)\s+(?-i:[A-Z])\w+",
        r"roba|robaba|bebe\s+(?:durante|en)\s+(?:el\s+|su\s+)?(?:turno|servicio|trabajo)|"
        r"vende\s+(?:\w+\s+)?(?:esteroides|drogas|anabolizantes)|(?:iba|está|estaba|llegó)\s+borrach[oa]|"
        r"tiene\s+(?:una\s+aventura|un\s+amante|una\s+amante)|acosa|acosó|está\s+de\s+baja\s+por|"
        r"duerme\s+(?:durante|en)\s+(?:el\s+|su\s+)?(?:turno|servicio|trabajo)|pega\s+a\s+su|golpea\s+a\s+su|"
        r"está\s+siendo\s+investigad[oa]|antecedentes\s+penales|miente\s+a|pillad[oa]\s+\w+ndo|"
        r"por\s+(?:vender|traficar\s+con)\s+\w+|se\s+acuesta\s+con|cobra\s+a\s+los|acepta\s+sobornos|"
        r"pide\s+dinero|deudas|correos\s+privados|mensajes\s+privados|por\s+mentir|miente\s+sobre|"
        r"falsificó|borrach[oa]|se\s+está\s+divorciando|se\s+divorci[óa]|hace\s+trampas?|adict[oa]|vende\s+(?:\w+\s+){1,2}robad[oa]s|resaca|"
        r"se\s+queda\s+con\s+(?:el|la|los|las)\s+(?:fianzas?|dinero|propinas?|depósitos?)|cobra\s+de\s+más|"
        r"deja\s+sol[oa]s",
    ),
    (  # pt
        r"(?:o|a|nosso|nossa|seu|sua)\s+(?:\w+\s+){0,2}?(?:\w+(?:eir[oa]|ista|or[a]?|ári[oa]|ente|ante|ão|ic[oa])|vigia|senhori[oa]|bibliotecári[oa]|"
        r"farmacêutic[oa]|cozinheir[oa]|segurança|don[oa]|professor[a]?|médic[oa]|motorista|"
        r"recepcionista|gerente|garçom|caixa|porteir[oa]|instrutor[a]?|babá|barman)|(?:doutor|doutora|senhor|senhora)\s+(?-i:[A-Z])\w+",
        r"vende\s+(?:\w+\s+)?(?:anabolizantes|esteroides|drogas)|assedia|assediava|"
        r"está\s+afastad[oa]\s+por|dorme\s+(?:durante|no|em)\s+(?:o\s+)?(?:plantão|turno|serviço|trabalho)|"
        r"passou\s+a\s+perna|espanca|espancou|está\s+sendo\s+investigad[oa]|ficha\s+criminal|"
        r"antecedentes\s+criminais|mente\s+(?:aos|para|às)|flagrad[oa]\s+\w+ndo|"
        r"(?:está\s+tendo|teve)\s+um\s+caso|por\s+(?:vender|traficar)\s+\w+|cobra\s+d[oa]s|"
        r"(?:aceita|recebe)\s+dinheiro|dívidas|e-?mails\s+privados|mensagens\s+privadas|por\s+mentir|"
        r"falsificou|bêbad[oa]|se\s+divorcia\w*|trapaceia|vende\s+(?:\w+\s+){1,2}roubad[oa]s|embolsa\w*|ressaca|cobra\s+a\s+mais|batiza|deixa\s+(?:as|os)\s+\w+\s+sozinh[oa]s",
    ),
    (  # fr
        r"(?:le|la|l['’]|notre|son|sa)\s*(?:\w+\s+){0,2}?(?:\w+(?:eur|euse|ier|ière|iste|ien|ienne|aire|ant|ante)|cpe|officier|réceptionniste|gérante?|propriétaire|"
        r"chauffeur|caissière|caissier|professeure?|pharmacien(?:ne)?|gardien(?:ne)?|mécanicien(?:ne)?|médecin|"
        r"docteure?|cuisinier|cuisinière|bibliothécaire|vigile|serveur|serveuse|infirmier|infirmière|concierge|patron(?:ne)?|"
        r"directeur|directrice|chef|prof|moniteur|monitrice|comptable|agent|barman|nounou)|(?:M\.|Mme|monsieur|madame|docteur)\s+(?-i:[A-Z])\w+",
        r"vole\s+(?:les|des|l['’]\w+|la|le)|volait|boit\s+(?:pendant|au|en)\s+(?:son\s+)?(?:service|travail)|"
        r"vend\s+(?:des\s+|de\s+la\s+)?(?:stéroïdes|drogue|drogues)|(?:était|est|arrive)\s+ivre|"
        r"a\s+une\s+(?:liaison|maîtresse)|a\s+un\s+amant|harcèle|a\s+harcelé|en\s+arrêt\s+maladie\s+pour|"
        r"dort\s+pendant|a\s+arnaqué|arnaque\s+les|bat\s+sa\s+femme|battait|fait\s+l['’]objet\s+d['’]une\s+enquête|"
        r"casier\s+judiciaire|ment\s+aux|pris\s+en\s+train\s+de\s+\w+|pour\s+trafic|couche\s+avec|"
        r"fait\s+payer|pots-de-vin|dettes|mails\s+privés|messages\s+privés|(?:pour\s+)?avoir\s+menti|a\s+menti|"
        r"a\s+falsifié|ivre|en\s+(?:plein\s+)?divorce|divorce|triche|accro|(?:re)?vend\s+(?:\w+\s+){1,2}volée?s|empoche|gueule\s+de\s+bois|surfactur\w+|laisse\s+les\s+\w+\s+seuls",
    ),
    (  # de
        r"(?:der|die|das|unser|unsere|ihr|ihre|sein|seine)\s+(?:\w+\s+){0,2}?(?:[\w-]+(?:er|erin|or|orin|ant|antin|ent|entin|ist|istin|beamte|beamtin|leiter|leiterin)|Hausmeister(?:in)?|"
        r"Rezeptionist(?:in)?|\w*portier|Fahrer(?:in)?|Kassierer(?:in)?|\w*lehrer(?:in)?|Apotheker(?:in)?|"
        r"Wachmann|Mechaniker(?:in)?|Vermieter(?:in)?|\w*arzt|\w*ärztin|Bibliothekar(?:in)?|Kellner(?:in)?|Koch|"
        r"Köchin|Besitzer(?:in)?|Inhaber(?:in)?|Chef(?:in)?|Leiter(?:in)?|Trainer(?:in)?|Pfleger(?:in)?|Concierge|Kindermädchen|Babysitter(?:in)?)|"
        r"(?:Herr|Frau|Dr\.)\s+(?-i:[A-Z])\w+",
        r"trinkt\s+(?:im|bei\s+der|während\s+der)\s+(?:Dienst|Arbeit|Schicht)|bestiehlt|beklaut|"
        r"schläft\s+(?:während\s+der|im|bei\s+der)\s+(?:Schicht|Dienst|Arbeit)|"
        r"verkauft\s+(?:\w+\s+){0,4}?(?:Steroide|Drogen)|(?:war|ist|kam)\s+(?:\w+\s+){0,3}?betrunken|"
        r"hat\s+eine\s+Affäre|belästigt|krankgeschrieben|Geld\s+aus\s+der\s+Kasse|greift\s+in\s+die\s+Kasse|"
        r"betrogen|schlägt\s+seine|schlägt\s+ihre|wird\s+(?:\w+\s+){0,5}?ermittelt|vorbestraft|lügt|"
        r"beim\s+(?:Klauen|Stehlen)\s+erwischt|wegen\s+(?:drogen|kokain|waffen|menschen)?handels|(?:hat|hatte)\s+ein\s+Verhältnis|"
        r"lässt\s+sich\s+(?:\w+\s+){0,5}?bezahlen|nimmt\s+Geld|kassiert|(?:spiel|wett|hohe\s+)?schulden|privaten\s+(?:E-Mails|Nachrichten)|"
        r"gelogen|entlassen|gefälscht|fälschte|betrunken|Scheidung|lässt\s+sich\s+scheiden|\w*(?:abhängig|süchtig)|"
        r"verkauft\s+(?:\w+\s+){0,2}(?:geklaut|gestohlen)\w*|verkatert|steckt\s+die\s+\w+\s+(?:\w+\s+){0,3}ein|panscht|zockt|"
        r"lässt\s+die\s+\w+\s+allein",
    ),
    (  # it
        r"(?:il|la|lo|l['’]|nostr[oa]|su[oa])\s*(?:\w+\s+){0,2}?(?:\w+(?:ier[ea]|ista|tore|trice|ari[oa]|ente|ante|ic[oa]|ale|preside)|receptionist|portiere|autista|"
        r"cassier[ea]|professor(?:e|essa)|farmacista|custode|meccanico|padrone\s+di\s+casa|medico|"
        r"bibliotecari[oa]|guardia|cuoc[oa]|camerier[ea]|proprietari[oa]|titolare|gestore|direttore|"
        r"direttrice|infermier[ea]|istruttore|istruttrice|bidell[oa]|portinai[oa]|usciere|tata|babysitter)|(?:signor|signora|dottor|dottoressa)\s+(?-i:[A-Z])\w+",
        r"ruba|rubava|beve\s+(?:durante|in)\s+(?:il\s+)?(?:turno|servizio|lavoro)|"
        r"vend[ae]\s+(?:\w+\s+)?(?:steroidi|droga)|(?:era|è)\s+ubriac[oa]|ha\s+una\s+relazione|"
        r"ha\s+un['’]amante|molesta|in\s+malattia\s+per|dorme\s+durante|ha\s+truffato|picchia|"
        r"è\s+indagat[oa]|precedenti\s+penali|mente\s+agli|sorpres[oa]\s+a\s+\w+|per\s+spaccio|"
        r"va\s+a\s+letto\s+con|si\s+fa\s+pagare|prende\s+soldi|intasca|debiti|email\s+private|"
        r"messaggi\s+privati|(?:per\s+)?aver\s+mentito|rubi|rubino|falsificato|ubriac[oa]|"
        r"sta\s+divorziando|divorzia|bar[ai]\s+a\s+carte|dipendente\s+d(?:a|al|ai|agli|alla|alle|all['’])|"
        r"vende\s+(?:\w+\s+){1,2}rubat[ei]|sbornia|postumi|si\s+tiene\s+(?:i|le|il|lo)\s+(?:soldi|caparre|mance|depositi)|annacqua|"
        r"fa\s+pagare\s+di\s+più|lascia\s+i\s+\w+\s+da\s+soli",
    ),
)
# Angeblich verkauft der Besitzer Steroide: the verb before the one named.
DE_VERB_FIRST = quick(
    re.compile(
        fold_pattern(
            r"(?<![\w])(?:verkauft|trinkt|schläft|belästigt|bestiehlt|schlägt|betrügt|klaut|stiehlt)\s+(?:der|die|unser|unsere)\s+"
            r"(?:\w+\s+){0,3}?(?:Hausmeister(?:in)?|Rezeptionist(?:in)?|\w*portier|Fahrer(?:in)?|Kassierer(?:in)?|"
            r"\w*lehrer(?:in)?|Apotheker(?:in)?|Wachmann|Mechaniker(?:in)?|Vermieter(?:in)?|Arzt|Ärztin|Kellner(?:in)?|"
            r"Koch|Köchin|Besitzer(?:in)?|Inhaber(?:in)?|Chef(?:in)?|Trainer(?:in)?|\w*schwester|\w*pfleger(?:in)?)"
            r"(?![\w])[^.!?\n]{0,50}?"
            r"(?:Steroide|Drogen|im\s+Dienst|während\s+der\s+Schicht|Schülerinnen|Schüler|Gäste|Kunden|seine\s+Frau|"
            r"\w*mittel|Medikamente|Geld)"
        ),
        re.IGNORECASE,
    )
)
GATE = (
    gate(
        """roba robaba bebe vende iba esta estaba llego aventura amante acosa acoso baja duerme pega
    golpea investigado investigada antecedentes miente pillado pillada assedia assediava afastado
    afastada dorme passou espanca espancou sendo ficha mente flagrado flagrada vole volait boit vend
    etait est arrive liaison maitresse amant harcele harcelé maladie dort arnaque arnaqué bat battait
    objet casier ment pris trinkt bestiehlt beklaut schlaft verkauft war ist kam affare belastigt
    krankgeschrieben kasse betrogen verkauft schlaft betrugt schlagt wird vorbestraft lugt erwischt ruba rubava beve venda
    era relazione molesta malattia truffato picchia indagato indagata precedenti sorpreso sorpresa"""
    )
    | gate(
        """acuesta vender traficar caso couche trafic wegen verhältnis spaccio letto cobra acepta
        pide deudas correos mensajes mentir aceita recebe dividas e-mails emails mensagens fait pots
        dettes mails messages menti lässt nimmt kassiert privaten gelogen entlassen fa prende
        intasca debiti email messaggi mentito spielschulden schulden lee lit liest legge
        wettschulden ubriaco ubriaca falsifico borracho borracha divorciando divorcio divorcia
        falsificou bebado bebada divorciou ivre falsifie divorce gefalscht falschte
        betrunken scheidung scheiden rubi rubino falsificato sta klaut stiehlt hace trampas trampa
        trapaceia triche bara bari adicto adicta robadas robados roubadas roubados accro volés
        volees vend revend abhangig süchtig geklaute gestohlene dipendente rubate rubati resaca queda
        embolsa embolsou ressaca empoche gueule verkatert steckt sbornia postumi tiene cobra deja batiza
        deixa surfacture surfacturent laisse panscht zockt annacqua lascia"""
    )
    | people_intl.PREDICATE_WORDS
)
