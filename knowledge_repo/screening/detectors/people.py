"""Claims about an identifiable person: accusations, health, private life.

A claim needs both halves in one sentence: someone identifiable (a name, "Mr
Lee", or a role with a determiner — "the site owner", "our CEO", 老板, 店长,
オーナー) and, after it, a predicate that accuses them (fired, fraud, stole,
arrested, 诈骗, 被开除, 逮捕), states their health ("has cancer", 怀孕) or
their private life ("is having an affair", 离婚). A role alone ("the owner
recommends the latte") or a warning about fraud in general (防范诈骗,
詐欺メールにご注意) is not a claim.
"""

from __future__ import annotations

import bisect
import re

from ..folding import Hit, gate, near_wide, tokens, words
from . import people_cjk, people_intl, people_more, people_unclaimed, people_zh_words
from .firsts import led, quick
from .windows import cjk_sentence_start

PERSON_CLAIM = "person_claim"

_I = re.IGNORECASE

_ROLE_EN = quick(
    re.compile(
        r"\b(?:the|our|your|their|this|that|my|his|her|its)\s+(?:[\w-]+['’]s\s+)?(?:(?:site|website|shop|store|restaurant|"
        r"café|cafe|hotel|company|bar|gym|clinic|hostel|agency|tour|bus|taxi|delivery|night|head|general|"
        r"assistant|new|old|former|current|front-desk|desk|security)\s+){0,2}(?:[a-z-]+\s+)?(?:owners?|manager|boss|driver|chef|cook|"
        r"waiter|waitress|receptionist|founder|co-founder|ceo|cfo|cto|coo|director|president|chairman|"
        r"landlord|landlady|employee|cashier|barista|guide|host|admin|administrator|moderator|webmaster|"
        r"teacher|doctor|nurse|pharmacist|accountant|clerk|bartender|guard|mayor|neighbou?r|coworker|"
        r"colleague|husband|wife|girlfriend|boyfriend|partner|staff\s+member|supervisor|trainer|"
        r"instructor|therapist|dentist|lawyer|proprietor|porter|night\s+porter|concierge|housekeeper|"
        r"cleaner|gardener|sous-chef|head\s+chef|maid|bellboy|bellhop|valet|lifeguard|coach|pilot|captain|secretary|treasurer|"
        r"organi[sz]er|volunteer|tenant|roommate|flatmate|ex-wife|ex-husband|principal|headmaster|headmistress|"
        r"headteacher|mechanic|plumber|electrician|priest|pastor|vicar|baker|butcher|ex)\b",
        _I,
    )
)
_NOT_NAMES = words(
    """the this that these those it he she they we i you our my your their his her its someone
    somebody nobody everyone everybody anyone anybody police there here what who when where why how
    customer customers guest guests visitor visitors user users staff nothing everything something
    monday tuesday wednesday thursday friday saturday sunday january february march april may june
    july august september october november december street st road rd avenue ave lane drive hotel
    cafe café coffee bank city new york inc ltd llc company museum station airport park center centre
    hall church restaurant shop store market please always never remember tell note if yes no also and
    but so last next one two mr mrs ms dr sales support team group google apple amazon microsoft
    breaking news report update warning today yesterday tomorrow many some most all each every
    free wi-fi wifi menu room floor gate terminal line bus taxi train"""
)
_TITLED = r"\b(?:Mr|Mrs|Ms|Miss|Dr|Prof|Sir)\.?\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?"
_NAME_PAIR = re.compile(r"\b([A-Z][a-z]+)\s+([A-Z][a-z]+(?:-[A-Z][a-z]+)?)\b")
_NAME_ONE = re.compile(
    r"\b([A-Z][a-z]{2,})\b(?=\s+(?:was|is|has|had|got|stole|steals|cheated|cheats|"
    r"embezzled|lied|lies|drinks|did|does|took|takes|went|committed|abused|"
    r"harassed|assaulted|scammed)\b|\s+(?:from|at|in)\s+(?:the\s+)?[a-z])"
)
_TITLED_RE = re.compile(_TITLED)
_PRONOUN = re.compile(r"\b(?:he|she)\b", _I)

