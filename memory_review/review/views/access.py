from typing import Any

from django.http import Http404, HttpRequest
from django.utils.translation import gettext as _

from memory_review.extraction.models import Candidate


def get_candidate_for_reviewer(request: HttpRequest, pk: int) -> Candidate:
    """The candidate, for a view already guarded by ``reviewer_required``; 404 if absent.

    ``duplicate_of`` is not joined: most candidates have none (then reading it costs
    nothing), and joining a second candidate row made every page read twice the columns.
    """
    candidate = (
        Candidate.objects.select_related("run", "conversation__source").filter(pk=pk).first()
    )
    if candidate is None:
        raise Http404(_("No such candidate."))
    return candidate


def candidate_to_decide(pk: int) -> Candidate:
    """The candidate a decision names, by id and name only (404 if absent): the decision
    itself reads and locks the row it changes."""
    candidate = Candidate.objects.only("pk", "name").filter(pk=pk).first()
    if candidate is None:
        raise Http404(_("No such candidate."))
    return candidate


def wants_json(request: HttpRequest) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def user_label(user: Any) -> str:
    return user.get_full_name() or user.get_username()
