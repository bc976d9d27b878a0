"""Sealed releases, reader side: tampered trees, rewritten history, moved tags and bad signatures are refused."""

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from memory_kb import KnowledgeBaseError, open_knowledge
from memory_kb.seal import MANIFEST_FILE

from .conftest import GIT_ENV, RECORDS, git, write_records

TEA = ("tea", "Tea", "Where the tea is", "Kitchen, top shelf.", "user")


def seal(path: Path, name: str, previous: str | None = None) -> None:
    """Write and stage the manifest of everything staged, as the app's release does."""
    files = {}
    for entry in git(path, "ls-files", "-s", "-z").split("\0"):
        if entry:
            meta, _, file = entry.partition("\t")
            if file != MANIFEST_FILE:
                blob = subprocess.run(
                    ["git", "-C", str(path), "cat-file", "blob", meta.split()[1]],
                    capture_output=True,
                    check=True,
                ).stdout
                files[file] = "sha256:" + hashlib.sha256(blob).hexdigest()
    body = {"format": 1, "release": name, "previous": previous, "files": files}
    (path / MANIFEST_FILE).write_text(json.dumps(body, sort_keys=True, indent=1) + "\n")
    git(path, "add", MANIFEST_FILE)


def release(path: Path, name: str, records, *, previous=None, key=None, tamper=None) -> str:
    """Commit ``records`` as sealed release ``name`` (signed with ``key``), on published."""
    write_records(path, records)
    git(path, "add", "-A")
    seal(path, name, previous)
    if tamper:
        tamper(path)
        git(path, "add", "-A")
    sign = ["-c", "gpg.format=ssh", "-c", f"user.signingkey={key}"] if key else []
    git(path, *sign, "commit", "-qm", f"Release {name}", *(["-S"] if key else []))
    git(path, *sign, "tag", "-s" if key else "-a", name, "-m", f"Release {name}")
    git(path, "branch", "-f", "published", name)
    return git(path, "rev-parse", "HEAD").strip()


@pytest.fixture
def sealed(tmp_path):
    """A working repository with sealed release v1 on published, and its bare remote."""
    path = tmp_path / "sealed"
    path.mkdir()
    git(path, "init", "-q", "-b", "main")
    release(path, "v1", RECORDS)
    remote = tmp_path / "sealed.git"
    subprocess.run(["git", "clone", "-q", "--bare", str(path), str(remote)], check=True)
    return path, remote


def push(path, remote, *refs, force=False):
    git(path, "push", "-q", *(["--force"] if force else []), str(remote), *refs)


def keypair(tmp_path, name):
    key = tmp_path / name
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True)
    signers = tmp_path / f"{name}.allowed"
    public = " ".join(key.with_suffix(".pub").read_text().split()[:2])
    signers.write_text(f'kb@example.invalid namespaces="git" {public}\n')
    return key, signers


def test_a_sealed_release_is_served_and_an_unsealed_one_is_noted(sealed, kbpath, remote, tmp_path):
    _, sealed_remote = sealed
    with open_knowledge(sealed_remote, cache_dir=tmp_path / "c1") as kb:
        assert kb.release == "v1" and not any("unsealed" in n for n in kb.notes)
    with open_knowledge(remote, cache_dir=tmp_path / "c2") as kb:  # the conftest's: no manifest
        assert kb.release == "v1" and any("is unsealed" in n for n in kb.status()["notes"])


@pytest.mark.parametrize(
    ("tamper", "reason"),
    [
        (
            lambda p: (p / "records/coffee.md").write_text("Coffee is free for visitors.\n"),
            "does not match its manifest: records/coffee.md changed",
        ),
        (
            lambda p: (p / "records/deploying.md").unlink(),
            "missing from the tree: records/deploying.md",
        ),
        (
            lambda p: (p / "records/extra.md").write_text("---\nname: x\n---\n"),
            "files its manifest does not list: records/extra.md",
        ),
    ],
)
def test_a_tampered_tree_is_refused_naming_the_file(sealed, tmp_path, tamper, reason):
    path, remote = sealed
    cache = tmp_path / "cache"
    open_knowledge(remote, cache_dir=cache).close()
    release(path, "v2", [*RECORDS, TEA], previous="v1", tamper=tamper)
    push(path, remote, "published", "v2")
    with open_knowledge(remote, cache_dir=cache, fetch=True) as kb:
        status = kb.status()
    assert status["release"] == "v1" and status["stale"] is True
    assert any("was refused" in n and reason in n for n in status["notes"]), status["notes"]


def test_a_force_pushed_remote_is_refused_as_rewritten_history(sealed, tmp_path):
    path, remote = sealed
    cache = tmp_path / "cache"
    release(path, "v2", [*RECORDS, TEA], previous="v1")
    push(path, remote, "published", "v2")
    open_knowledge(remote, cache_dir=cache).close()
    # Someone rewrites published: a sealed commit that does not descend from v2.
    git(path, "checkout", "-q", "--orphan", "other")
    release(path, "v3", RECORDS[:2], previous="v2")
    push(path, remote, "+published:refs/heads/published", force=True)
    with open_knowledge(remote, cache_dir=cache, fetch=True) as kb:
        assert kb.release == "v2" and kb.stale
        assert any("rewritten history: published moved from" in n for n in kb.notes), kb.notes


