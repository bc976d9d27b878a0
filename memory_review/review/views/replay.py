"""Replay: what a release would have put into the agent's prompt for each visitor turn."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from conversations.models import Conversation
from knowledge_repo.models import Release
from memory_review.extraction.replay import replay as replay_turns
from memory_review.roles import reviewer_required

MAX_TURNS = 100


def _ref(value: str | None, releases: list[str], default: str = "published") -> str:
    return value if value == "published" or value in releases else default


@require_GET
@reviewer_required
def replay(request: HttpRequest, pk: int) -> HttpResponse:
    conversation = Conversation.objects.select_related("source").filter(pk=pk).first()
    if conversation is None:
        raise Http404(_("No such conversation."))
    releases = list(Release.objects.order_by("-pk").values_list("name", flat=True)[:50])
    ref = _ref(request.GET.get("ref"), releases)
    compare = _ref(request.GET.get("compare"), releases, default="")
    refs = [ref, compare] if compare and compare != ref else [ref]
    result = replay_turns(refs=refs, conversation_ids=[conversation.pk], max_turns=MAX_TURNS)
    return render(
        request,
        "review/replay.html",
        {
            "conversation": conversation,
            "result": result,
            "ref": ref,
            "compare": compare,
            "releases": releases,
            "errors": [f for f in result.figures if f.error],
        },
    )
