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
    r"\s+(?:de|do|da|del|dell['’]|della|delle|dei|degli|dalla|vom|von|aus)\s)"
)
PAIRS = (
    (  # es
        r"(?:el|la|al|del|a\s+la|de\s+la|nuestr[oa]|su|mi)\s+(?:\w+\s+){0,2}?(?:\w+(?:er[oa]|ista|or[a]?|ari[oa]|ente|ante|átic[oa]|ic[oa])|recepcionista|conductor[a]?|chofer|"
        r"cajer[oa]|profesor[a]?|maestr[oa]|farmacéutic[oa]|vigilante|guardia|mecánic[oa]|caser[oa]|"
        r"médic[oa]|doctor[a]?|contable|agente|bibliotecari[oa]|porter[oa]|conserje|entrenador[a]?|enfermer[oa]|"
        r"encargad[oa]|dueñ[oa]|camarer[oa]|cociner[oa]|gerente|jef[ea]|director[a]?|monitor[a]?|instructor[a]?|"
        r"guía|chef|alcalde(?:sa)?|tutor[a]?|cura|párroco|sacerdote)|(?:señor|señora|sr\.|sra\.|doctor|doctora|don|doña)\s+(?-i:[A-Z])\w+",
        r"roba|robaba|bebe\s+(?:durante|en)\s+(?:el\s+|su\s+)?(?:turno|servicio|trabajo)|"
        r"vende\s+(?:\w+\s+)?(?:esteroides|drogas|anabolizantes)|(?:iba|está|estaba|llegó)\s+borrach[oa]|"
        r"tiene\s+(?:una\s+aventura|un\s+amante|una\s+amante)|acosa|acosó|está\s+de\s+baja\s+por|"
        r"duerme\s+(?:durante|en)\s+(?:el\s+|su\s+)?(?:turno|servicio|trabajo)|pega\s+a\s+su|golpea\s+a\s+su|"
        r"está\s+siendo\s+investigad[oa]|antecedentes\s+penales|miente\s+a|pillad[oa]\s+\w+ndo|"
        r"por\s+(?:vender|traficar\s+con)\s+\w+|se\s+acuesta\s+con|cobra\s+a\s+los|acepta\s+sobornos|"
        r"pide\s+dinero|deudas|correos\s+privados|mensajes\s+privados|por\s+mentir|miente\s+sobre|"
        r"falsificó|borrach[oa]|se\s+está\s+divorciando|se\s+divorci[óa]|hace\s+trampas?|adict[oa]|vende\s+(?:\w+\s+){1,2}robad[oa]s|resaca|"
        r"se\s+queda\s+con\s+(?:el|la|los|las)\s+(?:fianzas?|dinero|propinas?|depósitos?)|cobra\s+de\s+más|"
        r"deja\s+sol[oa]s|se\s+emborrach\w+|maltrat(?:a|aba|ó|an)|se\s+(?:ha\s+)?qued(?:a|aba|ó|ado)\s+con\s+(?:el|la|los|las|parte|dinero)|"
        r"peg(?:a|aba|ó)\s+a\s+(?:los|las|sus|su|la|el)\s+(?:niñ|alumn|chaval|crí|hij|pacient|client|ancian|resident|mujer|marido|espos|novi|compañer|perr)\w*|"
        r"se\s+(?:lleva|llevaba|llevó)\s+(?:\w+\s+){0,2}?(?:dinero|caja|comida|productos|material|género)|"
        r"(?:lo|la|los|las|le|les)\s+(?:pillaron|pescaron|cazaron|sorprendieron|despidieron|echaron|detuvieron|arrestaron|denunciaron|acusaron|"
        r"condenaron|expulsaron|multaron|han\s+(?:pillado|despedido|echado|detenido|denunciado|acusado|condenado))|"
        r"por\s+(?:falsificar|acosar|estafar|malversar|maltratar|agredir|abusar)|falsific(?:a|aba|ó|ando)|se\s+invent(?:a|aba|ó)|"
        r"vende\s+(?:\w+\s+)?(?:hachís|marihuana|cocaína|coca|porros|droga|pastillas|recetas)|"
        r"(?:acept|cobr|recib|pid|exig)\w*\s+(?:\w+\s+)?(?:sobornos|mordidas|comisiones\s+ilegales)|"
        r"cobr(?:a|aba|ó)\s+por\s+(?:agilizar|aprobar|dar|conceder|saltarse|colar)|"
        r"(?:le|les)\s+(?:han\s+|habían\s+)?diagnosticad[oa]|(?:tiene|padece|sufre)\s+(?:un\s+)?cáncer|"
        r"tiene\s+(?:el\s+)?(?:vih|sida|hepatitis|depresión|esquizofrenia|alzheimer)|en\s+tratamiento\s+por|"
        r"problemas\s+con\s+(?:la\s+bebida|el\s+alcohol|las\s+drogas|la\s+cocaína|el\s+juego|la\s+coca)|"
        r"antecedentes\s+por|violencia\s+de\s+género|bebe[^.!?\n]{0,25}?(?:turno|servicio|trabajo|horario)|"
        r"(?:nos|les|me|le)\s+engañ\w+|engañ(?:a|aba|ó)\s+a\s+(?:su|sus|los|las)\s+\w+|desvi(?:a|aba|ó|ando)\s+(?:fondos|dinero)|"
        r"malvers\w+|se\s+(?:duerme|dormía|durmió|queda\s+dormid[oa])|(?:recetas|títulos|certificados|facturas|documentos)\s+fals[oa]s|"
        r"embarazada\s+de|trafic(?:a|aba|ó)\s+con\s+(?:\w+\s+)?(?:pastillas|drogas?|cocaína|coca|hachís|marihuana|armas|heroína)|"
        r"consum(?:e|ía|ió)\s+(?:cocaína|drogas?|coca|hachís|marihuana|porros|heroína|anabolizantes)|"
        r"tiene\s+(?:un\s+)?(?:lío|rollo|romance)\s+con|está\s+liad[oa]\s+con|abus(?:a|aba|ó)\s+(?:sexualmente\s+)?de|"
        r"(?:nos|les|me|le)\s+(?:quita|quitaba|quitó)\s+(?:cosas|dinero|el\s+dinero|comida|ropa|objetos)|"
        r"(?:nos|les|me|le)\s+(?:roba|robaba|robó)",
    ),
    (  # pt
        r"(?:o|a|ao|à|do|da|nosso|nossa|seu|sua|meu|minha)\s+(?:\w+\s+){0,2}?(?:\w+(?:eir[oa]|ista|or[a]?|ári[oa]|ente|ante|ão|ic[oa])|vigia|senhori[oa]|bibliotecári[oa]|"
        r"farmacêutic[oa]|cozinheir[oa]|segurança|don[oa]|professor[a]?|médic[oa]|motorista|"
        r"recepcionista|gerente|garçom|caixa|porteir[oa]|instrutor[a]?|babá|barman|chefe|personal|trainer|"
        r"encarregad[oa]|responsável)|(?:doutor|doutora|senhor|senhora)\s+(?-i:[A-Z])\w+",
        r"vende\s+(?:\w+\s+)?(?:anabolizantes|esteroides|drogas)|assedia|assediava|"
        r"está\s+afastad[oa]\s+por|dorme\s+(?:durante|no|em)\s+(?:o\s+)?(?:plantão|turno|serviço|trabalho)|"
        r"passou\s+a\s+perna|espanca|espancou|está\s+sendo\s+investigad[oa]|ficha\s+criminal|"
        r"antecedentes\s+criminais|mente\s+(?:aos|para|às)|flagrad[oa]\s+\w+ndo|"
        r"(?:está\s+tendo|teve)\s+um\s+caso|por\s+(?:vender|traficar)\s+\w+|cobra\s+d[oa]s|"
        r"(?:aceita|recebe)\s+dinheiro|dívidas|e-?mails\s+privados|mensagens\s+privadas|por\s+mentir|"
        r"falsificou|bêbad[oa]|se\s+divorcia\w*|trapaceia|vende\s+(?:\w+\s+){1,2}roubad[oa]s|embols\w+|ressaca|cobra\s+a\s+mais|batiza|deixa\s+(?:as|os)\s+\w+\s+sozinh[oa]s|"
        r"bebe[^.!?\n]{0,25}?(?:expediente|serviço|trabalho|turno|plantão)|(?:tira|tirava|pega|pegava)\s+dinheiro\s+d[oa]\s+caixa|"
        r"por\s+(?:falsificar|assediar|desviar|agredir)|falsific(?:a|ava)|"
        r"vende\s+(?:\w+\s+)?(?:maconha|cocaína|droga|receitas)",
    ),
    (  # fr
        r"(?:le|la|l['’]|au|du|de\s+la|à\s+la|notre|son|sa|mon|ma)\s*(?:\w+\s+){0,2}?(?:\w+(?:eur|euse|ier|ière|iste|ien|ienne|aire|ant|ante)|cpe|officier|réceptionniste|gérante?|propriétaire|"
        r"chauffeur|caissière|caissier|professeure?|pharmacien(?:ne)?|gardien(?:ne)?|mécanicien(?:ne)?|médecin|"
        r"docteure?|cuisinier|cuisinière|bibliothécaire|vigile|serveur|serveuse|infirmier|infirmière|concierge|patron(?:ne)?|"
        r"directeur|directrice|chef|prof|moniteur|monitrice|comptable|agent|barman|nounou|responsable|maîtresse|maître|"
        r"instit\w*|coach|syndic|boulang(?:er|ère))|(?:M\.|Mme|monsieur|madame|docteur)\s+(?-i:[A-Z])\w+",
        r"vole\s+(?:les|des|l['’]\w+|la|le)|volait|boit\s+(?:pendant|au|en)\s+(?:son\s+)?(?:service|travail)|"
        r"vend\s+(?:des\s+|de\s+la\s+)?(?:stéroïdes|drogue|drogues)|(?:était|est|arrive)\s+ivre|"
        r"a\s+une\s+(?:liaison|maîtresse)|a\s+un\s+amant|harcèle|a\s+harcelé|en\s+arrêt\s+maladie\s+pour|"
        r"dort\s+pendant|a\s+arnaqué|arnaque\s+les|bat\s+sa\s+femme|battait|fait\s+l['’]objet\s+d['’]une\s+enquête|"
        r"casier\s+judiciaire|ment\s+aux|pris\s+en\s+train\s+de\s+\w+|pour\s+trafic|couche\s+avec|"
        r"fait\s+payer|pots-de-vin|dettes|mails\s+privés|messages\s+privés|(?:pour\s+)?avoir\s+menti|a\s+menti|"
        r"a\s+falsifié|ivre|en\s+(?:plein\s+)?divorce|divorce|triche|accro|(?:re)?vend\s+(?:\w+\s+){1,2}volée?s|empoche|gueule\s+de\s+bois|surfactur\w+|laisse\s+les\s+\w+\s+seuls|"
        r"frapp(?:e|ait|é)\s+(?:les|des|ses|sa|son|un|une)\s+(?:enfant|élève|client|patient|femme|mari|gamin|petit|résident|employé)\w*|"
        r"(?:pique|se\s+sert)\s+dans\s+la\s+caisse|(?:sur)?pris\w*\s+en\s+train\s+de|falsifi(?:e|ait|ant)\w*|"
        r"vend\s+(?:du|de\s+la|des)\s+(?:shit|cannabis|coke|cocaïne|herbe|drogue|beuh)|mis\s+dans\s+(?:la|sa)\s+poche|"
        r"casier\s+pour|violences?\s+conjugales?|tromp(?:e|ait)\s+(?:son|sa)\s+(?:mari|femme|copain|copine|compagn\w+)",
    ),
    (  # de
        r"(?:der|die|das|dem|den|des|unser|unsere|ihr|ihre|sein|seine)\s+(?:\w+\s+){0,2}?(?:[\w-]+(?:er|erin|or|orin|ant|antin|ent|entin|ist|istin|beamte|beamtin|leiter|leiterin)|Hausmeister(?:in)?|"
        r"Rezeptionist(?:in)?|\w*portier|Fahrer(?:in)?|Kassierer(?:in)?|\w*lehrer(?:in)?|Apotheker(?:in)?|"
        r"Wachmann|Mechaniker(?:in)?|Vermieter(?:in)?|\w*arzt|\w*ärztin|Bibliothekar(?:in)?|Kellner(?:in)?|Koch|"
        r"Köchin|Besitzer(?:in)?|Inhaber(?:in)?|Chef(?:in)?|Leiter(?:in)?|Trainer(?:in)?|Pfleger(?:in)?|Concierge|Kindermädchen|Babysitter(?:in)?|Wirt(?:in)?|\w*chef(?:in)?)|"
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
        r"lässt\s+die\s+\w+\s+allein|schlägt\s+(?:die|seine|ihre|den|der)\s+(?:Kinder|Schüler\w*|Frau|Mann|Gäste|Patienten|Hund|Bewohner\w*|Kleinen)|"
        r"(?:eine|einen)\s+Geliebten?|Schmiergeld\w*|Bestechungsgeld\w*|verkauft\s+(?:\w+\s+){0,4}?(?:Anabolika|Gras|Koks|Kokain|Haschisch|Hasch)|"
        r"eingesteckt|veruntreut|unterschlagen|(?:hat|haben|soll|sollen)\s+(?:\w+\s+){0,3}?(?:gestohlen|geklaut)",
    ),
    (  # it
        r"(?:il|la|lo|l['’]|al|alla|allo|all['’]|del|della|dello|dell['’]|nostr[oa]|su[oa]|mi[oa])\s*(?:\w+\s+){0,2}?(?:\w+(?:ier[ea]|ista|tore|trice|ari[oa]|ente|ante|ic[oa]|ale|preside)|preside|receptionist|portiere|autista|"
        r"cassier[ea]|professor(?:e|essa)|farmacista|custode|meccanico|padrone\s+di\s+casa|medico|"
        r"bibliotecari[oa]|guardia|cuoc[oa]|camerier[ea]|proprietari[oa]|titolare|gestore|direttore|"
        r"direttrice|infermier[ea]|istruttore|istruttrice|bidell[oa]|portinai[oa]|usciere|tata|babysitter|maestr[ao]|responsabile|"
        r"guida|chef|sindac[oa]|vigile|bagnin[oa]|rider|capo\w*|commess[oa]|parroco|prete|sacerdote|padron[ea]\s+di\s+casa)|(?:signor|signora|dottor|dottoressa)\s+(?-i:[A-Z])\w+",
        r"ruba|rubava|beve\s+(?:durante|in)\s+(?:il\s+)?(?:turno|servizio|lavoro)|"
        r"vend[ae]\s+(?:\w+\s+)?(?:steroidi|droga)|(?:era|è)\s+ubriac[oa]|ha\s+una\s+relazione|"
        r"ha\s+un['’]amante|molesta|in\s+malattia\s+per|dorme\s+durante|ha\s+truffato|picchia|"
        r"è\s+indagat[oa]|precedenti\s+penali|mente\s+agli|sorpres[oa]\s+a\s+\w+|per\s+spaccio|"
        r"va\s+a\s+letto\s+con|si\s+fa\s+pagare|prende\s+soldi|intasca|debiti|email\s+private|"
        r"messaggi\s+privati|(?:per\s+)?aver\s+mentito|rubi|rubino|falsificato|ubriac[oa]|"
        r"sta\s+divorziando|divorzia|bar[ai]\s+a\s+carte|dipendente\s+d(?:a|al|ai|agli|alla|alle|all['’])|"
        r"vende\s+(?:\w+\s+){1,2}rubat[ei]|sbornia|postumi|si\s+tiene\s+(?:i|le|il|lo)\s+(?:soldi|caparre|mance|depositi)|annacqua|"
        r"fa\s+pagare\s+di\s+più|lascia\s+i\s+\w+\s+da\s+soli|si\s+ubriac\w+|beccat[oa]|colt[oa]\s+a\s+\w+|pizzicat[oa]|falsific(?:a|ava|ò)|"
        r"vend\w*\s+(?:\w+\s+)?(?:hashish|cocaina|erba|fumo|anabolizzanti|marijuana|pasticche|ricette)|"
        r"(?:accett|prend|intasc|chied|ricev)\w*\s+(?:\w+\s+)?(?:tangenti|mazzette|bustarelle)|vad?a\s+a\s+letto\s+con|"
        r"(?:gli|le)\s+(?:hanno\s+)?diagnosticat[oa]|hanno\s+diagnosticato|(?:ha|aveva)\s+(?:il\s+|un\s+)?(?:cancro|tumore)|"
        r"mente\s+(?:su|sul|sulle|sui|sugli|ai|al|alla)|intasc\w+|precedenti\s+per|violenza\s+domestica|"
        r"beve[^.!?\n]{0,25}?(?:turno|servizio|lavoro|orario)|maltratt(?:a|i|ava|ò|ano)|in\s+cura\s+per|alcolizzat[oa]|"
        r"problemi\s+con\s+(?:l['’]alcol|l['’]alcool|la\s+droga|la\s+cocaina|il\s+gioco|le\s+droghe|la\s+bottiglia)|derub\w+|"
        r"(?:è|era)\s+incinta|ha\s+(?:l['’])?(?:hiv|aids|epatite|alzheimer|depressione)|si\s+tiene\s+parte|si\s+fa(?:ceva)?\s+pagare|"
        r"(?:ricette|fatture|certificati|documenti|diplomi)\s+fals[ei]|si\s+invent\w+|ritirat[oa]\s+la\s+patente|"
        r"in\s+stato\s+di\s+ebbrezza|tradisce|tradiva|ha\s+tradito|spacci(?:a|ava|ato)|si\s+fa(?:ceva)?\s+di\s+(?:cocaina|coca|eroina|droga|droghe|canne|crack|pasticche|anfetamine)|"
        r"fa(?:ceva)?\s+uso\s+di\s+(?:cocaina|droga|droghe|eroina)|ha\s+una\s+(?:storia|tresca)\s+con|se\s+la\s+fa\s+con|"
        r"(?:ha\s+abusato|abusava|abusa)\s+di|(?:ci|gli|mi|vi)\s+(?:prende|prendeva|ruba|rubava|ha\s+(?:preso|rubato))\s+"
        r"(?:le\s+cose|i\s+soldi|il\s+portafoglio|roba|oggetti)",
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
            r"\w*mittel|Medikamente|Geld)|"
            # Wie man hört, hat Frau Roth von der Bäckerei Krebs.
            r"(?<![\w])(?:hat|hatte)\s+(?:der|die|Frau|Herr|unser|unsere)\s+(?:\w+\s+){0,5}?"
            r"(?:Krebs|Aids|HIV|Depressionen|Schulden|eine\s+Affäre|eine\s+Geliebte|Alkoholprobleme)(?![\w])"
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
    | gate(
        """emborracha emborrachaba emborrachó maltrata maltrataba maltrató maltratan quedado queda
        quedaba quedó pega pegaba pegó lleva llevaba llevó pillaron pescaron cazaron sorprendieron
        despidieron echaron detuvieron arrestaron denunciaron acusaron condenaron expulsaron
        multaron han falsificar acosar estafar malversar maltratar agredir abusar falsifica
        falsificaba falsificando inventa inventaba inventó hachis marihuana cocaina coca porros droga
        pastillas recetas sobornos mordidas comisiones agilizar aprobar conceder saltarse colar
        diagnosticado diagnosticada tiene padece sufre vih sida hepatitis depresion esquizofrenia
        alzheimer tratamiento problemas antecedentes violencia bebe engaña engañaba engañó engañan
        engañado desvia desviaba desvio desviando malversa malverso malversacion duerme dormia
        durmio falsas falsos embarazada tira tirava pega pegava assediar desviar falsificava maconha
        droga receitas embolsou embolsava embolsado frappe frappait frappé pique sert surpris pris
        falsifiait falsifiant shit cannabis coke herbe beuh poche casier conjugale conjugales
        violences trompe trompait schlagt geliebte geliebten schmiergeld schmiergelder
        bestechungsgeld anabolika gras koks kokain haschisch hasch eingesteckt veruntreut
        unterschlagen gestohlen geklaut ubriaca ubriacava beccato beccata colto colta pizzicato
        pizzicata falsifica falsificava hashish erba fumo anabolizzanti marijuana pasticche ricette
        tangenti mazzette bustarelle letto diagnosticato diagnosticata cancro tumore mente intasca
        intascato intascare intascava precedenti domestica beve maltratta maltratti maltrattava
        maltrattano cura alcolizzato alcolizzata problemi derubare deruba derubava derubato incinta
        hiv aids epatite depressione tiene pagare false falsi inventa ritirato ritirata ebbrezza
        tradisce tradiva tradito denunciata trafica traficaba trafico consume
        consumia consumio lio rollo romance liado liada abusa abusaba abuso quita quitaba quito robo
        spaccia spacciava spacciato uso storia tresca abusato abusava prende prendeva preso rubato krebs depressionen schulden affare alkoholprobleme"""
    )
    | people_intl.PREDICATE_WORDS
)