_PRED_EN = quick(
    re.compile(
        # Accusations.
        r"\b(?:(?:was|were|got|has\s+been|had\s+been|is\s+being|been)\s+(?:fired|sacked|dismissed|"
        r"arrested|jailed|imprisoned|convicted|charged|indicted|sued|investigated|accused|banned|"
        r"struck\s+off|disbarred|caught\s+(?:stealing|cheating|lying|drunk))|fired\s+(?:from|for)\b|"
        r"stole|steals|stealing|embezzl\w*|(?:committed|commits)\s+(?:fraud|a\s+crime|crimes|tax\s+evasion)|"
        r"(?:for|of)\s+(?:fraud|theft|embezzlement|bribery|assault|harassment|drunk\s+driving|tax\s+evasion)|"
        r"(?:is|was)\s+(?:a|an)\s+(?:\w+\s+)?(?:fraud|fraudster|thief|crook|criminal|scammer|con\s+artist|"
        r"liar|cheat|drunk|alcoholic|addict|pervert|predator|abuser|rapist|drug\s+dealer)\b|(?:takes|took|taking)\s+bribes|"
        r"(?:is|was)\s+corrupt|scammed|defrauded|(?:lied|lies)\s+(?:to|about)|"
        r"cheat(?:s|ed|ing)\s+(?:customers|people|us|guests|visitors|clients)|"
        r"(?:drinks|drunk|high)\s+on\s+the\s+job|(?:does|did|takes|took|uses|used|deals|dealt)\s+drugs|"
        r"abused|abuses|harass(?:ed|es)|assaulted|molested|went\s+to\s+(?:prison|jail)|"
        r"(?:is|was)\s+an?\s+ex-(?:convict|con|prisoner)|"
        r"grop(?:ed|ing)|(?:for|of)\s+(?:burglary|robbery|shoplifting|stalking|groping)|"
        r"(?:has|had)\s+a\s+criminal\s+record|(?:is|was)\s+(?:under\s+investigation|wanted\s+by\s+(?:the\s+)?police)|"
        # Health.
        r"(?:has|had|got|is\s+battling|is\s+fighting|suffers\s+from|is\s+suffering\s+from|"
        r"is\s+recovering\s+from|was\s+treated\s+for|is\s+being\s+treated\s+for|(?:was|is|has\s+been)\s+"
        r"diagnosed\s+with|died\s+of|is\s+dying\s+of)\s+(?:a\s+|an\s+)?(?:\w+\s+)?(?:cancer|hiv|aids|diabetes|"
        r"depression|dementia|alzheimer'?s|tumou?r|disease|illness|std|hepatitis|schizophrenia|bipolar|"
        r"ptsd|anxiety\s+disorder|eating\s+disorder|addiction|stroke|heart\s+attack|breakdown|mental\s+illness)|"
        r"(?:is|was)\s+(?:pregnant|terminally\s+ill|mentally\s+ill|in\s+rehab|depressed|suicidal|infertile|"
        r"hiv[\s-]positive|hospitali[sz]ed)|went\s+(?:to|into)\s+rehab|"
        r"(?:had|has\s+had)\s+(?:an?\s+)?(?:abortion|miscarriage|mental\s+breakdown)|"
        # Private life.
        r"(?:is|was)\s+having\s+an\s+affair|(?:had|has)\s+an\s+affair|cheat(?:s|ed|ing)\s+on\s+(?:his|her|their)|"
        r"(?:is|was|got)\s+(?:getting\s+)?divorc(?:ed|ing)|(?:is|was)\s+(?:secretly\s+)?(?:gay|lesbian|"
        r"bisexual|transgender)|(?:sleeps|slept|is\s+sleeping)\s+with|(?:is|was)\s+(?:deep\s+)?in\s+debt|"
        r"owes\s+(?:\w+\s+){0,3}money|went\s+bankrupt|(?:is|was)\s+bankrupt|lives\s+at)(?![a-z])",
        _I,
    )
)

