"""The demo's signed releases, seen from the release page and verified by a real agent."""

import html
import json
import os
import re
import subprocess
import sys
from io import StringIO

from django.contrib.auth.models import User
from django.core.management import call_command
from django.urls import reverse


def memory_kb(*args):
    env = {**os.environ, "XDG_CACHE_HOME": "/nonexistent-cache"}
    env.pop("MEMORY_KB_ALLOWED_SIGNERS", None)
    return subprocess.run(
        [sys.executable, "-m", "memory_kb", *map(str, args)],
        capture_output=True,
        text=True,
        env=env,
    )


def test_a_signed_demo_release_verifies_with_the_allowed_signers_the_page_shows(
    db, settings, tmp_path, client
):
    settings.VAR_DIR = tmp_path
    settings.KNOWLEDGE_REPO_PATH = tmp_path / "knowledge"
    settings.KNOWLEDGE_PUBLISH_REMOTES = [str(tmp_path / "published.git")]
    settings.KNOWLEDGE_SIGNING_KEY = str(tmp_path / "signing" / "release_ed25519")
    call_command("kb_signing_key", stdout=StringIO())
    call_command("demo", stdout=StringIO())
    client.force_login(User.objects.get(username="publisher"))
    page = client.get(reverse("review:releases")).content.decode()
    assert "Releases are signed" in page and "SHA256:" in page
    line = html.unescape(re.search(r'<pre id="allowed-signers">(.*?)</pre>', page).group(1))
    signers = tmp_path / "agent_allowed_signers"
    signers.write_text(line + "\n")
    remote = tmp_path / "published.git"
    ok = memory_kb(
        "--repo", remote, "--cache-dir", tmp_path / "c1", "--allowed-signers", signers, "fetch"
    )
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["release"] == "v1"
    # Another key's line: the same release is refused, saying why.
    other = tmp_path / "other_ed25519"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(other)], check=True)
    key = " ".join(other.with_suffix(".pub").read_text().split()[:2])
    signers.write_text(f'memory-review@localhost namespaces="git" {key}\n')
    refused = memory_kb(
        "--repo", remote, "--cache-dir", tmp_path / "c2", "--allowed-signers", signers, "fetch"
    )
    assert refused.returncode == 2 and "not among the allowed signers" in refused.stderr


def test_without_a_key_the_release_page_says_releases_are_unsigned(client, bob, kb, settings):
    settings.KNOWLEDGE_SIGNING_KEY = ""
    client.force_login(bob)
    page = client.get(reverse("review:releases")).content.decode()
    assert "Releases are unsigned" in page and "KNOWLEDGE_SIGNING_KEY" in page
    assert 'id="allowed-signers"' not in page
