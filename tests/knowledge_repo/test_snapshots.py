"""Snapshot publishing: signed snapshots, remotes with a foreign history, screened names."""

import io
import subprocess

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from knowledge_repo import seal
from knowledge_repo.actions import (
    KnowledgeError,
    commit_pending,
    cut_release,
    publish_problems,
    publish_release,
)

from .conftest import git, make_record


def test_snapshot_commits_and_public_tags_are_signed_with_the_release_key(
    kb, alice, bob, settings, tmp_path
):
    key = tmp_path / "keys" / "release_ed25519"
    call_command("kb_signing_key", path=str(key), stdout=io.StringIO())
    settings.KNOWLEDGE_SIGNING_KEY = str(key)
    make_record(alice)
    commit_pending()
    release = cut_release(user=bob, name="v1").release
    publication = publish_release(user=bob, name=release.name)
    remote = tmp_path / "published.git"
    signers = tmp_path / "agent_signers"
    signers.write_text(seal.allowed_signers_line() + "\n")
    ok = f"gpg.ssh.allowedSignersFile={signers}"
    git(remote, "-c", ok, "verify-commit", "published")
    git(remote, "-c", ok, "verify-tag", "v1")
    assert git(remote, "rev-parse", "v1^{commit}").strip() == publication.snapshot_sha
    # The public tag is a separate object from the internal one, which stays in place.
    assert git(remote, "rev-parse", "v1") != git(kb, "rev-parse", "refs/tags/v1")
    assert git(kb, "rev-parse", "refs/tags/v1^{commit}").strip() == release.sha


def test_a_remote_with_the_working_history_is_refused_until_replaced(kb, alice, bob, tmp_path):
    remote = tmp_path / "published.git"
    make_record(alice)
    commit_pending()
    release = cut_release(user=bob, name="v1").release
    # A deployment from before snapshots: the remote holds the internal history and its tags.
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
    git(kb, "push", "-q", str(remote), f"{release.sha}:refs/heads/published", "refs/tags/v1")
    publication = publish_release(user=bob, name="v1")
    assert not publication.ok
    error = publication.results[0]["error"]
    assert str(remote) in error and "--replace-public-history" in error
    assert git(remote, "rev-parse", "published").strip() == release.sha  # untouched
    with pytest.raises(CommandError, match="--yes"):
        call_command("kb_publish", "v1", "--user", "bob", "--replace-public-history")
    replaced = publish_release(user=bob, name="v1", replace_public_history=True)
    assert replaced.ok
    assert git(remote, "rev-parse", "published").strip() == replaced.snapshot_sha
    # The refused publication is a snapshot too (other remotes may have taken it): the
    # public tag is at the first one, and each publication is one commit.
    assert git(remote, "rev-parse", "v1^{commit}").strip() == publication.snapshot_sha
    log = git(remote, "log", "--format=%B", "published")
    assert "Change-Id" not in log and git(remote, "rev-list", "--count", "published").strip() == "2"
    assert release.sha not in git(remote, "rev-list", "--all")
    # From now on it fast-forwards.
    assert publish_release(user=bob, name="v1").ok


def test_a_cut_release_is_never_pushed_and_the_rule_names_what_it_refuses(
    kb, alice, bob, tmp_path, settings
):
    remote = tmp_path / "published.git"
    make_record(alice)
    commit_pending()
    cut_release(user=bob, name="v1")
    make_record(alice, name="Deploying")
    commit_pending()
    cut_release(user=bob, name="v2")
    publish_release(user=bob, name="v2")
    assert git(remote, "tag").split() == ["v2"]
    assert git(remote, "rev-list", "--count", "published").strip() == "1"
    # Release names are public text: one that reads as personal data is refused at the cut.
    with pytest.raises(KnowledgeError, match="release name"):
        cut_release(user=bob, name="4111111111111111")
    from knowledge_repo.models import Release

    v1 = Release.objects.get(name="v1")
    assert publish_problems(v1) == []
    git(kb, "tag", "-d", "v1")
    assert publish_problems(v1) == ["the tag 'v1' is missing from the repository"]
