"""Conversation pages: visitors' words, so reviewers (and publishers) only."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from memory_review.roles import reviewer_required

from . import selectors
from .models import Conversation


def _int(value: str | None) -> int | None:
    try:
        return int(value) if value else None
    except ValueError:
        return None


@reviewer_required
def conversation_list(request: HttpRequest) -> HttpResponse:
    source_id = _int(request.GET.get("source"))
    query = request.GET.get("q", "").strip()[:200]
    page = selectors.conversation_page(
        source_id=source_id, query=query, number=_int(request.GET.get("page")) or 1
    )
    return render(
        request,
        "conversations/list.html",
        {"page": page, "sources": selectors.sources(), "source_id": source_id, "q": query},
    )


@reviewer_required
def conversation_detail(request: HttpRequest, pk: int) -> HttpResponse:
    conversation = get_object_or_404(Conversation.objects.select_related("source"), pk=pk)
    return render(
        request,
        "conversations/detail.html",
        {
            "conversation": conversation,
            "conversation_messages": selectors.conversation_messages(conversation),
            "highlight": _int(request.GET.get("m")),
        },
    )
