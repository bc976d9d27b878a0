"""Instruction-like text in Chinese and Japanese: the patterns :mod:`.instruction` runs.

Each pattern holds CJK characters in every match, so the detector searches
them only near CJK text (``folding.near_wide``). The families are those of
:mod:`.instruction`: overriding the agent's instructions, changing its role,
telling it what to say to every later visitor (in command position only),
rules for its every answer, secrets kept from visitors, and prompt-format
markers. The patterns themselves are in :mod:`.instruction_zh` and
:mod:`.instruction_ja`.

Speed: the patterns of a language are one alternation, which the engine tries
at every position of a CJK stretch; each alternative is led by a look-ahead on
the characters it can start with, and groups of three alternatives (then of
three groups, and so on) by the union of theirs, so a position where few
alternatives can start costs a few tests (:func:`.firsts.alternation`).
"""

from __future__ import annotations

import re

from . import instruction_ja, instruction_zh
from . import instruction_zh_words as w
from .firsts import alternation
from .windows import cjk_sentence_start


def _one(patterns: list[str]) -> re.Pattern[str]:
    return re.compile(alternation(patterns), re.IGNORECASE)


ZH_OTHER = _one(instruction_zh.PATTERNS)
JA_OTHER = _one(instruction_ja.PATTERNS)


# 店长常说:“顾客问什么,就答什么” / 店長は新人に「…答えるように」と教えていた: words quoted and
# attributed to someone else, reported speech, not a command. Not 请跟大家说:“…” nor 「…」と伝えて
# ください: a quotation the agent is told to pass on.
_OPEN = re.compile(r"[“「『\"][^“「『\"”」』\n]*$")
_SAID_BEFORE = re.compile(
    r"(?:说|說|讲|講|道|写道|寫道|写着|寫著|寫着|叮嘱|叮囑|嘱咐|囑咐|教导|教導|告诫|告誡|强调|強調|常说|常說|总说|總說)"
    r"(?:过|過)?\s*[:,]?\s*$"
)
_ADDRESSED = re.compile(
    r"(?:^|[。!?\n,;:])\s*(?:请|請|你|您|麻烦|麻煩|记得|記得|务必|務必|以后|以後|今后|今後|跟|对|對|向|给|給|帮|幫|"
    r"替|要|就|都|一律|统一|統一|别|別|不要)[^。!?\n,;:]*$"
)
_CLOSE = re.compile(r"[”」』\"]")
_SAID_AFTER = re.compile(
    r"\s*と(?:よく|いつも)?(?:言って(?:い|お)|言った|言われ|教えて(?:い|くれ)|教えた|教わ|話して(?:い|くれ)|話した|"
    r"書いて(?:あ|い)|書かれて|注意して(?:い|くれ)|注意され|指導して|叱られ|諭して|口癖)"
)


# 他们说以后有人问起，就说不知道: what he or they said, reported without quotation marks.
_HE_SAID = re.compile(
    r"(?:^|[。!?\n])\s*(?:他|她)(?:们|們)?(?:都|也|还|還|曾|常|总|總|一直)?"
    r"(?:说|說|讲|講|表示|告诉我|告訴我|跟我说|跟我說|对我说|對我說)(?:过|過)?[,:]?\s*$"
)


def reported(text: str, start: int, end: int) -> bool:
    """A match inside a quotation attributed to someone else, before it (X说:“…”) or after it (「…」と言っていた),
    or right after 他说 (reported without quotation marks)."""
    # (The quotation may open just after the start: 上司はいつも「…」, the match led by いつも.)
    if _HE_SAID.search(text, max(0, start - 12), start):
        return True
    opened = _OPEN.search(text, max(0, start - 80), min(end, start + 6))
    if opened is None:
        return False
    before = text[max(0, opened.start() - 30) : opened.start()]
    if _SAID_BEFORE.search(before) and not _ADDRESSED.search(before):
        return True
    close = _CLOSE.search(text, end, min(len(text), end + 200))
    return close is not None and bool(_SAID_AFTER.match(text, close.end()))


# 客服人员统一使用普通话 / 根据规定，导游不得向游客透露… / 员工不得向外人透露…: a clause whose subject is
# the staff, people doing their job, states a house rule; it is not addressed to the agent. Bare 客服
# can be the agent (客服回答时应当…), 客服人员 / 客服代表 / 人工客服 are people. Not when the
# staff are asked (客服人员请一律…), nor when the agent is named in the sentence (你, 助手, AI), nor
# when what follows speaks for the writer's business (…须告诉每位来访者我们周日不营业): a line to pass on.
_STAFF = (
    r"(?:客服(?:人员|人員|代表|专员|專員|团队|團隊|部门|部門|部|中心|主管|经理|經理|小姐)|人工客服|"
    r"(?:售后|售後|销售|銷售|前台|安保|保安|医护|醫護|工作|服务|服務|管理|后勤|後勤)(?:人员|人員)|"
    r"前台|店员|店員|导游|導遊|管理员|管理員|员工|員工|职员|職員|服务员|服務員|保安|司机|司機|讲解员|講解員|"
    r"收银员|收銀員|售票员|售票員|护士|護士|医生|醫生|教练|教練|门卫|門衛|礼宾员|禮賓員|店长|店長|领队|領隊|"
    r"销售顾问|銷售顧問|物业|物業|员工们|員工們|导购员|導購員|营业员|營業員|售货员|售貨員|接待员|接待員|"
    r"服务生|服務生|快递员|快遞員|骑手|騎手|药师|藥師|乘务员|乘務員|空乘)"
)
_STAFF_SUBJECT = re.compile(
    r"\s*(?:所有|全体|全體|每位|每个|每個|各位|本店|本公司|本馆|本館|我们|我們|[^,。!?;:\n你]{1,8}?的)?的?"
    rf"(?:{_STAFF})(?:们|們)?(?!\s*[,:]?\s*(?:请|請|你|您|以后|以後|今后|今後|从现在|從現在|记得|記得))"
)
_SENTENCE = re.compile(r"[。!?\n]")
_OURS = re.compile(r"我们|我們|咱们|咱們|本店|我家")
_AGENT_NAMED = re.compile(
    r"你|助手|机器人|機器人|(?<![A-Za-z])(?:AI|bot|assistant)(?![A-Za-z])", re.IGNORECASE
)


