"""What a business publishes about itself is not personal data: its lines, mailboxes, premises, network.

A knowledge record of a hotel, a museum or a help desk names the business's hotline, its
support mailbox and its street address, and a product's manual names the router's default
address; none of them is anyone's own. Each check here tells :mod:`.personal` to leave such a
match alone:

- a phone number in Chinese text that is a 400 or 800 number (issued to enterprises only), or
  a landline named as a hotline, a help desk or a booking line (客服热线：021-…, 前台电话); not a
  mobile, which is someone's own;
- a mailbox in Chinese text named for a function, not a person (service@, support@, info@,
  kefu@: role accounts, as RFC 2142 lists them);
- a Chinese street address of premises: a museum, a shop or a company located at it (博物馆位于…,
  公司地址：…, 我们的门店在…), in a sentence that names no one's home and no parcel sent;
- an IP address in Chinese text in a private or loopback range, or named as a router's,
  gateway's or DNS server's (路由器的默认管理地址是192.168.1.1).
"""

from __future__ import annotations

import re

from .windows import cjk_sentence_start

_HAN = re.compile(r"[\u4e00-\u9fff]")
_ENTERPRISE = re.compile(r"[48]00\d{7}")
_CN_MOBILE = re.compile(r"1[3-9]\d{9}")
_SERVICE_LINE = re.compile(
    r"(?:热线|熱線|专线|專線|总机|總機|(?:客服|服务|服務|咨询|諮詢|问讯|問訊|查询|查詢|预订|預訂|预约|預約|预定|"
    r"預定|挂号|掛號|订票|訂票|订餐|訂餐|订房|訂房|投诉|投訴|报修|報修|救援|前台|服务台|服務台|售后|售後|值班|"
    r"办公室|辦公室|总台|總台)(?:处|處|中心|室)?(?:电话|電話))[^\d\n]{0,6}$"
)


def business_line(text: str, before: str, number: str, digits: str) -> bool:
    """A 400/800 number or a named business landline, in Chinese text."""
    return (
        number[0] != "+"
        and bool(_ENTERPRISE.fullmatch(digits) or _SERVICE_LINE.search(before))
        and not _CN_MOBILE.fullmatch(digits)
        and bool(_HAN.search(text))
    )


_ROLE_ACCOUNT = re.compile(
    r"(?:service|services|support|info|information|contact|contactus|help|helpdesk|sales|bd|business|"
    r"marketing|press|media|pr|hr|jobs|careers|recruit|recruitment|admin|webmaster|postmaster|hostmaster|"
    r"abuse|security|privacy|legal|noreply|no-reply|donotreply|feedback|kefu|customerservice|cs|office|"
    r"hello|booking|bookings|reservations?|orders?|billing|invoices?|tickets?|enquiries|inquiries|"
    r"partners?|partnership|cooperation|hezuo|shop|store|hotel|museum|library|reception|frontdesk|"
    r"team|news|newsletter)"
    # (A region or a desk after it, support-cn@, service.hk@; not a name, support.zhang@.)
    r"(?:[-_.](?:cn|en|us|uk|hk|tw|jp|kr|de|fr|es|it|ru|eu|asia|global|intl|team|center|centre|dept)|\d{1,3})?",
    re.IGNORECASE,
)


def role_account(text: str, start: int, address: str) -> bool:
    """A mailbox named for a function (service@…, support-cn@…), not for a person, in Chinese text."""
    return bool(
        _ROLE_ACCOUNT.fullmatch(address.split("@", 1)[0])
        and _HAN.search(text, max(0, start - 60), start + len(address) + 60)
    )


_SENTENCE_END = re.compile(r"[。!?\n]")
# The premises located: 博物馆位于…, 公司地址：…, 门店在…, 上车点在….
_PREMISES = re.compile(
    r"(?:博物馆|博物館|纪念馆|紀念館|美术馆|美術館|图书馆|圖書館|体育馆|體育館|展览馆|展覽館|公司|门店|門店|分店|"
    r"总店|總店|门市|門市|店铺|店鋪|本店|酒店|宾馆|賓館|饭店|飯店|餐厅|餐廳|医院|醫院|诊所|診所|学校|學校|"
    r"大学|大學|机场|機場|车站|車站|总部|總部|办公室|辦公室|营业厅|營業廳|银行|銀行|网点|網點|大厦|大廈|"
    r"商场|商場|景区|景區|中心|上车点|上車點|站台|工厂|工廠|校区|校區|政府|派出所|服务台|服務台)"
    r"[^。!?\n]{0,12}?(?:位于|位於|坐落|地址|地點|地点|设在|設在|在|搬到|搬至|迁至|遷至|迁到|遷到)"
    # (我们的新地址在…: the business speaking of its own.)
    r"|(?:我们|我們|本店|本公司|本馆|本館)的?新?(?:地址|店址|地点|地點)"
)
# …but a home, a parcel, a recipient, someone's own.
_PRIVATE = re.compile(
    r"我(?!们|們)|住|家|寄|收件|收货|收貨|快递|快遞|送到|发到|發到|他|她|联系人|聯繫人|收件人"
)


def premises(text: str, start: int, end: int) -> bool:
    """A Chinese street address of a business's premises, no one's home."""
    if not _HAN.search(text, max(0, start - 60), end):
        return False
    head = cjk_sentence_start(text, start)
    tail = _SENTENCE_END.search(text, end)
    stop = tail.start() if tail else len(text)
    return bool(_PREMISES.search(text, head, start)) and not _PRIVATE.search(text, head, stop)


_PRIVATE_RANGE = re.compile(r"(?:10|127)\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.")
_NETWORK = re.compile(
    r"DNS|网关|網關|路由|默认|默認|回环|迴環|内网|內網|局域网|區域網|子网|子網|本机|本機|管理地址|服务器地址|伺服器位址",
    re.IGNORECASE,
)


def network_address(text: str, start: int, address: str) -> bool:
    """An IP address in Chinese text in a private or loopback range, or named as a router's,
    gateway's or DNS server's."""
    if not _HAN.search(text, max(0, start - 60), start + 60):
        return False
    return bool(_PRIVATE_RANGE.match(address) or _NETWORK.search(text, max(0, start - 30), start))
