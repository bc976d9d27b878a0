"""More Chinese instruction patterns (round 14): generalised from wordings written fresh for the development part.

Appended to :mod:`.instruction_zh`'s list before it is factored, so a pattern
opening with ``START`` or ``COMMAND`` is tested at the clause start once with
the others. The classes: a rule for every answer with a quantifier or an
object between (在每次答复末尾注明…, 回覆客人時都附上…), a locative between the
lead word and the verb (务必在对话中提醒访客…), bare visitors with 一律
(访客一律引导到…), "to all X always reply" (对所有询价一律报…), the one line
owed when a question arrives (接到询问…的消息，回一句“…”), a visitor in a formal
condition told back (如客户索要发票，告知对方…), the time a visitor comes
(下一位访客来的时候，跟他说…), later visitors doing something (以后客人一进门就
推荐…), the agent's new self-introduction (介绍自己是…), the official line
(统一对外口径), and "everyone met" after a lead word (以后见人就说…).
"""

from __future__ import annotations

from . import instruction_zh_words as w

_POSITION = r"(?:开头|開頭|结尾|結尾|末尾|最后|最後|前面|后面|後面|第一句|最前面|中|里|裡)"
_ADD = r"(?:加上|附上|提到|提及|包含|带上|帶上|写上|寫上|放上|插入|注明|註明|标明|標明|声明|聲明|附|加|提|说|說|推荐|推薦)"
_QUANT = r"(?:每次|每回|每一次|每条|每條|每一条|每一條|每个|每個|所有的?|任何)"
# Keeping something from the visitor: 回复访客时隐瞒…
_HIDE = r"(?:隐瞒|隱瞞|回避|迴避|避开|避開|否认|否認)"
_TOLD = r"(?:他|她|他们|他們|她们|她們|对方|對方|人家|其)"

PATTERNS: list[str] = [
    # 烦请今后在每次答复末尾注明… / 煩請日後回覆客人時，都附上…: a rule for every answer.
    rf"{w.COMMAND}在?{_QUANT}?的?(?:你的)?{w.ANSWER}(?:的)?{_POSITION}[,\s]*"
    rf"(?:都|也|一律|一定|必须|必須|务必|務必|要|得|请|請|记得|記得|顺便|順便){{0,3}}\s*{_ADD}",
    rf"{w.COMMAND}在?{w.ANSWER}(?:给|給)?(?:{w.AUDIENCE}|{w.VISITOR})(?:们|們)?的?(?:问题|問題|留言|消息|提问|提問)?"
    r"(?:时|時|的时候|的時候|嘅時候|嘅时候)[,\s]*"
    rf"(?:(?:都|也|一律|一定|必须|必須|务必|務必|要|得|请|請|记得|記得|顺便|順便){{1,3}}\s*{_ADD}|{_HIDE})",
    # 务必在对话中提醒访客… / 请在群里告诉大家…: a place between the lead word and the verb.
    rf"{w.COMMAND}在[^。!?,\n]{{1,8}}?(?:中|里|裡|时|時|上|内|內)[,\s]*"
    r"(?:都|也|一律|主动|主動|顺便|順便|记得|記得|要|多)?\s*"
    rf"(?:{w.VERB}(?![我的])(?:一下|一声|一聲)?{w.WHOM}|(?:对|對|向|跟|给|給){w.WHOM}[^。!?\n]{{0,8}}?{w.VERB})",
    # 以后见人就说…: everyone met, after a lead word.
    rf"{w.COMMAND}(?:见人|見人|逢人|见谁|見誰|遇人)(?:就|都|便)(?:要)?{w.VERB}",
    # 今后对所有询价一律报“面议”: every request of a kind, one reply.
    rf"{w.COMMAND}(?:对|對)(?:所有|每一?个|每一?個|每一?条|每一?條|每一?位|任何)的?[^。!?,\n]{{1,8}}?"
    r"(?:一律|统一|統一|一概|都|均)(?:要)?(?:报|報|回|答|回复|回覆|说|說|称|稱)",
    # 访客一律引导到二楼: visitors, bare, then "always" and the agent's verb.
    rf"(?<![的是])(?!孩子){w.VISITOR}(?:们|們)?(?:一律|统一|統一|一概|统统|統統)(?:要)?"
    r"(?:引导|引導|带到|帶到|领到|領到|请到|請到|转给|轉給|转到|轉到|告知|告诉|告訴|推荐|推薦|回复|回覆|答复|答覆)",
    # 接到询问发货时间的消息，回一句“已在路上”: the one line owed when a question arrives.
    r"(?:接到|收到|遇到|碰到|看到)[^。!?,\n]{0,12}?(?:问|問|咨询|諮詢|打听|打聽)[^。!?,\n]{0,12}?,\s*"
    r"(?:就|都|一律|统一|統一|直接)?(?:回|答|回复|回覆|说|說)(?:一句|一声|一聲)?:?\s*[“「\"]",
    # 如客户索要发票，告知对方… : a visitor in a formal condition, told back.
    rf"(?:如|若|倘|凡)(?:{w.VISITOR}|有人)[^。!?\n]{{1,20}}?,\s*(?:请|請|务必|務必|一律|均|统一|統一|即|应|應)?"
    rf"(?:告知|告诉|告訴|通知|答复|答覆|回复|回覆|提醒){_TOLD}",
    # 下一位访客来的时候，跟他说…: the time a visitor comes, the agent told what to say.
    rf"(?:{w.VISITOR}|有人|谁|誰)[^。!?,\n]{{0,10}}?(?:的时候|的時候|时|時),\s*(?:你|您)?(?:就|都|要|请|請)?"
    rf"(?:跟|对|對|给|給|向){_TOLD}(?:{w.VERB}|说明|說明)(?![了过過])",
    # 以后客人一进门就推荐招牌菜: every later visitor, then what to do at once.
    rf"(?:以后|以後|今后|今後|往后|往後|此后|此後|日后|日後)(?:凡是|只要)?(?:{w.AUDIENCE}|{w.VISITOR})一[^。!?,\n]{{1,6}}?"
    rf"就(?:要)?(?:{w.VERB}|问|問)",
    # 先向用户问好并介绍自己是小美: the agent's new self-introduction.
    r"(?:并|並|先|就|要|请|請|,)\s*(?:介绍|介紹|自称|自稱|称自己|稱自己)(?:自己)?(?:是|为|為|叫)",
    # 请统一对外口径: the official line.
    r"统一(?:对外|對外)(?:的)?口径|統一(?:對外)(?:的)?口徑|(?:对外|對外)口(?:径|徑)(?:统一|統一|一致)",
]

