"""More of the DEVELOPMENT part (round 27): standing facts in Russian and the other languages.

After the other round-27 rounds were merged, the blind test part still showed Russian false
positives (their sentences not read). Written by the lead, each batch scored before its fix:

- 40 Russian standing facts (opening hours, rules, roles, history, time words): none flagged;
- 30 more, nearer the round's new temporary rules: 3 flagged, three classes: "today" before a
  count of things (Сегодня в городе работает более ста кафе: nowadays), a rule while the weather
  lasts (Пока идёт дождь, экскурсия…), "temporarily" inside a noun phrase (Временно
  нетрудоспособным сотрудникам…: a kind of people). The same three in the other languages, 14
  sentences: 6 flagged (the count in en fr pt it, the attribute in en de). Only the weather is
  fixed (temporary_intl: no weather after пока идёт). The count and the attribute were fixed,
  then taken back: "today more than ten rooms are closed" and "the temporarily closed entrance"
  are one-offs of the same shapes, and the test part lost a German temporary with them. Those
  8 negatives stay flagged here; 14 positives of the same words said of now are all flagged.
"""

from __future__ import annotations

from .detector_corpus import TMP, Example


def _in(lang: str, text: str, *kinds: str) -> Example:
    return Example(text, frozenset(kinds), lang)


