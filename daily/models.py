"""Ranked Daily Gin attempts and each day's par.

An attempt is a room against the arcade bot whose first hand is dealt from the day's seed;
its result is that hand's outcome, filled in by the `hand_finished` receiver.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from common.models import Moderated
from games.models import Match, Room


class DailyPlay(Moderated):
    """A player's one ranked attempt at a day's deal."""

    class Status(models.TextChoices):
        PLAYING = "playing", _("Playing")
        FINISHED = "finished", _("Finished")
        LATE = "late", _("Finished after the day closed")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="daily_plays")
    day = models.DateField(db_index=True)
    room = models.ForeignKey(Room, null=True, on_delete=models.SET_NULL, related_name="+")
    match = models.ForeignKey(Match, null=True, on_delete=models.SET_NULL, related_name="+")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    started_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)
    result = models.IntegerField(
        null=True, blank=True, help_text="Points won in the first hand, or minus those lost."
    )
    turns = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The player's draws in the first hand."
    )
    kind = models.CharField(
        max_length=10, blank=True, help_text="How the first hand ended: knock, gin, undercut."
    )
    marks = models.CharField(
        max_length=100, blank=True, help_text="One letter per turn: s stock, d discard pile, k knock, g gin."
    )

    class Meta:
        ordering = ("-day", "-result", "turns", "finished_at")
        constraints = [models.UniqueConstraint(fields=["user", "day"], name="one_daily_attempt")]

    def __str__(self) -> str:
        return f"{self.user} {self.day} {self.result}"

    @property
    def won(self) -> bool:
        return (self.result or 0) > 0


class DailyPar(models.Model):
    """The best first-hand line the search found for a day (`manage.py daily_par`)."""

    day = models.DateField(unique=True)
    actions = models.JSONField(help_text="The player's actions in the first hand.")
    result = models.IntegerField()
    turns = models.PositiveSmallIntegerField()
    nodes = models.PositiveIntegerField()
    seconds = models.FloatField()
    method = models.CharField(max_length=200)
    computed_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"{self.day} par {self.result}"
