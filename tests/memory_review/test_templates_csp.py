"""Every page works under ``script-src 'self'; style-src 'self'``: no inline code in templates."""

import re
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders

ROOT = Path(settings.BASE_DIR)
INLINE = {
    "inline <script>": re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I),
    "<style> element": re.compile(r"<style\b", re.I),
    "style attribute": re.compile(r"\sstyle\s*=", re.I),
    "event handler attribute": re.compile(r"\son[a-z]+\s*=", re.I),
    "javascript: URL": re.compile(r"javascript:", re.I),
}


def _templates() -> list[Path]:
    found = list((ROOT / "templates").rglob("*.html"))
    for package in ("memory_review", "conversations", "knowledge_repo"):
        found += (ROOT / package).rglob("templates/**/*.html")
    return found


def test_no_template_has_inline_script_style_or_handlers():
    templates = _templates()
    assert len(templates) > 10
    problems = [
        f"{path.relative_to(ROOT)}: {what}"
        for path in templates
        for what, pattern in INLINE.items()
        if pattern.search(path.read_text(encoding="utf-8"))
    ]
    assert problems == []


def test_the_check_catches_inline_code():
    samples = ["<script>x()</script>", "<style>a{}</style>", '<p style="x">', '<a onclick="x">']
    assert all(any(p.search(s) for p in INLINE.values()) for s in samples)
    assert not any(
        p.search('<script src="/static/review/app.js" defer></script>') for p in INLINE.values()
    )


def test_every_static_file_the_templates_name_exists():
    named = {
        name
        for path in _templates()
        for name in re.findall(r"\{% static '([^']+)' %\}", path.read_text(encoding="utf-8"))
    }
    assert {"review/app.css", "review/app.js", "review/favicon.svg"} <= named
    assert [name for name in sorted(named) if finders.find(name) is None] == []


def test_no_template_puts_a_question_mark_before_querystring():
    # Django's {% querystring %} starts with "?" itself; "?{% querystring %}" makes "??".
    bad = [
        str(path.relative_to(ROOT))
        for path in _templates()
        if "?{% querystring" in path.read_text(encoding="utf-8")
    ]
    assert bad == []
