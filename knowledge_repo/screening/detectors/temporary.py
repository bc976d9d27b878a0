"""Temporary wording: a one-off that should not become long-term memory.

English markers are whole phrases bounded by non-word, non-hyphen
characters, so "this time-tracker", "this timeline" and "taskbar" are not
"this time" or "task". Chinese and Japanese have no spaces: a marker counts
unless it is part of a longer known word (临时工, 临时身份证, 到目前为止, 夜幕降临时, 暂时性
"transient", 这一次性), a pause is one someone can make (可以随时暂停), and 当面
and 当分, which are "face to face" and "when the (numerator…)" in Chinese, count only in
Japanese text.
"""

from __future__ import annotations

import re

from ..folding import Hit, fold_pattern, gate, tokens
from . import temporary_intl, temporary_words, temporary_zh
from .firsts import quick
from .windows import cjk_sentence_start

TEMPORARY = "temporary"

_REASON = "temporary wording"
_EN = quick(
    re.compile(
        r"(?<![\w-])(?:for\s+now|this\s+time(?!\s+of\b)(?:\s+only|\s+around)?|only\s+this\s+time|"
        r"this\s+task|this\s+session|this\s+conversation|just\s+this\s+once|for\s+the\s+moment|"
        r"for\s+the\s+time\s+being|(?:just\s+)?for\s+(?:today|tonight)(?!'s)|(?:today|tonight)\s+only|"
        r"this\s+week\s+only|"
        r"right\s+now|temporar(?:y(?!\s+(?:files?|director(?:y|ies)|folders?|variables?|tables?|buffers?|"
        # Kinds of things and people: temporary exhibitions, passes, staff, contracts, fillings.
        r"storage|objects?|exhibitions?|exhibits?|pass(?:es)?|permits?|staff|workers?|employees?|contracts?|"
        r"jobs?|positions?|residents?|residence|accommodation|housing|tattoos?|fillings?|crowns?|"
        r"licen[cs]es?|visas?|cards?|passwords?|accounts?)(?![\w-]))|ily)|until\s+further\s+notice|until\s+tomorrow|at\s+the\s+moment|"
        r"for\s+this\s+(?:visit|trip|stay|booking|order|call)\s+only)(?![\w-])",
        re.IGNORECASE,
    )
)
# Spanish, Portuguese, French, German, Italian, Russian and Korean markers (accents folded).
_OTHER = quick(
    re.compile(
        fold_pattern(
            r"(?<![\w-])(?:por\s+ahora|por\s+el\s+momento|de\s+momento|(?:solo\s+|sólo\s+)?por\s+esta\s+vez|"
            r"solo\s+hoy|sólo\s+hoy|temporalmente|provisionalmente|hasta\s+nuevo\s+aviso|"
            r"por\s+enquanto|por\s+agora|(?:só\s+)?desta\s+vez|temporariamente|provisoriamente|"
            r"até\s+novo\s+aviso|só\s+hoje|"
            r"pour\s+l'instant|pour\s+le\s+moment|pour\s+cette\s+fois|cette\s+fois-ci|exceptionnellement|"
            r"temporairement|provisoirement|jusqu'à\s+nouvel\s+ordre|aujourd'hui\s+seulement|"
            r"vorerst|vorläufig|vorübergehend|bis\s+auf\s+weiteres|nur\s+dieses\s+mal|nur\s+heute|"
            r"diesmal|einstweilen|"
            r"per\s+ora|per\s+il\s+momento|(?:solo\s+)?per\s+questa\s+volta|temporaneamente|"
            r"provvisoriamente|fino\s+a\s+nuovo\s+avviso|solo\s+oggi|"
            r"временно|пока\s+что|(?:только\s+)?в\s+этот\s+раз|только\s+сегодня|"
            r"до\s+особого\s+распоряжения|"
            r"당분간|이번만|이번에만|임시로|일시적으로|잠정적으로|오늘만|한시적으로)(?![\w-])"
        ),
        re.IGNORECASE,
    )
)
_OTHER_GATE = gate(
    """ahora momento vez hoy temporalmente provisionalmente aviso enquanto agora desta
    temporariamente provisoriamente novo hoje instant moment fois exceptionnellement temporairement
    provisoirement nouvel seulement vorerst vorläufig vorübergehend weiteres mal heute diesmal
    einstweilen ora volta temporaneamente provvisoriamente avviso oggi временно что момент раз
    сегодня распоряжения"""
)
# Every English marker holds one of these words.
_EN_GATE = gate(
    "now time once task session conversation moment today tonight week temporary temporarily notice tomorrow only"
)
_HANGUL = re.compile(r"[\uac00-\ud7a3]")
# Chinese and Japanese markers, with the longer words that merely contain them.
_CJK = temporary_words.MARKERS
_CJK_RE = re.compile("|".join(sorted(map(re.escape, _CJK), key=len, reverse=True)))
_KANA = re.compile(r"[\u3040-\u30ff]")
_QUOTES_OPEN = frozenset("“「『\"'")
_QUOTES_CLOSE = frozenset("”」』\"'")

