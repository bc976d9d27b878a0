"""Grouped knowledge gaps: the same question from many visitors is one queue item.

Gaps are matched on their question only (never on a generated description
that every gap shares), after a small cross-language step: common service
words in Chinese and Japanese are mapped to English concepts, so
"托运行李额度是多少" and "What is the checked baggage allowance?" meet. A model
provider can do better by giving the question in English; the heuristic
groups rewordings in one language and the glossary's shared topics across
languages.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from knowledge_repo.screening.duplicates import NearDuplicateIndex

from .models import Candidate, GapGroup

# Keys sharing this much (Dice coefficient of their words, 0-100) ask the same question.
GROUP_SCORE = 80
# Chinese/Japanese service words → the English concept they share with an English question.
GLOSSARY: dict[str, str] = {
    "托运": "checked",
    "手提": "carry-on",
    "行李": "baggage",
    "手荷物": "baggage",
    "荷物": "baggage",
    "额度": "allowance",
    "限额": "allowance",
    "許容量": "allowance",
    "退款": "refund",
    "返金": "refund",
    "払い戻し": "refund",
    "退票": "refund",
    "取消": "cancel",
    "キャンセル": "cancel",
    "改签": "change",
    "変更": "change",
    "营业时间": "opening hours",
    "开放时间": "opening hours",
    "営業時間": "opening hours",
    "价格": "price",
    "多少钱": "price",
    "料金": "price",
    "値段": "price",
    "预订": "reservation",
    "预约": "reservation",
    "予約": "reservation",
    "航班": "flight",
    "フライト": "flight",
    "便": "flight",
    "酒店": "hotel",
    "ホテル": "hotel",
    "早餐": "breakfast",
    "朝食": "breakfast",
    "停车": "parking",
    "駐車": "parking",
    "宠物": "pet",
    "ペット": "pet",
    "无线网": "wifi",
    "密码": "password",
    "パスワード": "password",
    "会员": "membership",
    "会員": "membership",
    "积分": "points",
    "ポイント": "points",
    "保险": "insurance",
    "保険": "insurance",
    "座位": "seat",
    "座席": "seat",
    "登机": "boarding",
    "搭乗": "boarding",
    "经济舱": "economy",
    "エコノミー": "economy",
    "商务舱": "business",
    "ビジネス": "business",
    "菜单": "menu",
    "メニュー": "menu",
    "素食": "vegetarian",
    "ベジタリアン": "vegetarian",
    "送货": "delivery",
    "配送": "delivery",
    "退货": "return",
    "返品": "return",
    "地址": "address",
    "住所": "address",
    "电话": "phone",
    "電話": "phone",
}
_GLOSSARY_RE = re.compile("|".join(sorted(map(re.escape, GLOSSARY), key=len, reverse=True)))
# English words for the same concept, so rewordings meet ("luggage", "bag" -> baggage).
SYNONYMS = {
    "bag": "baggage",
    "bags": "baggage",
    "luggage": "baggage",
    "booking": "reservation",
    "book": "reservation",
    "cancellation": "cancel",
    "cancelled": "cancel",
    "canceled": "cancel",
    "ticket": "fare",
    "fares": "fare",
    "dogs": "pet",
    "dog": "pet",
    "pets": "pet",
    "hours": "opening",
    "open": "opening",
    "opens": "opening",
    "cost": "price",
    "costs": "price",
    "fee": "price",
    "internet": "wifi",
}
_STOP = frozenset(
    [
        "what",
        "which",
        "who",
        "whom",
        "whose",
        "where",
        "when",
        "why",
        "how",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "do",
        "does",
        "did",
        "can",
        "could",
        "would",
        "should",
        "will",
        "shall",
        "may",
        "might",
        "must",
        "the",
        "a",
        "an",
        "of",
        "for",
        "to",
        "in",
        "on",
        "at",
        "by",
        "with",
        "from",
        "and",
        "or",
        "about",
        "your",
        "you",
        "i",
        "me",
        "my",
        "we",
        "our",
        "it",
        "its",
        "this",
        "that",
        "there",
        "please",
        "tell",
        "know",
        "any",
        "much",
        "many",
        "long",
        "take",
        "takes",
        "get",
        "bring",
        "allowed",
        "have",
        "has",
        "here",
        "after",
        "before",
        "again",
        "still",
        "吗",
        "呢",
        "的",
        "了",
        "是",
        "什么",
        "多少",
        "怎么",
        "如何",
        "请问",
        "请",
        "你们",
        "你",
        "我",
        "ですか",
        "ます",
        "の",
        "は",
        "を",
        "が",
        "に",
        "で",
        "か",
    ]
)
# Question words and particles of Chinese and Japanese, removed before the rest is compared.
_CJK_STOP = re.compile(
    r"是多少|多少钱|多少|是什么|什么|怎么样|怎么|如何|请问|可以|能不能|是否|有没有|吗|呢|的|了|是|"
    r"你们|我们|ですか|ますか|でしょうか|について|ください|教えて|は|を|が|に|で|の|か"
)
_WORD = re.compile(r"[a-z0-9][a-z0-9'-]*|[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]+")


def group_key(question: str) -> str:
    """The words a question is matched on: content words, glossary concepts for CJK terms."""
    text = question.casefold()
    concepts = [GLOSSARY[m.group()] for m in _GLOSSARY_RE.finditer(text)]
    text = _CJK_STOP.sub(" ", _GLOSSARY_RE.sub(" ", text))
    words = [SYNONYMS.get(w, w) for w in _WORD.findall(text) if w not in _STOP]
    # Drop a plural "s" so "allowances" meets "allowance".
    words = [w[:-1] if len(w) > 4 and w.endswith("s") and w.isascii() else w for w in words]
    if len(concepts) >= 2:
        # What is left of a Chinese or Japanese question once its concepts are taken out is
        # wording ("后多久能收到"), which would keep it from meeting the English question.
        words = [w for w in words if w.isascii()]
    return " ".join(sorted(set(words + " ".join(concepts).split())))


def _overlap(a: str, b: str, **_: Any) -> float:
    """Dice coefficient of two keys' words, 0-100 (rapidfuzz scorer signature)."""
    left, right = set(a.split()), set(b.split())
    if not left or not right:
        return 0.0
    return 200.0 * len(left & right) / (len(left) + len(right))