# Rumours of a second kind (drugs, drink at work, violence at home, licences lost, probation,
# immigration status): a pattern of their own, run only when one of its words is there.
_PRED_EN_MORE = quick(
    re.compile(
        r"\b(?:"
        r"(?:is\s+)?going\s+through\s+(?:a\s+)?(?:\w+\s+)?divorce|hiding\s+from\s+(?:creditors|the\s+police)|"
        r"(?:is|was|has\s+been)\s+(?:\w+ly\s+)?(?:on|off)\s+(?:(?:his|her|their)\s+)?(?:anti-?depressants|meds|medication|methadone|chemo\w*|lithium|"
        r"probation|parole)|(?:has|had)\s+been\s+(?:in|to|into)\s+rehab|"
        r"(?:drinks|drunk|high|stoned)\s+(?:on|at|during)\s+(?:the\s+|his\s+|her\s+)?(?:job|shift|work|duty)|"
        r"(?:deals|dealt|dealing|sells|sold|selling|does|did|takes|took|uses|used|snorts|snorted)\s+"
        r"(?:cocaine|coke|heroin|meth|crack|weed|pills|ecstasy|mdma|drugs)|"
        r"(?:beats|beat|hits|hit|slaps|slapped)\s+(?:up\s+)?(?:his|her|their)\s+(?:wife|husband|kids|children|son|"
        r"daughter|partner|girlfriend|boyfriend|staff|employees)|"
        r"recovering\s+(?:\w+\s+)?(?:addict|alcoholic)|lost\s+(?:his|her|their)\s+(?:medical\s+|driving\s+|law\s+)?licen[cs]e|malpractice|"
        r"(?:is|was)\s+(?:a|an)\s+(?:\w+\s+){0,2}(?:sex\s+offender|paedophile|pedophile|felon|wife-beater)|"
        r"(?:got|had|has|for)\s+(?:a\s+|two\s+|another\s+)?(?:dui|dwi)s?|"
        r"(?:is|was|are)\s+(?:an?\s+)?(?:illegal\s+(?:immigrant|alien)|undocumented|here\s+illegally|"
        r"in\s+the\s+country\s+illegally))(?![a-z])",
        _I,
    )
)
_PRED_MORE_GATE = gate(
    """recovering divorce hiding creditors stoned shift duty antidepressants anti-depressants meds medication methadone chemo
    chemotherapy lithium probation parole rehab drinks drunk cocaine coke heroin meth crack weed
    pills ecstasy mdma drugs beats beat hits hit slaps slapped licence license malpractice offender
    paedophile pedophile felon wife-beater dui dwi duis illegal undocumented illegally"""
)

# Every English predicate holds one of these words: the pattern runs only when one is there.
_PRED_GATE = gate(
    """fired sacked dismissed arrested jailed imprisoned convicted charged indicted sued investigated
    accused banned struck disbarred caught stole steals stealing embezzled embezzling embezzles
    embezzlement embezzler committed commits fraud theft bribery assault harassment drunk evasion
    fraudster thief crook criminal scammer con liar cheat alcoholic addict pervert predator abuser
    rapist dealer bribes corrupt scammed defrauded lied lies cheats cheated cheating drugs drinks
    job abused abuses harassed harasses assaulted molested prison jail record investigation wanted
    cancer hiv aids diabetes depression dementia alzheimer alzheimers tumour tumor disease illness
    std hepatitis schizophrenia bipolar ptsd disorder addiction stroke heart breakdown pregnant ill
    rehab depressed suicidal infertile positive hospitalised hospitalized abortion miscarriage
    affair divorced divorcing gay lesbian bisexual transgender sleeps slept sleeping debt owes
    bankrupt lives convict prisoner groped groping burglary robbery shoplifting stalking"""
)