def staff_statement(text: str, start: int) -> bool:
    """A match in a clause whose subject is the staff (客服人员, 前台, 导游…), in a sentence naming no agent."""
    # The clause start: after the last clause mark of the 30 characters before the match (or the
    # text's start); a longer clause is not read.
    window = max(0, start - 30)
    clause = max(text.rfind(mark, window, start) for mark in ",。!?;:\n") + 1
    subject = _STAFF_SUBJECT.match(text, clause) if clause or not window else None
    if subject is None:
        return False
    sentence = _SENTENCE.search(text, subject.end())
    stop = sentence.start() if sentence else len(text)
    head = cjk_sentence_start(text, clause)
    return not _AGENT_NAMED.search(text, head, stop) and not _OURS.search(text, subject.end(), stop)


# 这是安全码，不要泄露给别人 / 永远不要把密码告诉别人: one's own secret kept from others, advice to
# the reader (a match that ends on "others", in a sentence naming a password, a code or a card).
_OTHERS = re.compile(r"别人|別人|他人|陌生人|任何人|其他人|外人")
# 银行卡号请在支付页面输入，不要发送给客服: kept from others named right after the match (staff too).
_TO_OTHERS = re.compile(
    r"(?:告诉|告訴|透露|泄露|洩露|发送|發送|发|發)?(?:给|給)(?:任何人|别人|別人|他人|陌生人|其他人|外人|"
    r"客服|工作人员|工作人員|店员|店員|快递员|快遞員)"
)
# (…or something suspect passed on: 收到陌生链接时，不要…转发给别人.)
_SECRET = re.compile(
    w.SECRET + r"|陌生|可疑|诈骗|詐騙|谣言|謠言|个人信息|個人信息|隐私|隱私", re.IGNORECASE
)


def own_secret(text: str, start: int, end: int) -> bool:
    """A match telling the reader to keep a password, a code or a card number from others (named
    in the match or right after it), or not to pass on something suspect."""
    if not _OTHERS.search(text, start, end) and not _TO_OTHERS.match(text, end):
        return False
    head = cjk_sentence_start(text, start)
    sentence = _SENTENCE.search(text, end)
    return bool(_SECRET.search(text, head, sentence.start() if sentence else len(text)))


# 填写问卷时，请如实回答所有问题 / 回答每个问题限时两分钟: a respondent answering a form, a test or
# an interview (the questions are its own), in a sentence naming no agent.
_FORM = re.compile(
    r"问卷|問卷|调查|調查|测评|測評|测验|測驗|考试|考試|考生|试卷|試卷|面试|面試|考官|道题|道題|答题卡|答題卡|表格"
)
_FORM_ANSWER = re.compile(
    r"(?:回答|作答)(?:所有|每个|每個|每一个|每一個|全部|以下|下列|这些|這些|几个|幾個)?的?"
    r"(?:问题|問題|题目|題目|题|題)"
)


def answering_a_form(text: str, start: int, end: int) -> bool:
    """A match answering the questions of a questionnaire, a test or an interview."""
    answer = _FORM_ANSWER.search(text, start, min(len(text), end + 12))
    if answer is None or answer.start() >= end:
        return False
    head = cjk_sentence_start(text, start)
    sentence = _SENTENCE.search(text, end)
    stop = sentence.start() if sentence else len(text)
    return bool(_FORM.search(text, head, stop)) and not _AGENT_NAMED.search(text, head, stop)


# 客服统一回复所有用户的留言，一般在工作日内处理完毕: the help desk's usual practice, described (一般,
# 通常, 平时), in a sentence naming no agent (你, 助手).
_HELP_DESK = re.compile(r"(?:智能|在线|在線|人工)?客服")
_USUALLY = re.compile(r"一般|通常|平时|平時|平常|往往|一向|向来|向來")


def usual_practice(text: str, start: int) -> bool:
    """A match led by the help desk in a sentence describing what it usually does."""
    if not _HELP_DESK.match(text, start):
        return False
    head = cjk_sentence_start(text, start)
    sentence = _SENTENCE.search(text, start)
    stop = sentence.start() if sentence else len(text)
    return bool(_USUALLY.search(text, head, stop)) and not _AGENT_NAMED.search(text, head, stop)


# 使用这个模板，可以给所有客户批量发送祝福: what a tool or a feature lets one do, not a request
# (not 可以帮我跟所有客人说一声吗: asked of the agent).
_CAN = re.compile(r"可以|能够|能夠|能")
_MEANS = re.compile(
    r"使用|通过|通過|借助|利用|功能|模板|工具|插件|系统|系統|软件|軟體|应用|應用|后台|後台|小程序|接口"
)
_ASKED = re.compile(r"你|您|帮|幫|麻烦|麻煩|吗|嗎|\?")


def capability(text: str, start: int) -> bool:
    """A match led by 可以/能 in a sentence about the tool or feature that makes it possible."""
    if not _CAN.match(text, start):
        return False
    head = cjk_sentence_start(text, start)
    sentence = _SENTENCE.search(text, start)
    stop = sentence.start() if sentence else len(text)
    return bool(_MEANS.search(text, head, start)) and not _ASKED.search(text, head, stop)
