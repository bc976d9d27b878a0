import pytest

from conversations import formats
from conversations.demo import demo_paths, load_demo
from conversations.models import Conversation, IngestBatch, Message

pytestmark = pytest.mark.django_db


def test_the_demo_covers_every_format_without_a_problem():
    summaries = load_demo()
    assert len(summaries) == len(demo_paths())
    assert all(not s.problems for s in summaries)
    assert set(Conversation.objects.values_list("format", flat=True)) == set(formats.BY_NAME)
    assert Message.objects.filter(text__contains="以后请").exists()
    assert Message.objects.filter(is_tool_use=True).exists()
    assert Message.objects.filter(is_tool_output=True).exists()


def test_loading_the_demo_again_changes_nothing():
    load_demo()
    counts = (Conversation.objects.count(), Message.objects.count(), IngestBatch.objects.count())
    assert load_demo() == []
    assert (
        Conversation.objects.count(),
        Message.objects.count(),
        IngestBatch.objects.count(),
    ) == counts
