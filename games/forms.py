from django import forms
from django.utils.translation import gettext_lazy as _

from games.models import MAX_SEATS, BotLevel, RuleSet

TIMER_CHOICES = [("", _("No timer")), ("30", _("30 s")), ("60", _("60 s")), ("120", _("2 min"))]


class RuleSetField(forms.ModelChoiceField):
    def label_from_instance(self, obj):
        from django.utils.translation import get_language

        return obj.display_name(get_language() or "en")


def _offered(family: str = "gin"):
    return RuleSet.objects.filter(enabled=True, family=family)


class NewRoomForm(forms.Form):
    ruleset = RuleSetField(queryset=RuleSet.objects.none(), label=_("Rules"), empty_label=None)
    private = forms.BooleanField(required=False, label=_("Private (invitation link only)"))
    turn_seconds = forms.TypedChoiceField(
        choices=TIMER_CHOICES, coerce=int, empty_value=None, required=False, label=_("Turn timer")
    )
    rated = forms.BooleanField(required=False, label=_("Rated"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].queryset = _offered()


class VersusComputerForm(forms.Form):
    ruleset = RuleSetField(queryset=RuleSet.objects.none(), label=_("Rules"), empty_label=None)
    level = forms.ChoiceField(
        choices=[(v, label) for v, label in BotLevel.choices if v != BotLevel.ARCADE],
        initial=BotLevel.MEDIUM,
        label=_("Level"),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].queryset = _offered()

    def bot_level(self) -> str:
        """The arcade rule set always plays its own deterministic bot (RULES.md §2)."""
        if self.cleaned_data["ruleset"].slug == "gin-arcade":
            return BotLevel.ARCADE
        return self.cleaned_data["level"]


class PassAndPlayForm(forms.Form):
    ruleset = RuleSetField(queryset=RuleSet.objects.none(), label=_("Rules"), empty_label=None)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].queryset = _offered()


class RummyTableForm(forms.Form):
    """A German Rummy table: its rule set fixes the seats; bots may fill some or all of them
    (all: a table of computers, which the creator watches)."""

    ruleset = RuleSetField(queryset=RuleSet.objects.none(), label=_("Rules"), empty_label=None)
    rounds = forms.TypedChoiceField(
        choices=[(str(n), str(n)) for n in (1, 2, 3, 4, 5, 6, 8, 10)],
        coerce=int,
        initial="3",
        label=_("Rounds"),
    )
    bot_seats = forms.TypedChoiceField(
        choices=[(str(n), str(n)) for n in range(MAX_SEATS + 1)],
        coerce=int,
        initial="0",
        label=_("Computer players"),
    )
    level = forms.ChoiceField(
        choices=[(v, label) for v, label in BotLevel.choices if v != BotLevel.ARCADE],
        initial=BotLevel.MEDIUM,
        label=_("Level"),
    )
    private = forms.BooleanField(required=False, label=_("Private (invitation link only)"))
    turn_seconds = forms.TypedChoiceField(
        choices=TIMER_CHOICES, coerce=int, empty_value=None, required=False, label=_("Turn timer")
    )
    rated = forms.BooleanField(required=False, label=_("Rated (people only)"))

    def __init__(self, *args, guest: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].queryset = _offered("rummy")
        # A guest may only open a table the computer fills (people need an account): the form
        # starts with the computer in every other seat of the rule set shown first.
        first = self.fields["ruleset"].queryset.first() if guest else None
        if first is not None:
            self.initial.setdefault("bot_seats", str(first.seats - 1))

    def clean(self):
        """No more bots than seats, and only tables of people alone are rated: each refusal is
        told beside the field to change."""
        data = super().clean()
        ruleset, bots = data.get("ruleset"), data.get("bot_seats")
        if ruleset is None or bots is None:
            return data
        if bots > ruleset.seats:
            self.add_error(
                "bot_seats",
                _("A table of %(seats)d has %(seats)d seats: at most %(seats)d computer players.")
                % {"seats": ruleset.seats},
            )
        if data.get("rated") and bots:
            self.add_error(
                "rated", _("Only tables of people alone are rated: untick it, or choose 0 computer players.")
            )
        elif data.get("rated") and ruleset.practice:
            self.add_error("rated", _("These rules are for practice and never rated: untick it."))
        return data
