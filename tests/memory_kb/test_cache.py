"""Opening knowledge bases: the local cache of a remote, pinned releases, and the security fixes."""

import os
import shutil
import time
from pathlib import Path

import pytest
from memory_kb import KnowledgeBaseError, KnowledgeCache, MemoryToolHandler, open_knowledge

from .conftest import RECORDS, build_repo, git, publish, write_records


def test_the_first_open_clones_into_the_cache_and_later_opens_read_it(remote, tmp_path):
    cache = tmp_path / "cache"
    with open_knowledge(f"file://{remote}", cache_dir=cache) as kb:
        assert kb.release == "v1" and len(kb.records()) == 5 and not kb.stale
    clones = list(cache.glob("*/repo.git"))
    assert len(clones) == 1
    snapshots = list(cache.glob("*/snapshots/*.json"))
    assert len(snapshots) == 1
    shutil.rmtree(remote)  # the remote is gone; the cache is fresh, so no fetch is tried
    with open_knowledge(f"file://{remote}", cache_dir=cache) as kb:
        assert [s.slug for s in kb.select("coffee")] == ["coffee"] and not kb.stale


def test_an_unreachable_remote_serves_the_last_fetched_release_and_says_so(remote, tmp_path):
    cache = tmp_path / "cache"
    open_knowledge(remote, cache_dir=cache).close()
    shutil.rmtree(remote)
    logged = []
    with open_knowledge(remote, cache_dir=cache, fetch=True, log=logged.append) as kb:
        assert kb.stale and kb.release == "v1"
        assert [s.slug for s in kb.select("coffee")] == ["coffee"]
    assert "cannot be reached" in kb.notes[0] and str(remote) in kb.notes[0]
    assert any("warning" in line for line in logged)


def test_an_old_cache_fetches_a_new_release(kbpath, remote, tmp_path):
    cache = tmp_path / "cache"
    open_knowledge(remote, cache_dir=cache).close()
    write_records(kbpath, [*RECORDS, ("tea", "Tea", "Where the tea is", "Kitchen.", "user")])
    git(kbpath, "add", "-A")
    git(kbpath, "commit", "-qm", "tea")
    git(kbpath, "tag", "-a", "v2", "-m", "Release v2")
    git(kbpath, "branch", "-f", "published", "v2")
    git(kbpath, "push", "-q", "--force", str(remote), "published", "v2")
    with open_knowledge(remote, cache_dir=cache) as kb:  # fresh: still v1
        assert kb.release == "v1" and kb.select("tea") == []
    with open_knowledge(remote, cache_dir=cache, max_age=0) as kb:  # older than max age
        assert kb.release == "v2" and [s.slug for s in kb.select("tea")] == ["tea"]
    with open_knowledge(remote, "v1", cache_dir=cache, max_age=0) as kb:  # a pinned tag
        assert kb.release == "v1" and kb.select("tea") == []
    shutil.rmtree(remote)
    with open_knowledge(remote, "v1", cache_dir=cache, max_age=0) as kb:
        assert not kb.stale  # a tag already in the cache needs no network


def test_a_cached_snapshot_that_is_damaged_is_rebuilt(remote, tmp_path):
    cache = tmp_path / "cache"
    open_knowledge(remote, cache_dir=cache).close()
    (snapshot,) = cache.glob("*/snapshots/*.json")
    snapshot.write_bytes(b'{"format": 2, "slugs": 7}')
    with open_knowledge(remote, cache_dir=cache) as kb:
        assert len(kb.records()) == 5


def test_errors_name_the_repository_and_the_ref(remote, tmp_path):
    with pytest.raises(KnowledgeBaseError, match=r"published\.git at 'nope'"):
        open_knowledge(remote, "nope", cache_dir=tmp_path / "cache")
    with pytest.raises(KnowledgeBaseError, match=r"missing"):
        open_knowledge(tmp_path / "missing", cache_dir=tmp_path / "cache")
    with pytest.raises(KnowledgeBaseError, match="at 'nope'"):
        open_knowledge(remote, "nope")  # a local repository read in place


@pytest.mark.parametrize("ref", ["--output=/tmp/x", "-h", "a..b", "main@{1}", "x:y", ""])
def test_a_ref_that_could_be_an_option_never_reaches_git(kbpath, ref, tmp_path):
    with pytest.raises(KnowledgeBaseError, match="not a branch, tag or commit"):
        open_knowledge(kbpath, ref)
    with pytest.raises(KnowledgeBaseError, match="not a branch, tag or commit"):
        open_knowledge(kbpath, ref, cache_dir=tmp_path / "cache")