# A marker in a sentence that is not a fact true for now: a visitor's question (…吗?), a past
# event (曾, 当年, 清朝), a conditional or habitual rule (如果/若/如需…, 每逢/每次/每年…), or
# how-to steps about a screen (点击, 按钮, 设置中); or a title in 《》, a name translated in
# brackets (Today Cafe(今天咖啡)), a quoted question or a name after 叫. (Museum names hold 历史,
# 现代, 时代, so those words do not mark the past.)
_SENTENCE_END = re.compile(r"[。!?\n]")
_NOT_NOW = re.compile(
    r"曾经|曾經|曾(?=[临臨暂暫])|曾一度|当年|當年|古代|(?:[0-9一二三四五六七八九十几幾]|上个|上個|中)世[纪紀]|[明清唐宋元汉漢]朝|公元|历史上|歷史上|"
    r"^[^,;:]{0,3}(?:如果|若|如需|如要|假如|要是|万一|萬一|如遇|倘若|遇到|遇上|遇有)|每逢|每当|每當|每到|每次|"
    r"每年|每周|每週|每星期|每个月|每個月|每月|の際|の場合"
)
# How-to steps about a screen, unless the marker says what cannot be done now (按钮暂时无法点击).
_HOW_TO = re.compile(r"点击|點擊|按钮|按鈕|设置中|设置里|設定中|設定で|命令|ボタン|タップ")
_UNAVAILABLE = re.compile(r"(?:无法|無法|不能|不可|失效)")
# A quoted question: “今天几点关门”, “今天还能买到票吗？”.
_ASKING = re.compile(r"[?吗嗎]$|[几幾]点|[几幾]點|什么|什麼|怎么|怎麼|哪|多少|是否|有没有|有沒有")
_OPENER = re.compile(r"[《(“「『][^》)”」』]*$")
_CLOSER = re.compile(r"[”」』]")
# …or a saying quoted (老人常说“今天的事今天做”).
_NAMED = re.compile(
    r"(?:叫|名为|名為|名叫|名是|题为|題為|常说|常說|俗话说|俗話說|俗语说|俗語說|老话说|老話說|"
    r"古人说|古人說|有句话说|有句話說|谚语|諺語)[:：]?\s*$"
)
# 暂时不用的行李可以… / 暂时用不到的文件可以… / 一時的に使わない荷物は…: a kind of thing, described by what it is not for now.
_ATTRIBUTIVE = re.compile(
    r"(?:暂时|暫時)[^,;:。!?不没沒]{0,2}(?:不|没|沒)[^,;:。!?]{0,8}的[^,;:。!?]{1,4},?"
    r"(?:可以|可|请|請|都|最好|应该|應該|应|應|要|需要|需|建议|建議|不要|不宜|别|別|也|必须|必須)|"
    r"一時的に[^、,。]{1,6}ない[^、,。]{1,5}は"
)
# 会暂停, 可以随时暂停视频, 按下…即可暂停, 逾期会被暂停: a pause that happens or that one can make,
# not a closure.
_HABIT = re.compile(
    r"(?:会|會|可能|可以|即可|可|能|能够|能夠|随时|隨時|自动|自動|申请|申請|办理|辦理|则|則|就)被?$"
)
# 会员卡可以暂停使用，暂停期间不计入有效期 / 支持暂停、快进: a pause offered as an option, or one of
# a list of controls, anywhere in the sentence.
_OPTION = re.compile(
    r"(?:可以|即可|随时|隨時|申请|申請|支持)(?:暂停|暫停)|(?:暂停|暫停)、|、(?:暂停|暫停)"
)
# 系统会在维护期间暂停自动扣款: what a system will do whenever (no day named); 暂停同步功能: a feature.
_WILL = re.compile(r"(?:会|會|将|將|自动|自動|让|讓|可以)[^,;:。!?]{0,8}$")
_FEATURE = re.compile(r"[^,;:。!?]{0,4}?(?:功能|按钮|按鈕|键|鍵|选项|選項|模式|图标|圖標)")
# 临时 as a state for now comes before a change (临时关闭, 临时改到, 临时取消, 临时不办理, 临时通知);
# before a thing it names a kind (临时储物柜, 临时监护人, 临时股东大会, 临时建筑), unless a day is named.
_CHANGE = re.compile(
    r"(?:改|关|關|闭|閉|取消|调|調|通知|不|没|沒|停(?!靠[点點站]|车[场場位])|开会|開會|加班|封|搬|迁|遷|"
    r"休(?!息[区區室处處厅廳])|推迟|推遲|延|变|變|换|換|暂|暫|增|减|減|安排|决定|決定|限|禁(?!令)|中断|中斷|"
    r"撤|移|挪|缩短|縮短|提前|无法|無法|开放|開放|对外|對外|"
    r"恢复|恢復|加开|加開|召开|召開|借|办理|辦理|到)"
)
# 在负载超过阈值时暂停上传: a pause as a step taken when something happens.
_WHEN = re.compile(r"在[^,;:。!?]{1,20}(?<![临臨])[时時]$")
# 目前 ("at present") alone states how things stand (目前本馆共收藏…, 目前我们支持…付款); it marks a
# fact for now only beside what is open, closed, stocked or changed (电梯目前停用, 目前有货).
_FOR_NOW = re.compile(
    # (Not 关, 满, 等 and 只 in other words: 相关, 有关, 关系, 海关, 满足, 满意, 等级, 只需, 只要.)
    r"停(?!留|车|車)|(?<![相有海机機攸])(?:关|關)(?![于於系係注心键鍵联聯])|闭|閉|暂|暫|开放|開放|营业|營業|有货|有貨|"
    r"缺货|缺貨|无货|無貨|售罄|(?<!充)(?:满|滿)(?![足意分])|只(?!是|需|要)|仅|僅|"
    r"维修|維修|施工|改|不(?:提供|接受|能|可)|排队|排隊|等(?![级級于於同])|坏了|壞了|故障|失灵|失靈|异常|異常|修路|绕行|繞行|不通|"
    r"(?:无法|無法)(?:访问|訪問|使用|登录|登錄|预约|預約|办理|辦理|购买|購買|下单|下單|连接|連接|打开|打開|支付|入住|进入|進入|"
    r"刷卡|线上|線上|网上|網上|付款|充值)|"
    # 没有 about what is known (目前没有确凿的证据, 目前还没有完全理解) is a standing statement.
    r"(?:没有|沒有)(?![^,;:。!?]{0,8}?(?:证据|證據|定论|定論|共识|共識|结论|結論|答案|解释|解釋|"
    r"研究|数据|數據|理解|证明|證明|疗法|療法|根治|治愈|治癒|办法|辦法|方法|技术|技術))|"
    r"完了|光了|繁忙|占线|佔線"
)

