"""Chinese states that hold for now: a time near now beside a change, or a change in progress.

The markers of :mod:`.temporary_words` are words that say "for now" themselves (暂时, 临时,
目前…). Most Chinese one-offs say it otherwise: a near time beside what is closed, broken,
sold out, moved or on offer (电梯这几天在检修, 今晚十点到十二点无法下单, 这周的鸡蛋特价), a state
in progress (正在施工, 维修中, 还没修好, 已经卖完), or the span of a one-off (装修期间, 施工结束之前,
在另行通知之前, 试运行阶段). Each is found here; :mod:`.temporary` then drops those in a question,
a past event, a condition or a habit (每年…, 一般…) as it does for its markers.
"""

from __future__ import annotations

import re

from .firsts import quick

# A time near now: these days, tonight, this week/month/term, the weeks ahead, until a date.
_NEAR = (
    r"这几天|這幾天|这两天|這兩天|这些天|這些天|近几天|近幾天|近两天|近兩天|近日|近期|"
    r"最近(?:这段时间|這段時間|一段时间|一段時間|几天|幾天|两天|兩天|一周|一週)|"
    r"这段时间|這段時間|这段日子|這段日子|这阵子|這陣子|现阶段|現階段|"
    # the span of a one-off (装修期间): a story's blackout (停电期间…) says nothing changed
    r"(?:装修|裝修|施工|维护|維護|改造|升级|升級|维修|維修|促销|促銷|活动|活動|停电|停電|换水|換水|"
    r"试运行|試運行|试营业|試營業|疫情|放假|搬迁|搬遷|运动会|運動會|展会|展會)期间|"
    r"今晚|今早|今天(?:上午|下午|晚上|中午)|今日|明天|明日|明早|明晚|后天|後天|今明两[天日]|今明兩[天日]|"
    r"刚才|剛才|这会儿|這會兒|"
    # a holiday ahead and the days around it (春节期间, 节前最后一天, 年后初八); not 节假日期间, any holiday
    r"(?:春节|春節|国庆|國慶|中秋|端午|元旦|五一|清明|春运|春運)(?:节|節)?(?:假期|长假|長假)?期[间間]|"
    r"节前|節前|节后|節後|(?<![\d一二三四五六七八九十几幾百千多])年(?:前|后|後)(?![\d一二三四五六七八九十几幾])|"
    # a cause of weather (因大雾, 由于暴雨): today's weather, not a season's
    r"(?:因为|因為|因|由于|由於|受)(?:大雾|大霧|暴雨|大雪|暴雪|台风|颱風|寒潮|雷雨|冰雹|豪雨|大风|大風|雪太大|雨太大|"
    r"道路结冰|道路結冰|积水|積水|高温|高溫)|"
    r"(?:接下来|接下來|未来|未來)的?[\d一二三两兩四五六七八九十几幾]+(?:天|日|周|週|个星期|個星期|个月|個月|小时|小時)|"
    r"这[\d一二三两兩四五六七八九十几幾]+(?:天|日|周|週|个星期|個星期)|這[\d一二三两兩四五六七八九十几幾]+(?:天|日|週|個星期)|"
    r"这个礼拜|這個禮拜|这礼拜|這禮拜|本礼拜|本禮拜|"
    r"到[^,;:。!?]{1,10}?(?:为止|為止)|(?:即日起|今天起|今日起)至|"
    r"本周|本週|这周|這週|这一周|這一週|这个星期|這個星期|这星期|這星期|本星期|这个周末|這個週末|"
    r"本月|这个月|這個月|这月|這月|月底前|年底前|年底之前|本季|这学期|這學期|本学期|本學期|"
    r"今年(?:夏天|冬天|春天|秋天|暑假|寒假|春节|春節|国庆|國慶)|"
    r"下周|下週|下星期|下个月|下個月|"
    r"截至目前|截止目前|到月底|到本月底|"
    r"(?:新店|新馆|新館|新系统|新系統|新版)?(?:开业|開業|上线|上線|开学|開學)(?:(?:后|後)的?)?(?:初期|头[一二三两兩四五六七]天|頭[一二三两兩四五六七]天|第一周|第一週)|"
    r"(?:开业|開業|上线|上線)(?:前|后|後)[\d一二三两兩四五六七八九十几幾]+(?:天|日|周|週)"
)
# What changes for a while: closed, broken, sold out, moved, delayed, limited, on offer.
_CHANGE = (
    r"停(?!留|车场|車場|车位|車位)|关闭|關閉|关门|關門|不开放|不開放|"
    r"(?<!照常)(?<!正常)(?<!照样)(?<!照樣)(?:开放|開放|营业|營業)|休息|"
    r"暂|暫|缺货|缺貨|无货|無貨|售罄|卖完|賣完|订满|訂滿|满员|滿員|客满|客滿|"
    r"维修|維修|检修|檢修|送修|施工|维护|維護|升级|升級|故障|坏|壞|异常|異常|"
    r"铺路|鋪路|修路|布展|佈展|撤展|整修|翻修|装修|裝修|"
    r"晚点|晚點|延误|延誤|延迟|延遲|推迟|推遲|延期|取消|有调整|有調整|有所调整|有所調整|"
    r"改(?:在|到|为|為|成|用)|搬到|移到|挪到|恢复|恢復|中断|中斷|"
    r"特价|特價|优惠|優惠|打折|折扣|买一送一|買一送一|半价|半價|打[\d一二三四五六七八九]+折|免|"
    r"满[一二三四五六七八九十百千\d]+减|滿[一二三四五六七八九十百千\d]+減|"
    r"只(?!要|有|是)|仅|僅|限|不提供|不接受|无法|無法|不能|不可|排队|排隊|等候|名额|名額|"
    r"封闭|封閉|停运|停運|停航|停班|停课|停課|卡顿|卡頓|不稳定|不穩定|较慢|較慢|"
    r"短缺|紧张|緊張|延长|延長|提早|"
    # (Not booking ahead, advice: 建议提前预订.)
    r"提前(?!预订|預訂|预约|預約|购|購|准备|準備|规划|規劃|安排|订|訂|买|買|到达|到達|出门|出門)|通宵|闭馆|閉館|才能|才可以|才开|才開|减半|減半|延后|延後|"
    r"晚[\d一二三两兩四五六七八九十几幾]+(?:天|小时|小時|分钟|分鐘)|折|"
    # slower or busier than usual, crowds, an outage, an offer's price (首月只要九块九, 双倍积分)
    r"比平时|比平時|比往常|比平常|人多|人很多|拥挤|擁擠|错峰|錯峰|崩了|宕机|宕機|瘫痪|癱瘓|不收|双倍|雙倍|"
    r"只要[\d一二三四五六七八九十几幾]"
)
# A change in progress, or the span of a one-off, said on its own.
_STATE = (
    r"正在(?:重新|全面|进行|進行)?(?:维修|維修|检修|檢修|施工|维护|維護|排查|升级|升級|封闭|封閉|装修|裝修|抢修|搶修|改造|"
    r"修复|修復|铺路|鋪路|修路|布展|佈展)|"
    r"(?:维修|維修|检修|檢修|施工|装修|裝修|维护|維護|抢修|搶修|改造|调试|調試)中|"
    r"(?:还|還)(?:没|沒)(?:修好|恢复|恢復|到货|到貨|开通|開通)|"
    r"(?:已经|已經|已)(?:卖完|賣完|售罄|订满|訂滿|约满|約滿)|"
    r"(?<![破损損毁毀压壓摔弄砸踩撞])(?:坏了|壞了)|没墨了|沒墨了|"
    r"预计[^,;:。!?]{0,14}(?:恢复|恢復|修好|开放|開放|到货|到貨)|"
    r"(?:施工|工程|维修|維修|装修|裝修|改造|迁移|遷移|升级|升級|维护|維護)(?:结束|結束|完成|完工)(?:之?前|以前)|"
    r"另行通知|试运行|試運行|试营业|試營業|名额有限|名額有限|先到先得|"
    r"(?:限时|限時)(?:优惠|優惠|活动|活動|特价|特價|抢购|搶購)?[:：]|(?:只|仅|僅|还|還)剩下?最(?:后|後)|"
    r"(?:名额|名額|库存|庫存|座位|房间|房間|门票|門票|车位|車位|床位|号源|號源)[^,;:。!?]{0,3}(?:只|仅|僅|还|還)剩|(?:恢复|恢復|开放|開放|到货|到貨|开通|開通)时间待定|(?:恢復|開放|到貨|開通)時間待定|"
    r"(?:停用|停售|停业|停業|关闭|關閉|暂停|暫停|封闭|封閉|停运|停運)[\d一二三两兩四五六七八九十几幾]+(?:天|日|周|週|个月|個月|小时|小時)|"
    r"(?:延长|延長)(?:到|至)[^,;:。!?]{0,6}?(?:底|号|號|日)|"
    r"(?:现在|現在)[^,;:。!?]{0,6}?(?:排队|排隊|等位|要等|需要等|需等|至少要)"
)
# Each behind a look-ahead on its first characters (firsts.quick): the engine skips ahead.
_NEAR_RE = quick(re.compile(_NEAR))
_CHANGE_RE = quick(re.compile(_CHANGE))
_STATE_RE = quick(re.compile(_STATE))
_ENDS = re.compile(r"[。!?\n]")
# From a day on (下周起, 明天开始): a lasting change, unless its end is given (直到工程结束).
_FROM_ON = re.compile(r"[^,;:。!?]{0,3}?(?:起|开始|開始)")
_UNTIL = re.compile(r"直到|为止|為止|结束|結束|之前|以前|截止|为期|為期")
# A fixed reply (一律说已订满, 都说已经售罄), a quoted reply or sign, a past visit (上次来的时候),
# what happens every day (今日特价商品每天更新) or as a rule.
_NOT_A_STATE = re.compile(
    r"一律|统一|統一|都说|都說|都跟|上次|上回|那次|每天|每日|天天|"
    # (春节期间的火车票一般提前十五天开售: as a rule, every year.)
    r"一般(?:会|會|在|都|是|要|提前|需要|需)|通常|往往|照例|惯例|慣例"
)
_OPEN_QUOTE = re.compile(r"[“「『][^”」』]*$")
# 施工单位必须在施工期间设置围挡: what must be done during any such span, a rule.
_MUST_IN = re.compile(r"(?:必须|必須|须|須|应当|應當|应|應|不得|要)在$")
# 店员会告诉每位客人今天的推荐菜 / 老师会告诉学生今天要学的内容: what someone tells each day, a habit.
_TELLS = re.compile(r"(?:会|會)(?:告诉|告訴|告知|介绍|介紹|说明|說明|提醒)[^,;:。!?]{0,8}$")


