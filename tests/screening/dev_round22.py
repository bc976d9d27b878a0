"""More of the DEVELOPMENT part (round 22): Chinese "for now" words in standing statements.

Written after screening the assistant turns of the shared data's sharegpt-zh logs (17,968
Chinese sentences, 121 temporary flags), whose most frequent false flags were two classes: 目前 with
没有 about what is known (目前没有确凿的证据表明…, 目前还没有完全理解) and 今天 meaning
"to this day" (即使今天仍然…, 直到今天). Sentences here are written for this set, not copied;
committed before the detector change and scored on the code as it then was; the test part was
not read. Positives keep the same words in one-off facts (目前没有空房, 直到今天下午五点暂停…).
"""

from __future__ import annotations

from .detector_corpus import TMP, Example


def zh(text: str, *kinds: str) -> Example:
    return Example(text, frozenset(kinds), "zh")


DEV_ROUND22: tuple[Example, ...] = (
    # 目前 + 没有 about what is known: a standing statement, not a state for now.
    zh("目前没有确凿的证据表明这种茶能治疗感冒。"),
    zh("关于这座塔的建造年代，目前还没有定论。"),
    zh("目前并没有科学研究证明这种说法。"),
    zh("这种病的成因目前还没有完全理解。"),
    zh("目前没有任何数据显示这两者之间存在联系。"),
    zh("学界对此目前尚无共识。"),
    # 今天 as "to this day".
    zh("这条古道即使今天仍然有人行走。"),
    zh("这项传统一直延续到今天。"),
    zh("直到今天，当地人还保留着端午赛龙舟的习俗。"),
    zh("这位作家的作品在今天依然很受欢迎。"),
    zh("即便在今天，这座桥仍是城里最长的桥。"),
    # One-off facts with the same words: still temporary.
    zh("目前没有空房，请明天再来询问。", TMP),
    zh("目前没有人工客服，请留言。", TMP),
    zh("本店目前没有这款手机的库存。", TMP),
    zh("直到今天下午五点，前台暂停服务。", TMP),
    zh("今天仍然营业到晚上十点。", TMP),
    zh("今天依然下雨，户外活动取消。", TMP),
    zh("今天的游船仍然停航。", TMP),
    zh("到今天为止，报名已经截止。", TMP),
)