DEV_ROUND27_STANDING: tuple[Example, ...] = (
    _in("ru", "Музей открыт ежедневно с десяти до шести, кроме понедельника."),
    _in("ru", "Сегодня музей — одно из самых посещаемых мест города."),
    _in("ru", "Сейчас в коллекции более двух тысяч картин."),
    _in("ru", "Билеты, купленные сегодня, действуют в течение года."),
    _in("ru", "По понедельникам библиотека закрыта."),
    _in("ru", "Завтрак подаётся с семи до десяти утра."),
    _in("ru", "Бассейн закрывается на санитарную обработку каждый первый вторник месяца."),
    _in("ru", "В праздничные дни магазин работает по сокращённому графику."),
    _in("ru", "Администратор отеля говорит по-английски и по-немецки."),
    _in("ru", "Директор музея — Анна Петрова."),
    _in("ru", "Охранник дежурит у входа круглосуточно."),
    _in("ru", "Водители автобусов проходят медосмотр перед каждым рейсом."),
    _in("ru", "Сотрудникам запрещено употреблять алкоголь на рабочем месте."),
    _in("ru", "Если касса закрыта, билет можно купить в автомате."),
    _in("ru", "Скидка для студентов действует при предъявлении билета."),
    _in("ru", "Парковка бесплатна для гостей отеля."),
    _in("ru", "Распродажа проходит каждый год в январе."),
    _in("ru", "Лифт обслуживается специализированной компанией."),
    _in("ru", "Ремонт дороги обычно проводится летом."),
    _in("ru", "В прошлом году ресторан получил звезду Мишлен."),
    _in("ru", "Здание было построено в 1903 году и отреставрировано в 1998-м."),
    _in("ru", "Врач принимает по записи во вторник и четверг."),
    _in("ru", "Когда идёт дождь, экскурсии проводятся в крытой галерее."),
    _in("ru", "Сегодня утром многие банки открываются в девять."),
    _in("ru", "Обычно очередь в кассу небольшая."),
    _in("ru", "Официант может посоветовать вино к блюду."),
    _in("ru", "Писатель Толстой жил в этом доме три года."),
    _in("ru", "Повар раньше работал в Париже."),
    _in("ru", "Кафе на первом этаже работает до полуночи."),
    _in("ru", "Закрытые выставки можно посмотреть онлайн."),
    _in("ru", "Часы работы могут меняться в праздники, следите за объявлениями."),
    _in("ru", "Временная выставка меняется каждые три месяца."),
    _in("ru", "Туристам советуют не оставлять вещи без присмотра."),
    _in("ru", "Продавец консультирует покупателей по выбору техники."),
    _in("ru", "На этой улице много кафе и магазинов."),
    _in("ru", "Новые правила действуют с первого марта."),
    _in("ru", "Экскурсовод рассказывает об истории усадьбы."),
    _in("ru", "Бухгалтер принимает документы до пятого числа."),
    _in("ru", "Охранник проверяет пропуска у всех посетителей."),
    _in("ru", "Сегодня в городе работает более ста кафе."),
    _in("ru", "Сейчас многие банки принимают оплату по QR-коду."),
    _in("ru", "Магазин закрыт по воскресеньям."),
    _in("ru", "В этом году музею исполнилось сто лет."),
    _in("ru", "На этой неделе обычно проходит ярмарка ремёсел, как и каждый год."),
    _in("ru", "Касса закрывается за полчаса до закрытия музея."),
    _in("ru", "Кафе не работает в праздничные дни."),
    _in("ru", "До конца года действует старый тариф, с января вводится новый."),
    _in("ru", "Скидки не суммируются с другими акциями."),
    _in("ru", "Пока идёт дождь, экскурсия проходит в помещении."),
    _in("ru", "Лифт не работает во время пожара, пользуйтесь лестницей."),
    _in("ru", "Если бассейн закрыт на уборку, на двери висит табличка."),
    _in("ru", "Сотрудник, уличённый в краже, увольняется."),
    _in("ru", "Менеджер отвечает за расписание смен."),
    _in("ru", "Директор гостиницы — Иван Смирнов, он работает здесь с 2010 года."),
    _in("ru", "Охранник не пускает посетителей без пропуска."),
    _in("ru", "Врач может выписать больничный на три дня."),
    _in("ru", "Повар готовит без глутамата натрия."),
    _in("ru", "Продавец обязан выдать чек."),
    _in("ru", "Администратор поможет вызвать такси."),
    _in("ru", "Завтра — это тоже день, говорят у нас в деревне."),
    _in("ru", "Временно нетрудоспособным сотрудникам выплачивается пособие."),
    _in("ru", "Распродажа заканчивается, когда заканчивается товар."),
    _in("ru", "Билеты продаются только в кассе, онлайн-продажи нет."),
    _in("ru", "Мест нет — так часто бывает в августе."),
    _in("ru", "Рейсы задерживаются из-за тумана примерно раз в месяц."),
    _in("ru", "Ремонт в номерах проводится каждые пять лет."),
    _in("ru", "Сейчас — лучшее время для посещения озера: весна."),
    _in("ru", "В данный момент времени суток музей подсвечивается."),
    _in("ru", "Сегодняшний музей сильно отличается от того, каким он был в XIX веке."),
    _in("en", "Today there are more than a hundred cafés open in the city."),
    _in("de", "Heute gibt es in der Stadt mehr als hundert geöffnete Cafés."),
    _in("fr", "Aujourd'hui, plus de cent cafés sont ouverts dans la ville."),
    _in("es", "Hoy en día hay más de cien cafés abiertos en la ciudad."),
    _in("pt", "Hoje existem mais de cem cafés abertos na cidade."),
    _in("it", "Oggi in città sono aperti più di cento caffè."),
    _in("en", "While it rains, tours are held indoors."),
    _in("de", "Solange es regnet, finden die Führungen drinnen statt."),
    _in("fr", "Tant qu'il pleut, les visites ont lieu à l'intérieur."),
    _in("es", "Mientras llueve, las visitas se hacen bajo techo."),
    _in("pt", "Enquanto chove, as visitas acontecem no interior."),
    _in("it", "Finché piove, le visite si svolgono al coperto."),
    _in("en", "Temporarily disabled employees receive an allowance."),
    _in("de", "Vorübergehend arbeitsunfähige Mitarbeiter erhalten Krankengeld."),
    _in("en", "The pool is temporarily closed for repairs.", TMP),
    _in("en", "Temporarily, the north entrance is closed.", TMP),
    _in("de", "Die Sauna ist vorübergehend geschlossen.", TMP),
    _in("de", "Vorübergehend ist der Haupteingang gesperrt.", TMP),
    _in("ru", "Бассейн временно закрыт на ремонт.", TMP),
    _in("ru", "Временно вход только через двор.", TMP),
    _in("ru", "Пока идёт ремонт, вход со двора.", TMP),
    _in("en", "Today the lift is out of order.", TMP),
    _in("ru", "Сегодня кафе закрыто.", TMP),
    _in("de", "Heute ist das Café geschlossen.", TMP),
    _in("fr", "Aujourd'hui, le café est fermé.", TMP),
    _in("es", "Hoy la cafetería está cerrada.", TMP),
    _in("pt", "Hoje o café está fechado.", TMP),
    _in("it", "Oggi il bar è chiuso.", TMP),
)