def told(text: str, head: int, start: int) -> bool:
    """A day named in what someone will tell anyone (会告诉…今天的…): a habit, not a one-off,
    unless what is told changes (会告诉每位顾客今天的特价: today's offer)."""
    if _TELLS.search(text, max(head, start - 14), start) is None:
        return False
    tail = _ENDS.search(text, start)
    return _CHANGE_RE.search(text, start, tail.start() if tail else len(text)) is None


_HAN = re.compile(r"[\u4e00-\u9fff]")


def spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each state for now in a folded view (before the checks for a question,
    the past, a condition or a habit)."""
    if _HAN.search(text) is None:  # every pattern here is Chinese
        return []
    out = []
    for m in _STATE_RE.finditer(text):
        head, stop = _sentence(text, m.start(), m.end())
        # 正在施工的路段必须…, 还没修好的车辆不得…: a kind of thing described, unless a day is named.
        if (
            text[m.end() : m.end() + 1] == "的"
            and text[m.start() : m.start() + 2] not in ("现在", "現在")
            and not _NEAR_RE.search(text, head, stop)
        ):
            continue
        if _stated(text, head, m.start(), stop):
            out.append((m.start(), m.end()))
    for m in _NEAR_RE.finditer(text):
        head, stop = _sentence(text, m.start(), m.end())
        if not _CHANGE_RE.search(text, head, stop) or not _stated(text, head, m.start(), stop):
            continue
        if _FROM_ON.match(text, m.end()) and not _UNTIL.search(text, head, stop):
            continue
        if _MUST_IN.search(text, max(head, m.start() - 6), m.start()):
            continue
        out.append((m.start(), m.end()))
    return out


def _sentence(text: str, start: int, end: int) -> tuple[int, int]:
    head = max(text.rfind(mark, 0, start) for mark in "。!?\n") + 1
    tail = _ENDS.search(text, end)
    return head, tail.start() if tail else len(text)


def _stated(text: str, head: int, start: int, stop: int) -> bool:
    """Not a fixed or quoted reply, nor a past visit."""
    return not _NOT_A_STATE.search(text, head, stop) and not _OPEN_QUOTE.search(text, head, start)
