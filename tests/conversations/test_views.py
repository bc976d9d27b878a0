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


def test_anonymous_visitors_are_sent_to_login(client, conversation):
    response = client.get(reverse("conversations:list"))
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_it_requires_the_reviewer_role(client, charlie, conversation):
    client.force_login(charlie)
    assert client.get(reverse("conversations:list")).status_code == 403


def test_reviewers_and_publishers_see_the_list(client, alice, bob, conversation):
    for user in (alice, bob):
        client.force_login(user)
        response = client.get(reverse("conversations:list"))
        assert response.status_code == 200
        assert "c1" in response.content.decode()


def test_the_list_filters_by_source_and_text(client, alice, conversation):
    other = Source.objects.create(name="other")
    Conversation.objects.create(source=other, external_id="elsewhere")
    client.force_login(alice)
    page = client.get(reverse("conversations:list"), {"source": other.pk}).content.decode()
    assert "elsewhere" in page and ">c1<" not in page
    page = client.get(reverse("conversations:list"), {"q": "中文"}).content.decode()
    assert ">c1<" in page and "elsewhere" not in page
    page = client.get(reverse("conversations:list"), {"q": "internal stuff"}).content.decode()
    assert ">c1<" not in page


def test_the_list_is_paginated(client, alice, conversation):
    source = conversation.source
    Conversation.objects.bulk_create(
        Conversation(source=source, external_id=f"x{i}") for i in range(60)
    )
    client.force_login(alice)
    first = client.get(reverse("conversations:list")).content.decode()
    assert "older →" in first
    second = client.get(reverse("conversations:list"), {"page": 2}).content.decode()
    assert "← newer" in second and "older →" not in second
    assert client.get(reverse("conversations:list"), {"page": "zz"}).status_code == 200
