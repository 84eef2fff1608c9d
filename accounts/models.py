from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    """A player.  Signs in by email; other players see only the display name."""

    class CardSize(models.TextChoices):
        NORMAL = "normal", _("Normal")
        LARGE = "large", _("Large")

    class Speed(models.TextChoices):
        OFF = "off", _("No animation")
        SLOW = "slow", _("Slow")
        NORMAL = "normal", _("Normal")
        FAST = "fast", _("Fast")

    display_name = models.CharField(_("display name"), max_length=24, blank=True)
    language = models.CharField(
        _("language"),
        max_length=5,
        blank=True,
        choices=[("es", "Español"), ("en", "English")],
        help_text=_("Empty: the browser's language."),
    )
    card_size = models.CharField(
        _("card size"), max_length=6, choices=CardSize.choices, default=CardSize.NORMAL
    )
    four_colour = models.BooleanField(_("four-colour deck"), default=False)
    animation_speed = models.CharField(
        _("animation speed"), max_length=6, choices=Speed.choices, default=Speed.NORMAL
    )
    sound = models.BooleanField(_("sound"), default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                Lower("display_name"),
                condition=~models.Q(display_name=""),
                name="unique_display_name_ci",
            )
        ]

    def __str__(self) -> str:
        return self.display_name or self.username

    def get_short_name(self) -> str:
        """What the admin's "Welcome," names: the display name, as everywhere else."""
        return str(self)

    def table_preferences(self) -> dict:
        """The table's preferences, named as static/js/table/preferences.js names them."""
        return {
            "cardSize": self.card_size,
            "fourColour": self.four_colour,
            "speed": self.animation_speed,
            "sound": self.sound,
        }


class Block(models.Model):
    """One player blocking another: the blocked player cannot reach the blocker (rooms, chat,
    challenges, friend requests), and each side's chat is hidden from the other."""

    blocker = models.ForeignKey(User, on_delete=models.CASCADE, related_name="blocks_made")
    blocked = models.ForeignKey(User, on_delete=models.CASCADE, related_name="blocks_received")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("block")
        verbose_name_plural = _("blocks")
        constraints = [
            models.UniqueConstraint(fields=["blocker", "blocked"], name="unique_block_pair"),
            models.CheckConstraint(condition=~models.Q(blocker=models.F("blocked")), name="no_self_block"),
        ]

    def __str__(self) -> str:
        return f"{self.blocker} ⊘ {self.blocked}"
