from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

DISPLAY_NAME_PATTERN = r"^[\w .\-]{3,24}$"


class DisplayNameField(forms.RegexField):
    def __init__(self, **kwargs):
        super().__init__(
            regex=DISPLAY_NAME_PATTERN,
            label=_("Display name"),
            min_length=3,
            max_length=24,
            error_messages={"invalid": _("Use 3 to 24 letters, digits, spaces, dots or dashes.")},
            **kwargs,
        )


def free_display_name(name: str, *, user_pk: int | None = None) -> str:
    """The name, stripped, unless another player already has it (in any letter case)."""
    name = name.strip()
    if get_user_model().objects.filter(display_name__iexact=name).exclude(pk=user_pk).exists():
        raise forms.ValidationError(_("That display name is taken."))
    return name


class SignupForm(forms.Form):
    """allauth's signup form extension: every player picks a unique display name."""

    display_name = DisplayNameField()

    def clean_display_name(self):
        return free_display_name(self.cleaned_data["display_name"])

    def signup(self, request, user):
        user.display_name = self.cleaned_data["display_name"]
        user.save(update_fields=["display_name"])


class ProfileForm(forms.ModelForm):
    """The player's own settings: display name, language and the table's preferences."""

    display_name = DisplayNameField()

    class Meta:
        model = get_user_model()
        fields = ["display_name", "language", "card_size", "four_colour", "animation_speed", "sound"]

    def clean_display_name(self):
        return free_display_name(self.cleaned_data["display_name"], user_pk=self.instance.pk)
