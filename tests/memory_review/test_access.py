from django.urls import reverse


def test_home_requires_login(client, db):
    response = client.get(reverse("home"))
    assert response.status_code == 302
    assert reverse("login") in response["Location"]


def test_home_tells_a_user_without_role_to_ask_for_one(client, charlie):
    client.force_login(charlie)
    response = client.get(reverse("home"))
    assert response.status_code == 200
    assert "no role yet" in response.content.decode()


def test_login_page_has_csrf_token(client, db):
    response = client.get(reverse("login"))
    assert response.status_code == 200
    assert "csrfmiddlewaretoken" in response.content.decode()
