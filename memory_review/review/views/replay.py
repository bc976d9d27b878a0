"""Replay: what a release would have put into the agent's prompt for each visitor turn."""

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from conversations.models import Conversation, Message
from knowledge_repo.models import Release
from knowledge_repo.reader import KnowledgeBaseError, open_knowledge
from memory_review.roles import reviewer_required

MAX_TURNS = 100


@require_GET
@reviewer_required
def replay(request: HttpRequest, pk: int) -> HttpResponse:
    conversation = Conversation.objects.select_related("source").filter(pk=pk).first()
    if conversation is None:
        raise Http404("No such conversation.")
    releases = list(Release.objects.order_by("-pk").values_list("name", flat=True)[:50])
    ref = request.GET.get("ref", "published")
    if ref != "published" and ref not in releases:
        ref = "published"
    turns = list(
        Message.objects.filter(conversation=conversation, role=Message.Role.USER)
        .exclude(text="")
        .order_by("order")[:MAX_TURNS]
    )
    rows, error = [], ""
    try:
        with open_knowledge(settings.KNOWLEDGE_REPO_PATH, ref) as kb:
            for turn in turns:
                rows.append({"turn": turn, "selected": kb.select(turn.text, k=5)})
    except KnowledgeBaseError as exc:
        error = str(exc)
    return render(
        request,
        "review/replay.html",
        {
            "conversation": conversation,
            "rows": rows,
            "ref": ref,
            "releases": releases,
            "error": error,
            "truncated": len(turns) == MAX_TURNS,
        },
    )
