"""Talking items over: comments with @mentions, second opinions, the notifications page."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from memory_review.roles import reviewer_required

from .. import actions
from ..models import Notification
from ..selectors.team import comment_target, notifications, unread_count
from ..team_forms import CommentForm, SecondOpinionForm
from .assignment import back, get_target


def _said(request: HttpRequest, result: actions.CommentResult) -> None:
    if result.notified:
        names = ", ".join(u.get_username() for u in result.notified)
        messages.success(request, _("Comment saved; notified: %(who)s.") % {"who": names})
    else:
        messages.success(request, _("Comment saved."))
    if result.unknown:
        messages.warning(
            request,
            _("No reviewer or publisher is called %(names)s: nobody was notified for it.")
            % {"names": ", ".join("@" + n for n in result.unknown)},
        )


@require_POST
@reviewer_required
def comment_add(request: HttpRequest) -> HttpResponse:
    target = get_target(request.POST.get("target", ""))
    form = CommentForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Write the comment first (at most 5,000 characters)."))
        return back(request, target)
    try:
        result = actions.add_comment(
            target=target,
            author=request.user,
            body=form.cleaned_data["body"],
            link=request.build_absolute_uri(target.url()),
        )
    except actions.ReviewError as error:
        messages.error(request, str(error))
    else:
        _said(request, result)
    return back(request, target)


@require_POST
@reviewer_required
def second_opinion(request: HttpRequest) -> HttpResponse:
    """Assign an item to a named colleague with a comment, without deciding it."""
    target = get_target(request.POST.get("target", ""))
    form = SecondOpinionForm(request.POST)
    if not form.is_valid():
        if "colleague" in form.errors:
            messages.error(request, _("Choose the colleague to ask."))
        else:
            messages.error(request, _("Say what you would like a second opinion on."))
        return back(request, target)
    colleague = form.cleaned_data["colleague"]
    try:
        actions.ask_second_opinion(
            target=target,
            author=request.user,
            colleague=colleague,
            body=form.cleaned_data["body"],
            link=request.build_absolute_uri(target.url()),
        )
    except actions.ReviewError as error:
        messages.error(request, str(error))
        return back(request, target)
    messages.success(
        request,
        _("Asked %(who)s for a second opinion; it is on their list now. Nothing was decided.")
        % {"who": colleague.get_username()},
    )
    return redirect("review:assigned")


@require_GET
@reviewer_required
def notification_list(request: HttpRequest) -> HttpResponse:
    rows = [{"n": n, "target": comment_target(n.comment)} for n in notifications(request.user)]
    return render(
        request,
        "review/notifications.html",
        {"rows": rows, "unread": unread_count(request.user)},
    )


@require_POST
@reviewer_required
def notification_open(request: HttpRequest, pk: int) -> HttpResponse:
    """Mark one of my notifications read and go to what it is about."""
    notification = get_object_or_404(
        Notification.objects.select_related("comment"), pk=pk, user=request.user
    )
    actions.mark_notifications_read(user=request.user, ids=[notification.pk])
    return redirect(
        comment_target(notification.comment).url() + f"#comment-{notification.comment_id}"
    )


@require_POST
@reviewer_required
def notifications_read(request: HttpRequest) -> HttpResponse:
    n = actions.mark_notifications_read(user=request.user)
    messages.success(request, _("%(n)s notifications marked read.") % {"n": n})
    return redirect("review:notifications")
