"""Reads for the conversation pages."""

from dataclasses import dataclass

from django.db.models import Exists, Model, OuterRef, QuerySet

from .models import Conversation, IngestBatch, IngestProblem, Message, Source

PER_PAGE = 50
PROBLEMS_PER_PAGE = 100


@dataclass
class Page[T]:
    """One page of rows in the order asked for; no total count (on a big table it costs
    a full scan): just whether there is a next page."""

    rows: list[T]
    number: int
    has_next: bool

    @property
    def has_previous(self) -> bool:
        return self.number > 1


def _page[M: Model](queryset: QuerySet[M], number: int, per_page: int) -> Page[M]:
    number = max(number, 1)
    start = (number - 1) * per_page
    rows = list(queryset[start : start + per_page + 1])
    return Page(rows[:per_page], number, len(rows) > per_page)


def conversation_page(
    *, source_id: int | None = None, query: str = "", number: int = 1, per_page: int = PER_PAGE
) -> Page[Conversation]:
    """Newest first, optionally one source's, optionally with a message containing `query`."""
    conversations: QuerySet[Conversation] = Conversation.objects.select_related("source")
    if source_id is not None:
        conversations = conversations.filter(source_id=source_id)
    if query:
        matching = Message.objects.filter(conversation=OuterRef("pk"), text__icontains=query)
        conversations = conversations.filter(Exists(matching))
    return _page(conversations.order_by("-created_at", "-pk"), number, per_page)


def sources() -> QuerySet[Source]:
    return Source.objects.order_by("name")


def conversation_messages(conversation: Conversation) -> QuerySet[Message]:
    return conversation.messages.order_by("order")


def ingest_batches(
    *, source_id: int | None = None, with_problems: bool = False, number: int = 1
) -> Page[IngestBatch]:
    """Ingest runs (files and API requests), newest first."""
    batches = IngestBatch.objects.select_related("source").order_by("-started_at", "-pk")
    if source_id is not None:
        batches = batches.filter(source_id=source_id)
    if with_problems:
        batches = batches.filter(Exists(IngestProblem.objects.filter(batch=OuterRef("pk"))))
    return _page(batches, number, PER_PAGE)


def batch_problems(batch: IngestBatch, *, reason: str = "", number: int = 1) -> Page[IngestProblem]:
    """A batch's problems in input order, optionally one reason's."""
    problems = batch.problems.order_by("line_number", "pk")
    if reason:
        problems = problems.filter(reason=reason)
    return _page(problems, number, PROBLEMS_PER_PAGE)
