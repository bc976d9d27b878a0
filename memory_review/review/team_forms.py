"""Forms of the team's pages: assign, comment, ask for a second opinion."""

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from .actions.comments import BODY_MAX
from .selectors.team import colleagues


class ColleagueField(forms.ModelChoiceField):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(queryset=colleagues(), to_field_name="username", **kwargs)

    def label_from_instance(self, obj: Any) -> str:
        return obj.get_username()


class AssignForm(forms.Form):
    target = forms.CharField(max_length=200)
    # Empty: take the item off everyone's list.
    assignee = ColleagueField(label=_("Assign to"), required=False)


class QueueAssignForm(forms.Form):
    queue = forms.CharField(required=False, max_length=2000)
    assignees = forms.ModelMultipleChoiceField(
        queryset=colleagues(), to_field_name="username", label=_("Reviewers")
    )
    reassign = forms.BooleanField(required=False, label=_("Also reassign items already assigned"))


class CommentForm(forms.Form):
    target = forms.CharField(max_length=200)
    body = forms.CharField(
        label=_("Comment"), max_length=BODY_MAX, widget=forms.Textarea(attrs={"rows": 3})
    )


class SecondOpinionForm(CommentForm):
    colleague = ColleagueField(label=_("Colleague"))