_SURNAMES = people_cjk.SURNAMES
_REF_CJK = quick(
    re.compile(
        r"(?:(?:网站|網站|本站|这家店|這家店|那家店|店里|店裡|公司|酒店|餐厅|餐廳|咖啡馆|咖啡館|我们|我們)的?)?"
        rf"{people_cjk.ROLES}|(?:网站|網站|本站)的?主人"
        # 小王, 老周 (after a role too: 快递员小马, 安检员老周, 群主老王, 门卫老陈, 开发者小张, 裁判老刘).
        rf"|(?:(?<![\u4e00-\u9fff])|(?<=[员員师師长長介主卫衛者手判官工的]))[小老][{_SURNAMES}](?![\u4e00-\u9fff]{{2}})"
        rf"|[{_SURNAMES}][\u4e00-\u9fff]{{0,2}}?{people_cjk.TITLES}"
        r"|(?:サイトの|この店の|当店の|店の|会社の|ホテルの)?(?:オーナー|店長|社長|運転手|ドライバー|店主|"
        r"経営者|シェフ|従業員|管理人|サイト管理者|部長|課長|料理長|女将|支配人|創業者|料理人|経理|"
        r"添乗員|受付|大家|バーテンダー|院長|専務|常務|警備員|レジ係|歯科医|医者|看護師|ガイド|マネージャー)"
        r"|(?<![おご])(?!皆|客|お客)[\u4e00-\u9fff\u30a0-\u30ff]{1,4}(?:さん|氏|社長|店長|部長)"
    )
)
# A bare Chinese name (surname + one or two characters) counts only right before a predicate.
# Led by a look-ahead on its first characters (firsts.led): one set test at most
# positions instead of the ten look-behinds.
_PRED_CJK = re.compile(
    led(
        r"(?<!防)(?<!反)(?<!防范)(?<!防範)(?<!小心)(?<!谨防)(?<!謹防)(?<!注意)(?<!举报)(?<!舉報)"
        + people_cjk.PREDICATES
        + r"|(?:"
        + people_zh_words.CONDUCT
        + r")"
        + r"|(?:詐欺(?!メール|電話|に注意|にご注意|対策|被害|の手口)|逮捕|解雇され|クビになっ|盗ん|盗み|横領|不倫|浮気|"
        r"離婚|病気で|がんで|癌で|がんを患|うつ病|鬱病|妊娠|借金|破産|前科|薬物|麻薬|セクハラ|パワハラ|"
        r"訴えられ|捕ま|飲酒運転|入院|賄賂|糖尿病|通院|服役|傷害|脱税|罰金|病気を抱え|精神的な病|"
        r"覚醒剤|暴行|使い込|取り調べ|容疑|偽物を売|強盗|免許を取り消|医療ミス|リベート)"
    )
)
# 售货员会为怀孕的顾客提供座位 / 医生建议糖尿病患者… / 保安会制止偷拍: a condition of the people
# someone serves, or a wrong someone prevents, said of others (the predicate names who has it:
# 怀孕的顾客, 糖尿病患者, 乙肝病毒), or after a word that forbids or prevents it.
_CONDITION = re.compile(
    r"糖尿病|乙肝|肝炎|癌|艾滋|抑郁|抑鬱|憂鬱|精神病|怀孕|懷孕|患有|得了|得过|得過|喝醉|醉酒|吸毒|酗酒|吃|服用"
)
_OF_OTHERS = re.compile(
    r"[^。!?,\n]{0,8}?的(?:人|顾客|顧客|客人|游客|遊客|乘客|孩子|儿童|兒童|老人|病人|学生|學生|妇女|婦女|女性|男性|"
    r"员工|員工|朋友|家属|家屬|会员|會員|患者|住客|旅客|用户|用戶|居民|群体|群體|宠物|寵物|妈妈|媽媽|母亲|母親|女士)|"
    r"(?:患者|病人|病患|病友|人群|病毒|孕妇|孕婦|妈妈|媽媽)|的?(?:检查|檢查|治疗|治療|预防|預防|筛查|篩查|风险|風險|"
    r"知识|知識|饮食|飲食)"
)
_PREVENTED = re.compile(
    r"(?:禁止|严禁|嚴禁|防止|制止|阻止|请勿|請勿|不得|不准|不许|不許|预防|預防|避免|打击|打擊|远离|遠離|举报|舉報|"
    r"谨防|謹防|防范|防範|小心|当心|當心|提防|不会|不會|不能|不可以|不可|从不|從不|从来不|從來不|从没|從沒|绝不|絕不|"
    r"决不|決不|不应|不應|不该|不該|不要|有没有|有沒有|是否)[^。!?,\n]{0,6}$"
)
# 员工偷拿东西，一经发现立即开除 / 司机如果酒驾，会被吊销驾照: a house rule, what would happen;
# not a rumour (听说…, 据说…) that merely holds an "if".
_RULE = re.compile(
    r"如果|如果说|要是|若|一旦|一经|一經|凡是|的话|的話|会被|會被|将被|將被|将会被|將會被|一律|规定|規定|制度|"
    r"遇到|遇见|遇見|碰到|万一|萬一"
)
# 快递员偷看包裹是违法的 / 员工偷税要承担法律责任: the act judged, of anyone who does it.
_JUDGED = re.compile(
    r"是[^。!?,\n]{0,8}?(?:违法|違法|违规|違規|犯罪|违反|違反|危险|危險|不对|不對|错误|錯誤|不道德|不允许|不允許|"
    r"禁止|严禁|嚴禁)|"
    r"属于|屬於|(?:要|需|需要|须|須|必须|必須)(?:承担|承擔)"
)
# 营业员离婚率, 犯罪行为, 护士怀孕期间可以申请调岗, 司机患有癫痫的不能申请驾照: a rate, a kind of act,
# or a rule for whoever has it.
_FOR_WHOEVER = re.compile(
    r"率|行为|行為|[^。!?,\n]{0,8}?(?:期间|期間)[^。!?,\n]{0,4}?(?:可以|可|能|应|應|需|不得|不能|不宜|享有)|"
    # (厨师得了职业病可以申请工伤认定: what whoever has it may apply for.)
    r"[^。!?,\n]{0,8}?(?:可以|可|能|需要|应当|應當)(?:申请|申請|享受|享有|获得|獲得|领取|領取)|"
    r"[^。!?,\n]{0,8}?的(?:不能|不得|不可|不宜|可以|需要|须|須|应当|應當|应该|應該|一律|均)"
)
# Some of a kind of people (大多数, 大部分, 一部分 end in 多数 and 部分: the searches end at $).
_SOME = "不少|很多|许多|許多|一些|部分|少数|少數|个别|個別|有的|有些|多数|多數"
# 骑手中有不少人患有…, 据统计…: some of them, or figures about a kind of people.
_SOME_OF_THEM = re.compile(rf"(?:{_SOME})的?人[^。!?,\n]{{0,2}}$")
_SURVEYED = re.compile(
    r"据统计|據統計|调查显示|調查顯示|研究发现|研究發現|数据显示|數據顯示|统计显示|統計顯示|研究表明|调查发现|調查發現"
)
# 有些快递员, 个别骑手, 很多售货员: some of a kind of people, no one identifiable; 故事里的老板娘,
# 剧中的店长: someone in a story.
_QUANTIFIED = re.compile(
    rf"(?:{_SOME}|某些|不少的|很多的|某[^。!?,\n]{{0,4}}|"
    r"(?:故事|剧|劇|小说|小說|电影|電影|书|書|童话|童話|游戏|遊戲|漫画|漫畫|动画|動畫)(?:里|裡|中)的)$"
)
# 员工得了传染病需要离岗治疗: a bare role opening the clause, the predicate then a rule (需要, 可以,
# 不得…) with no comma between: whoever it is, not someone.
_BARE_ROLE = re.compile(rf"\s*{people_cjk.ROLES}(?:们|們)?")
_WHY = re.compile(r"(?:为什么|為什麼|为何|為何|怎么|怎麼)(?:会|會)?$")
_MODAL_RULE = re.compile(
    r"[^。!?,\n]{0,8}?(?:需要|需|须|須|应当|應當|应该|應該|必须|必須|可以|不得|不能|不宜)"
)
_HEARSAY = re.compile(
    r"听说|聽說|据说|據說|传闻|傳聞|传言|傳言|在传|在傳|谣传|謠傳|有人说|有人說|听人说|聽人說"
)


