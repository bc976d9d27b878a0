from django.urls import path

from . import views

app_name = "conversations"

urlpatterns = [
    # Conversations (reviewers)
    path("", views.conversation_list, name="list"),
    path("<int:pk>/", views.conversation_detail, name="detail"),
]
