"""Sealed releases, app side: every release tree carries a manifest of its files; signed with a key."""

import hashlib
import io
import json
import subprocess

import pytest
from django.core.management import call_command

from knowledge_repo import seal
from knowledge_repo.actions import (
    KnowledgeError,
    commit_pending,
    cut_release,
    retract_record,
    update_record,
)
from knowledge_repo.checks import public_problems

from .conftest import git, make_record


def tree_hashes(repo, ref):
    """Path -> sha256 of every file of ``ref``'s tree, read straight from git."""
    files = {}
    for path in git(repo, "ls-tree", "-r", "--name-only", "-z", ref).split("\0"):
        if path and path != seal.MANIFEST_FILE:
            data = subprocess.run(
                ["git", "-C", str(repo), "cat-file", "blob", f"{ref}:{path}"],
                capture_output=True,
                check=True,
            ).stdout
            files[path] = "sha256:" + hashlib.sha256(data).hexdigest()
    return files


def manifest(repo, ref):
    return json.loads(git(repo, "show", f"{ref}:{seal.MANIFEST_FILE}"))


def test_a_release_carries_a_manifest_matching_its_tree(kb, alice, bob):
    make_record(alice, name="Tests")
    make_record(alice, name="Deploying")
    commit_pending()
    cut_release(user=bob, name="v1")
    first = manifest(kb, "v1")
    assert first["format"] == 1 and first["release"] == "v1" and first["previous"] is None
    assert first["files"] == tree_hashes(kb, "v1")
    assert {"MEMORY.md", "CHANGELOG.md", "records/tests.md"} <= first["files"].keys()


def test_the_next_manifest_follows_changes_and_deletions(kb, alice, bob):
    make_record(alice, name="Tests")
    make_record(alice, name="Deploying")
    commit_pending()
    cut_release(user=bob, name="v1")
    update_record(
        author=alice, slug="tests", name="Tests", description="new", body="b", type="project"
    )
    retract_record(author=alice, slug="deploying", reason="obsolete")
    make_record(alice, name="Style guide")
    commit_pending()
    cut_release(user=bob, name="v2")
    second = manifest(kb, "v2")
    assert second["release"] == "v2" and second["previous"] == "v1"
    assert second["files"] == tree_hashes(kb, "v2")
    assert "records/deploying.md" not in second["files"]
    assert second["files"]["records/tests.md"] != manifest(kb, "v1")["files"]["records/tests.md"]


def test_manifest_bytes_are_stable_and_exclude_the_manifest():
    files = {"b.md": "sha256:2", "a.md": "sha256:1", seal.MANIFEST_FILE: "sha256:0"}
    one = seal.manifest_bytes(name="v3", previous="v2", files=files)
    two = seal.manifest_bytes(name="v3", previous="v2", files=dict(reversed(files.items())))
    assert one == two and one.endswith(b"\n")
    assert list(json.loads(one)["files"]) == ["a.md", "b.md"]


def test_the_manifest_passes_the_publish_check(kb, alice, bob):
    """Hex digests must not read as phone numbers or ids to the publish screening."""
    topics = ["baggage", "refunds", "seating", "meals", "pets", "lounges", "upgrades", "wifi"]
    for topic in topics:
        make_record(alice, name=f"About {topic}", description=f"{topic}", body=f"{topic}.\n")
    commit_pending()
    result = cut_release(user=bob, name="v1")
    assert result.release is not None, result.failures
    text = git(kb, "show", f"v1:{seal.MANIFEST_FILE}")
    assert public_problems({seal.MANIFEST_FILE: text}) == []


def test_unsigned_without_a_key(kb, alice, bob, settings):
    settings.KNOWLEDGE_SIGNING_KEY = ""
    assert not seal.signed() and seal.signing_env() == {}
    assert seal.signing_status() == {"signed": False}
    make_record(alice)
    commit_pending()
    cut_release(user=bob, name="v1")
    assert "gpgsig" not in git(kb, "cat-file", "commit", "v1^{commit}")


@pytest.fixture
def signing(settings, tmp_path):
    key = tmp_path / "keys" / "release_ed25519"
    call_command("kb_signing_key", path=str(key), stdout=io.StringIO())
    settings.KNOWLEDGE_SIGNING_KEY = str(key)
    return key


def test_a_signed_release_verifies_with_the_allowed_signers_the_page_shows(
    kb, alice, bob, signing, tmp_path
):
    make_record(alice)
    commit_pending()
    cut_release(user=bob, name="v1")
    status = seal.signing_status()
    assert status["signed"] and status["fingerprint"].startswith("SHA256:")
    signers = tmp_path / "agent_signers"
    signers.write_text(status["allowed_signers_line"] + "\n")
    ok = f"gpg.ssh.allowedSignersFile={signers}"
    git(kb, "-c", ok, "verify-commit", "v1^{commit}")
    git(kb, "-c", ok, "verify-tag", "v1")
    other = tmp_path / "other_ed25519"
    seal.create_signing_key(other)
    signers.write_text(seal.allowed_signers_line(other) + "\n")
    with pytest.raises(Exception, match="No principal matched|Could not verify"):
        git(kb, "-c", ok, "verify-commit", "v1^{commit}")


def test_a_missing_key_stops_the_cut_before_anything_is_written(kb, alice, bob, settings, tmp_path):
    make_record(alice)
    commit_pending()
    head = git(kb, "rev-parse", "HEAD")
    settings.KNOWLEDGE_SIGNING_KEY = str(tmp_path / "nowhere")
    with pytest.raises(KnowledgeError, match="kb_signing_key"):
        cut_release(user=bob, name="v1")
    assert git(kb, "rev-parse", "HEAD") == head
    assert not git(kb, "tag", "-l")


def test_check_deploy_warns_without_a_signing_key(settings):
    settings.KNOWLEDGE_SIGNING_KEY = ""
    assert [m.id for m in seal.check_signing_key()] == ["knowledge_repo.W001"]
