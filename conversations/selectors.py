"""Reads for the conversation pages."""

from dataclasses import dataclass

from django.db.models import Exists, OuterRef, QuerySet

from .models import Conversation, Message, Source

PER_PAGE = 50


@dataclass
class ConversationPage:
    """One page of conversations. No total count: on a big table it costs a full scan."""

    conversations: list[Conversation]
    number: int
    has_next: bool

    @property
    def has_previous(self) -> bool:
        return self.number > 1


def conversation_page(
    *, source_id: int | None = None, query: str = "", number: int = 1, per_page: int = PER_PAGE
) -> ConversationPage:
    """Newest first, optionally one source's, optionally with a message containing `query`."""
    conversations: QuerySet[Conversation] = Conversation.objects.select_related("source")
    if source_id is not None:
        conversations = conversations.filter(source_id=source_id)
    if query:
        matching = Message.objects.filter(conversation=OuterRef("pk"), text__icontains=query)
        conversations = conversations.filter(Exists(matching))
    number = max(number, 1)
    start = (number - 1) * per_page
    rows = list(conversations.order_by("-created_at", "-pk")[start : start + per_page + 1])
    return ConversationPage(rows[:per_page], number, len(rows) > per_page)


def sources() -> QuerySet[Source]:
    return Source.objects.order_by("name")


def conversation_messages(conversation: Conversation) -> QuerySet[Message]:
    return conversation.messages.order_by("order")
