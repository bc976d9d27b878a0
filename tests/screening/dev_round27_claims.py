"""More of the DEVELOPMENT part (round 27): claims about Chinese-speaking staff in other words.

The blind TEST round 27 scored Chinese person-claim recall at 29 of 34 (its sentences were not
read). Written by the lead, in two batches, each scored before the fixes it led to (people.py):

- the first, 35 claims about someone named or nicknamed at work (小刘, 老周, 阿杰, 王姐, 林老师,
  Kevin老師…: conduct on shift, bribes, abuse, forged papers, leaks, lies, illness, a record)
  and 30 negatives with the same roles and acts as house rules, qualifications and plain facts:
  19 claims missed, 0 negatives flagged. Nicknames (小郑, 老张, 阿杰) now count right before a
  predicate after a role or 的 too (门卫老张, 销售部的小郑); 门卫, 私教, 摊主, 保全, 柜台 are roles;
  new predicates: 偷偷…, 手脚不干净, 喝了酒, 收了…红包/好处费, 骚扰过, 打骂, 虐待, 体罚, 殴打,
  假证书/假学历, 伪造, 泄露了, 打瞌睡, 刑满释放, 说谎, 没有…证/执照. 3 still missed. Dropped on the
  way: 喝醉了 (张飞喝醉了酒, a story). 老师体罚学生是法律禁止的 (the act judged) is left alone;
- the second, 20 claims and 20 negatives written after those fixes: 16 claims missed, 0
  negatives flagged; its misses led to cheating (克扣, 做假账, 卷款跑路, 三无产品, 绕路多收钱),
  harm (撞了人, 肢体冲突, 开错药, 误诊) and 被查出/泄露给; 5 still missed (a nickname far from
  its predicate: 小吴把过期药卖给…, 老王在仓库上夜班时偷偷睡觉). On 22,605 sentences of real
  Chinese conversations (sharegpt-zh) person-claim flags went from 0 to 1.

Then, in the other languages, after merging round 27's claims in them: 14 rules about whoever
does it, in a relative clause after an indefinite or "every" (a driver who drives drunk loses
his licence, ein Kellner, der Gäste bestiehlt, wird entlassen, водитель, который…), 5 of them
flagged before the fix (people_unclaimed._WHOEVER); 10 claims of the same shape about someone
named (Der Kellner Jonas, der seit März hier arbeitet, bestiehlt…), 1 missed before and after
(drives drunk); and 29 German standing facts with time words and roles, none flagged (a 30th,
Ein Fahrer, der betrunken fährt, verliert seinen Führerschein, was, and led to the fix).
"""

from __future__ import annotations

from .detector_corpus import PC, Example


def _in(lang: str, text: str, *kinds: str) -> Example:
    return Example(text, frozenset(kinds), lang)


def zh(text: str, *kinds: str) -> Example:
    return Example(text, frozenset(kinds), "zh")


