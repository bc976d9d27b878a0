"""Grouped knowledge gaps: the same question from many visitors is one queue item.

Gaps are matched on their question only (never on a generated description
that every gap shares): a new gap joins the nearest group when it reaches the
grouping threshold with it, or starts a group. A question's score against a
group is half its cosine with the group's nearest wording and half its mean
cosine with all of them (`GROUP_LINK`; TF-IDF cosine of n-grams, with an
embedding provider also of sentence embeddings: similarity.py), so a question
close to one wording of a group and far from the rest does not chain two
questions into one row. A group keeps the wordings its visitors used (in `key`, one a line,
capped), which later visitors are matched against and which the answer
record carries as its search keys. A model provider also gives the question
in English (`canonical`), so groups join across languages.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from scipy import sparse

from knowledge_repo.screening.normalise import normalise_text

from .models import Candidate, GapGroup
from .similarity import EMBEDDING_WEIGHT, FROM_SETTINGS, QuestionSpace

OPEN = (Candidate.Status.PENDING, Candidate.Status.AWAITING_SECOND)
# Recency in ask_score: a week newer counts like twice the visitors.
ASK_EPOCH = dt.datetime(2020, 1, 1, tzinfo=dt.UTC)
ASK_WEEK_SECONDS = 7 * 24 * 3600


def ask_score(visitors: int, last_seen: dt.datetime) -> float:
    """Visitors × recency as a sortable number: log2(visitors) + weeks since ASK_EPOCH."""
    weeks = (last_seen - ASK_EPOCH).total_seconds() / ASK_WEEK_SECONDS
    return math.log2(max(visitors, 1)) + weeks


# A question's score against a group: this share of its cosine with the group's nearest
# wording, the rest its mean cosine with all of the group's wordings (1.0: nearest wording
# only, "single link", which chained different questions into one row). Chosen with the
# thresholds by `extract_eval --calibrate` on the development part (eval/README.md).
GROUP_LINK = 0.5

# The questions a grouping pass has seen beyond those its document frequencies were
# fitted on, as a share of those, before it fits them again (GroupIndex.see); and the
# fewest questions frequencies are fitted on: among a handful, the words a question's
# own rewordings share count as common, and every word weighs the same instead.
REFIT_GROWTH = 0.1
MIN_CORPUS = 20

# A new group's nearest other group is shown to the reviewer as "may be the same question"
# when its score reaches this share of the grouping threshold (the grouping itself stays
# strict: a row mixing two questions is worse than a question over two rows). Chosen on
# the development part (eval/README.md, "May be the same question").
SUGGEST_SHARE = 0.7

# Wordings a group keeps (the first ones, then new ones as they come, distinct once normalised).
MAX_WORDINGS = 24
WORDING_CHARS = 300


def wordings_of_key(key: str) -> list[str]:
    """The wordings stored in a group's key, one a line."""
    return [line for line in key.split("\n") if line.strip()]


def wordings_of(group: GapGroup) -> list[str]:
    """The distinct wordings visitors used for this group's question (first one first).

    With a model provider these include its English wording of the question.
    """
    return wordings_of_key(group.key)


def with_wording(key: str, question: str) -> str:
    """`key` with `question` added as a wording when it is new and there is room."""
    lines = [line for line in key.split("\n") if line.strip()]
    text = " ".join(question.split())[:WORDING_CHARS]
    seen = {normalise_text(line) for line in lines}
    if text and normalise_text(text) not in seen and len(lines) < MAX_WORDINGS:
        lines.append(text)
    return "\n".join(lines)