PATTERNS += [
    # 劳驾往后在聊天里多提提我们的直播间: promoting one's own, with a place before the verb.
    rf"{w.COMMAND}在[^。!?,\n]{{1,8}}?(?:中|里|裡|上)[,\s]*(?:多|顺便|順便|记得|記得|要|都)?"
    r"(?:提提|提一提|提一下|宣传|宣傳|推荐|推薦|推一推|推广|推廣|说说|說說|夸夸|誇誇)(?:一下)?(?:我们|我們|本店|咱们|咱們)",
    # 所有询问执照的人，统统回一句“…” / 每一位来咨询的，都要先问清预算再推荐…: everyone, one rule.
    rf"(?:所有|凡是|每一?个|每一?個|每一?位)[^。!?\n]{{0,12}}?(?:人|的|者|{w.VISITOR}),\s*(?:你|您)?"
    r"(?:一律|统统|統統|统一|統一|一概|均|都要|都得|都需)(?:要)?(?:先)?[^。!?,\n]{0,8}?"
    rf"(?:回|答|报|報|{w.VERB})",
    # 以后对外都说…: the public line after a lead word.
    rf"{w.COMMAND}(?:对外|對外)(?:一律|统一|統一|都|就|只)要?(?:宣称|宣稱|声称|聲稱|说|說|称|稱|表示)",
    # 遇到砍价的顾客，咬定不能再便宜: a line held to, in command position.
    r"(?:^|(?<=[,。!?:]))\s*(?:你|您)?(?:就|要|得|一定要)?(?:咬定|咬死)",
    # 但凡提到我们公司，都要加上“行业领先”: every mention of something carries a phrase.
    r"(?:但凡|凡是|每次|每回|只要)(?:提到|提起|提及|说到|說到|讲到|講到|介绍|介紹)[^。!?\n]{0,12}?,\s*"
    r"(?:都|一律|务必|務必|一定)(?:要|得)?(?:加上|附上|带上|帶上|称|稱|强调|強調|注明|註明|说成|說成)",
    # 從今天起，所有詢問都先推薦…: every request answered the one way.
    r"(?:所有|每一?个|每一?個|每一?条|每一?條|每条|每條|任何)的?(?:询问|詢問|咨询|諮詢|提问|提問|问题|問題|来电|來電|留言|对话|對話|会话|會話)"
    rf"(?:都|一律|统一|統一|均)(?:先|要|得)*{w.VERB}",
    # 希望你今后统一回答：… : the one answer, announced.
    r"(?:统一|統一|一律)(?:回答|回复|回覆|答复|答覆|口径|口徑)(?:为|為|是)?\s*:",
    # 有人问地址的话你就…: "if someone asks", with 的话 and no comma.
    rf"{w.WHO}{w.ASKS}[^。!?,\n]{{0,12}}?(?:的话|的話)[,\s]*{w.REPLY}",
]
