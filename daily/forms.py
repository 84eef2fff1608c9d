from datetime import date, datetime

from django import forms
from django.utils.translation import gettext_lazy as _

from daily import seeds
from games.rules.shuffle import MAX_SEED_BYTES


class VerifyForm(forms.Form):
    """A closed day, or a pasted seed (hex)."""

    day = forms.DateField(
        label=_("Date (a closed day)"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    seed = forms.CharField(label=_("Or a seed (hex)"), required=False, max_length=2 * MAX_SEED_BYTES)

    def __init__(self, *args, now: datetime, **kwargs):
        super().__init__(*args, **kwargs)
        self.now = now

    def clean_day(self) -> date | None:
        day = self.cleaned_data["day"]
        if day is not None and not seeds.is_closed(day, self.now):
            raise forms.ValidationError(_("That day is still open: its seed is revealed at midnight UTC."))
        return day

    def clean_seed(self) -> bytes | None:
        text = self.cleaned_data["seed"].strip().lower()
        if not text:
            return None
        try:
            raw = bytes.fromhex(text)
        except ValueError:
            raise forms.ValidationError(_("A seed is written in hexadecimal digits.")) from None
        if not raw:
            raise forms.ValidationError(_("A seed is written in hexadecimal digits."))
        return raw

    def clean(self):
        data = super().clean()
        if not self.errors and data.get("day") is None and data.get("seed") is None:
            raise forms.ValidationError(_("Give a date or a seed."))
        return data

    def chosen_seed(self) -> bytes:
        return self.cleaned_data["seed"] or seeds.day_seed(self.cleaned_data["day"])