# 目前人类已经登上过月球 / 目前医学界认为…: what is known, of mankind or a science.
_KNOWLEDGE = re.compile(
    r"人类|人類|科学家|科學家|科学界|科學界|医学界|醫學界|医学上|醫學上|学界|學界|已知|普遍认为|普遍認為"
)
# 今天的 ("today's") as "present-day", beside the past or a region (古代的临安就是今天的杭州, 位于
# 今天的浙江省境内, 今天的北京已经是一座大都市), when nothing in the sentence is open, closed or changed.
_PRESENT_DAY = re.compile(
    r"当时|當時|古代|古城|古称|古稱|旧称|舊稱|原名|以前|过去|過去|从前|從前|年前|遗址|遺址|遗迹|遺跡|"
    r"形成|保留|古典|历史上|歷史上|两代|兩代|历代|歷代|朝代|明清|唐宋|秦汉|秦漢|起源|源于|源於|源自|最早|"
    r"发起|發起|诞生|誕生|发明|發明"
)
_REGION = re.compile(
    r"[^,;:。!?]{0,8}?(?:境内|境內|一带|一帶|地区|地區|[东南西北中東]部|两省|兩省|省|"
    r"是一座|已经是|已經是|已是|已经成为|已經成為|是[^,;:。!?]{1,12}之一)"
)