@pytest.mark.parametrize(
    "location", ["--upload-pack=touch /tmp/pwned", "-q", "ext::sh -c touch% /tmp/pwned", ""]
)
def test_a_location_that_could_be_an_option_never_reaches_git(location, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(KnowledgeBaseError, match="repository location|transport is refused"):
        open_knowledge(location, cache_dir=tmp_path / "cache")
    assert not list(tmp_path.glob("cache/*/repo.git"))


def test_a_local_path_starting_with_a_dash_is_cloned_as_a_path(remote, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    os.rename(remote, tmp_path / "-kb.git")
    # "./-kb.git" is how a path that starts with "-" is given; it is passed after "--".
    with open_knowledge("./-kb.git", cache_dir=tmp_path / "cache") as kb:
        assert len(kb.records()) == 5


def _exported(tmp_path: Path) -> Path:
    out = tmp_path / "export"
    write_records(out, RECORDS)
    return out


def test_an_exported_release_never_follows_a_symlink(tmp_path):
    secret = tmp_path / "host-secret.md"
    secret.write_text("---\nname: Secret\ntype: user\n---\nHOST SECRET coffee\n")
    out = _exported(tmp_path)
    (out / "records/leak.md").symlink_to(secret)
    (out / "records/coffee.md").unlink()
    (out / "records/coffee.md").symlink_to(secret)
    (out / "CHANGELOG.md").symlink_to(secret)
    with open_knowledge(out, ref=None) as kb:
        assert "symbolic link" in kb.problems["records/leak.md"]
        assert "symbolic link" in kb.problems["records/coffee.md"]
        assert "symbolic link" in kb.problems["CHANGELOG.md"]
        assert all("HOST SECRET" not in (kb.file(p) or "") for p in kb.paths())
        assert kb.select("secret coffee") == []
        tool = MemoryToolHandler(kb)
        for path in ("/memories/kb/records/leak.md", "/memories/kb/CHANGELOG.md"):
            result = tool.handle({"command": "view", "path": path})
            assert result.is_error and "HOST SECRET" not in result.content
        listing = tool.handle({"command": "view", "path": "/memories/kb"}).content
        assert "leak.md" not in listing


def test_a_symlinked_records_directory_is_refused(tmp_path):
    elsewhere = _exported(tmp_path / "elsewhere") / "records"
    out = tmp_path / "export"
    out.mkdir()
    (out / "records").symlink_to(elsewhere)
    with open_knowledge(out, ref=None) as kb:
        assert kb.slugs() == [] and "symbolic link" in kb.problems["records"]


def test_a_dangling_symlink_is_a_named_problem_not_a_crash(tmp_path):
    out = _exported(tmp_path)
    (out / "records/gone.md").symlink_to(tmp_path / "does-not-exist.md")
    (out / "MEMORY.md").unlink()
    (out / "MEMORY.md").symlink_to(tmp_path / "nothing-here")
    with open_knowledge(out, ref=None) as kb:
        assert "symbolic link" in kb.problems["records/gone.md"]
        assert len(kb.records()) == 5


def test_a_symlink_committed_to_git_is_not_a_record(tmp_path):
    path = build_repo(tmp_path / "kb", RECORDS)
    (path / "records/link.md").symlink_to("/etc/passwd")
    git(path, "add", "-A")
    git(path, "commit", "-qm", "link")
    with open_knowledge(path, "main") as kb:
        assert "link" not in kb.slugs() and kb.file("records/link.md") is None


def test_a_fetch_by_two_processes_does_not_clobber_the_clone(remote, tmp_path):
    cache = KnowledgeCache(remote, tmp_path / "cache")
    cache.fetch()
    before = cache.fetched_at
    time.sleep(0.01)
    cache.fetch()
    assert cache.fetched_at >= before and (cache.repo / "HEAD").exists()


def test_a_cached_open_reads_one_file(remote, tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    open_knowledge(remote, cache_dir=cache).close()
    from memory_kb import cache as cache_module

    def no_tree(*args, **kwargs):
        raise AssertionError("a cached open must not read the tree again")

    monkeypatch.setattr(cache_module, "read_tree", no_tree)
    with open_knowledge(remote, cache_dir=cache) as kb:
        assert len(kb.slugs()) == 5


def test_publish_helper_makes_a_bare_remote(kbpath, tmp_path):
    bare = publish(kbpath, tmp_path / "other")
    assert (bare / "HEAD").exists()
