"""Twenty reviewers approving overlapping candidates at once, on PostgreSQL."""

import random
import threading

import pytest
from django.conf import settings
from django.contrib.auth.models import Group, User
from django.db import connection
from git import Repo

from knowledge_repo.models import Change
from memory_review.extraction.models import Candidate
from memory_review.review import actions
from memory_review.review.models import ReviewEvent

from . import factories

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql",
        reason="needs PostgreSQL (DATABASE_URL=postgres://...)",
    ),
]


@pytest.fixture(autouse=True)
def roles(transactional_db):
    """The role groups, in case an earlier transactional test's flush removed them.

    Serialized rollback stays on: a flush without it re-creates content types,
    which breaks the next serialized-rollback test of another app."""
    for name in ("reviewer", "publisher"):
        Group.objects.get_or_create(name=name)


REVIEWERS = 20
CANDIDATES = 10


def test_each_candidate_is_decided_once_and_committed_once(knowledge_repo):
    group = Group.objects.get(name="reviewer")
    reviewers = []
    for i in range(REVIEWERS):
        user = User.objects.create_user(f"reviewer{i}", f"r{i}@example.org", "pw")
        user.groups.add(group)
        reviewers.append(user)
    run = factories.run()
    conv = factories.conversation()
    ids = [
        factories.candidate(name=f"Fact number {i}", run=run, conversation=conv).pk
        for i in range(CANDIDATES)
    ]
    barrier = threading.Barrier(REVIEWERS)
    wins: list[tuple[int, int]] = []
    losses: list[str] = []
    errors: list[BaseException] = []
    lock = threading.Lock()

    def work(user: User, seed: int) -> None:
        order = ids[:]
        random.Random(seed).shuffle(order)
        try:
            barrier.wait()
            for pk in order:
                try:
                    actions.approve_candidate(candidate=Candidate.objects.get(pk=pk), reviewer=user)
                except actions.AlreadyDecided as lost:
                    with lock:
                        losses.append(str(lost))
                else:
                    with lock:
                        wins.append((pk, user.pk))
        except BaseException as error:  # noqa: BLE001 - reported by the main thread
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=work, args=(u, i)) for i, u in enumerate(reviewers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    assert errors == []
    assert sorted(pk for pk, _ in wins) == sorted(ids)
    assert len(losses) == REVIEWERS * CANDIDATES - CANDIDATES
    assert all("already decided" in text for text in losses)
    assert ReviewEvent.objects.filter(action="approve").count() == CANDIDATES
    assert Candidate.objects.filter(status="approved").count() == CANDIDATES
    changes = Change.objects.all()
    assert sorted(c.candidate_id for c in changes) == sorted(ids)
    actions_committed = set(changes.values_list("status", flat=True))
    if actions_committed != {"committed"}:
        from knowledge_repo import actions as kr

        kr.commit_pending()
    assert set(Change.objects.values_list("status", flat=True)) == {"committed"}
    repo = Repo(knowledge_repo)
    try:
        trailers = repo.git.log("--format=%(trailers:key=Change-Id,valueonly)").split()
    finally:
        repo.close()
    # One commit per change, each change from one candidate (the commit names no candidate).
    committed = Change.objects.filter(pk__in=[int(t) for t in trailers])
    assert len(trailers) == len(set(trailers)) == CANDIDATES
    assert sorted(c.candidate_id for c in committed) == sorted(ids)


def test_reviewers_opening_one_candidate_at_once_share_one_claim_without_errors():
    """Found by bench/load.py: a second claim INSERT raced the first and answered 500."""
    group = Group.objects.get(name="reviewer")
    users = []
    for n in range(8):
        user = User.objects.create_user(f"claimer{n}")
        user.groups.add(group)
        users.append(user)
    candidate = factories.candidate()
    barrier = threading.Barrier(len(users))
    owners, errors = [], []

    def open_page(user):
        try:
            barrier.wait()
            owners.append(actions.claim_candidate(candidate=candidate, user=user).user_id)
        except Exception as exc:  # noqa: BLE001 - the test reports any failure
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=open_page, args=(u,)) for u in users]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert len(owners) == len(users) and len(set(owners)) == 1


def test_two_reviewers_deciding_one_candidate_make_exactly_one_commit(knowledge_repo):
    group = Group.objects.get(name="reviewer")
    users = []
    for n in range(2):
        user = User.objects.create_user(f"decider{n}")
        user.groups.add(group)
        users.append(user)
    pk = factories.candidate().pk
    barrier = threading.Barrier(len(users))
    wins, losses, errors = [], [], []

    def decide(user):
        try:
            barrier.wait()
            actions.approve_candidate(candidate=Candidate.objects.get(pk=pk), reviewer=user)
            wins.append(user.pk)
        except actions.AlreadyDecided:
            losses.append(user.pk)
        except Exception as exc:  # noqa: BLE001 - the test reports any failure
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=decide, args=(u,)) for u in users]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert errors == [] and len(wins) == 1 and len(losses) == 1
    assert Change.objects.filter(candidate_id=pk).count() == 1
    assert ReviewEvent.objects.filter(candidate_id=pk, action="approve").count() == 1


def test_a_decision_locks_the_candidate_row_only(knowledge_repo):
    """Locking the conversation and source read along queued every decision on one source."""
    from django.db import connections, transaction
    from django.test.utils import CaptureQueriesContext

    from memory_review.review.actions.decision import lock_candidate

    reviewer = User.objects.create_user("locker")
    reviewer.groups.add(Group.objects.get(name="reviewer"))
    candidate = factories.candidate()
    free: list[bool] = []

    def try_lock_conversation():
        other = connections.create_connection("default")
        try:
            with other.cursor() as cursor:
                for table, pk in (
                    ("conversations_conversation", candidate.conversation_id),
                    ("conversations_source", candidate.conversation.source_id),
                ):
                    cursor.execute(f"SELECT id FROM {table} WHERE id = %s FOR UPDATE NOWAIT", [pk])
                    free.append(True)
        finally:
            other.close()

    with transaction.atomic(), CaptureQueriesContext(connection) as queries:
        lock_candidate(candidate.pk, reviewer)
        thread = threading.Thread(target=try_lock_conversation)
        thread.start()
        thread.join(timeout=30)
    locking = [q["sql"] for q in queries if "FOR UPDATE" in q["sql"]]
    assert locking and all("FOR UPDATE OF" in sql for sql in locking)
    assert free == [True, True]


def test_claims_that_change_hands_while_reviewers_move_on_never_fail():
    """Found by bench/load.py: a claim INSERT met another reviewer's row, which that reviewer
    dropped (moving on) before the read that followed, and the read answered 500."""
    group = Group.objects.get(name="reviewer")
    users = []
    for n in range(8):
        user = User.objects.create_user(f"mover{n}")
        user.groups.add(group)
        users.append(user)
    conv = factories.conversation()
    candidates = [factories.candidate(name=f"Fact {i}", conversation=conv) for i in range(3)]
    barrier = threading.Barrier(len(users))
    errors: list[BaseException] = []
    held: list[int] = []

    def move_on(user: User, seed: int) -> None:
        rng = random.Random(seed)
        try:
            barrier.wait()
            for _ in range(60):
                candidate = rng.choice(candidates)
                claim = actions.claim_candidate(candidate=candidate, user=user, likely_free=True)
                held.append(claim.user_id)
        except BaseException as error:  # noqa: BLE001 - reported by the main thread
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=move_on, args=(u, i)) for i, u in enumerate(users)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    assert errors == []
    assert len(held) == 60 * len(users)
    assert set(held) <= {u.pk for u in users}
