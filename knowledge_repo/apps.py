from django.apps import AppConfig


class KnowledgeRepoConfig(AppConfig):
    name = "knowledge_repo"
    verbose_name = "Knowledge repository"
