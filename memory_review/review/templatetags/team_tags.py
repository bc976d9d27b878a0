"""The team's panels, included by pages that other views own: comments and assignment,
sharing out a filtered queue, and the dashboard's progress per reviewer."""

import re
from typing import Any

from django import template
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from ..selectors.progress import agreement, progress
from ..selectors.team import assignment_for, colleague_names, colleagues, comments_for
from ..targets import Target

register = template.Library()

ESCAPED_MENTION = re.compile(r"(?<![\w@.+-])@([\w.+-]*[\w+-])")


@register.filter
def with_mentions(body: str) -> SafeString:
    """The comment escaped, its line breaks kept and its @mentions marked."""
    escaped = str(escape(body))
    marked = ESCAPED_MENTION.sub(
        lambda m: str(format_html('<strong class="mention">@{}</strong>', m.group(1))), escaped
    )
    return mark_safe(marked.replace("\n", "<br>"))  # noqa: S308 - escaped above


@register.inclusion_tag("review/_comments.html", takes_context=True)
def team_panel(
    context: template.Context,
    candidate: Any = None,
    held: Any = None,
    slug: str = "",
    related: Any = None,
) -> dict[str, Any]:
    """Comments on an item, who it is assigned to, and the forms to change either.

    ``related`` (the candidate page's ``selectors.related_rows``) says whether the item
    has comments or an assignment at all: a list it has none of is not asked for."""
    target = Target(candidate=candidate, held=held, slug="" if candidate or held else slug)
    request = context.get("request")
    assignable = target.assignable()
    return {
        "target": target,
        "comments": comments_for(target) if related is None or related.comments else [],
        "assignment": assignment_for(target) if related is None or related.assignment else None,
        "assignable": assignable,
        # Only the assign forms list them (by name), and only for an open item.
        "colleagues": colleague_names() if assignable else [],
        "me": getattr(request, "user", None),
        "next": request.get_full_path() if request is not None else "",
        "csrf_token": context.get("csrf_token"),
    }


@register.inclusion_tag("review/_assign_queue.html", takes_context=True)
def queue_assign(context: template.Context, query: str = "", count: Any = None) -> dict[str, Any]:
    """Share the filtered list out: to one person, or round-robin among several."""
    return {
        "query": query,
        "count": count,
        "colleagues": list(colleagues()),
        "csrf_token": context.get("csrf_token"),
    }


@register.inclusion_tag("review/_team_progress.html")
def team_progress() -> dict[str, Any]:
    """Per-reviewer progress and pace, and how often second approvers agreed."""
    return {"progress": progress(), "agreement": agreement()}
