"""The WSGI module warms up before gunicorn forks: workers never pay for it on a request."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROBE = """
import json, sys
import memory_review.wsgi
from django.conf import settings
from django.template import engines
from django.urls import get_resolver

engine = engines["django"].engine
cached = [loader for loader in engine.template_loaders if hasattr(loader, "get_template_cache")]
print(json.dumps({
    "urlconf": settings.ROOT_URLCONF in sys.modules,
    "views": "memory_review.review.views.candidate" in sys.modules,
    "populated": bool(get_resolver().reverse_dict),
    "templates": sum(len(loader.get_template_cache) for loader in cached),
}))
"""


def test_importing_the_application_loads_the_urlconf_views_and_templates():
    out = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, check=True
    )
    state = json.loads(out.stdout.strip().splitlines()[-1])
    assert state["urlconf"] and state["views"] and state["populated"]
    assert state["templates"] > 10