# 今天 as "to this day": 即使今天仍然…, 一直延续到今天, 直到今天, 在今天依然….
_TO_THIS_DAY = re.compile(
    r"(?:即使|即便|哪怕|直到|一直到|延续到|延續到|沿用到|保留到|流传到|流傳到|保存到)了?在?$|到了$"
)
_STILL = re.compile(r"[,\s]*(?:仍|依然|依旧|依舊)")


# 今天的天气预报可以在首页查看 / 今天几点关门可以在官网查到: where to look it up, any day.
# 今天的年轻人更喜欢…: "people nowadays", not today's visitors (今天的年轻人专场 is an event).
_NOWADAYS = re.compile(
    r"(?:年轻人|年輕人|青少年|人们|人們|社会|社會|世界|人类|人類|消费者|消費者|年轻一代|年輕一代|"
    r"大多数人|大多數人|很多人|许多人|許多人|中国|中國|我国|我國)(?![^,;:。!?]{0,2}(?:专场|專場|活动|活動|团|團|班|票|讲座|講座|课|課))"
)
# 今天我们使用的阿拉伯数字其实起源于印度: what people use, say or know nowadays, beside its past.
_WE_NOWADAYS = re.compile(
    r"(?:我们|我們|人们|人們|大家)所?(?:使用|用|说|說|看到|熟悉|知道|吃|穿|住)的"
)
# 今天，智能手机已经成为… / 在今天，网上购物已经非常普遍: a trend of the present day.
_TREND = re.compile(
    r"已经成为|已經成為|已成为|已成為|越来越|越來越|日益|普遍|普及|不可缺少|不可或缺|离不开|離不開|"
    r"已经应用|已經應用|广泛|廣泛"
)
# 肌肉酸痛是暂时的，一般两三天就会缓解: transient as a rule (一般, 通常), said of a kind of thing.
_AS_A_RULE = re.compile(r"一般|通常|往往|大多|多半|多数|多數|自行")


_LOOK_UP = re.compile(
    r"[^,;:。!?]{0,12}?(?:可以|可|请|請|都)?在[^,;:。!?]{1,12}?(?:查看|查询|查詢|查到|找到|看到)"
)


# 今天和明天的概念 / 从昨天到今天: days named beside each other, not one day's fact.
_DAYS = r"(?:昨天|明天|前天|后天|後天)"
_PAIRED = re.compile(rf"{_DAYS}(?:和|与|與|到|、|或)今天|今天(?:和|与|與|到|、|或){_DAYS}")

# 鸟类迁徙时会在湿地暂时停留 / 麻醉让病人暂时失去知觉: what a process does for a while, said of
# anything but the place itself (我们会暂时关闭东门), beside nothing open, closed or changed.
_CAUSE = re.compile(r"会|會|让|讓|使|导致|導致")
_OURS = re.compile(
    r"我们|我們|本店|本馆|本館|本公司|本站|本园|本園|本酒店|本院|我店|我馆|我館|咱们|咱們"
)


