from io import StringIO

from django.contrib.auth.models import User
from django.core.management import call_command
from memory_kb import open_knowledge

from conversations.models import Conversation, Message
from knowledge_repo.models import Publication, Release
from memory_review.extraction.models import Candidate, ExtractionRun
from memory_review.roles import is_publisher, is_reviewer


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
    assert len(commands) == 2 and str(tmp_path / "published.git") in commands[0]
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