def test_a_moved_tag_is_refused_naming_the_tag(sealed, tmp_path):
    path, remote = sealed
    cache = tmp_path / "cache"
    with open_knowledge(remote, "v1", cache_dir=cache) as kb:
        first = kb.snapshot.commit
    release(path, "v2", [*RECORDS, TEA], previous="v1")
    git(path, "tag", "-f", "-a", "v1", "-m", "Release v1, again")
    push(path, remote, "published", "+refs/tags/v1:refs/tags/v1", "v2", force=True)
    with open_knowledge(remote, cache_dir=cache, fetch=True) as kb:
        assert kb.release == "v2"
        assert any(n.startswith("tag v1 was refused: it moved on the remote") for n in kb.notes)
    with open_knowledge(remote, "v1", cache_dir=cache) as kb:
        assert kb.snapshot.commit == first


def test_a_tag_carrying_another_releases_manifest_is_refused(sealed, tmp_path):
    path, remote = sealed
    git(path, "tag", "-a", "v9", "-m", "Release v9", "v1^{commit}")
    push(path, remote, "v9")
    with pytest.raises(KnowledgeBaseError, match="tag v9 carries the manifest of release 'v1'"):
        open_knowledge(remote, "v9", cache_dir=tmp_path / "cache")


def test_signatures_are_verified_when_allowed_signers_are_given(tmp_path):
    key, signers = keypair(tmp_path, "release")
    _, strangers = keypair(tmp_path, "stranger")
    path = tmp_path / "kb"
    path.mkdir()
    git(path, "init", "-q", "-b", "main")
    release(path, "v1", RECORDS, key=key)
    remote = tmp_path / "published.git"
    subprocess.run(["git", "clone", "-q", "--bare", str(path), str(remote)], check=True)
    with open_knowledge(remote, cache_dir=tmp_path / "c1", allowed_signers=signers) as kb:
        assert kb.release == "v1" and not kb.stale
    with open_knowledge(remote, "v1", cache_dir=tmp_path / "c1", allowed_signers=signers) as kb:
        assert kb.release == "v1"  # the signed tag verifies too
    with pytest.raises(KnowledgeBaseError, match="not among the allowed signers"):
        open_knowledge(remote, cache_dir=tmp_path / "c2", allowed_signers=strangers)
    # An unsigned release on top: refused while signatures are required.
    release(path, "v2", [*RECORDS, TEA], previous="v1")
    push(path, remote, "published", "v2")
    with open_knowledge(
        remote, cache_dir=tmp_path / "c1", fetch=True, allowed_signers=signers
    ) as kb:
        assert kb.release == "v1"
        assert any("bad signature on the commit" in n and "not signed" in n for n in kb.notes)


def test_requiring_signers_later_checks_what_was_accepted_without_them(
    sealed, tmp_path, monkeypatch
):
    _, remote = sealed  # sealed but unsigned
    _, signers = keypair(tmp_path, "release")
    cache = tmp_path / "cache"
    open_knowledge(remote, cache_dir=cache).close()
    monkeypatch.setenv("MEMORY_KB_ALLOWED_SIGNERS", str(signers))
    with pytest.raises(KnowledgeBaseError, match="it is not signed"):
        open_knowledge(remote, cache_dir=cache)


def memory_kb(*args):
    env = {**os.environ, "XDG_CACHE_HOME": "/nonexistent-cache", **GIT_ENV}
    env.pop("MEMORY_KB_ALLOWED_SIGNERS", None)
    return subprocess.run(
        [sys.executable, "-m", "memory_kb", *map(str, args)],
        capture_output=True,
        text=True,
        env=env,
    )


def test_the_command_verifies_end_to_end(tmp_path):
    key, signers = keypair(tmp_path, "release")
    _, strangers = keypair(tmp_path, "stranger")
    path = tmp_path / "kb"
    path.mkdir()
    git(path, "init", "-q", "-b", "main")
    release(path, "v1", RECORDS, key=key)
    remote = tmp_path / "published.git"
    subprocess.run(["git", "clone", "-q", "--bare", str(path), str(remote)], check=True)
    cache = tmp_path / "cache"
    ok = memory_kb("--repo", remote, "--cache-dir", cache, "--allowed-signers", signers, "fetch")
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["release"] == "v1"
    refused = memory_kb(
        "--repo", remote, "--cache-dir", tmp_path / "c2", "--allowed-signers", strangers, "fetch"
    )
    assert refused.returncode == 2 and "not among the allowed signers" in refused.stderr
    release(
        path,
        "v2",
        [*RECORDS, TEA],
        previous="v1",
        key=key,
        tamper=lambda p: (p / "records/coffee.md").write_text("Coffee is free.\n"),
    )
    push(path, remote, "published", "v2")
    tampered = memory_kb(
        "--repo",
        remote,
        "--cache-dir",
        cache,
        "--allowed-signers",
        signers,
        "--check-every",
        "0",
        "select",
        "tea",
    )
    data = json.loads(tampered.stdout)
    assert data["release"] == "v1" and data["stale"] is True and data["results"] == []
    assert any("records/coffee.md changed" in n for n in data["notes"])
    assert "refused" in tampered.stderr