@dataclass
class GroupIndex:
    """Open and answered groups a new gap may join, matched on their wordings."""

    space: QuestionSpace
    threshold: float
    refs: list[Any] = field(default_factory=list)  # group pk, or an unsaved GapGroup
    texts: list[str] = field(default_factory=list)
    # Share of the nearest wording's cosine in a group's score (GROUP_LINK; 1.0 for
    # the nearest wording alone, as the coverage page's topics and re-asks match).
    link: float = 1.0
    # The questions document frequencies come from (and those seen since), and how many were fitted.
    corpus: list[str] = field(default_factory=list)
    _fitted: int = 0
    _rows: Any = None
    _pending: list[Any] = field(default_factory=list)
    _slots: dict[Any, int] = field(default_factory=dict)  # group -> its number
    _slot: list[int] = field(default_factory=list)  # per wording, its group's number

    @classmethod
    def load(cls, limit: int = 20000) -> GroupIndex:
        rows = list(GapGroup.objects.order_by("-last_seen").values_list("pk", "key")[:limit])
        refs: list[Any] = []
        texts: list[str] = []
        for pk, key in rows:
            for line in key.split("\n"):
                if line.strip():
                    refs.append(pk)
                    texts.append(line)
        # A run's pass: stored wordings' embeddings come from the database, not the model.
        return cls.build(refs, texts, persist=True, link=GROUP_LINK)

    @classmethod
    def build(
        cls,
        refs: Sequence[Any],
        texts: Sequence[str],
        *,
        corpus: Sequence[str] | None = None,
        embedder: Any = FROM_SETTINGS,
        weight: float = EMBEDDING_WEIGHT,
        persist: bool = False,
        link: float = 1.0,
    ) -> GroupIndex:
        """An index of the given wordings (ref per wording), IDF fitted on them or `corpus`.

        `embedder`: the embedding provider (default: the setting's; None: n-grams only);
        `persist`: embeddings are read from and stored in the database (similarity.py);
        `link`: the nearest wording's share of a group's score (GROUP_LINK for grouping).
        """
        space = QuestionSpace(
            texts if corpus is None else corpus, embedder=embedder, weight=weight, persist=persist
        )
        index = cls(space=space, threshold=space.threshold, link=link)
        index.texts = list(texts)
        index.corpus = list(texts if corpus is None else corpus)
        index._fitted = len(index.corpus)
        for ref in refs:
            index._place(ref)
        index._rows = index.space.vectors(texts) if texts else None
        return index

    def see(self, questions: Sequence[str]) -> None:
        """Get ready to match `questions` (a chunk's): embed them in one batch, and count them
        among the questions document frequencies come from.

        Frequencies are fitted again, and the stored wordings' vectors made again, once
        the questions seen since the last fit reach `REFIT_GROWTH` of those fitted on
        (and are `MIN_CORPUS` at least): a first chunk, with no group stored yet, is
        matched with frequencies from its own questions (none would weigh "room" like
        "kettle"), and a pass over many stored wordings refits only now and then.
        """
        questions = [q for q in questions if q]
        self.space.embed_ahead(questions)
        self.corpus.extend(questions)
        grown = len(self.corpus) - self._fitted
        if len(self.corpus) < MIN_CORPUS or grown < max(1, self._fitted * REFIT_GROWTH):
            return
        self.space.fit(self.corpus)
        self._fitted = len(self.corpus)
        self._rows = self.space.vectors(self.texts) if self.texts else None
        self._pending = []

    def _place(self, ref: Any) -> None:
        """Append `ref` for one wording; wordings of one group (by pk once saved) share a slot."""
        key = getattr(ref, "pk", None) or ref
        self.refs.append(ref)
        self._slot.append(self._slots.setdefault(key, len(self._slots)))

    def nearest(self, question: str) -> tuple[Any, float] | None:
        """The nearest group's ref and its score (module docstring), when it reaches the threshold."""
        hit = self.best(question)
        return hit if hit is not None and hit[1] >= self.threshold else None

    def best(self, question: str) -> tuple[Any, float] | None:
        """The nearest group's ref and its score (module docstring), whatever the score."""
        if not question.strip() or not self.refs:
            return None
        # One column, converted once: the conversion costs the number of hashed features.
        column = self.space.vectors([question]).T.tocsr()
        if len(self._pending) > 1:
            self._pending = [sparse.vstack(self._pending, format="csr")]
        scores = np.concatenate(
            [
                (rows @ column).toarray().ravel()
                for rows in (self._rows, *self._pending)
                if rows is not None
            ]
        )
        if self.link >= 1.0:
            best = int(scores.argmax())
            return self.refs[best], float(scores[best])
        slot = np.asarray(self._slot)
        nearest = np.full(len(self._slots), -np.inf)
        np.maximum.at(nearest, slot, scores)
        mean = np.bincount(slot, weights=scores) / np.bincount(slot)
        combined = self.link * nearest + (1 - self.link) * mean
        group = int(combined.argmax())
        # The group's ref at its nearest wording (a pk, or the object made or grown in this chunk).
        best = int(np.where(slot == group, scores, -np.inf).argmax())
        return self.refs[best], float(combined[group])

    def match(self, *questions: str) -> tuple[Any, Any]:
        """(group, near) for a gap asked in `questions` (its question and its English wording).

        `group`: the nearest group when it reaches the threshold (a group's pk, or a group
        made earlier in this chunk), else None. `near`: else the nearest group when it
        reaches `SUGGEST_SHARE` of the threshold, a row that may ask the same question
        for a person to confirm, else None.
        """
        hits = [hit for q in questions if q and (hit := self.best(q)) is not None]
        if not hits:
            return None, None
        ref, score = max(hits, key=lambda hit: hit[1])
        if score >= self.threshold:
            return ref, None
        return None, (ref if score >= self.threshold * SUGGEST_SHARE else None)

    def find(self, *questions: str) -> Any:
        """The group a gap asked in `questions` joins, or None (see `match`)."""
        return self.match(*questions)[0]

    def add(self, ref: Any, question: str) -> None:
        self._place(ref)
        self.texts.append(question)
        self._pending.append(self.space.vectors([question]))


