from django import forms
from django.utils.translation import gettext_lazy as _

from games.forms import TIMER_CHOICES, RuleSetField
from games.models import RuleSet


class ChallengeForm(forms.Form):
    """Gin or German Rummy for two, a rule set, a timer, rated or casual (rummy: rounds)."""

    ruleset = RuleSetField(queryset=RuleSet.objects.none(), label=_("Game and rules"), empty_label=None)
    turn_seconds = forms.TypedChoiceField(
        choices=TIMER_CHOICES, coerce=int, empty_value=None, required=False, label=_("Turn timer")
    )
    rated = forms.BooleanField(required=False, label=_("Rated"))
    rounds = forms.TypedChoiceField(
        choices=[(str(n), str(n)) for n in (1, 2, 3, 4, 5, 6, 8, 10)],
        coerce=int,
        initial="3",
        label=_("Rounds (German Rummy)"),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].queryset = RuleSet.objects.filter(enabled=True, seats=2).order_by(
            "family", "position", "name"
        )
