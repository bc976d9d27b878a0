"""Widgets written in Python are the HTML Django's templates write, to the byte (issue 21)."""

import datetime as dt
import inspect

import pytest
from django import forms
from django.forms.renderers import DjangoTemplates
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy, override

from memory_review.formrender import WidgetRenderer
from memory_review.review import forms as review_forms
from memory_review.review import team_forms

TEMPLATES = DjangoTemplates()
FAST = WidgetRenderer()
NASTY = [
    "",
    "plain",
    "<script>alert('x')</script> & \"quoted\"",
    "多言語 · ünïcode\nsecond line\n",
    mark_safe("<b>already safe</b> &amp;"),
    gettext_lazy("Name"),
    0,
    12345,
    1.5,
    dt.date(2026, 12, 6),
    None,
]


def both(widget: forms.Widget, name: str, value, attrs=None) -> tuple[str, str]:
    return (
        widget.render(name, value, attrs, renderer=FAST),
        widget.render(name, value, attrs, renderer=TEMPLATES),
    )


def app_forms() -> list[type[forms.Form]]:
    found = []
    for module in (review_forms, team_forms):
        for _name, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, forms.Form) and cls.__module__ == module.__name__:
                found.append(cls)
    return found


def test_the_app_has_forms_to_compare():
    names = {cls.__name__ for cls in app_forms()}
    assert {"CandidateEditForm", "MergeForm", "RejectForm", "RecordEditForm"} <= names


@pytest.mark.parametrize("form_class", app_forms(), ids=lambda c: c.__name__)
@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_form_of_the_app_renders_the_same(db, form_class, language):
    """Unbound with each value as initial, and bound: every field's widget, both renderers."""
    with override(language):
        for value in NASTY:
            form = form_class(initial=dict.fromkeys(form_class.base_fields, value))
            text = "" if value is None else str(value)
            bound = form_class(data=dict.fromkeys(form_class.base_fields, text))
            for f in (form, bound):
                for field in f:
                    fast = field.as_widget()
                    f.renderer = TEMPLATES
                    slow = field.as_widget()
                    f.renderer = FAST
                    assert fast == slow, (form_class.__name__, field.name, value)


@pytest.mark.parametrize("value", NASTY)
@pytest.mark.parametrize(
    "widget",
    [
        forms.TextInput(attrs={"placeholder": 'a <b> & "c"', "required": True, "off": False}),
        forms.NumberInput(),
        forms.EmailInput(),
        forms.URLInput(),
        forms.PasswordInput(render_value=True),
        forms.HiddenInput(),
        forms.DateInput(attrs={"type": "date"}),
        forms.DateTimeInput(),
        forms.TimeInput(),
        forms.SearchInput(),
        forms.TelInput(),
        forms.ColorInput(),
        forms.Textarea(attrs={"rows": 3, "data-x": mark_safe("&lt;")}),
    ],
    ids=lambda w: type(w).__name__,
)
def test_inputs_and_textareas_render_the_same(widget, value):
    fast, slow = both(widget, "field<name>", value, {"id": "id_&x", "autofocus": True})
    assert fast == slow


@pytest.mark.parametrize(
    "choices",
    [
        [("a", "Alpha"), ("b", "<Beta> & co"), (3, 3), ("", "---------")],
        [("Group <1>", [("x", "Ex"), ("y", gettext_lazy("Name"))]), ("z", "Zed")],
        [(mark_safe("<i>"), mark_safe("<i>safe</i>")), (None, "none")],
    ],
)
@pytest.mark.parametrize("value", ["a", "x", ["a", "y"], 3, None, "<i>", "missing"])
@pytest.mark.parametrize(
    "widget_class", [forms.Select, forms.SelectMultiple, forms.NullBooleanSelect]
)
def test_selects_and_their_options_render_the_same(widget_class, choices, value):
    if widget_class is forms.NullBooleanSelect and isinstance(value, list):
        return  # a yes/no select has one value
    widget = (
        widget_class() if widget_class is forms.NullBooleanSelect else widget_class(choices=choices)
    )
    fast, slow = both(widget, "pick", value, {"id": "id_pick", "disabled": True})
    assert fast == slow


def test_a_widget_with_a_template_of_its_own_goes_to_the_template():
    class Custom(forms.TextInput):
        template_name = "django/forms/widgets/textarea.html"

    class Elsewhere(forms.TextInput):
        template_name = "django/forms/widgets/checkbox.html"

    for widget in (
        Custom(),
        Elsewhere(),
        forms.CheckboxInput(),
        forms.RadioSelect(choices=[(1, 1)]),
    ):
        fast, slow = both(widget, "f", "v<")
        assert fast == slow


def test_the_settings_use_it():
    from django.forms.renderers import get_default_renderer

    assert isinstance(get_default_renderer(), WidgetRenderer)
    assert "<option" in str(review_forms.CandidateEditForm()["type"])
