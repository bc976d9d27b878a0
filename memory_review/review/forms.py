from django import forms
from django.core import signing
from django.urls import reverse_lazy
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from memory_review.extraction.models import Candidate

from .actions import REJECT_REASONS

# The reject reasons are stored in English (the audit log and the model learn from them)
# and shown in the reviewer's language: their words for makemessages.
REJECT_REASON_WORDS = (
    gettext_noop("not true"),
    gettext_noop("about one visitor"),
    gettext_noop("temporary or task-specific"),
    gettext_noop("instruction, not knowledge"),
    gettext_noop("personal data"),
    gettext_noop("not useful"),
    gettext_noop("duplicate"),
)


def _record_picker() -> forms.TextInput:
    """A slug field that searches records by name as the reviewer types (app.js)."""
    return forms.TextInput(attrs={"data-record-picker": reverse_lazy("review:record_search")})


class CandidateEditForm(forms.Form):
    """The fields a reviewer may change before approving (or when answering a gap)."""

    name = forms.CharField(max_length=200, label=_("Name"))
    description = forms.CharField(widget=forms.Textarea(attrs={"rows": 2}), label=_("Description"))
    body = forms.CharField(widget=forms.Textarea(attrs={"rows": 8}), label=_("Body"))
    type = forms.ChoiceField(choices=Candidate.Type.choices, label=_("Type"))
    operation = forms.ChoiceField(
        choices=Candidate.Operation.choices, required=False, label=_("Operation")
    )
    target_slug = forms.SlugField(
        max_length=120, required=False, label=_("Record"), widget=_record_picker()
    )
    valid_until = forms.DateField(
        required=False,
        label=_("Valid until"),
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text=_("After this day readers stop selecting the record."),
    )

    def clean(self):
        data = super().clean()
        needs = (
            Candidate.Operation.UPDATE,
            Candidate.Operation.SUPERSEDE,
            Candidate.Operation.RETRACT,
        )
        if data.get("operation") in needs and not data.get("target_slug"):
            self.add_error("target_slug", _("Name the record this operation is about."))
        return data

    def edits(self) -> dict:
        edits = {k: v for k, v in self.cleaned_data.items() if v not in (None, "")}
        # An empty date clears a lifetime; the other empty fields mean "unchanged".
        edits["valid_until"] = self.cleaned_data.get("valid_until")
        return edits


class RejectForm(forms.Form):
    reason = forms.ChoiceField(
        choices=[(r, _(r)) for r in REJECT_REASONS] + [("other", _("other"))],
        label=_("Reason"),
    )
    detail = forms.CharField(required=False, max_length=500, label=_("Note"))

    def reason_text(self) -> str:
        reason = self.cleaned_data["reason"]
        detail = self.cleaned_data.get("detail", "").strip()
        return f"{reason}: {detail}" if detail else reason

    def reason_shown(self) -> str:
        """The reason as the reviewer chose it, in their language (the stored one is English)."""
        reason = gettext(self.cleaned_data["reason"])
        detail = self.cleaned_data.get("detail", "").strip()
        return f"{reason}: {detail}" if detail else reason


class MergeForm(forms.Form):
    target_slug = forms.SlugField(
        max_length=120, label=_("Merge into record"), widget=_record_picker()
    )
    name = forms.CharField(max_length=200, label=_("Name"))
    description = forms.CharField(widget=forms.Textarea(attrs={"rows": 2}), label=_("Description"))
    body = forms.CharField(widget=forms.Textarea(attrs={"rows": 8}), label=_("Body"))
    type = forms.ChoiceField(choices=Candidate.Type.choices, label=_("Type"))

    def edits(self) -> dict:
        return {k: self.cleaned_data[k] for k in ("name", "description", "body", "type")}


class DuplicateForm(forms.Form):
    of = forms.CharField(max_length=200, required=False)


class BulkForm(forms.Form):
    action = forms.ChoiceField(choices=[("approve", "approve"), ("reject", "reject")])
    expected = forms.IntegerField(min_value=0)
    # Digest of the ids the confirmation page listed: a changed list is shown again.
    signature = forms.CharField(max_length=64)
    reason = forms.CharField(required=False, max_length=500)


class RecordEditForm(forms.Form):
    name = forms.CharField(max_length=200, label=_("Name"))
    description = forms.CharField(widget=forms.Textarea(attrs={"rows": 2}), label=_("Description"))
    body = forms.CharField(widget=forms.Textarea(attrs={"rows": 10}), label=_("Body"))
    type = forms.ChoiceField(choices=Candidate.Type.choices, label=_("Type"))
    valid_until = forms.DateField(
        required=False,
        label=_("Valid until"),
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text=_("After this day readers stop selecting the record. Empty: no end."),
    )

    def fields_to_save(self) -> dict:
        data = dict(self.cleaned_data)
        data["valid_until"] = data.get("valid_until") or ""
        return data


class VersionedRecordEditForm(RecordEditForm):
    """A record edit that carries the version it was made from (the record's state, signed).

    The action compares it with the record when saving, so an edit made on a
    page opened before someone else's change is refused (409) instead of
    silently overwriting it.
    """

    SALT = "memory_review.review.record-version"
    version = forms.CharField(widget=forms.HiddenInput)

    @classmethod
    def version_of(cls, state: dict) -> str:
        return signing.dumps(state, salt=cls.SALT, compress=True)

    def clean_version(self) -> dict:
        try:
            state = signing.loads(self.cleaned_data["version"], salt=self.SALT)
        except signing.BadSignature as exc:
            raise forms.ValidationError(
                "This page does not say which version of the record it edits; reload it."
            ) from exc
        if not isinstance(state, dict):
            raise forms.ValidationError("This page's record version is damaged; reload it.")
        return state


class MergeRecordsForm(RecordEditForm):
    """The records to merge (slugs) and the merged text a person writes."""

    slugs = forms.CharField(
        max_length=2000,
        label=_("Slugs"),
        help_text=_("Slugs of the records to merge, separated by commas or spaces."),
    )

    def clean_slugs(self) -> list[str]:
        raw = self.cleaned_data["slugs"].replace(",", " ").split()
        slugs = list(dict.fromkeys(s.strip() for s in raw if s.strip()))
        if len(slugs) < 2:
            raise forms.ValidationError(_("Name at least two different records."))
        return slugs


class HeldDecisionForm(forms.Form):
    reason = forms.CharField(max_length=500, required=False)


class RetractForm(forms.Form):
    reason = forms.CharField(max_length=500)

    def clean_reason(self) -> str:
        """The reason is kept with the record's history: no personal data, as for record text."""
        from knowledge_repo import publicrule

        reason = self.cleaned_data["reason"]
        problems = publicrule.text_problems({"reason": reason})
        if problems:
            raise forms.ValidationError(
                _("The reason must not hold personal data (%(found)s); say why without it.")
                % {"found": "; ".join(p.removeprefix("reason: ") for p in problems)},
                code="public",
            )
        return reason
