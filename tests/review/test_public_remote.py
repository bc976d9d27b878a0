"""The public remote holds exactly the published releases (issue 18's acceptance test).

A realistic flow through the real actions and pages, then a mirror clone of
the public remote: every object in it must come from a published release
(its tree, its snapshot commit, its public tag), one commit per
publication, no internal id or login name, public tags for published
releases only, and rollback never reaches a release that was only cut or
that the publish rule refuses.
"""

import re
import subprocess
from pathlib import Path

import pytest
from django.urls import reverse

from knowledge_repo import actions as kr
from knowledge_repo.models import Change, Publication, Release
from memory_review.review import actions
from memory_review.review.models import HeldChange

from . import factories

SECRETS = (
    "jane.doe@example.com",
    "4111 1111 1111 1111",
    "12 Baker Street",
    "DE89370400440532013000",
)
PHONE = "+1 415 555 0134"


def git(repo: Path, *args: str, data: bytes | None = None) -> bytes:
    return subprocess.run(
        ["git", "-C", str(repo), *args], input=data, capture_output=True, check=True
    ).stdout


def objects(repo: Path) -> dict[str, tuple[str, bytes]]:
    """Every object of the repository: sha -> (type, content)."""
    listing = git(repo, "cat-file", "--batch-all-objects", "--batch-check").decode().split("\n")
    found = {}
    for line in filter(None, listing):
        sha, kind, _ = line.split()
        found[sha] = (kind, git(repo, "cat-file", kind, sha))
    return found


def tree_objects(repo: Path, ref: str) -> set[str]:
    """The tree and every blob and subtree of ``ref``'s tree."""
    out = git(repo, "ls-tree", "-r", "-t", f"{ref}^{{tree}}").decode().split("\n")
    return {git(repo, "rev-parse", f"{ref}^{{tree}}").decode().strip()} | {
        line.split()[2] for line in out if line
    }


def approve_twice(candidate, first, second):
    actions.approve_candidate(candidate=candidate, reviewer=first)
    actions.approve_candidate(candidate=candidate, reviewer=second)
    kr.commit_pending()


def cut(bob, name):
    result = actions.cut_release(user=bob, name=name)
    assert result.release is not None, result.failures
    return result.release


def publish(bob, name):
    factories.walk(bob, name)
    publication = actions.publish_release(user=bob, name=name)
    assert publication.ok, publication.results
    return publication


@pytest.fixture
def flow(alice, dora, bob, client, settings, knowledge_repo):
    """Approve (two people), edit personal data out, retract, cut v1..v4, publish some, roll back."""
    settings.REVIEW_TWO_APPROVALS = True
    settings.PUBLIC_CONTACTS = [PHONE]
    approve_twice(factories.candidate(name="Opening hours", body="Nine to five."), alice, dora)
    contact = factories.candidate(
        name="Contact",
        body="Write to jane.doe@example.com, card 4111 1111 1111 1111, "
        "or visit 12 Baker Street, London NW1 6XE.",
    )
    approve_twice(contact, alice, dora)
    slug = Change.objects.latest("pk").slug
    # Edited out by two people before any release.
    held = actions.edit_record(user=alice, slug=slug, fields={"body": "Ask the help desk."})
    assert held.action == "hold"
    actions.approve_held(held=HeldChange.objects.get(status="waiting"), reviewer=dora)
    kr.commit_pending()
    approve_twice(factories.candidate(name="Returns", body="Thirty days."), alice, dora)
    returns = Change.objects.latest("pk").slug
    v1 = cut(bob, "v1")
    publish(bob, "v1")

    # A retract reason with personal data is refused at the form; nothing is written.
    client.force_login(alice)
    before = Change.objects.count()
    url = reverse("review:record_retract", args=[returns])
    response = client.post(url, {"reason": "see jane.doe@example.com, IBAN DE89370400440532013000"})
    assert response.status_code == 400 and "personal data" in response.content.decode()
    assert Change.objects.count() == before
    assert client.post(url, {"reason": "Policy changed"}).status_code == 302
    kr.commit_pending()
    v2 = cut(bob, "v2")  # cut, never published
    # A reason written into the internal history by an older version (round the form).
    approve_twice(factories.candidate(name="Lost and found", body="Ask at the desk."), alice, dora)
    lost = Change.objects.latest("pk").slug
    kr.retract_record(author=dora, slug=lost, reason="IBAN DE89370400440532013000")
    kr.commit_pending()
    approve_twice(factories.candidate(name="Phone", body=f"Call us on {PHONE}."), alice, dora)
    v3 = cut(bob, "v3")
    publish(bob, "v3")
    approve_twice(factories.candidate(name="Parking", body="Free after six."), alice, dora)
    v4 = cut(bob, "v4")
    publish(bob, "v4")
    publish(bob, "v1")  # re-publish an old release
    back = actions.rollback_release(user=bob)  # to v4, published before v1
    return {"v1": v1, "v2": v2, "v3": v3, "v4": v4, "back": back}


