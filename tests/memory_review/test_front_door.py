"""The front door: login lockout and slow-down, trusted proxies, CSP, caching, redirects."""

import datetime as dt

import pytest
from django.core.management import call_command
from django.urls import reverse

from tests.review import factories

LOGIN = "/accounts/login/"


@pytest.fixture(autouse=True)
def _fast_hashes(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.AXES_FAILURE_LIMIT = 3


def _login(client, username, password, addr="10.0.0.1", **extra):
    data = {"username": username, "password": password}
    return client.post(LOGIN, data, REMOTE_ADDR=addr, **extra)


def test_a_right_password_logs_in(client, alice):
    response = _login(client, "alice", "pw-alice")
    assert response.status_code == 302
    assert client.get(reverse("review:queue")).status_code == 200


def test_repeated_wrong_passwords_lock_the_account_from_that_address_only(client, alice):
    for _ in range(2):
        assert _login(client, "alice", "wrong").status_code == 200
    assert _login(client, "alice", "wrong").status_code == 429
    # From the guessing address even the right password is refused...
    response = _login(client, "alice", "pw-alice")
    assert response.status_code == 429
    assert b"Too many failed logins" in response.content
    assert b"unlock_login" in response.content
    assert "_auth_user_id" not in client.session
    # ... but the real alice, elsewhere, logs in.
    assert _login(client, "alice", "pw-alice", addr="10.0.0.2").status_code == 302


def test_wrong_passwords_from_one_address_lock_no_one_out_of_another(client, alice, dora):
    for name in ("alice", "dora"):
        for _ in range(3):
            _login(client, name, "wrong", addr="10.9.9.9")
    assert _login(client, "alice", "pw-alice", addr="10.9.9.9").status_code == 429
    assert _login(client, "alice", "pw-alice", addr="10.0.0.7").status_code == 302
    assert _login(client, "dora", "pw-dora", addr="10.0.0.8").status_code == 302


def _guess_from_many_addresses(client, name, count):
    for i in range(count):
        _login(client, name, "wrong", addr=f"10.7.{i // 200}.{i % 200}")


def _age_failures(seconds):
    from axes.models import AccessAttempt
    from django.db.models import F

    AccessAttempt.objects.update(attempt_time=F("attempt_time") - dt.timedelta(seconds=seconds))


def test_guessing_one_account_from_many_addresses_is_slowed_down(client, settings, alice):
    settings.LOGIN_SLOWDOWN_AFTER = 4
    _guess_from_many_addresses(client, "alice", 4)
    # Past the free attempts, the next guess from yet another address must wait.
    slowed = _login(client, "alice", "wrong", addr="10.8.0.1")
    assert slowed.status_code == 429
    assert 1 <= int(slowed["Retry-After"]) <= settings.LOGIN_SLOWDOWN_MAX_SECONDS
    assert b"Wait" in slowed.content
    # An attempt refused unchecked does not count, and once the wait is over one is checked.
    _age_failures(3)
    assert _login(client, "alice", "wrong", addr="10.8.0.2").status_code == 200
    # Each failure doubles the wait (now 2 s), up to the cap.
    _age_failures(1)
    assert _login(client, "alice", "wrong", addr="10.8.0.3").status_code == 429
    _age_failures(settings.LOGIN_SLOWDOWN_MAX_SECONDS)
    assert _login(client, "alice", "pw-alice", addr="10.8.0.4").status_code == 302


def test_the_real_user_signs_in_from_a_known_browser_during_a_guessing_campaign(
    client, settings, alice
):
    from django.test import Client

    settings.LOGIN_SLOWDOWN_AFTER = 2
    assert _login(client, "alice", "pw-alice").status_code == 302  # remembers this browser
    assert settings.LOGIN_DEVICE_COOKIE in client.cookies
    client.post("/accounts/logout/")  # signing out keeps the browser remembered
    attacker = Client()
    _guess_from_many_addresses(attacker, "alice", 6)
    assert _login(attacker, "alice", "pw-alice", addr="10.8.8.8").status_code == 429
    # alice's own browser (a new address, even) is not slowed down for her account.
    assert _login(client, "alice", "pw-alice", addr="10.0.0.99").status_code == 302


def test_a_forged_device_cookie_is_ignored(client, settings, alice):
    settings.LOGIN_SLOWDOWN_AFTER = 2
    _guess_from_many_addresses(client, "alice", 4)
    client.cookies[settings.LOGIN_DEVICE_COOKIE] = '["alice"]'
    assert _login(client, "alice", "pw-alice", addr="10.8.8.9").status_code == 429


def test_spraying_many_accounts_from_one_address_is_slowed_down(client, settings, alice):
    settings.LOGIN_SLOWDOWN_AFTER = 3
    for name in ("u1", "u2", "u3", "u4"):
        _login(client, name, "wrong", addr="10.6.6.6")
    assert _login(client, "u5", "wrong", addr="10.6.6.6").status_code == 429
    assert _login(client, "alice", "pw-alice", addr="10.6.6.7").status_code == 302


def test_forwarded_for_is_ignored_unless_the_request_comes_from_a_trusted_proxy(
    client, settings, alice
):
    settings.TRUSTED_PROXIES = ["192.0.2.10"]
    # Not from the proxy: rotating X-Forwarded-For does not reset the lockout.
    for i in range(4):
        _login(client, "alice", "wrong", addr="10.5.5.5", HTTP_X_FORWARDED_FOR=f"10.4.0.{i}")
    assert _login(client, "alice", "pw-alice", addr="10.5.5.5").status_code == 429
    # From the proxy: the client is the address the proxy appended, never what it was sent.
    for _ in range(3):
        _login(
            client, "alice", "wrong", addr="192.0.2.10", HTTP_X_FORWARDED_FOR="1.2.3.4, 10.3.3.3"
        )
    locked = _login(
        client, "alice", "pw-alice", addr="192.0.2.10", HTTP_X_FORWARDED_FOR="8.8.8.8, 10.3.3.3"
    )
    assert locked.status_code == 429
    fine = _login(client, "alice", "pw-alice", addr="192.0.2.10", HTTP_X_FORWARDED_FOR="10.3.3.4")
    assert fine.status_code == 302


def test_only_a_trusted_proxy_can_say_the_request_was_https(client, settings):
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    settings.SECURE_SSL_REDIRECT = True
    settings.TRUSTED_PROXIES = ["192.0.2.10"]
    spoofed = client.get(LOGIN, REMOTE_ADDR="10.5.5.5", HTTP_X_FORWARDED_PROTO="https")
    assert spoofed.status_code == 301 and spoofed["Location"].startswith("https://")
    proxied = client.get(LOGIN, REMOTE_ADDR="192.0.2.10", HTTP_X_FORWARDED_PROTO="https")
    assert proxied.status_code == 200


def test_unlock_login_lets_the_right_password_in_again(client, alice, capsys):
    for _ in range(3):
        _login(client, "alice", "wrong")
    assert _login(client, "alice", "pw-alice").status_code == 429
    call_command("unlock_login", "alice")
    assert "unlocked" in capsys.readouterr().out
    assert _login(client, "alice", "pw-alice").status_code == 302


def test_unlock_login_lists_and_refuses_no_target(alice, client, capsys):
    _login(client, "alice", "wrong")
    call_command("unlock_login", "--list")
    assert "alice from 10.0.0.1: 1 failure" in capsys.readouterr().out
    with pytest.raises(Exception, match="USERNAME"):
        call_command("unlock_login")


def test_pages_send_a_content_security_policy_without_unsafe_inline(client):
    policy = client.get(LOGIN)["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "style-src 'self'" in policy
    assert "unsafe-inline" not in policy
    assert "frame-ancestors 'none'" in policy


def test_pages_with_visitors_words_are_not_cached(client, alice):
    candidate = factories.candidate()
    client.force_login(alice)
    for url in (
        reverse("review:candidate", args=[candidate.pk]),
        reverse("review:queue"),
        reverse("review:conversation", args=[candidate.conversation.pk]),
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        assert response["Cache-Control"] == "private, no-store", url


@pytest.mark.parametrize(
    "back", ["https://evil.example/", "//evil.example/x", "http://testserver.evil/"]
)
def test_undo_does_not_redirect_to_another_site(client, alice, back):
    client.force_login(alice)
    response = client.post(reverse("review:undo"), {"back": back})
    assert response.status_code == 302
    assert response["Location"] == reverse("review:queue")


def test_undo_follows_a_back_url_on_this_site(client, alice):
    client.force_login(alice)
    response = client.post(reverse("review:undo"), {"back": "/records/?q=x"})
    assert response["Location"] == "/records/?q=x"


def test_undo_refuses_get_and_anonymous(client, alice):
    assert client.post(reverse("review:undo"), {"back": "/records/"}).status_code == 302
    assert reverse("login") in client.post(reverse("review:undo"))["Location"]
    client.force_login(alice)
    assert client.get(reverse("review:undo")).status_code == 405
