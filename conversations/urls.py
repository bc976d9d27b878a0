from django.urls import path

from . import views

app_name = "conversations"

urlpatterns = [
    # Conversations (reviewers)
    path("", views.conversation_list, name="list"),
    # What ingest did: runs, and the records it could not store
    path("ingest/", views.batch_list, name="batches"),
    path("ingest/<int:pk>/", views.batch_detail, name="batch"),
    path("ingest/problems/<int:pk>/raw/", views.problem_raw, name="problem_raw"),
]
