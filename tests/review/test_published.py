"""What reaches the published branch: handles not e-mail addresses, opaque sources, no ids."""

import re
import subprocess

import pytest
from django.urls import reverse

from knowledge_repo import actions as kr
from knowledge_repo.models import Change
from memory_review.review import actions

from . import factories

EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}")


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], capture_output=True, text=True, check=True).stdout


def test_the_published_branch_carries_no_addresses_or_conversation_ids(
    alice, dora, bob, knowledge_repo, settings, tmp_path, django_capture_on_commit_callbacks
):
    conversation = factories.conversation(external_id="visitor-7f3a9c")
    with django_capture_on_commit_callbacks(execute=True):
        actions.approve_candidate(
            candidate=factories.candidate(conversation=conversation), reviewer=alice
        )
        c = factories.candidate(body="Opening hours are 9 to 5.", name="Hours")
        actions.approve_candidate(candidate=c, reviewer=dora)
    release = actions.cut_release(user=bob).release
    factories.walk(bob, release.name)
    actions.publish_release(user=bob, name=release.name)
    clone = tmp_path / "clone"
    _git("clone", "-q", "--branch", "published", settings.KNOWLEDGE_PUBLISH_REMOTES[0], str(clone))
    tree = _git("-C", str(clone), "grep", "-I", "-h", "", "HEAD")
    log = _git("-C", str(clone), "log", "--format=%an <%ae> %cn <%ce>%n%B")
    for text in (tree, log):
        assert "visitor-7f3a9c" not in text
        assert "example.org" not in text  # the reviewers' real addresses
        assert {m for m in EMAIL.findall(text)} <= {
            "alice-pub@users.noreply.invalid",
            "dora-pub@users.noreply.invalid",
            "bob-pub@users.noreply.invalid",
        }
    # The tree names reviewers by handle; the public history has no trailers of the working one.
    assert "src-" in tree and "alice-pub" in tree
    assert "Reviewed-by" not in log and "Change-Id" not in log
    # The app still resolves every reference to the conversation.
    change = Change.objects.filter(candidate_id__isnull=False).first()
    assert change.sources[0].startswith("help-desk/")


def test_publishing_refuses_an_address_off_the_allow_list(
    alice, bob, dora, knowledge_repo, settings, django_capture_on_commit_callbacks
):
    kr.create_record(
        author=alice,
        name="Contact",
        description="Who to write to",
        body="Mail boss@shop.example.",
        type="project",
    )
    kr.commit_pending()
    result = actions.cut_release(user=bob)
    (finding,) = result.findings
    # Publishing would refuse it whatever is cleared, so it cannot be cleared.
    with pytest.raises(actions.ReviewError, match="PUBLIC_CONTACTS"):
        actions.clear_finding(user=bob, finding=finding, reason="our public address")
    assert actions.cut_release(user=bob).release is None
    settings.PUBLIC_CONTACTS = ["boss@shop.example"]
    release = actions.cut_release(user=bob).release
    factories.walk(bob, release.name)
    assert actions.publish_release(user=bob, name=release.name).ok
    # The allow-list shrinks again: publishing the same release is refused by the one rule.
    settings.PUBLIC_CONTACTS = []
    assert kr.publish_problems(release)
    with pytest.raises(kr.KnowledgeError, match="boss@shop.example"):
        actions.publish_release(user=bob, name=release.name)


def test_a_confirmed_clearance_shows_both_reasons_in_the_publishers_language(
    alice, bob, dora, knowledge_repo, client
):
    kr.create_record(
        author=alice,
        name="Office",
        description="Where the office is",
        body="The office is at 12 Baker Street, London NW1 6XE.",
        type="project",
    )
    kr.commit_pending()
    (finding,) = actions.cut_release(user=bob).findings
    actions.clear_finding(user=bob, finding=finding, reason="our own office")
    actions.clear_finding(user=dora, finding=finding, reason="我核对过了")
    client.force_login(bob)
    page = client.get(reverse("review:releases"), HTTP_ACCEPT_LANGUAGE="zh-Hans").content.decode()
    assert "our own office<br>确认： 我核对过了" in page
    assert "Confirmed:" not in page