# 每天中午…暂停办理 / 夜间暂停收费 / 每天的今天: a schedule kept every day, unless a window of
# days is named (本周每天下午暂停开放, 这几天每晚…, 近期…): then it is this week's schedule.
_HABITUAL = re.compile(r"每天|每日|每晚|每个工作日|每個工作日|每一?班|每一?趟|夜间|夜間")
_WINDOW = re.compile(
    r"本周|本週|这周|這週|这个?星期|這個?星期|这几天|這幾天|这两天|這兩天|本月|这个月|這個月|近期|最近|"
    r"今天|今日|明天|今晚|这段时间|這段時間|目前|现在|現在|\d+月|[一二三四五六七八九十]+月|这次|這次|本次|"
    r"下周|下週|下个月|下個月|后天|後天|\d+[日号號]"
)
# 账户被暂时冻结时，可以…: the marker in a condition (a clause ending in 时), then what to do.
_CONDITION = re.compile(r"[^,;:。!?]{0,16}?(?:时|時|的时候|的時候),")
# 办理临时陪护证 / 申请临时居留许可 / 临时救助是…一种救助 / 临时占用道路需要…申请: a document or
# service applied for, or a kind defined or ruled on, not a state for now.
_APPLIED = re.compile(
    r"(?:办理|辦理|申请|申請|申领|申領|开具|開具|领取|領取|补办|補辦|核发|核發|签发|簽發|颁发|頒發|"
    r"发放|發放|持有|凭|憑)$"
)
_KIND_RULE = re.compile(
    r"[^,;:。!?]{0,6}?(?:是(?:一种|一種|一类|一類|指|针对|針對)|(?:需要|需|须|須|必须|必須|应当|應當)"
    r"[^,;:。!?]{0,10}?(?:申请|申請|审批|審批|报批|報批|备案|備案|许可|許可))"
)
# 麻醉药的作用是暂时的: an effect, a symptom or a reaction that wears off, of a kind of thing.
_EFFECT = re.compile(
    r"作用|效果|影响|影響|症状|症狀|反应|反應|不适|不適|疼痛|肿胀|腫脹|现象|現象|感觉|感覺|后的|後的"
)
# 这次、那次、上次都是…时间词 / 本次列车这样的说法 / “暂时”的意思: a word mentioned, not used.
_MENTIONED = re.compile(
    r"(?:这样的|這樣的|这种|這種|之类的|之類的|等)(?:说法|說法|词|詞)|这类词|這類詞|词语|詞語|用语|用語|时间词|時間詞|量词|量詞|"
    r"代词|代詞|一词|一詞|这个词|這個詞|的意思是|词典|詞典|字典|常(?:听到|聽到|见|見|用)的|"
    # (“暂离”状态表示玩家暂时不在: what a state, an icon or a light means.)
    r"(?:状态|狀態|图标|圖標|标志|標誌|符号|符號|颜色|顏色|灯|燈)(?:表示|代表|意味着|意味著)"
)
# “暂时离开”状态 / “今日特价”栏目: the name of a screen's label, state or section.
_UI_NAME = re.compile(
    r"[”」』\"']\s*(?:状态|狀態|按钮|按鈕|标签|標籤|页面|頁面|栏目|欄目|选项|選項|功能|模式|菜单|菜單|键|鍵|"
    r"图标|圖標|入口|板块|板塊|榜单|榜單|分类|分類|频道|頻道)"
)


def _process(text: str, head: int, start: int, end: int, stop: int) -> bool:
    """暂时 in what happens to anything for a while (a habit or an effect), not a state of the place."""
    clause = max(text.rfind(mark, head, start) for mark in ",;:") + 1
    return bool(
        _CAUSE.search(text, max(head, clause), start)
        and not _OURS.search(text, head, stop)
        and not _FOR_NOW.search(text, head, start)
        and not _FOR_NOW.search(text, end, stop)
    )


def _present_day(text: str, head: int, start: int, end: int, stop: int) -> bool:
    """今天 as "present-day" or "to this day", or in a pointer to where it is looked up: not a one-off."""
    if _LOOK_UP.match(text, end, stop):
        return True
    if (text[end : end + 1] == "," or text[start - 1 : start] == "在") and _TREND.search(
        text, end, stop
    ):
        return True
    if _FOR_NOW.search(text, head, stop):
        return False
    if _PAIRED.search(text, max(head, start - 3), min(stop, end + 3)):
        return True
    if _TO_THIS_DAY.search(text, max(head, start - 4), start) or (
        text[start - 1 : start] == "在" and _STILL.match(text, end, stop)
    ):
        return True
    if _WE_NOWADAYS.match(text, end) and _PRESENT_DAY.search(text, head, stop):
        return True
    if text[end : end + 1] != "的":
        return False
    return bool(
        _PRESENT_DAY.search(text, head, stop)
        or _REGION.match(text, end + 1, stop)
        or _NOWADAYS.match(text, end + 1, stop)
    )