def rescore_open_rows(group: GapGroup, last_seen: dt.datetime) -> None:
    """The group's open rows rank by its visitors and its last visit (`ask_score`)."""
    Candidate.objects.filter(group=group, status__in=OPEN).update(
        ask_score=ask_score(group.visitors, last_seen)
    )


def assign_groups(candidates: Iterable[Candidate], index: GroupIndex) -> None:
    """Attach each new gap to the group asking the same question, making groups as needed.

    Runs inside the transaction that stores the candidates (before they are
    created), so a group's count never includes a candidate that was rolled back.
    """
    now = timezone.now()
    from .selectors import release_after

    candidates = list(candidates)
    # The chunk's questions in one batch (one query of the stored vectors, one call of the
    # model), and in the document frequencies.
    index.see(
        [
            q
            for c in candidates
            if c.kind == Candidate.Kind.GAP
            for q in (c.question, c.canonical)
            if q
        ]
    )
    for c in candidates:
        if c.kind != Candidate.Kind.GAP:
            c.ask_score = ask_score(1, now)
            continue
        found, near = index.match(c.question, c.canonical)
        if found is not None:
            group = found if isinstance(found, GapGroup) else GapGroup.objects.get(pk=found)
            key = with_wording(group.key, c.question)
            if c.canonical:
                key = with_wording(key, c.canonical)
            GapGroup.objects.filter(pk=group.pk).update(
                visitors=F("visitors") + 1, last_seen=now, key=key
            )
            group.visitors += 1
            if key != group.key:
                for line in set(wordings_of_key(key)) - set(wordings_of_key(group.key)):
                    index.add(group, line)
                group.key = key
            # The open row of the group rises with every visitor who asks.
            rescore_open_rows(group, now)
        else:
            group = GapGroup.objects.create(
                question=c.question[:2000],
                key=with_wording(with_wording("", c.question), c.canonical),
                visitors=1,
                first_seen=now,
                last_seen=now,
                maybe_same_id=getattr(near, "pk", near),
            )
            for line in wordings_of_key(group.key):
                index.add(group, line)
        c.group = group
        c.ask_score = ask_score(group.visitors, now)
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
