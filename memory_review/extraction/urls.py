from django.urls import path

from . import views

app_name = "extraction"

# Extraction runs: figures, failures with raw output, candidates produced.
urlpatterns = [
    path("runs/", views.runs, name="runs"),
    path("runs/<int:pk>/", views.run_detail, name="run_detail"),
]
