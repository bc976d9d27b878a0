"""Form widgets rendered in Python, to the byte, for the widget templates Django ships.

Django renders every widget through a template, every ``<option>`` through
another and every attribute list through a third: on the candidate page (two
forms, three selects) that was more CPU than the rest of the page's markup
(issue 21). ``WidgetRenderer`` writes the same HTML as Django's own templates
for the plain widgets (input types, textarea, select and its options) and
hands any other template, or a template an app overrides, to Django's
template renderer. ``tests/memory_review/test_formrender.py`` compares both outputs
over every form of the app.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import django
from django.forms.renderers import DjangoTemplates
from django.template import Context
from django.template.base import render_value_in_context
from django.utils.functional import cached_property
from django.utils.safestring import SafeData, mark_safe

WIDGETS = "django/forms/widgets/"
INPUT_TYPES = (
    "input",
    "text",
    "number",
    "email",
    "url",
    "password",
    "hidden",
    "date",
    "datetime",
    "time",
    "search",
    "tel",
    "color",
)
OPTION = WIDGETS + "select_option.html"
# {{ value }} as Django's templates print it: localized, then escaped unless safe.
ESCAPING = Context(autoescape=True)


def shown(value: Any) -> str:
    """``{{ value }}``."""
    return render_value_in_context(value, ESCAPING)


def formatted(value: Any) -> str:
    """``{{ value|stringformat:'s' }}`` (the filter keeps a safe value safe)."""
    try:
        text = str(value)  # what "%s" % value gives (a tuple is printed whole there too)
    except (ValueError, TypeError):
        text = ""
    return shown(mark_safe(text) if isinstance(value, SafeData) else text)


def attrs_html(attrs: dict[str, Any]) -> str:
    """``django/forms/widgets/attrs.html``."""
    out = []
    for name, value in attrs.items():
        if value is False:
            continue
        out.append(" " + shown(name))
        if value is not True:
            out.append('="' + formatted(value) + '"')
    return "".join(out)


def input_html(widget: dict[str, Any]) -> str:
    """``django/forms/widgets/input.html`` (and text, date, … that include it)."""
    value = widget["value"]
    shown_value = ' value="' + formatted(value) + '"' if value is not None else ""
    return (
        f'<input type="{shown(widget["type"])}" name="{shown(widget["name"])}"'
        f"{shown_value}{attrs_html(widget['attrs'])}>"
    )


def textarea_html(widget: dict[str, Any]) -> str:
    """``django/forms/widgets/textarea.html``."""
    value = widget["value"]
    return (
        f'<textarea name="{shown(widget["name"])}"{attrs_html(widget["attrs"])}>\n'
        f"{shown(value) if value else ''}</textarea>"
    )


def select_html(widget: dict[str, Any]) -> str | None:
    """``django/forms/widgets/select.html`` with ``select_option.html`` (whose file ends
    with a line break, kept after each option); None when an option has a template of
    its own."""
    out = [f'<select name="{shown(widget["name"])}"{attrs_html(widget["attrs"])}>']
    for group_name, group_choices, _index in widget["optgroups"]:
        if group_name:
            out.append(f'\n  <optgroup label="{shown(group_name)}">')
        for option in group_choices:
            if option["template_name"] != OPTION:
                return None
            out.append(
                f'\n  <option value="{formatted(option["value"])}"'
                f"{attrs_html(option['attrs'])}>{shown(option['label'])}</option>\n"
            )
        if group_name:
            out.append("\n  </optgroup>")
    out.append("\n</select>")
    return "".join(out)


class WidgetRenderer(DjangoTemplates):
    """Django's default form renderer, with the plain widgets written in Python."""

    @cached_property
    def fast(self) -> dict[str, Callable[[dict[str, Any]], str | None]]:
        """Templates written here, each only while it is Django's own file (an app may
        override a widget template: then the template renders it)."""
        writers: dict[str, Callable[[dict[str, Any]], str | None]] = {
            WIDGETS + f"{name}.html": input_html for name in INPUT_TYPES
        }
        writers[WIDGETS + "textarea.html"] = textarea_html
        writers[WIDGETS + "select.html"] = select_html
        own = (WIDGETS + "input.html", WIDGETS + "attrs.html", OPTION)
        if not all(self.is_djangos(name) for name in own):
            return {}
        return {name: writer for name, writer in writers.items() if self.is_djangos(name)}

    def is_djangos(self, template_name: str) -> bool:
        """Whether the template in force for this name is Django's own file."""
        origin = self.get_template(template_name).origin.name
        return origin.startswith(django.__path__[0])

    def render(self, template_name: str, context: dict[str, Any], request: Any = None) -> str:
        writer = self.fast.get(template_name)
        if writer is not None and request is None and context.keys() == {"widget"}:
            try:
                html = writer(context["widget"])
            except (KeyError, TypeError, ValueError):
                html = None
            if html is not None:
                return html.strip()
        return super().render(template_name, context, request)