def test_a_mirror_of_the_public_remote_holds_only_published_releases(
    flow, settings, tmp_path, knowledge_repo
):
    assert flow["back"].release.name == "v4"
    mirror = tmp_path / "mirror.git"
    subprocess.run(
        # file://: the transport a stranger uses, not a copy of the remote's object files.
        [
            "git",
            "clone",
            "-q",
            "--mirror",
            f"file://{settings.KNOWLEDGE_PUBLISH_REMOTES[0]}",
            str(mirror),
        ],
        check=True,
    )
    # The working history holds what must not go public (so the checks below can fail).
    working = git(knowledge_repo, "log", "--all", "-p", "--format=%B").decode()
    assert "Change-Id" in working and "DE89370400440532013000" in working
    assert "jane.doe@example.com" in working
    publications = list(Publication.objects.order_by("pk"))
    published = {p.release.name for p in publications}
    assert published == {"v1", "v3", "v4"}
    everything = objects(mirror)

    # Exactly one commit per publication, chained in order, and nothing else.
    commits = {sha for sha, (kind, _) in everything.items() if kind == "commit"}
    assert commits == {p.snapshot_sha for p in publications}
    assert len(commits) == len(publications) == 5
    chain = git(mirror, "rev-list", "--reverse", "published").decode().split()
    assert chain == [p.snapshot_sha for p in publications]
    # Every tree and blob is one of a published release's.
    allowed = set().union(*(tree_objects(knowledge_repo, f"refs/tags/{n}") for n in published))
    for sha, (kind, _) in everything.items():
        if kind in ("tree", "blob"):
            assert sha in allowed, f"{kind} {sha} was in no published release"
    # Public tags: the published releases only, each at its first snapshot, never moved.
    tags = git(mirror, "for-each-ref", "--format=%(refname:short) %(*objectname)", "refs/tags")
    tag_targets = dict(line.split() for line in tags.decode().splitlines())
    first = {}
    for p in publications:
        first.setdefault(p.release.name, p.snapshot_sha)
    assert tag_targets == first
    heads = git(mirror, "for-each-ref", "--format=%(refname)", "refs/heads").decode().split()
    assert heads == ["refs/heads/published"]

    text = b"\n".join(content for _, content in everything.values()).decode("utf-8", "replace")
    for secret in SECRETS:
        assert secret not in text
    for internal in ("Change-Id", "Change-Kind", "Reviewed-by", "Source:", "example.org"):
        assert internal not in text
    assert not re.search(r"\b(alice|dora|bob)\b(?!-pub)", text)  # handles only, no login names
    # No internal commit: neither release commits nor the working history.
    internal = {r.sha for r in Release.objects.all()} | set(
        Change.objects.exclude(commit_sha="").values_list("commit_sha", flat=True)
    )
    assert not internal & set(everything)
    assert not any(sha in text for sha in internal)
    # Each snapshot's message is its checked changelog with the release it publishes.
    messages = [
        git(mirror, "log", "-1", "--format=%B", p.snapshot_sha).decode() for p in publications
    ]
    assert [m.splitlines()[0] for m in messages] == [
        "Release v1",
        "Release v3",
        "Release v4",
        "Publish v1 again",
        "Roll back to v4",
    ]
    assert all(
        f"Release: {p.release.name}" in m for p, m in zip(publications, messages, strict=True)
    )
    authors = git(mirror, "log", "--format=%an <%ae>|%cn <%ce>", "published").decode()
    assert set(authors.splitlines()) == {
        "bob-pub <bob-pub@users.noreply.invalid>|memory review <memory-review@localhost>"
    }


def test_rollback_reaches_only_published_releases_that_pass_the_rule(flow, bob, settings):
    # Every rollback went to a release published before it, never to v2 (only cut).
    for p in Publication.objects.filter(action="rollback"):
        assert Publication.objects.filter(release=p.release, pk__lt=p.pk, action="publish").exists()
    assert not Publication.objects.filter(release__name="v2").exists()
    # Now v4 is published; the release published before it is v1.
    assert kr.rollback_target().name == "v1"
    actions.rollback_release(user=bob)
    assert kr.published_release().name == "v1" and kr.rollback_target().name == "v4"
    # The allow-list shrinks: v4 (with the phone number) is refused now, by the same rule.
    settings.PUBLIC_CONTACTS = []
    assert any(PHONE in p for p in kr.publish_problems(flow["v4"]))
    with pytest.raises(kr.KnowledgeError, match="cannot be published"):
        actions.rollback_release(user=bob)
    assert kr.published_release().name == "v1"


def test_the_page_offers_rollback_only_when_the_target_passes(flow, bob, client, settings):
    client.force_login(bob)
    html = client.get(reverse("review:releases")).content.decode()
    # v4 is published now, v1 before it: offered, and both shas of each publication shown.
    assert "Roll back to v1, published before v4" in html
    publication = Publication.objects.first()
    assert publication.snapshot_sha[:10] in html and publication.release_sha[:10] in html
    # The allow-list shrinks: v3 and v4 hold a number publishing refuses now, v1 does not.
    settings.PUBLIC_CONTACTS = []
    html = client.get(reverse("review:releases")).content.decode()
    row = html[html.index('id="release-v4"') :]
    assert "publishing refuses it" in row[: row.index("</tr>")]
    assert PHONE in row[: row.index("</tr>")]
    assert "No rollback" not in html and "Roll back to v1" in html
    kr.rollback_release(user=bob)  # to v1; the release published before it is v4, refused now
    html = client.get(reverse("review:releases")).content.decode()
    assert "Roll back to" not in html and 'id="no-rollback"' in html
