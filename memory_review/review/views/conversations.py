"""A conversation as reviewers read it: its messages, the candidates extracted from it and
the records they made (the review app's page, since it shows review concepts)."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from conversations.models import Conversation
from conversations.selectors import conversation_messages
from memory_review.roles import reviewer_required

from ..selectors.crosslinks import candidates_of_conversation, records_of_candidates


def _int(value: str | None) -> int | None:
    try:
        return int(value) if value else None
    except ValueError:
        return None


@reviewer_required
def conversation_page(request: HttpRequest, pk: int) -> HttpResponse:
    conversation = get_object_or_404(Conversation.objects.select_related("source"), pk=pk)
    candidates = candidates_of_conversation(conversation.pk)
    return render(
        request,
        "review/conversation.html",
        {
            "conversation": conversation,
            "candidates": candidates,
            "records": records_of_candidates([c.pk for c in candidates]),
            "conversation_messages": conversation_messages(conversation),
            "highlight": _int(request.GET.get("m")),
        },
    )
