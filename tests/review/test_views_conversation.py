"""One conversation as reviewers read it: a review page at /conversations/<pk>/."""

import pytest
from django.urls import reverse

from conversations.models import Conversation, Message, Source

pytestmark = pytest.mark.django_db


@pytest.fixture
def conversation():
    source = Source.objects.create(name="web")
    conv = Conversation.objects.create(
        source=source, external_id="c1", message_count=3, format="openai"
    )
    Message.objects.create(
        conversation=conv,
        order=0,
        role="user",
        content=[{"type": "text", "text": "以后请用中文回答"}],
        text="以后请用中文回答",
    )
    Message.objects.create(
        conversation=conv,
        order=1,
        role="assistant",
        is_tool_use=True,
        content=[
            {"type": "text", "text": "Checking."},
            {"type": "tool_use", "name": "lookup", "input": {"q": "x"}},
        ],
        text="Checking.",
    )
    Message.objects.create(
        conversation=conv,
        order=2,
        role="tool",
        is_tool_output=True,
        content=[{"type": "tool_result", "content": "internal stuff"}],
    )
    return conv


def test_the_page_keeps_its_address_beside_the_conversation_list(conversation):
    assert (
        reverse("review:conversation", args=[conversation.pk])
        == f"/conversations/{conversation.pk}/"
    )
    assert reverse("conversations:list") == "/conversations/"


def test_anonymous_visitors_are_sent_to_login(client, conversation):
    response = client.get(reverse("review:conversation", args=[conversation.pk]))
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_it_requires_the_reviewer_role(client, charlie, conversation):
    client.force_login(charlie)
    assert client.get(reverse("review:conversation", args=[conversation.pk])).status_code == 403


def test_the_list_links_each_conversation_to_its_page(client, alice, conversation):
    client.force_login(alice)
    page = client.get(reverse("conversations:list")).content.decode()
    assert f'href="/conversations/{conversation.pk}/"' in page
    assert client.get(f"/conversations/{conversation.pk}/").status_code == 200


def test_the_page_shows_roles_and_collapses_tool_blocks(client, alice, conversation):
    client.force_login(alice)
    response = client.get(reverse("review:conversation", args=[conversation.pk]))
    page = response.content.decode()
    assert "以后请用中文回答" in page
    assert "visitor" in page and "agent" in page
    assert page.count("never used for extraction") >= 2
    assert "<details" in page and "internal stuff" in page
    assert 'class="messages"' not in page  # Django's message list stays empty


def test_the_page_highlights_an_evidence_message(client, alice, conversation):
    client.force_login(alice)
    first = conversation.messages.get(order=0)
    page = client.get(
        reverse("review:conversation", args=[conversation.pk]), {"m": first.pk}
    ).content.decode()
    assert page.count(" highlighted") == 1
    assert f'id="message-{first.pk}"' in page.split(" highlighted")[1][:40]


def test_an_unknown_conversation_is_404(client, alice):
    client.force_login(alice)
    assert client.get(reverse("review:conversation", args=[999])).status_code == 404
