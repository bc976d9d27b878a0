"""The memory-kb command, run as a process."""

import json
import os
import shutil
import subprocess
import sys

from memory_kb import MEMORY_POLICY


def memory_kb(*args, cwd=None):
    return subprocess.run(
        [sys.executable, "-m", "memory_kb", *map(str, args)],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, "XDG_CACHE_HOME": "/nonexistent-cache"},
    )


def test_select_prints_json_and_status_goes_to_stderr(remote, tmp_path):
    cache = tmp_path / "cache"
    english = memory_kb("--repo", remote, "--cache-dir", cache, "select", "how do I run the tests?")
    assert english.returncode == 0, english.stderr
    data = json.loads(english.stdout)
    assert data["release"] == "v1" and data["stale"] is False
    assert data["results"][0]["slug"] == "running-tests"
    assert "cloning" in english.stderr
    chinese = memory_kb("--repo", remote, "--cache-dir", cache, "select", "帮我写测试")
    assert [r["slug"] for r in json.loads(chinese.stdout)["results"]] == ["cesi-guifan"]
    assert "cloning" not in chinese.stderr  # the second open reads the cache


def test_prompt_prints_the_system_prompt(remote, tmp_path):
    result = memory_kb(
        "--repo", remote, "--cache-dir", tmp_path / "c", "prompt", "deploy", "--base", "Help desk."
    )
    assert result.stdout.startswith("Help desk.\n\n# Memory (release v1)")
    assert MEMORY_POLICY in result.stdout and "records/deploying.md" in result.stdout


def test_fetch_updates_the_cache_and_an_offline_select_says_it_is_stale(remote, tmp_path):
    cache = tmp_path / "cache"
    fetched = memory_kb("--repo", remote, "--cache-dir", cache, "fetch")
    assert fetched.returncode == 0 and "is release v1" in fetched.stderr
    shutil.rmtree(remote)
    offline = memory_kb(
        "--repo", remote, "--cache-dir", cache, "--max-age", "0", "select", "coffee"
    )
    assert offline.returncode == 0
    data = json.loads(offline.stdout)
    assert data["stale"] is True and data["results"][0]["slug"] == "coffee"
    assert "cannot be reached" in offline.stderr


def test_a_pinned_tag_and_an_exported_directory(kbpath, remote, tmp_path):
    pinned = memory_kb(
        "--repo", remote, "--cache-dir", tmp_path / "c", "--ref", "v1", "select", "coffee"
    )
    assert json.loads(pinned.stdout)["release"] == "v1"
    exported = tmp_path / "export"
    shutil.copytree(kbpath, exported, ignore=shutil.ignore_patterns(".git"))
    plain = memory_kb("--repo", exported, "select", "coffee")
    assert json.loads(plain.stdout)["results"][0]["slug"] == "coffee"


def test_errors_name_the_repository_and_ref(remote, tmp_path):
    bad = memory_kb("--repo", remote, "--cache-dir", tmp_path / "c", "--ref", "nope", "select", "x")
    assert bad.returncode == 2
    assert f"{remote} at 'nope'" in bad.stderr and bad.stdout == ""
    dash = memory_kb("--repo=--upload-pack=x", "--cache-dir", tmp_path / "c2", "select", "x")
    assert dash.returncode == 2 and "not a repository location" in dash.stderr
    assert not list(tmp_path.glob("c2/*/repo.git"))
    option = memory_kb("--repo", remote, "--cache-dir", tmp_path / "c", "--ref=-h", "select", "x")
    assert option.returncode == 2 and "not a branch, tag or commit" in option.stderr


def test_the_app_keeps_its_module_entry_point(remote, tmp_path):
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "knowledge_repo.reader",
            "--repo",
            str(remote),
            "--cache-dir",
            str(tmp_path / "c"),
            "select",
            "coffee",
        ],
        capture_output=True,
        text=True,
    )
    assert json.loads(result.stdout)["results"][0]["slug"] == "coffee"
