import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def knowledge_repo(settings, tmp_path):
    """Each test gets its own knowledge repository and published remote."""
    settings.KNOWLEDGE_REPO_PATH = tmp_path / "knowledge"
    settings.KNOWLEDGE_PUBLISH_REMOTES = [str(tmp_path / "published.git")]
    cache.clear()
    return settings.KNOWLEDGE_REPO_PATH
