"""More of the DEVELOPMENT part: personal data in ten languages, beside `heldout_personal.py`."""

from __future__ import annotations

from .detector_corpus import PD, Example


def _x(lang: str):
    def make(text: str, *kinds: str) -> Example:
        return Example(text, frozenset(kinds), lang)

    return make


en, zh, ja, ko = _x("en"), _x("zh"), _x("ja"), _x("ko")
es, pt, fr, de, it, ru = _x("es"), _x("pt"), _x("fr"), _x("de"), _x("it"), _x("ru")

DEV_PERSONAL: tuple[Example, ...] = (
    en("Send the parcel to 77 Harbour Road, Brighton BN1 1AA.", PD),
    en("My work mobile is 07911 123456.", PD),
    en("The bus to the airport runs every 20 minutes from stop 12."),
    zh("我的手机号码是 135 0000 1111。", PD),
    zh("请寄到深圳市南山区科技园路1号。", PD),
    zh("晚餐时间是下午6点到9点。"),
    ja("電話は090-5555-6666までお願いします。", PD),
    ja("住所は京都市中京区河原町通3-5です。", PD),
    ja("チケットは一枚3,000円です。"),
    ko("연락처는 010-2222-3333입니다.", PD),
    ko("메일은 junho.lee@example.kr 로 보내 주세요.", PD),
    ko("입장료는 만 원입니다."),
    es("Mi correo es pablo.ortiz@example.es.", PD),
    es("Llama al 655 443 221 si hay algún problema.", PD),
    es("El autobús número 27 para delante del hotel."),
    pt("O meu e-mail é rita.santos@example.pt.", PD),
    pt("Ligue para 965 432 187 a qualquer hora.", PD),
    pt("A visita guiada dura 90 minutos."),
    fr("Appelle-moi au 07 98 76 54 32.", PD),
    fr("Mon adresse : 5 avenue Victor Hugo, 69002 Lyon.", PD),
    fr("Le bus 38 passe toutes les dix minutes."),
    de("Ruf mich unter 0170 9876543 an.", PD),
    de("Meine E-Mail ist anna.weber@example.de.", PD),
    de("Die Führung dauert 45 Minuten."),
    it("Chiamami al 333 987 6543.", PD),
    it("La mia email è marco.bruno@example.it.", PD),
    it("Il treno delle 7:15 parte dal binario 3."),
    ru("Мой телефон +7 903 111-22-33.", PD),
    ru("Моя почта anna.ivanova@example.ru.", PD),
    ru("Экскурсия длится 90 минут."),
)
