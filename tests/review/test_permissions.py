"""Walk every URL of the project with every role and anonymous.

A page "answers" a user when it returns content or acts (2xx, or a redirect
that is not to a login page). Each URL has the least role that may use it;
anyone below must get 401/403/404/405 or a redirect to a login page, for
GET and for POST.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.urls.exceptions import NoReverseMatch

from knowledge_repo import actions as kr
from knowledge_repo.models import Change, Release

from . import factories

# Logging in and out is for everyone; so are the favicon and the load balancer's health checks,
# and choosing the language (the login page has the switcher too) with the scripts' texts.
PUBLIC = {
    "login",
    "admin:login",
    "admin:logout",
    "favicon",
    "healthz",
    "readyz",
    "set_language",
    "javascript-catalog",
}
ANY_USER = {"home", "logout"}
PUBLISHER = {
    "review:releases",
    "review:release_cut",
    "review:release_publish",
    "review:release_rollback",
    "review:change_revert",
    "review:finding_clear",
    "review:release_walk",
    "review:release_read",
}
LEVELS = {"anonymous": 0, "charlie": 1, "alice": 2, "bob": 3}


def required_level(name: str) -> int | None:
    """The least LEVELS value that may use the URL; None when not ours to judge (admin)."""
    if name in PUBLIC:
        return 0
    if name in ANY_USER:
        return 1
    if name.startswith("admin:"):
        return 4  # staff only: nobody in LEVELS
    if name.startswith("api:"):
        return 5  # bearer token only: no session user
    if name in PUBLISHER:
        return 3
    return 2


def _walk(patterns: list[Any], namespace: str = "") -> list[tuple[str, Any]]:
    found: list[tuple[str, Any]] = []
    for entry in patterns:
        if isinstance(entry, URLResolver):
            ns = entry.namespace or ""
            found += _walk(entry.url_patterns, f"{namespace}{ns}:" if ns else namespace)
        elif isinstance(entry, URLPattern) and entry.name:
            found.append((f"{namespace}{entry.name}", entry.pattern))
    return found


def _args(pattern: Any, objects: dict[str, Any]) -> dict[str, Any] | None:
    converters = getattr(pattern, "converters", {})
    route = str(pattern)
    kwargs: dict[str, Any] = {}
    for key in converters:
        if key == "slug":
            kwargs[key] = objects["record"].slug
        elif key == "name":
            kwargs[key] = objects["release"].name
        elif "held" in route:
            kwargs[key] = objects["held"].pk
        elif "candidate" in route:
            kwargs[key] = objects["candidate"].pk
        elif "change" in route:
            kwargs[key] = objects["change"].pk
        elif "jobs" in route:
            kwargs[key] = objects["job"].pk
        elif "run" in route:
            kwargs[key] = objects["run"].pk
        else:
            kwargs[key] = objects["conversation"].pk
    return kwargs


def _urls(objects: dict[str, Any]) -> list[tuple[str, str]]:
    urls = []
    for name, pattern in _walk(get_resolver().url_patterns):
        kwargs = _args(pattern, objects)
        try:
            urls.append((name, reverse(name, kwargs=kwargs or None)))
        except NoReverseMatch:
            # Admin patterns built from regexes with choices; the admin guards itself.
            assert name.startswith("admin:"), f"could not build a URL for {name}"
    return urls


def _refused(response: Any) -> bool:
    if response.status_code in (401, 403, 404, 405):
        return True
    return response.status_code == 302 and "login" in response["Location"]


@pytest.fixture
def objects(alice, django_capture_on_commit_callbacks) -> dict[str, Any]:
    from memory_review.review import actions

    candidate = factories.candidate()
    with django_capture_on_commit_callbacks(execute=True):
        event = actions.approve_candidate(candidate=factories.candidate(), reviewer=alice)
    change = Change.objects.get(pk=event.change_id or 0)
    release = kr.cut_release(user=alice).release
    assert isinstance(release, Release)
    from knowledge_repo.models import Record
    from memory_review.review.models import HeldChange

    actions.edit_record(
        user=alice, slug=change.slug, fields={"body": "Write to jane.doe@example.com for help."}
    )
    from knowledge_repo import jobs

    job = jobs.enqueue(
        "replay",
        user=alice,
        refs=["published"],
        conversation_ids=[candidate.conversation.pk],
        max_turns=10,
    )
    return {
        "job": job,
        "held": HeldChange.objects.get(),
        "candidate": candidate,
        "conversation": candidate.conversation,
        "run": candidate.run,
        "change": change,
        "record": Record.objects.get(slug=change.slug),
        "release": release,
    }


def test_every_url_refuses_users_below_its_role(client, objects, charlie, alice, bob):
    users = {"charlie": charlie, "alice": alice, "bob": bob}
    urls = _urls(objects)
    assert any(name == "review:queue" for name, _ in urls)
    problems = []
    for who, level in LEVELS.items():
        client.logout()
        if who != "anonymous":
            client.force_login(users[who])
        for name, url in urls:
            need = required_level(name)
            if need is None or level >= need:
                continue
            for method in ("get", "post"):
                response = getattr(client, method)(url)
                if not _refused(response):
                    problems.append(
                        f"{who} {method.upper()} {name} {url} -> {response.status_code}"
                    )
            if who != "anonymous":
                # logout is a POST target; keep the session for the next URL
                client.force_login(users[who])
    assert problems == [], "\n".join(problems)


def test_every_review_page_answers_its_role(client, objects, alice, bob):
    for user in (alice, bob):
        client.force_login(user)
        for name, url in _urls(objects):
            if not name.startswith("review:") or required_level(name) > (3 if user == bob else 2):
                continue
            response = client.get(url)
            assert response.status_code in (200, 302, 405), (user, name, response.status_code)
            if response.status_code == 200:
                assert (
                    "<form" not in response.content.decode()
                    or "csrfmiddlewaretoken" in response.content.decode()
                ), name
