"""More Chinese predicates of a claim about someone (round 27 of the development part, the lead's batches).

Conduct at work, bribes, abuse, forged papers, leaks and lies; cheating customers or staff,
records falsified, harm done and fled. Alternatives of `people._PRED_CJK`, which is searched
only near CJK text and after the checks for a rule, a judged act or other people.
"""

from __future__ import annotations

CONDUCT = (
    r"偷偷(?:玩|拿|给|給|卖|賣|用|收|带|帶|改|删|刪|喝|吃|溜|睡|进|進)|手脚不干净|手腳不乾淨|喝了酒|喝醉(?:过|過)|"
    r"收(?:过|過|了)[^。!?,\n]{0,8}?(?:红包|紅包|好处费|好處費|贿赂|賄賂|礼金|禮金)|"
    r"骚扰(?:过|過|了)|騷擾(?:過|了)|打骂|打罵|虐待|体罚|體罰|殴打|毆打|"
    r"假(?:证书|證書|文凭|文憑|学历|學歷|证件|證件)|伪造|偽造|泄露(?:过|過|了)|洩露(?:過|了)|"
    r"打瞌睡|刑满释放|刑滿釋放|说谎|說謊|撒谎|撒謊|"
    r"(?:没有|沒有)[^。!?,\n]{0,5}?(?:证(?![明件据實实])|證(?![明件據實])|执照|執照)|"
    r"篡改|克扣|卷款|捲款|跑路|做假账|做假帳|假账|假帳|三无产品|三無產品|过期药|過期藥|绕路|繞路|"
    r"多收(?:钱|錢|费|費)|宰客|骂(?:过|過|了)人|罵(?:過|了)人|态度恶劣|態度惡劣|撞了人|肇事逃逸|"
    r"肢体冲突|肢體衝突|动手打|動手打|开错(?:过|過)?药|開錯(?:過)?藥|误诊|誤診|医疗事故|醫療事故|"
    r"被查出|泄露给|洩露給"
)