def _not_now(text: str, start: int, end: int, marker: str) -> bool:
    """A marker in a question, a past event, a condition, a habit, how-to steps or a name."""
    head = cjk_sentence_start(text, start)
    tail = _SENTENCE_END.search(text, end)
    stop = tail.start() if tail else min(len(text), end + 200)
    if tail is not None and tail.group() == "?":
        return True
    if _NOT_NOW.search(text[head:stop]) or _ATTRIBUTIVE.match(text, start):
        return True
    if _HOW_TO.search(text, head, stop) and not _UNAVAILABLE.match(text, end):
        return True
    if _NAMED.search(text, max(0, start - 8), start):  # 老人常说：今天吃苦，明天享福
        return True
    if _MENTIONED.search(text, head, stop):
        return True
    # (The window searched for is another word than the marker: 每天的今天.)
    window = _WINDOW.search(text, head, start) or _WINDOW.search(text, end, stop)
    if not window and _HABITUAL.search(text, head, stop):
        return True
    if not window and marker[-1] != "次" and _CONDITION.match(text, end):
        return True
    if marker in ("临时", "臨時") and (
        _APPLIED.search(text, max(0, start - 3), start)
        or _KIND_RULE.match(text, end)
        or not (window or _CHANGE.match(text, end) or _KANA.search(text))
    ):
        return True
    if marker == "目前" and (
        not _FOR_NOW.search(text, head, stop) or _KNOWLEDGE.search(text, head, stop)
    ):
        return True
    if marker == "今天" and (
        _present_day(text, head, start, end, stop) or temporary_zh.told(text, head, start)
    ):
        return True
    if marker in ("暂停", "暫停") and (
        (not window and _WILL.search(text, max(head, start - 12), start))
        or (
            _HABIT.search(text, max(0, start - 3), start)
            and not (window and _WILL.search(text, start - 3, start))
        )
        or _FEATURE.match(text, end)
        or _OPTION.search(text, head, stop)
        or _WHEN.search(text, max(head, start - 24), start)
    ):
        return True
    if marker in ("暂时", "暫時") and (
        (_process(text, head, start, end, stop) and not window)
        or (text[end : end + 1] == "的" and _AS_A_RULE.search(text, head, stop))
        or (text[end : end + 2] == "的," or text[end : end + 2] == "的。" or end + 1 == stop)
        and _EFFECT.search(text, head, start)
    ):
        return True
    opened = _OPENER.search(text, max(0, start - 30), start)
    if opened is None:
        return False
    if opened.group()[0] == "《" or (
        opened.group()[0] == "("
        and text[max(0, opened.start() - 1) : opened.start()].isascii()
        and text[max(0, opened.start() - 1) : opened.start()].isalpha()
    ):
        return True
    close = _CLOSER.search(text, end, min(len(text), end + 60))
    if close is not None and _UI_NAME.match(text, close.start()):
        return True
    quoted = text[opened.start() : close.start() if close else end]
    return bool(_ASKING.search(quoted)) or bool(
        _NAMED.search(text, max(0, opened.start() - 6), opened.start())
    )


def find(text: str) -> list[Hit]:
    """Temporary markers on a folded view."""
    words = tokens(text)
    hits = (
        []
        if _EN_GATE.isdisjoint(words)
        else [(m.start(), m.end(), _REASON) for m in _EN.finditer(text)]
    )
    if not _OTHER_GATE.isdisjoint(words) or (not text.isascii() and _HANGUL.search(text)):
        hits += [(m.start(), m.end(), _REASON) for m in _OTHER.finditer(text)]
    if hits:
        hits = [h for h in hits if not temporary_intl.of_people(text, h[1])]
    hits += temporary_intl.find(text, words)
    if text.isascii():
        hits.sort()
        return hits
    hits += temporary_intl.find_wide(text)
    for m in _CJK_RE.finditer(text):
        marker = m.group()
        window = text[max(0, m.start() - 4) : m.end() + 4]
        if any(word in window for word in _CJK[marker]):
            continue
        if marker in ("当面", "当分") and not _KANA.search(text):
            continue
        # “今天”这个词: the word itself, quoted, not a day.
        if (
            text[m.start() - 1 : m.start()] in _QUOTES_OPEN
            and text[m.end() : m.end() + 1] in _QUOTES_CLOSE
        ):
            continue
        if _not_now(text, m.start(), m.end(), marker):
            continue
        hits.append((m.start(), m.end(), _REASON))
    for start, end in temporary_zh.spans(text):
        if not _not_now(text, start, end, text[start:end]):
            hits.append((start, end, _REASON))
    hits.sort()
    return hits