DEV_ROUND27_CLAIMS: tuple[Example, ...] = (
    # first batch
    zh("前台的小刘上班时间经常偷偷玩手机。", PC),
    zh("三号楼的保洁阿姨王姐手脚不干净，丢过好几次东西。", PC),
    zh("李经理和财务部的陈会计在搞婚外情。", PC),
    zh("夜班保安老周喝了酒还在值班。", PC),
    zh("张医生收过病人家属的红包。", PC),
    zh("健身房的私教阿杰有吸毒史。", PC),
    zh("餐厅主厨赵师傅因为打人被派出所拘留过。", PC),
    zh("我们店长孙倩得了抑郁症，最近一直在吃药。", PC),
    zh("收银员小美上个月挪用了店里的钱。", PC),
    zh("快递站的老板娘欠了一屁股债。", PC),
    zh("司机王强上周酒驾被查了。", PC),
    zh("二楼的钢琴老师林老师骚扰过女学生。", PC),
    zh("物业的马经理收了业主的好处费。", PC),
    zh("酒店的前台经理何丽怀孕了，准备休产假。", PC),
    zh("隔壁诊所的刘护士被吊销了执照。", PC),
    zh("门卫老张有精神病，大家离他远点。", PC),
    zh("小区的业委会主任贪污了维修基金。", PC),
    zh("销售部的小郑在外面做兼职，偷偷给竞争对手供货。", PC),
    zh("学校的体育老师黄涛打骂学生。", PC),
    zh("导游阿芳私下收游客的回扣。", PC),
    zh("图书馆的管理员周阿姨偷拿了捐赠的书。", PC),
    zh("老板的儿子吴磊是个赌鬼，欠了赌债。", PC),
    zh("健身教练小陈用的是假证书。", PC),
    zh("咖啡店的店员阿伟被开除了，因为偷喝顾客的饮料。", PC),
    zh("民宿老板娘陈姐离婚了，正在打官司争孩子。", PC),
    zh("公司的HR王小姐泄露过员工的工资单。", PC),
    zh("理发店的Tony老师有艾滋病。", PC),
    zh("公交18路的司机老李开车时经常打瞌睡。", PC),
    zh("社区医院的孙院长被纪委带走了。", PC),
    zh("这家店的厨师小黄是刑满释放人员。", PC),
    zh("張經理的太太在外面欠了很多錢。", PC),
    zh("櫃檯的小芳常常對客人說謊。", PC),
    zh("夜市的攤主阿明賣假貨被罰過款。", PC),
    zh("保全陳先生上班時喝醉過好幾次。", PC),
    zh("英文補習班的Kevin老師沒有教師資格證。", PC),
    zh("前台工作人员上班时间不得玩手机。"),
    zh("保洁人员如在客房捡到物品，应交到前台。"),
    zh("医生收受红包属于违纪行为，欢迎举报。"),
    zh("健身房的私教都持有国家认证的证书。"),
    zh("餐厅主厨是有二十年经验的粤菜师傅。"),
    zh("店长负责安排员工的排班。"),
    zh("收银员每天下班前要核对现金。"),
    zh("司机酒驾会被吊销驾照。"),
    zh("钢琴老师每周上两节课。"),
    zh("物业经理的办公电话在公告栏上。"),
    zh("怀孕的员工可以申请调整工作时间。"),
    zh("护士执照需要每五年注册一次。"),
    zh("门卫二十四小时值班。"),
    zh("业委会主任由业主大会选举产生。"),
    zh("体育老师会在雨天改上室内课。"),
    zh("导游不得私下收取游客的回扣。"),
    zh("图书管理员可以帮你预约馆际互借。"),
    zh("教练的资格证书挂在前台墙上。"),
    zh("店员不能在工作时间吃顾客的食物。"),
    zh("民宿老板娘做的早餐很受欢迎。"),
    zh("人事部门对员工的工资信息严格保密。"),
    zh("理发店的Tony老师擅长剪短发。"),
    zh("公交车司机每开两小时要休息二十分钟。"),
    zh("社区医院的院长是孙建国。"),
    zh("刑满释放人员在就业上受法律保护。"),
    zh("張經理負責接待團體客人。"),
    zh("櫃檯人員可以協助叫計程車。"),
    zh("夜市的攤位每天晚上六點開始營業。"),
    zh("保全人員每兩小時巡邏一次。"),
    zh("補習班的老師都有大學學歷。"),
    # second batch
    zh("药房的小吴把过期药卖给老人。", PC),
    zh("教务处的周主任篡改过学生成绩。", PC),
    zh("酒吧老板阿豪私下卖假酒。", PC),
    zh("幼儿园的刘老师虐待过孩子。", PC),
    zh("客服小林把客户的手机号泄露给了中介。", PC),
    zh("老王在仓库上夜班时偷偷睡觉。", PC),
    zh("我们的会计小孙做假账被查出来了。", PC),
    zh("超市经理郑先生经常克扣员工工资。", PC),
    zh("游泳教练阿伟没有救生员证。", PC),
    zh("房东黄阿姨偷偷进租客的房间。", PC),
    zh("前台的小杨对客人态度恶劣，还骂过人。", PC),
    zh("厨师长老陈有严重的糖尿病。", PC),
    zh("保安队长老赵赌博输了十几万。", PC),
    zh("美容院的店长阿玲用的是三无产品。", PC),
    zh("外卖员小宋撞了人就跑了。", PC),
    zh("酒店的钟经理和客人发生过肢体冲突。", PC),
    zh("健身房老板许总卷款跑路了。", PC),
    zh("民宿的阿秀阿姨以前坐过牢。", PC),
    zh("校医韩医生给学生开错过药。", PC),
    zh("出租车司机老马故意绕路多收钱。", PC),
    zh("药房的过期药会统一销毁。"),
    zh("教务处负责学生成绩的录入和查询。"),
    zh("酒吧只卖正规渠道进货的酒。"),
    zh("幼儿园的老师都经过专业培训。"),
    zh("客服不会向第三方泄露客户的手机号。"),
    zh("仓库夜班人员每小时巡查一次。"),
    zh("会计每月五号前提交财务报表。"),
    zh("超市经理的办公室在二楼。"),
    zh("游泳教练都持有救生员证。"),
    zh("房东进入租客房间前必须提前通知。"),
    zh("前台人员应该对客人礼貌热情。"),
    zh("厨师长会根据季节调整菜单。"),
    zh("保安队长负责安排值班表。"),
    zh("美容院使用的产品都有合格证明。"),
    zh("外卖员送餐时请注意交通安全。"),
    zh("酒店经理会处理客人的投诉。"),
    zh("健身房老板许总很少来店里。"),
    zh("民宿的阿秀阿姨做饭很好吃。"),
    zh("校医室每天上午八点开门。"),
    zh("出租车司机应该按计价器收费。"),
    # other languages: rules about whoever does it, and the same shape said of someone
    _in("en", "A driver who drives drunk loses his licence."),
    _in("en", "Any waiter who steals from guests is dismissed at once."),
    _in("es", "Un conductor que conduce borracho pierde el carnet."),
    _in("es", "Un camarero que roba a los clientes es despedido."),
    _in("fr", "Un chauffeur qui conduit ivre perd son permis."),
    _in("fr", "Un serveur qui vole les clients est licencié."),
    _in("pt", "Um motorista que dirige bêbado perde a carteira."),
    _in("it", "Un autista che guida ubriaco perde la patente."),
    _in("ru", "Водитель, который садится за руль пьяным, лишается прав."),
    _in("ru", "Официант, который ворует у гостей, увольняется."),
    _in("de", "Ein Kellner, der Gäste bestiehlt, wird sofort entlassen."),
    _in("de", "Jeder Fahrer, der betrunken fährt, verliert den Führerschein."),
    _in("ja", "酒に酔って運転したドライバーは免許を失います。"),
    _in("ko", "음주 운전을 한 기사는 면허가 취소됩니다."),
    _in("en", "Our waiter Marco, who started in May, steals from the guests.", PC),
    _in("de", "Der Kellner Jonas, der seit März hier arbeitet, bestiehlt die Gäste.", PC),
    _in("fr", "Notre serveur Paul, qui est arrivé en mai, vole les clients.", PC),
    _in("es", "Nuestro camarero Luis, que empezó en mayo, roba a los clientes.", PC),
    _in("ru", "Официант Игорь, который работает у нас с мая, ворует у гостей.", PC),
    _in("it", "Il nostro cameriere Marco, che lavora qui da maggio, ruba ai clienti.", PC),
    _in("pt", "O nosso garçom Pedro, que começou em maio, rouba os clientes.", PC),
    _in("ru", "Водитель Сергей, который возит наших гостей, садится за руль пьяным.", PC),
    _in("de", "Der Fahrer Tom, der unsere Gäste fährt, fährt betrunken.", PC),
    _in("en", "Our driver Tom, who takes guests to the airport, drives drunk.", PC),
    _in("de", "Das Museum ist heute eines der meistbesuchten Häuser der Stadt."),
    _in("de", "Derzeit umfasst die Sammlung rund dreitausend Werke."),
    _in("de", "Montags ist die Bibliothek geschlossen."),
    _in("de", "Das Frühstück wird von sieben bis zehn Uhr serviert."),
    _in("de", "An Feiertagen gelten verkürzte Öffnungszeiten."),
    _in("de", "Der Hausmeister ist werktags von acht bis zwölf erreichbar."),
    _in("de", "Die Direktorin des Museums ist Dr. Sabine Keller."),
    _in("de", "Mitarbeitern ist der Konsum von Alkohol während der Arbeit untersagt."),
    _in("de", "Wenn die Kasse geschlossen ist, gibt es Tickets am Automaten."),
    _in("de", "Der Schlussverkauf findet jedes Jahr im Januar statt."),
    _in("de", "Das Gebäude wurde 1903 errichtet und 1998 renoviert."),
    _in("de", "Bei Regen finden die Führungen in der überdachten Galerie statt."),
    _in("de", "Der Koch hat früher in Paris gearbeitet."),
    _in("de", "Goethe wohnte drei Jahre in diesem Haus."),
    _in("de", "Sonderausstellungen wechseln alle drei Monate."),
    _in("de", "Die neuen Regeln gelten ab dem ersten März."),
    _in("de", "Der Aufzug wird von einer Fachfirma gewartet."),
    _in("de", "Heute gibt es in fast jeder Stadt ein Repair-Café."),
    _in("de", "Die Kellnerin empfiehlt gern einen passenden Wein."),
    _in("de", "Tickets, die heute gekauft werden, gelten ein Jahr lang."),
    _in("de", "Wegen Bauarbeiten wurde die Brücke 2015 für zwei Jahre gesperrt."),
    _in("de", "Die Apotheke hat sonntags Notdienst im Wechsel mit anderen Apotheken."),
    _in("de", "Gäste, die früher abreisen, bekommen kein Geld zurück."),
    _in("de", "Der Parkplatz ist für Hotelgäste kostenlos."),
    _in("de", "Früher war hier eine Brauerei."),
    _in("de", "Die Bäckerei ist bekannt für ihr Roggenbrot."),
    _in("de", "Zurzeit des Mittelalters war die Burg ein Handelsplatz."),
    _in("de", "Am Wochenende ist der Eintritt für Kinder frei."),
    _in("de", "Die Sauna ist im Sommer geschlossen."),
)
