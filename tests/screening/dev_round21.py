"""More of the DEVELOPMENT part (round 21): "today" that is not a one-off, in Chinese.

Written from the two false positives left on the development part (今天的杭州是…, "present-day
Hangzhou"; 店员会告诉每位客人今天的推荐菜, a daily practice) as two classes, committed before
the detector change and scored on the code as it then was; the test part was not read.
Negatives: 今天 as "present-day" (a place, a country, a people or a language as it is now).
Positives, so that recall is watched too: one-off facts about today written with 今天的 and 每.
The second class, a "today's …" told every day, was dropped: the development part already
labels 店员会告诉每位顾客今天的特价 as temporary and its twin …今天的推荐菜 as not, so the
labels disagree and the class is left flagged (a reviewer sees it).
"""

from __future__ import annotations

from .detector_corpus import TMP, Example


def zh(text: str, *kinds: str) -> Example:
    return Example(text, frozenset(kinds), "zh")


DEV_ROUND21: tuple[Example, ...] = (
    # "present-day": a place or a people as it is now, in history or travel text.
    zh("古代的临安就是今天的杭州。"),
    zh("这座古城位于今天的浙江省境内。"),
    zh("丝绸之路的起点长安，在今天的西安一带。"),
    zh("今天的北京已经是一座拥有两千多万人口的大都市。"),
    zh("今天的上海是中国最大的经济中心之一。"),
    zh("这片遗址相当于今天的河南省北部。"),
    zh("今天的苏州仍然保留着许多古典园林。"),
    zh("当时的波斯大致就是今天的伊朗。"),
    zh("今天的中国人过春节的方式和一百年前很不一样。"),
    zh("今天的普通话是在北京话的基础上形成的。"),
    zh("这条运河连接着今天的江苏和浙江两省。"),
    zh("今天的西湖景区由多个公园和历史遗迹组成。"),
    # One-off facts about today: still temporary.
    zh("今天的营业时间改为上午十点到下午四点。", TMP),
    zh("今天的讲座取消了，改到下周三。", TMP),
    zh("今天的特价菜是红烧肉，只限今天。", TMP),
    zh("今天每位客人都可以免费领取一杯咖啡。", TMP),
    zh("今天的杭州分店因停电暂停营业。", TMP),
    zh("今天的导览由李老师代班。", TMP),
    zh("今天的北京站售票处只开放两个窗口。", TMP),
    zh("今天我们的咖啡机坏了，只能提供茶。", TMP),
    zh("今天的会员活动改在二楼举行。", TMP),
    zh("请注意，今天的最后入场时间提前到下午三点。", TMP),
)
