"""The WSGI application, warmed up before it serves.

gunicorn runs with ``--preload``: the master imports this module once and
forks its workers from it. Django imports the views (and the screening and
extraction code they use), compiles templates and reads translation catalogues
lazily, on the first request that needs them: about 1.5 s of CPU that every
worker would pay again on its first request, under load. ``warm_up`` does that
work here, in the master, so the workers share it. It touches no database
connection (a connection opened before the fork would be shared by workers).
"""

import importlib
import os
from pathlib import Path

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "memory_review.settings")
application = get_wsgi_application()

# Imported inside functions on a first approve or candidate page.
PRELOAD = ("knowledge_repo.screening.decoding",)


def warm_up() -> None:
    """Import the URLconf and every view, compile the templates, load the catalogues."""
    from django.conf import settings
    from django.template import engines
    from django.urls import get_resolver
    from django.utils import formats, translation
    from django.utils.module_loading import import_string

    resolver = get_resolver()
    resolver.url_patterns  # noqa: B018 - imports every view module
    resolver.reverse_dict  # noqa: B018 - builds the reverse lookup tables
    for engine in engines.all():
        template_engine = getattr(engine, "engine", None)
        if template_engine is None:
            continue
        template_engine.template_context_processors  # noqa: B018 - imports them
        for folder in template_engine.dirs:
            root = Path(folder)
            for path in sorted(root.rglob("*.html")):
                engine.get_template(path.relative_to(root).as_posix())
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            translation.gettext("Log in")
            formats.get_format("DATETIME_FORMAT")
    # Backends named by settings, imported on their first use.
    import_string(settings.MESSAGE_STORAGE)
    import_string(settings.SESSION_SERIALIZER)
    for backend in [c["BACKEND"] for c in settings.CACHES.values()] + [
        s["BACKEND"] for s in settings.STORAGES.values()
    ]:
        import_string(backend)
    for module in PRELOAD:
        importlib.import_module(module)


warm_up()