# 偷东西的小孩 / 贪污官员的故事 / 骑手偷吃外卖的新闻: the predicate describes someone named after
# it, or a topic (a kind of event in the news), not the one before it
# (but 店长是个偷东西的人 still says it of the manager); 发现顾客偷拿 / 抓住小偷: someone seen,
# caught or helped by the one named.
_RELATIVE = re.compile(
    r"[^。!?,\n]{0,8}?的(?:小孩|孩子|学生|學生|学员|學員|顾客|顧客|客人|游客|遊客|乘客|妈妈|媽媽|老人|病人|"
    r"年轻人|年輕人|女孩|男孩|少年|女士|司机|司機|家人|租客|官员|官員|新闻|新聞|报道|報道|事件|现象|現象|"
    r"问题|問題|案例|话题|話題|行为|行為|故事)|官员|官員|案件|行为|行為|现象|現象|故事|新闻|新聞"
)
_IS_ONE = re.compile(r"是(?:个|個|一个|一個|一名|一位)?[^。!?,\n]{0,3}$")
_CAUSE = re.compile(r"因为|因為|由于|由於|因")
_WITNESSED = re.compile(
    r"(?<!被)(?:发现|發現|看到|看见|看見|抓到|抓住|逮住|撞见|撞見|批评|批評|安慰|表扬|表揚|帮助|幫助|扶着|扶著)"
)
# Someone else right before the predicate: 售货员发现顾客偷拿 (not 店长和客人…, nor the one wronged
# in 导游因为敲诈游客被拘留).
_OTHER_DOER = re.compile(
    r"(?<![和跟与與同])(?:顾客|顧客|客人|有人|别人|別人|他人|小孩|孩子|学生|學生|学员|學員|乘客|游客|遊客|租客|小偷)"
    r"[^。!?,\n]{0,2}$"
)


