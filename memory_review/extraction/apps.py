from django.apps import AppConfig


class ExtractionConfig(AppConfig):
    name = "memory_review.extraction"
    label = "extraction"
    verbose_name = "Extraction"
