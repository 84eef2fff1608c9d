"""Rooms, seats, matches and the move log.

A room is where players meet; a match is one game played in it (a rematch is a new match
in the same room).  The match row is the unit of locking: every change to a game happens
in a transaction holding it (`select_for_update`), bumps `version`, and appends to `Move`.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"


def new_room_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(8))


def new_invite_token() -> str:
    return secrets.token_urlsafe(18)


class Family(models.TextChoices):
    GIN = "gin", "Gin Rummy"
    RUMMY = "rummy", "Rommé"


class BotLevel(models.TextChoices):
    EASY = "easy", _("Easy")
    MEDIUM = "medium", _("Medium")
    HARD = "hard", _("Hard")
    ARCADE = "arcade", _("Arcade")


class RuleSet(models.Model):
    """A rule set the lobby can offer: a family and its flags (validated by games.rules)."""

    slug = models.SlugField(unique=True)
    name = models.CharField(max_length=60)
    name_es = models.CharField(max_length=60, blank=True)
    family = models.CharField(max_length=10, choices=Family.choices, default=Family.GIN)
    flags = models.JSONField(default=dict, blank=True)
    enabled = models.BooleanField(default=True)
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ("position", "name")

    def __str__(self) -> str:
        return self.name

    def display_name(self, language: str) -> str:
        return self.name_es if language == "es" and self.name_es else self.name


class Room(models.Model):
    class State(models.TextChoices):
        OPEN = "open", _("Waiting for players")
        PLAYING = "playing", _("Playing")
        FINISHED = "finished", _("Finished")
        CLOSED = "closed", _("Closed")
        EXPIRED = "expired", _("Expired")

    code = models.CharField(max_length=12, unique=True, default=new_room_code)
    ruleset = models.ForeignKey(RuleSet, on_delete=models.PROTECT, related_name="rooms")
    family = models.CharField(max_length=10, choices=Family.choices, default=Family.GIN)
    rules = models.JSONField(help_text="The rule set's flags, copied when the room was created.")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    is_private = models.BooleanField(default=False)
    invite_token = models.CharField(max_length=40, default=new_invite_token)
    turn_seconds = models.PositiveIntegerField(null=True, blank=True, help_text="Empty: no turn timer.")
    rated = models.BooleanField(default=False)
    hotseat = models.BooleanField(default=False, help_text="Pass-and-play: one device holds every seat.")
    state = models.CharField(max_length=10, choices=State.choices, default=State.OPEN, db_index=True)
    created_at = models.DateTimeField(default=timezone.now)
    last_activity_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        ordering = ("-created_at",)

    def __str__(self) -> str:
        return self.code

    @property
    def is_live(self) -> bool:
        return self.state in (self.State.OPEN, self.State.PLAYING, self.State.FINISHED)


class Seat(models.Model):
    """One place at a room's table: a user, a guest (by browser session), a bot, or empty."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="seats"
    )
    guest_key = models.CharField(max_length=40, blank=True, db_index=True)
    bot = models.CharField(max_length=10, choices=BotLevel.choices, blank=True)
    last_seen = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("index",)
        constraints = [models.UniqueConstraint(fields=["room", "index"], name="unique_seat_index")]

    def __str__(self) -> str:
        return f"{self.room.code}#{self.index}"

    @property
    def is_empty(self) -> bool:
        return not (self.user_id or self.guest_key or self.bot)

    def label(self) -> str:
        if self.bot:
            return str(BotLevel(self.bot).label)
        if self.user_id:
            return str(self.user)
        return str(_("Guest")) if self.guest_key else ""


class Match(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing", _("Playing")
        FINISHED = "finished", _("Finished")
        ABANDONED = "abandoned", _("Abandoned")

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="matches")
    family = models.CharField(max_length=10, choices=Family.choices, default=Family.GIN)
    rules = models.JSONField(help_text="Copied from the room when the match started.")
    first_dealer = models.PositiveSmallIntegerField(default=1)
    state = models.JSONField()
    version = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING, db_index=True)
    winner_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    end_reason = models.CharField(max_length=20, blank=True)
    turn_deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    seeds_secret_until = models.DateTimeField(
        null=True, blank=True, help_text="Finished hands' seeds stay hidden until then (the Daily Gin)."
    )
    offers = models.JSONField(default=dict, blank=True, help_text="Open offers by seat: rematch or restart.")
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("-created_at",)
        verbose_name_plural = "matches"

    def __str__(self) -> str:
        return f"{self.room.code} match {self.pk}"


class Move(models.Model):
    """The move log: every action applied to a match, in order, enough to replay it."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="moves")
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Empty: the server (a deal).")
    action = models.JSONField()
    client_id = models.CharField(max_length=64, blank=True)
    actor = models.CharField(max_length=10, blank=True, help_text="player, bot, timeout or server")
    version = models.PositiveIntegerField(help_text="The match version this move produced.")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("match", "seq")
        constraints = [
            models.UniqueConstraint(fields=["match", "seq"], name="unique_move_seq"),
            models.UniqueConstraint(
                fields=["match", "seat", "client_id"],
                condition=~models.Q(client_id=""),
                name="unique_move_client_id",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match_id}:{self.seq} {self.action}"
