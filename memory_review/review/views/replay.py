"""Replay: what a release would have put into the agent's prompt for each visitor turn.

Reading releases needs the git working copy, so the committer replays (a
``replay`` job); the page asks for it, follows its progress and shows the
result, reusing a finished replay while no release was cut or published since.
"""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from conversations.models import Conversation
from knowledge_repo import jobs
from knowledge_repo.models import KnowledgeJob, Publication, Release
from memory_review.extraction.replay import Replay
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
    params = {
        "refs": refs,
        "conversation_ids": [conversation.pk],
        "max_turns": MAX_TURNS,
        # A new release or publication makes an earlier replay out of date.
        "as_of": [Release.objects.count(), Publication.objects.count()],
    }
    job = _finished(params) or jobs.pending("replay", **params)
    if job is None:
        job = jobs.enqueue("replay", user=request.user, **params)
    context = {
        "conversation": conversation,
        "ref": ref,
        "compare": compare,
        "releases": releases,
        "job": job,
    }
    if job.status == KnowledgeJob.Status.DONE:
        result = Replay.from_json(job.result)
        context.update(result=result, errors=[f for f in result.figures if f.error])
    return render(request, "review/replay.html", context)


def _finished(params: dict) -> KnowledgeJob | None:
    done = KnowledgeJob.objects.filter(kind="replay", status=KnowledgeJob.Status.DONE)
    return next((job for job in done.order_by("-pk")[:20] if job.params == params), None)
