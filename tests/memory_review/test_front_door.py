"""The front door: login lockout, CSP, private caching, safe redirects."""

import pytest
from django.core.management import call_command
from django.urls import reverse

from tests.review import factories

LOGIN = "/accounts/login/"


@pytest.fixture(autouse=True)
def _fast_hashes(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.AXES_FAILURE_LIMIT = 3


def _login(client, username, password, addr="10.0.0.1"):
    return client.post(LOGIN, {"username": username, "password": password}, REMOTE_ADDR=addr)


def test_a_right_password_logs_in(client, alice):
    response = _login(client, "alice", "pw-alice")
    assert response.status_code == 302
    assert client.get(reverse("review:queue")).status_code == 200


def test_repeated_wrong_passwords_lock_the_account_even_for_the_right_one(client, alice):
    for _ in range(2):
        assert _login(client, "alice", "wrong").status_code == 200
    assert _login(client, "alice", "wrong").status_code == 429
    response = _login(client, "alice", "pw-alice", addr="10.0.0.2")
    assert response.status_code == 429
    assert b"Too many failed logins" in response.content
    assert b"unlock_login" in response.content
    assert "_auth_user_id" not in client.session


def test_repeated_wrong_passwords_from_one_address_lock_that_address(client, alice, dora):
    for name in ("x1", "x2", "x3"):
        _login(client, name, "wrong", addr="10.9.9.9")
    assert _login(client, "alice", "pw-alice", addr="10.9.9.9").status_code == 429
    assert _login(client, "dora", "pw-dora", addr="10.0.0.7").status_code == 302


def test_unlock_login_lets_the_right_password_in_again(client, alice, capsys):
    for _ in range(3):
        _login(client, "alice", "wrong")
    assert _login(client, "alice", "pw-alice", addr="10.0.0.2").status_code == 429
    call_command("unlock_login", "alice")
    assert "unlocked" in capsys.readouterr().out
    assert _login(client, "alice", "pw-alice", addr="10.0.0.2").status_code == 302


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
