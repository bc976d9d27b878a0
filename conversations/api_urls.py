from django.urls import path

from . import api

app_name = "api"

urlpatterns = [
    # Ingest (bearer token per source)
    path("conversations", api.conversations, name="conversations"),
]
