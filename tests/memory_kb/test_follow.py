"""The cache follows publications: a cheap ref check, new releases and rollbacks served, refusals kept out."""

import json
import shutil
import stat
import time

import pytest
from memory_kb import DEFAULT_CHECK_EVERY, ReleaseRefused, open_knowledge
from memory_kb import cache as cache_module

from .conftest import RECORDS, git, write_records

TEA = ("tea", "Tea", "Where the tea is", "Kitchen, top shelf.", "user")


def publish_v2(kbpath, remote):
    write_records(kbpath, [*RECORDS, TEA])
    git(kbpath, "add", "-A")
    git(kbpath, "commit", "-qm", "tea")
    git(kbpath, "tag", "-a", "v2", "-m", "Release v2")
    git(kbpath, "branch", "-f", "published", "v2")
    git(kbpath, "push", "-q", "--force", str(remote), "published", "v2")


@pytest.fixture
def later(monkeypatch):
    """Move the cache's clock on by some seconds."""
    now = time.time()

    def move(seconds):
        monkeypatch.setattr(cache_module.time, "time", lambda: now + seconds)

    return move


def test_with_default_options_a_new_publication_is_served_within_a_minute(
    kbpath, remote, tmp_path, later
):
    assert DEFAULT_CHECK_EVERY <= 60
    cache = tmp_path / "cache"
    open_knowledge(remote, cache_dir=cache).close()
    publish_v2(kbpath, remote)
    later(DEFAULT_CHECK_EVERY + 1)
    with open_knowledge(remote, cache_dir=cache) as kb:
        assert kb.release == "v2" and [s.slug for s in kb.select("tea kitchen")] == ["tea"]
        status = kb.status()
    assert status["release"] == "v2" and status["check"] == "ok" and status["stale"] is False
    assert status["commit"] == git(kbpath, "rev-parse", "v2^{commit}").strip()
    assert status["checked_at"].startswith(time.strftime("%Y-", time.gmtime()))


def test_a_rollback_is_served_too(kbpath, remote, tmp_path, later):
    cache = tmp_path / "cache"
    publish_v2(kbpath, remote)
    open_knowledge(remote, cache_dir=cache).close()
    # A rollback is a new snapshot on published (v1's tree, v2 its parent), as the app
    # publishes it: history only ever moves forward, so the cache's seal check accepts it.
    back = git(
        kbpath, "commit-tree", "v1^{tree}", "-p", "v2^{commit}", "-m", "Roll back to v1"
    ).strip()
    git(kbpath, "push", "-q", str(remote), f"{back}:refs/heads/published")
    later(DEFAULT_CHECK_EVERY + 1)
    with open_knowledge(remote, cache_dir=cache) as kb:
        assert kb.snapshot.commit == back and kb.select("tea kitchen") == [] and not kb.stale


def test_the_check_is_a_ref_listing_and_fetches_only_when_a_ref_moved(
    kbpath, remote, tmp_path, later, monkeypatch
):
    cache = tmp_path / "cache"
    open_knowledge(remote, cache_dir=cache).close()
    calls = []
    real_git = cache_module.git

    def spy(cwd, *args, **kwargs):
        calls.append(args[0])
        return real_git(cwd, *args, **kwargs)

    monkeypatch.setattr(cache_module, "git", spy)
    later(DEFAULT_CHECK_EVERY + 1)
    open_knowledge(remote, cache_dir=cache).close()
    assert "ls-remote" in calls and "fetch" not in calls
    calls.clear()
    later(DEFAULT_CHECK_EVERY - 1)  # checked a moment ago: not even a ref listing
    open_knowledge(remote, cache_dir=cache).close()
    assert "ls-remote" not in calls and "fetch" not in calls
    publish_v2(kbpath, remote)
    later(2 * DEFAULT_CHECK_EVERY + 2)
    with open_knowledge(remote, cache_dir=cache) as kb:
        assert kb.release == "v2"
    assert calls.count("ls-remote") == 1 and calls.count("fetch") == 1


def test_an_unreachable_remote_is_reported_as_not_checked(remote, tmp_path, later):
    cache = tmp_path / "cache"
    open_knowledge(remote, cache_dir=cache).close()
    shutil.rmtree(remote)
    later(DEFAULT_CHECK_EVERY + 1)
    with open_knowledge(remote, cache_dir=cache) as kb:
        status = kb.status()
    assert status["stale"] is True and status["check"] == "failed" and status["release"] == "v1"
    assert "cannot be reached" in status["notes"][0]


def test_a_release_the_verification_refuses_is_never_served(kbpath, remote, tmp_path, later):
    cache = tmp_path / "cache"
    seen = []

    def verify(repo, ref, commit, previous):
        seen.append((ref, commit, previous))
        if ref == "published" and previous is not None:
            raise ReleaseRefused("the manifest does not match the tree")

    open_knowledge(remote, cache_dir=cache, verify=verify).close()
    v1 = git(kbpath, "rev-parse", "v1^{commit}").strip()
    assert ("published", v1, None) in seen
    publish_v2(kbpath, remote)
    later(DEFAULT_CHECK_EVERY + 1)
    with open_knowledge(remote, cache_dir=cache, verify=verify) as kb:
        assert kb.release == "v1" and kb.select("tea kitchen") == []
        assert kb.stale and any("refused: the manifest does not match" in n for n in kb.notes)
    v2 = git(kbpath, "rev-parse", "v2^{commit}").strip()
    assert ("published", v2, v1) in seen
    with open_knowledge(remote, cache_dir=cache, verify=verify) as kb:  # and stays refused
        assert kb.release == "v1" and kb.stale


def test_the_cache_is_private_plain_data(remote, tmp_path):
    cache = tmp_path / "cache"
    open_knowledge(remote, cache_dir=cache).close()
    (kb_dir,) = cache.iterdir()
    assert stat.S_IMODE(cache.stat().st_mode) == 0o700
    assert stat.S_IMODE(kb_dir.stat().st_mode) == 0o700
    for path in kb_dir.rglob("*"):
        mode = stat.S_IMODE(path.stat().st_mode)
        assert mode & 0o077 == 0, (path, oct(mode))
    (snapshot,) = kb_dir.glob("snapshots/*.json")
    assert json.loads(snapshot.read_bytes())["slugs"][0] == "cesi-guifan"
    assert not list(kb_dir.rglob("*.pickle"))
    kb_dir.chmod(0o777)  # someone opened it up: it is made private again
    open_knowledge(remote, cache_dir=cache).close()
    assert stat.S_IMODE(kb_dir.stat().st_mode) == 0o700


def test_a_cache_that_is_a_symlink_is_refused(remote, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / "cache").symlink_to(elsewhere)
    with pytest.raises(cache_module.KnowledgeBaseError, match="symbolic link"):
        open_knowledge(remote, cache_dir=tmp_path / "cache")
