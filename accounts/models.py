from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    """A player.  Signs in by email; other players see only the display name."""

    display_name = models.CharField(_("display name"), max_length=24, blank=True)

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