def _others(text: str, start: int, end: int) -> bool:
    """A CJK predicate said of the people served (怀孕的顾客), forbidden or denied (严禁偷拍, 从不偷拿),
    in a house rule (一经发现立即开除), or of whoever is named after it (偷东西的小孩)."""
    if _PREVENTED.search(text, max(0, start - 10), start):
        return True
    head = cjk_sentence_start(text, start)
    clause = max(head, max(text.rfind(mark, head, start) for mark in ",;:") + 1)
    if _BARE_ROLE.fullmatch(text, clause, start) and _MODAL_RULE.match(text, end):
        return True
    # 骑手为什么会偷吃外卖？: why a kind of people does it, asked.
    why = _WHY.search(text, clause, start)
    if why and _BARE_ROLE.fullmatch(text, clause, why.start()) and "?" in text[end : end + 30]:
        return True
    tail = _SENTENCE.search(text, end)
    stop = tail.start() if tail else len(text)
    if _RULE.search(text, head, stop) and not _HEARSAY.search(text, head, stop):
        return True
    if _JUDGED.search(text, end, stop) or _FOR_WHOEVER.match(text, end):
        return True
    if _SOME_OF_THEM.search(text, max(head, start - 8), start):
        return True
    if _SURVEYED.search(text, head, stop):
        return True
    if _RELATIVE.match(text, end) and not _IS_ONE.search(text, max(0, start - 6), start):
        return True
    return bool(_CONDITION.match(text, start) and _OF_OTHERS.match(text, end))


def _said_of_another(text: str, pred: tuple[int, int], refs: list[tuple[int, int]]) -> bool:
    """Between the nearest one named and the predicate, someone else does it, or is seen,
    caught or helped by them (售货员发现顾客偷拿, 经理表扬了抓住小偷的保安)."""
    before = [end for _, end in refs if end <= pred[0]]
    if not before:
        return False
    near = max(before)
    if _WITNESSED.search(text, near, pred[0]):
        return True
    doer = _OTHER_DOER.search(text, near, pred[0])
    # (导游因为敲诈游客被拘留: the other one is in the cause, the one named is still the subject.)
    return doer is not None and _CAUSE.search(text, near, doer.start()) is None


_SENTENCE = quick(
    re.compile(r"(?<!\bMr)(?<!\bMs)(?<!\bDr)(?<!\bMrs)(?<!\bSt)(?<!\bProf)\.(?=\s|$)|[!?。！？\n]")
)


_HAN_OR_KANA = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


def _names(text: str) -> list[tuple[int, int]]:
    refs = [(m.start(), m.end()) for m in _TITLED_RE.finditer(text)]
    for m in _NAME_PAIR.finditer(text):
        if m.group(1).lower() not in _NOT_NAMES and m.group(2).lower() not in _NOT_NAMES:
            refs.append((m.start(), m.end()))
    for m in _NAME_ONE.finditer(text):
        if m.group(1).lower() not in _NOT_NAMES:
            refs.append((m.start(), m.end()))
    return refs