@dataclass
class GroupIndex:
    """Open and answered groups a new gap may join, matched on their keys."""

    index: NearDuplicateIndex

    @classmethod
    def load(cls, limit: int = 20000) -> GroupIndex:
        threshold = float(getattr(settings, "EXTRACTION_GROUP_SCORE", GROUP_SCORE))
        index = NearDuplicateIndex(threshold=threshold, scorer=_overlap)
        for pk, key in GapGroup.objects.order_by("-last_seen").values_list("pk", "key")[:limit]:
            index.add("gap", "g", pk, key)
        return cls(index)

    def find(self, key: str) -> Any:
        """A group's pk, or a group made earlier in this chunk (unsaved), or None."""
        if not key:
            return None
        hit = self.index.best("gap", key)
        return hit[1] if hit is not None else None

    def add(self, ident: Any, key: str) -> None:
        self.index.add("gap", "g", ident, key)


def assign_groups(candidates: Iterable[Candidate], index: GroupIndex) -> None:
    """Attach each new gap to the group asking the same question, making groups as needed.

    Runs inside the transaction that stores the candidates (before they are
    created), so a group's count never includes a candidate that was rolled back.
    """
    now = timezone.now()
    from .selectors import release_after

    for c in candidates:
        if c.kind != Candidate.Kind.GAP:
            continue
        # The name helps across languages: a model writes it in English (see the prompt).
        key = group_key(f"{c.name} {c.question}")
        found = index.find(key)
        if isinstance(found, GapGroup):
            group = found
            GapGroup.objects.filter(pk=group.pk).update(visitors=F("visitors") + 1, last_seen=now)
        elif found is not None:
            group = GapGroup.objects.get(pk=found)
            GapGroup.objects.filter(pk=group.pk).update(visitors=F("visitors") + 1, last_seen=now)
        else:
            group = GapGroup.objects.create(
                question=c.question[:2000], key=key, visitors=1, first_seen=now, last_seen=now
            )
            index.add(group, key)
        c.group = group
        if group.answered_at is not None:
            release = release_after(group.answered_at)
            # Asked again once the answer was out: the answer is not found, or is wrong.
            c.still_asked_after = release or "the answer (not yet released)"
            c.target_slug = c.target_slug or group.record_slug


def close_group_after_answer(*, candidate: Candidate, event: Any) -> Any:
    """Answering one gap of a group answers the others: close them with the same reviewer.

    Call it inside the transaction that answered `candidate` (event = its review
    event). The other open gaps of the group get the same status and an audit
    event pointing at the answer; nothing is committed a second time. The group
    remembers the record, so the question asked again after the next release
    shows as "still asked". Returns `event`, so the caller can return it.
    """
    from memory_review.review.models import ReviewEvent

    if (
        candidate.kind != Candidate.Kind.GAP
        or candidate.group_id is None
        or candidate.status != Candidate.Status.APPROVED
    ):
        return event
    slug = getattr(event, "record_slug", "") or candidate.target_slug
    now = timezone.now()
    with transaction.atomic():
        GapGroup.objects.filter(pk=candidate.group_id).update(record_slug=slug, answered_at=now)
        others = list(
            Candidate.objects.select_for_update()
            .filter(
                group_id=candidate.group_id,
                status__in=[Candidate.Status.PENDING, Candidate.Status.AWAITING_SECOND],
            )
            .exclude(pk=candidate.pk)
        )
        for other in others:
            before = {"status": other.status}
            other.status = Candidate.Status.APPROVED
            other.save(update_fields=["status", "updated_at"])
            ReviewEvent.objects.create(
                candidate=other,
                record_slug=slug,
                user_id=event.user_id,
                action=ReviewEvent.Action.ANSWER_GAP,
                reason=f"answered with candidate {candidate.pk} (same question)",
                before=before,
                after={"status": other.status},
                # No change of its own: the answer was committed once, for `candidate`.
                change_id=None,
                at=now,
            )
    return event
