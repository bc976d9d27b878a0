"""More of the DEVELOPMENT part (round 28): Chinese one-offs said without 暂时, and standing facts.

Issue 23: on the TEST part two of sixteen Chinese temporary sentences were still missed (those
sentences not read). Written by a helper without looking at the test part: 62 one-offs (9 in
traditional characters) said without 暂时: a near date or span beside a change (今明两天, 本周内,
节前最后一天, 春节期间, 国庆假期期间, 年前, 年底前, 新店开业前三天), states in progress (正在
布展, 还没修好), sold out, queues and delays now, weather closures, outages (收银系统刚才崩了,
服务器出现异常), offers of a week or a month; and 67 standing facts with the same words (每年三月
检修, 一般在付款后两天内发货, 近期研究表明, 春节期间人们通常…, 节假日期间高速免费, rules about
work in progress: 施工期间必须设置围挡, 正在施工的路段必须…, 还没修好的车辆不得…).

Scored before any fix: 37 of the 62 one-offs found; 3 of the 67 standing facts flagged (the three
rules about whatever is in progress).

Fixed by classes (temporary_zh, temporary): near times 今明两天, 刚才, 这会儿, a named holiday's
span and the days around it (春节期间, 国庆假期期间, 节前, 节后, 年前, 年后; not 节假日期间, any
holiday, nor the summer and winter breaks, which come every year), a day's weather as a cause
(因大雾, 由于暴雨), 开业前三天, 为期一个月 as the end of a change from a day on; as changes: slower or
busier than usual (比平时, 人多, 错峰), an outage (崩了, 宕机), 不收, 双倍, a price "only" (只要九块九);
正在重新装修; 现在 before a queue or a wait; 目前 beside 修路, 绕行, 不通, 异常, 无法刷卡/线上/付款.
Standing: a state in progress before 的 (正在施工的路段, 还没修好的车辆: a kind of thing) unless a
near time is named, what must be done during a span (必须在施工期间…), a sentence saying what
happens as a rule (一般会/一般提前, 通常, 往往, 惯例), 提前 before booking or buying (建议提前预订:
advice, not a change), and what someone will tell anyone each day (店员会告诉每位客人今天的推荐菜;
not today's offer, 今天的特价). After: 62 of 62 found, 0 of 67 flagged.

With them, in the other languages: "temporarily" before an adjective of being unable to work or
out of work and a plural kind of people (Временно нетрудоспособным сотрудникам…, temporarily
disabled employees, vorübergehend arbeitsunfähige Mitarbeiter) names a legal kind of people, not
a state for now; three round-27 negatives no longer flagged.
"""

from __future__ import annotations

from .detector_corpus import TMP, Example


def zh(text: str, *kinds: str) -> Example:
    return Example(text, frozenset(kinds), "zh")


