import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    # A fresh clone: the defaults (SQLite under var/), whatever this run uses.
    full_env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DEBUG", "SECRET_KEY", "DATABASE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    }
    full_env.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _signing_key(tmp_path: Path) -> str:
    key = tmp_path / "release_ed25519"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True)
    return str(key)


def test_production_settings_pass_check_deploy(tmp_path):
    result = _manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="false",
        SECRET_KEY="x" * 20 + "production-only-value-that-is-long-and-random-93jd8",
        ALLOWED_HOSTS="memory.example.org",
        MEMORY_REVIEW_VAR_DIR=str(tmp_path),
        KNOWLEDGE_SIGNING_KEY=_signing_key(tmp_path),
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_check_deploy_warns_when_releases_would_be_unsigned(tmp_path):
    result = _manage(
        "check",
        "--deploy",
        DEBUG="false",
        SECRET_KEY="x" * 20 + "production-only-value-that-is-long-and-random-93jd8",
        ALLOWED_HOSTS="memory.example.org",
        MEMORY_REVIEW_VAR_DIR=str(tmp_path),
        KNOWLEDGE_SIGNING_KEY="",
    )
    assert "knowledge_repo.W001" in result.stderr + result.stdout
    assert "KNOWLEDGE_SIGNING_KEY is not set" in result.stderr + result.stdout


def test_it_refuses_to_start_without_secret_key_when_debug_is_off(tmp_path):
    result = _manage("check", DEBUG="false", MEMORY_REVIEW_VAR_DIR=str(tmp_path))
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr


@pytest.mark.parametrize("value", ["maybe", "2"])
def test_it_rejects_a_malformed_boolean(tmp_path, value):
    result = _manage("check", DEBUG=value, MEMORY_REVIEW_VAR_DIR=str(tmp_path))
    assert result.returncode != 0
    assert "DEBUG" in result.stderr


def test_a_fresh_clone_migrates_and_passes_check_deploy_with_debug_off(tmp_path):
    var = tmp_path / "not-there-yet" / "var"
    env = {
        "DEBUG": "false",
        "SECRET_KEY": "x" * 20 + "production-only-value-that-is-long-and-random-93jd8",
        "ALLOWED_HOSTS": "memory.example.org",
        "MEMORY_REVIEW_VAR_DIR": str(var),
        "KNOWLEDGE_SIGNING_KEY": _signing_key(tmp_path),
    }
    migrated = _manage("migrate", "--noinput", **env)
    assert migrated.returncode == 0, migrated.stdout + migrated.stderr
    assert (var / "memory_review.sqlite3").exists()
    checked = _manage("check", "--deploy", "--fail-level", "WARNING", **env)
    assert checked.returncode == 0, checked.stdout + checked.stderr


PROBE = """
from django.test import Client
c = Client()
tls = c.get("/accounts/login/", HTTP_X_FORWARDED_PROTO="https", SERVER_NAME="memory.example.org")
plain = c.get("/accounts/login/", SERVER_NAME="memory.example.org")
health = c.get("/healthz", SERVER_NAME="memory.example.org")
print("hsts", tls.headers.get("Strict-Transport-Security"))
print("csrf-secure", bool(tls.cookies["csrftoken"]["secure"]))
print("plain", plain.status_code, plain.headers.get("Location"))
print("health", health.status_code)
"""


def test_behind_a_tls_proxy_it_sends_hsts_secure_cookies_and_redirects_plain_http(tmp_path):
    result = _manage(
        "shell",
        "-c",
        PROBE,
        DEBUG="false",
        SECRET_KEY="x" * 20 + "production-only-value-that-is-long-and-random-93jd8",
        ALLOWED_HOSTS="memory.example.org",
        BEHIND_TLS_PROXY="true",
        MEMORY_REVIEW_VAR_DIR=str(tmp_path),
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "hsts max-age=31536000; includeSubDomains" in out
    assert "csrf-secure True" in out
    assert "plain 301 https://memory.example.org/accounts/login/" in out
    assert "health 200" in out  # load balancers probe over plain http
