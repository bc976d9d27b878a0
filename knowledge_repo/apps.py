from django.apps import AppConfig
from django.core import checks


class KnowledgeRepoConfig(AppConfig):
    name = "knowledge_repo"
    verbose_name = "Knowledge repository"

    def ready(self) -> None:
        from .seal import check_signing_key

        checks.register(check_signing_key, checks.Tags.security, deploy=True)