DEV_ROUND28_TEMPORARY: tuple[Example, ...] = (
    # one-offs
    zh("今明两天景区索道检修，游客请步行上山。", TMP),
    zh("本周内所有订单发货会延迟两到三天。", TMP),
    zh("近期因客流量大，入园需提前一天预约。", TMP),
    zh("节前最后一天，银行营业到下午三点。", TMP),
    zh("春节期间食堂只供应午餐。", TMP),
    zh("受暴雨影响，今天下午的户外课程取消。", TMP),
    zh("系统正在升级，网银转账功能下午六点后恢复。", TMP),
    zh("今天的限量蛋糕已经卖完了，明天请早点来。", TMP),
    zh("现在排队的人很多，预计要等四十分钟。", TMP),
    zh("因为大雾，上午的航班都延误了。", TMP),
    zh("本周末全场饮品买一送一。", TMP),
    zh("这周三健身房的游泳池换水，不开放。", TMP),
    zh("地铁二号线今晚提前一小时收车。", TMP),
    zh("医院挂号系统出了故障，今天只能到窗口挂号。", TMP),
    zh("本月底之前办卡免手续费。", TMP),
    zh("博物馆东馆正在布展，下月初才开放。", TMP),
    zh("明天上午停水，请提前储水。", TMP),
    zh("超市的鸡蛋今天特价，每人限购两盒。", TMP),
    zh("因台风临近，沿海步道今明两天封闭。", TMP),
    zh("国庆假期期间，客服热线只在白天接听。", TMP),
    zh("图书馆三楼这两周在装修，自习请去二楼。", TMP),
    zh("这批口罩已经售罄，下周才有货。", TMP),
    zh("外卖平台今晚订单太多，配送时间比平时长。", TMP),
    zh("门诊楼电梯坏了，师傅下午来修。", TMP),
    zh("年前快递停运，年后初八恢复收件。", TMP),
    zh("酒店餐厅正在重新装修，早餐改到大堂吧。", TMP),
    zh("由于道路结冰，往山顶的班车停运一天。", TMP),
    zh("本周内办理退票不收手续费。", TMP),
    zh("服务器出现异常，部分用户这会儿登录不了。", TMP),
    zh("节后第一周社保窗口人多，建议错峰办理。", TMP),
    zh("新店开业前三天，所有商品八折。", TMP),
    zh("演唱会门票刚开售就被抢光了，目前只剩站票。", TMP),
    zh("今天下午三点到五点，停车场入口施工封闭。", TMP),
    zh("银行网点这周六加班营业。", TMP),
    zh("受寒潮影响，明天全市中小学停课。", TMP),
    zh("咖啡机还没修好，今天只提供茶饮。", TMP),
    zh("这两天驾校考场在翻修，科目二考试顺延。", TMP),
    zh("游乐园的过山车正在维护，本周不能乘坐。", TMP),
    zh("店里的收银系统刚才崩了，只能现金付款。", TMP),
    zh("下周一起门诊午休改为十二点到一点半，为期一个月。", TMP),
    zh("中秋节前一周，月饼礼盒满三百减五十。", TMP),
    zh("今晚十一点后，App会停机维护两个小时。", TMP),
    zh("高铁站安检口排长队，现在进站至少要半小时。", TMP),
    zh("因为雪太大，滑雪场今天的夜场取消了。", TMP),
    zh("社区医院的流感疫苗还没到货，预约要等到月底。", TMP),
    zh("开学前这几天，书店教辅类满一百减二十。", TMP),
    zh("这个月新用户办宽带，首月只要九块九。", TMP),
    zh("目前东门因为修路走不通，请绕行西门。", TMP),
    zh("小区北门施工期间只许行人通过。", TMP),
    zh("年底前会员积分可以双倍兑换。", TMP),
    zh("本次活动名额已满，报名通道关闭。", TMP),
    zh("今年暑假期间，少年宫的课程改到上午。", TMP),
    zh("今明兩天颱風來襲，渡輪全部停駛。", TMP),
    zh("本週內所有包裹配送將延遲一至兩天。", TMP),
    zh("春節期間，門市只營業到下午四點。", TMP),
    zh("電梯正在維修，請改走樓梯。", TMP),
    zh("今天的招牌便當已經賣完了。", TMP),
    zh("系統異常，目前無法線上刷卡。", TMP),
    zh("這週末全館飲料買一送一。", TMP),
    zh("因為豪雨，今天下午的戶外導覽取消。", TMP),
    zh("節前最後三天，網購滿千免運。", TMP),
    zh("停車場這兩天在重新畫線，車位減半。", TMP),
    # the same words in standing facts
    zh("景区索道每年三月检修一次，检修期间步行上山。"),
    zh("本店订单一般在付款后两天内发货。"),
    zh("近期研究表明，适量运动有助于睡眠。"),
    zh("节前购物高峰是零售业每年的惯例。"),
    zh("春节期间人们通常会走亲访友、吃团圆饭。"),
    zh("每逢暴雨天气，户外课程改在室内进行。"),
    zh("系统每晚十二点自动备份数据。"),
    zh("限量蛋糕每天只做五十个，卖完为止。"),
    zh("周末排队的人通常比工作日多。"),
    zh("冬季大雾天气容易导致航班延误。"),
    zh("会员每月十五号享受饮品买一送一。"),
    zh("健身房的游泳池每周三换水，当天不开放。"),
    zh("地铁二号线的末班车是晚上十一点。"),
    zh("如遇挂号系统故障，可以到窗口人工挂号。"),
    zh("办卡手续费为二十元，学生免收。"),
    zh("博物馆东馆常年展出青铜器。"),
    zh("小区每年夏天都会停水检修一次，物业会提前通知。"),
    zh("超市每周二的鸡蛋特价，每人限购两盒。"),
    zh("台风季一般在七到九月，沿海步道届时可能封闭。"),
    zh("客服热线全年无休，白天和夜间都有人接听。"),
    zh("图书馆三楼是自习区，二楼是阅览室。"),
    zh("口罩售罄后，平台会自动下架商品。"),
    zh("外卖平台晚上订单较多时，配送时间会比平时长。"),
    zh("门诊楼共有六部电梯，其中两部是病床专用电梯。"),
    zh("快递公司每年春节前后都会停运几天。"),
    zh("酒店餐厅于2019年重新装修过，可容纳两百人。"),
    zh("道路结冰时，往山顶的班车会停运。"),
    zh("开车前两小时以上办理退票，不收手续费。"),
    zh("服务器异常时，系统会自动给管理员发送告警邮件。"),
    zh("节后第一周通常是社保窗口最忙的时候。"),
    zh("新店开业一般会有打折活动，这是行业惯例。"),
    zh("演唱会门票的开售时间以官方公告为准。"),
    zh("停车场入口在商场南侧，下午三点到五点车流最大。"),
    zh("银行网点周六上午正常营业。"),
    zh("遇到寒潮，学校会根据教育局的通知决定是否停课。"),
    zh("咖啡机每天早上开店前清洗一次。"),
    zh("驾校考场每年翻修一次，一般安排在冬季。"),
    zh("游乐园的过山车每天开园前都会进行安全测试。"),
    zh("收银系统支持现金、刷卡和扫码三种付款方式。"),
    zh("门诊午休时间是十二点到一点半。"),
    zh("中秋节有吃月饼、赏月的习俗。"),
    zh("App每周二凌晨例行维护，通常半小时内完成。"),
    zh("高铁站检票口在开车前五分钟停止检票。"),
    zh("雪大的时候，滑雪场会取消夜场。"),
    zh("社区医院的流感疫苗每年秋季开始接种。"),
    zh("开学季是书店教辅类图书的销售旺季。"),
    zh("新用户首月宽带费九块九，次月起按原价收费。"),
    zh("东门通往停车场，西门通往地铁站。"),
    zh("施工单位必须在施工期间设置安全围挡。"),
    zh("会员积分每年年底清零。"),
    zh("每期活动名额为三十人，报满即止。"),
    zh("少年宫的暑期课程一般安排在上午。"),
    zh("今天的深圳已经是一座国际化大都市。"),
    zh("正在施工的路段必须设置警示标志。"),
    zh("还没修好的车辆不得上路行驶。"),
    zh("节假日期间高速公路对七座以下小客车免费通行。"),
    zh("春节期间的火车票一般提前十五天开售。"),
    zh("每周的作业须在本周内提交。"),
    zh("近期目标和长期目标要分开制定。"),
    zh("这家店开业三十年来一直坚持手工制作。"),
    zh("颱風季節渡輪常會停駛，出發前請查詢航班狀態。"),
    zh("本店包裹一般於付款後兩天內寄出。"),
    zh("電梯每月保養一次，保養時請改走樓梯。"),
    zh("招牌便當每天限量一百份，賣完為止。"),
    zh("春節期間各地都有舞龍舞獅的傳統。"),
    zh("系統異常時會自動通知工程師處理。"),
    zh("會員每週三享有飲料買一送一的優惠。"),
)
