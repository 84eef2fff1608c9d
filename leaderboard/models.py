"""Best-hand scores, rated games and the ratings they produce, and the moderation records.

Scores and rated games are facts the server computed when a hand or a match ended; ratings
and their history are derived from the rated games and rebuilt by `do_recompute_ratings`.
Moderators hide entries and exclude players; nothing they act on is deleted.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

from common.models import Moderated
from games.models import Family, Match, Room


class PlayerExclusion(models.Model):
    """One record per player ever excluded; `active` says whether the exclusion stands."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="exclusion")
    active = models.BooleanField(default=True, db_index=True)
    reason = models.CharField(max_length=200, blank=True)
    excluded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    excluded_at = models.DateTimeField(default=timezone.now)
    restored_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    restored_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.user} ({'excluded' if self.active else 'restored'})"


class UnrankedRoom(models.Model):
    """A room whose hands feed no board: practice on a deal the player may already know."""

    room = models.OneToOneField(Room, on_delete=models.CASCADE, related_name="+")
    reason = models.CharField(max_length=40)

    def __str__(self) -> str:
        return f"{self.room} ({self.reason})"


class HandScore(Moderated):
    """A hand a signed-in player won against the computer under the arcade rules."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="hand_scores")
    match = models.ForeignKey(Match, null=True, on_delete=models.SET_NULL, related_name="+")
    hand_number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=10)
    """"knock", "gin" or "undercut"."""
    score = models.PositiveIntegerField()
    recorded_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        ordering = ("-score", "recorded_at")
        constraints = [
            models.UniqueConstraint(fields=["match", "hand_number"], name="unique_hand_score"),
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.score} ({self.kind})"


class RatedGame(Moderated):
    """A finished rated match; a hidden one counts for nobody's rating."""

    match = models.OneToOneField(Match, null=True, on_delete=models.SET_NULL, related_name="+")
    family = models.CharField(max_length=10, choices=Family.choices)
    finished_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        ordering = ("finished_at", "pk")

    def __str__(self) -> str:
        return f"{self.family} game {self.pk}"


class Placing(models.Model):
    game = models.ForeignKey(RatedGame, on_delete=models.CASCADE, related_name="placings")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="placings")
    place = models.PositiveSmallIntegerField(help_text="0 is first.")

    class Meta:
        ordering = ("game", "place")
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="unique_placing")]

    def __str__(self) -> str:
        return f"{self.user} place {self.place} in {self.game}"


class Rating(models.Model):
    """A player's Glicko-2 rating in one family (derived from the rated games)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    family = models.CharField(max_length=10, choices=Family.choices)
    rating = models.FloatField()
    rd = models.FloatField()
    volatility = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    last_game_at = models.DateTimeField(null=True, db_index=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "family"], name="unique_rating")]

    def __str__(self) -> str:
        return f"{self.user} {self.family} {self.rating:.0f}"


class RatingPoint(models.Model):
    """A player's rating after one rated game: the rating history (derived)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey(RatedGame, on_delete=models.CASCADE, related_name="+")
    family = models.CharField(max_length=10, choices=Family.choices)
    rating = models.FloatField()
    rd = models.FloatField()
    at = models.DateTimeField()

    class Meta:
        ordering = ("at", "pk")

    def __str__(self) -> str:
        return f"{self.user} {self.family} {self.rating:.0f} at {self.at:%Y-%m-%d}"
