from django.apps import AppConfig


class MemoryReviewConfig(AppConfig):
    name = "memory_review"
    verbose_name = "Memory review"
