"""The shared cast (reviewer alice, publisher bob, outsider charlie) and a fresh knowledge repository (kb)."""

from pathlib import Path

import pytest
from django.contrib.auth.models import Group, User
from django.utils import translation


@pytest.fixture(autouse=True)
def _default_language():
    """Each test starts in the default language: a request in Chinese (LocaleMiddleware
    activates it for the thread) must not leak into the next test's actions."""
    translation.deactivate()
    yield
    translation.deactivate()


def _user(username: str, *groups: str, **extra) -> User:
    user = User.objects.create_user(
        username, f"{username}@example.org", "pw-" + username, first_name=username.title(), **extra
    )
    # A public handle that is not the login name (published commits never show one).
    from memory_review.review.models import ReviewerProfile

    ReviewerProfile.objects.create(user=user, public_handle=f"{username}-pub")
    for name in groups:
        # get_or_create: a transactional test's flush removes the groups the
        # roles migration made, and later transactional tests still need them.
        user.groups.add(Group.objects.get_or_create(name=name)[0])
    return user


@pytest.fixture
def alice(db) -> User:
    """A reviewer."""
    return _user("alice", "reviewer")


@pytest.fixture
def dora(db) -> User:
    """A second reviewer (for two-person approval)."""
    return _user("dora", "reviewer")


@pytest.fixture
def bob(db) -> User:
    """A publisher (publishers may also review)."""
    return _user("bob", "publisher")


@pytest.fixture
def charlie(db) -> User:
    """Logged in, but with no role."""
    return _user("charlie")


@pytest.fixture
def staff(db) -> User:
    return _user("sam", is_staff=True, is_superuser=True)


@pytest.fixture
def kb(settings, tmp_path) -> Path:
    """Point the app at a fresh working repository and bare remote; return the repo path."""
    settings.KNOWLEDGE_REPO_PATH = tmp_path / "knowledge"
    settings.KNOWLEDGE_PUBLISH_REMOTES = [str(tmp_path / "published.git")]
    settings.KNOWLEDGE_COMMIT_IN_PROCESS = False
    # Approvals enqueue the committer task; the dummy backend keeps it queued,
    # so each test decides when commit_pending runs.
    settings.TASKS = {"default": {"BACKEND": "django.tasks.backends.dummy.DummyBackend"}}
    # The cast's passwords need no real hashing here; it keeps these tests quick.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    return settings.KNOWLEDGE_REPO_PATH


@pytest.fixture(autouse=True)
def _fresh_readiness():
    """/readyz caches its result per process for a few seconds: no test sees another's."""
    from memory_review.health import forget_cached_health

    forget_cached_health()
    yield
    forget_cached_health()
