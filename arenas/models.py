"""Arenas: timed tournaments where whoever is free is paired at once (docs/arenas.md).

The rows hold who joined and which matches the arena paired; the points are never stored:
they are derived from the finished matches (`arenas.selectors.standings`), so a restart or
a killed process changes no score.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.models import Family, Match, RuleSet


class Format(models.TextChoices):
    TARGET = "target", _("Gin: a match to the target")
    ONE_HAND = "one_hand", _("Gin: one hand")
    ONE_ROUND = "one_round", _("German Rummy: one round")


class ArenaSettings(models.Model):
    """What an arena plays; a schedule carries the same settings for the arenas it makes."""

    name = models.CharField(_("name"), max_length=80)
    ruleset = models.ForeignKey(
        RuleSet, on_delete=models.PROTECT, related_name="+", verbose_name=_("rule set")
    )
    format = models.CharField(_("match format"), max_length=10, choices=Format.choices, default=Format.TARGET)
    target = models.PositiveSmallIntegerField(
        _("match target"), default=50, validators=[MinValueValidator(1), MaxValueValidator(500)]
    )
    seats = models.PositiveSmallIntegerField(
        _("seats (German Rummy)"), default=4, validators=[MinValueValidator(3), MaxValueValidator(4)]
    )
    turn_seconds = models.PositiveIntegerField(
        _("turn timer (seconds)"), default=30, validators=[MinValueValidator(10), MaxValueValidator(600)]
    )
    minutes = models.PositiveSmallIntegerField(
        _("duration (minutes)"), default=30, validators=[MinValueValidator(20), MaxValueValidator(120)]
    )
    rated = models.BooleanField(_("rated"), default=True)
    settled_rating = models.BooleanField(
        _("settled rating required"), default=False, help_text=_("No provisional ratings.")
    )
    min_rated_games = models.PositiveSmallIntegerField(_("minimum rated games"), default=0)

    class Meta:
        abstract = True

    def clean(self) -> None:
        family = self.ruleset.family if self.ruleset_id else None
        gin_format = self.format in (Format.TARGET, Format.ONE_HAND)
        if family == Family.GIN and not gin_format or family == Family.RUMMY and gin_format:
            raise ValidationError({"format": _("That format is not played with this rule set's game.")})

    @property
    def family(self) -> str:
        return self.ruleset.family


class Arena(ArenaSettings):
    starts_at = models.DateTimeField(_("starts at"), db_index=True)
    schedule = models.ForeignKey(
        "ArenaSchedule", null=True, blank=True, on_delete=models.SET_NULL, related_name="arenas"
    )
    closed = models.BooleanField(
        default=False, editable=False, help_text="Ended and every game played out: the podium is final."
    )

    class Meta:
        ordering = ("-starts_at",)
        verbose_name = _("arena")
        verbose_name_plural = _("arenas")
        constraints = [
            models.UniqueConstraint(fields=["schedule", "starts_at"], name="one_arena_per_schedule_slot")
        ]

    def __str__(self) -> str:
        return f"{self.name} {self.starts_at:%Y-%m-%d %H:%M}"

    @property
    def ends_at(self):
        return self.starts_at + timedelta(minutes=self.minutes)

    def phase(self, now=None) -> str:
        now = now or timezone.now()
        if now < self.starts_at:
            return "soon"
        return "running" if now < self.ends_at else "finished"


class ArenaSchedule(ArenaSettings):
    class Every(models.TextChoices):
        HOURLY = "hourly", _("Every hour")
        DAILY = "daily", _("Every day")
        WEEKLY = "weekly", _("Every week")

    every = models.CharField(_("repeat"), max_length=6, choices=Every.choices, default=Every.DAILY)
    first_start = models.DateTimeField(_("first start"))
    enabled = models.BooleanField(_("enabled"), default=True)

    class Meta:
        verbose_name = _("arena schedule")
        verbose_name_plural = _("arena schedules")

    def __str__(self) -> str:
        return f"{self.name} ({self.get_every_display()})"


class ArenaPlayer(models.Model):
    """Someone who joined an arena.  `sockets` counts their open arena-page sockets (any
    process): only a connected player who is not paused is paired."""

    arena = models.ForeignKey(Arena, on_delete=models.CASCADE, related_name="players")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="arena_entries")
    rating = models.FloatField(default=1500, help_text="The player's rating when they joined.")
    paused = models.BooleanField(default=False)
    left = models.BooleanField(default=False)
    sockets = models.PositiveSmallIntegerField(default=0)
    last_seen = models.DateTimeField(null=True, blank=True)
    joined_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["arena", "user"], name="one_entry_per_arena")]

    def __str__(self) -> str:
        return f"{self.user} in {self.arena_id}"


class ArenaGame(models.Model):
    """A match the arena paired; `players` are the user ids in seat order and `ratings` their
    ratings at pairing (the opponents' make the performance)."""

    arena = models.ForeignKey(Arena, on_delete=models.CASCADE, related_name="games")
    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="arena_game")
    players = models.JSONField()
    ratings = models.JSONField()
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("created_at", "pk")

    def __str__(self) -> str:
        return f"{self.arena_id}: match {self.match_id}"
