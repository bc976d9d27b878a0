"""More of the DEVELOPMENT part (round 23): a temporary marker that is half of another word.

From the same sharegpt-zh screening as round 22: Chinese has no spaces, and three markers
were read inside other words: 眼下 in 眼下填充物 ("under-eye filler"), 当分 (Japanese "for the
time being") in 当分子… ("when the numerator…"), 临时 in 夜幕降临时 ("when night falls").
Written for this set, committed before the detector change and scored on the code as it then
was; the test part was not read. Positives keep each marker where it is one.
"""

from __future__ import annotations

from .detector_corpus import TMP, Example


def _x(lang: str):
    def make(text: str, *kinds: str) -> Example:
        return Example(text, frozenset(kinds), lang)

    return make


zh, ja = _x("zh"), _x("ja")

DEV_ROUND23: tuple[Example, ...] = (
    zh("注射眼下填充物后可能会有轻微肿胀。"),
    zh("眼下注射填充剂的效果可以持续六到十二个月。"),
    zh("我们的诊所提供眼下皱纹的护理。"),
    zh("当分子等于零时，分数的值为零。"),
    zh("当分母越大，每一份就越小。"),
    zh("夜幕降临时，城堡会亮起灯光。"),
    zh("春天来临时，公园里开满了樱花。"),
    zh("贵宾光临时，前台会送上欢迎茶。"),
    zh("面临时间压力时，可以先完成最重要的部分。"),
    zh("眼下馆内正在维修，请走东门。", TMP),
    zh("眼下票已售罄。", TMP),
    zh("因施工，入口临时改到北门。", TMP),
    zh("展厅临时关闭，请改日再来。", TMP),
    ja("当分の間、営業時間を短縮します。", TMP),
    ja("当分、駐車場はご利用いただけません。", TMP),
)
