from django import forms
from django.utils.translation import gettext_lazy as _

from moderation.models import Report


class ReportForm(forms.Form):
    reason = forms.ChoiceField(
        label=_("What happened"), choices=Report.Reason.choices, widget=forms.RadioSelect
    )
    message = forms.CharField(
        label=_("Tell the moderators more"), max_length=2000, widget=forms.Textarea(attrs={"rows": 5})
    )