# A bare Chinese name (surname + one or two characters) counts only right before a predicate,
# or before 因为/被/曾… and one: "张伟因为诈骗坐过牢", not "于是他们破产了".
_BARE_NAME_CJK = re.compile(
    rf"(?:(?<![\u4e00-\u9fff])(?!于是|马上|萬一|万一|周围|方面|高兴|任何|向来|江湖|金额|白天|黄金|万元)"
    rf"[{_SURNAMES}](?![他她它我你们們是])[\u4e00-\u9fff]{{1,2}}?"
    # (老周赌博…, 药剂师老李卖假药…: 小 or 老 and a surname, also after a role.)
    rf"|(?:(?<![\u4e00-\u9fff])|(?<=[员員师師长長介主卫衛者手判官工的]))[小老][{_SURNAMES}]"
    # (阿杰, 阿芳: 阿 and a name, not 阿里, 阿拉伯, 阿姨…)
    rf"|(?:(?<![\u4e00-\u9fff])|(?<=的))阿(?!里|拉|根|富|联|聯|尔|爾|森|迪|司|姨)[\u4e00-\u9fff])"
    r"(?=(?:因为|因為|因|被|曾经|曾經|曾|涉嫌|竟然|居然|已经|已經)?(?:" + _PRED_CJK.pattern + "))"
)


def _pairs(
    text: str, preds: list[tuple[int, int]], refs: list[tuple[int, int]], reach: int
) -> list[Hit]:
    ends = [m.end() for m in _SENTENCE.finditer(text)]

    def sentence(at: int) -> int:
        return bisect.bisect_right(ends, at)

    hits: list[Hit] = []
    for ps, pe in preds:
        before = [
            r
            for r in refs
            if r[1] <= ps + 1 and ps - r[1] <= reach and sentence(r[0]) == sentence(ps)
        ]
        if not before and reach > 30:
            # "The owner? She was arrested." — a pronoun after a person was named.
            before = [
                (m.start(), m.end())
                for m in _PRONOUN.finditer(text, max(0, ps - reach), ps)
                if sentence(m.start()) == sentence(ps) and any(r[1] <= m.start() for r in refs)
            ]
        if before:
            hits.append((max(r[0] for r in before), pe, "claim about an identifiable person"))
    return hits


def find(text: str) -> list[Hit]:
    """Claims about a person on a folded view: from the person to the end of the claim.

    English roles and names pair with English predicates, Chinese and Japanese with theirs.
    """
    hits: list[Hit] = []
    words = tokens(text)
    preds = [] if _PRED_GATE.isdisjoint(words) else [m.span() for m in _PRED_EN.finditer(text)]
    if not _PRED_MORE_GATE.isdisjoint(words):
        preds += [m.span() for m in _PRED_EN_MORE.finditer(text)]
    if not people_more.GATE_EN.isdisjoint(words):
        preds += [m.span() for m in people_more.PRED_EN.finditer(text)]
    if preds:
        refs = [(m.start(), m.end()) for m in _ROLE_EN.finditer(text)] + _names(text)
        refs += [m.span() for m in people_more.REF_EN.finditer(text)]
        hits += [
            h for h in _pairs(text, preds, refs, 80) if not people_unclaimed.historical(text, h[0])
        ]
    if not text.isascii() and _HAN_OR_KANA.search(text):
        # Predicates are CJK words, and a reference pairs only within 30 characters of one.
        preds = [m.span() for m in near_wide(_PRED_CJK, text) if not _others(text, *m.span())]
        if preds:
            refs = [
                (m.start(), m.end())
                for m in near_wide(_REF_CJK, text)
                if not _QUANTIFIED.search(text, max(0, m.start() - 5), m.start())
            ]
            refs += [(m.start(), m.end()) for m in near_wide(_BARE_NAME_CJK, text)]
            preds = [p for p in preds if not _said_of_another(text, p, refs)]
            hits += [
                h for h in _pairs(text, preds, refs, 30) if not people_unclaimed.ja_rule(text, h[1])
            ]
    hits += [h for h in people_intl.find(text) if not people_unclaimed.unclaimed(text, h[0], h[1])]
    hits += people_more.find(text, words)
    if len(hits) < 2:  # most lines: nothing to sort or merge
        return hits
    hits.sort()
    merged: list[Hit] = []
    for start, end, reason in hits:
        if merged and start < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]), reason)
        else:
            merged.append((start, end, reason))
    return merged
