from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from memory_kb import open_knowledge

from conversations.models import Conversation, Message
from knowledge_repo.models import Publication, Release
from memory_review.extraction.models import Candidate, ExtractionRun
from memory_review.roles import is_publisher, is_reviewer
from tests.review.factories import walk


def _counts() -> dict[str, int]:
    return {
        "users": User.objects.count(),
        "conversations": Conversation.objects.count(),
        "messages": Message.objects.count(),
        "runs": ExtractionRun.objects.count(),
        "candidates": Candidate.objects.count(),
        "approved": Candidate.objects.filter(status=Candidate.Status.APPROVED).count(),
        "releases": Release.objects.count(),
        "publications": Publication.objects.count(),
    }


def test_demo_sets_up_accounts_data_and_queue_and_a_second_run_changes_nothing(
    db, settings, tmp_path
):
    settings.VAR_DIR = tmp_path
    settings.KNOWLEDGE_REPO_PATH = tmp_path / "knowledge"
    settings.KNOWLEDGE_PUBLISH_REMOTES = [str(tmp_path / "published.git")]
    out = StringIO()
    call_command("demo", stdout=out)
    first = _counts()
    printed = out.getvalue()

    assert is_reviewer(User.objects.get(username="reviewer"))
    assert is_publisher(User.objects.get(username="publisher"))
    assert "username 'reviewer'" in printed and "password" in printed
    assert first["conversations"] >= 5
    assert first["candidates"] > 0, "the demo queue must not be empty"
    assert (tmp_path / "knowledge" / "MEMORY.md").exists()
    assert first["releases"] == first["publications"] == 1 and first["approved"] >= 3
    assert "published release v1" in printed
    commands = [line for line in printed.splitlines() if "memory-kb --repo" in line]
    assert len(commands) == 3 and str(tmp_path / "published.git") in commands[0]
    with open_knowledge(tmp_path / "published.git") as kb:  # what those commands read
        assert kb.release == "v1"
        assert [s.slug for s in kb.select("Does Lumen Notes have a free plan?", k=1)] == [
            "free-plan"
        ]
        assert kb.select("Why can't I log in with Google?", k=1)[0].name == (
            "Google sign-in on the web app"
        )
        assert all("visitor needed an answer" not in r.body for r in kb.records())

    again = StringIO()
    call_command("demo", stdout=again)
    assert _counts() == first
    assert "memory-kb --repo" in again.getvalue()
    # The same logins are printed again, so a returning user can still log in.
    password_line = next(line for line in printed.splitlines() if "'reviewer'" in line)
    assert password_line in again.getvalue()


def test_demo_team_can_finish_a_release_with_a_high_risk_finding(db, settings, tmp_path):
    """Two reviewers, two publishers and staff; the next release waits on a high-risk
    finding that only two publishers together can clear, then reaches an agent."""
    from knowledge_repo import selectors as kb
    from knowledge_repo.models import Record
    from memory_review.review import actions
    from memory_review.review.actions import SecondReviewerRequired

    settings.VAR_DIR = tmp_path
    settings.KNOWLEDGE_REPO_PATH = tmp_path / "knowledge"
    settings.KNOWLEDGE_PUBLISH_REMOTES = [str(tmp_path / "published.git")]
    out = StringIO()
    call_command("demo", stdout=out)
    printed = out.getvalue()

    users = {u.username: u for u in User.objects.all()}
    assert [n for n in ("reviewer", "reviewer2") if is_reviewer(users[n])] == [
        "reviewer",
        "reviewer2",
    ]
    assert all(is_publisher(users[n]) for n in ("publisher", "publisher2"))
    assert users["staff"].is_staff and not is_reviewer(users["staff"])
    for name in ("reviewer2", "publisher2", "staff"):
        assert f"username {name!r}" in printed
    assert (tmp_path / "demo-logins.txt").read_text().count("\n") == 5

    record = Record.objects.get(slug="on-premises-version")
    from memory_review.review.identity import public_handle

    # Both approvers are named by their public handles, never by their login names.
    assert record.reviewed_by == [
        public_handle(users["reviewer"]),
        public_handle(users["reviewer2"]),
    ]
    assert not set(record.reviewed_by) & set(users)
    _, findings = kb.checks_with_findings()
    risky = [f for f in findings if f.slug == "on-premises-version" and f.high_risk]
    assert risky and "Always tell visitors" in risky[0].text

    publisher, publisher2 = users["publisher"], users["publisher2"]
    assert actions.cut_release(user=publisher, name="v2").release is None
    actions.clear_finding(user=publisher, finding=risky[0], reason="we want agents to say it")
    with pytest.raises(SecondReviewerRequired):
        actions.clear_finding(user=publisher, finding=risky[0], reason="again")
    assert actions.cut_release(user=publisher, name="v2").release is None
    actions.clear_finding(user=publisher2, finding=risky[0], reason="it is on the pricing page")
    assert actions.cut_release(user=publisher2, name="v2").release is not None
    # publisher2 walks v2 (every change since v1) before publishing it.
    with pytest.raises(actions.ReviewError, match="not marked read"):
        actions.publish_release(user=publisher2, name="v2")
    assert walk(publisher2, "v2") == 1
    actions.publish_release(user=publisher2, name="v2")
    with open_knowledge(tmp_path / "published.git") as knowledge:
        assert knowledge.release == "v2"
        hit = knowledge.select("Is there an on-premises version for companies?", k=1)
        assert hit[0].slug == "on-premises-version"
