"""Rooms, seats, matches and the move log.

A room is where players meet; a match is one game played in it (a rematch is a new match
in the same room).  The match row is the unit of locking: every change to a game happens
in a transaction holding it (`select_for_update`), bumps `version`, and appends to `Move`.
"""

from __future__ import annotations

import secrets
from dataclasses import fields as dataclass_fields
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.rule_messages import rule_problem_message
from games.rules.gin.rules import GinRules
from games.rules.rummy.rules import RummyRules

CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
MAX_SEATS = 4


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


class KnockTiming(models.TextChoices):
    AFTER_DISCARD = "after_discard", _("After discarding (10 cards)")
    BEFORE_DISCARD = "before_discard", _("Before discarding (11 cards)")


class DefenderCounts(models.TextChoices):
    DEADWOOD = "deadwood", _("Deadwood after melds and layoffs")
    ALL_UNPLAYED = "all_unplayed", _("Every card not laid off")


class StockExhausted(models.TextChoices):
    DEAD_HAND = "dead_hand", _("Dead hand")
    RECYCLE = "recycle", _("Recycle the discard pile")


RULES_BY_FAMILY = {Family.GIN: GinRules, Family.RUMMY: RummyRules}
GIN_DEFAULTS, RUMMY_DEFAULTS = GinRules(), RummyRules()


class RuleSet(models.Model):
    """A rule set the lobby can offer: a family and every flag of its rules dataclass
    (RULES.md, RUMMY.md) as a typed field.  The dataclass's `problems()` decides which
    mixes can be played, so the rules library stays the one authority on that.

    Rooms copy `flags` when they are created and matches copy the room's, so editing a
    rule set never changes a game already under way.
    """

    slug = models.SlugField(_("slug"), unique=True)
    name = models.CharField(_("name"), max_length=60)
    name_es = models.CharField(_("Spanish name"), max_length=60, blank=True)
    family = models.CharField(_("game"), max_length=10, choices=Family.choices, default=Family.GIN)
    preset = models.BooleanField(
        _("preset"),
        default=False,
        editable=False,
        help_text=_("A preset's rules are fixed: copy it to vary them."),
    )
    enabled = models.BooleanField(_("offered in the lobby"), default=True)
    position = models.PositiveSmallIntegerField(_("position in the lobby"), default=0)

    # Gin Rummy (RULES.md sections 1 and 2)
    upcard_offer = models.BooleanField(_("first upcard offer"), default=GIN_DEFAULTS.upcard_offer)
    knock_limit = models.PositiveSmallIntegerField(
        _("knock limit"), default=GIN_DEFAULTS.knock_limit, validators=[MaxValueValidator(10)]
    )
    knock_timing = models.CharField(
        _("knock timing"), max_length=14, choices=KnockTiming.choices, default=GIN_DEFAULTS.knock_timing
    )
    max_meld_size = models.PositiveSmallIntegerField(
        _("largest meld"),
        null=True,
        blank=True,
        default=GIN_DEFAULTS.max_meld_size,
        validators=[MinValueValidator(3), MaxValueValidator(13)],
        help_text=_("Empty: runs of any length, sets of up to 4."),
    )
    defender_counts = models.CharField(
        _("defender counts"),
        max_length=12,
        choices=DefenderCounts.choices,
        default=GIN_DEFAULTS.defender_counts,
    )
    stock_exhausted = models.CharField(
        _("when the stock runs out"),
        max_length=10,
        choices=StockExhausted.choices,
        default=GIN_DEFAULTS.stock_exhausted,
    )
    dead_hand_stock = models.PositiveSmallIntegerField(
        _("dead hand at stock size"), default=GIN_DEFAULTS.dead_hand_stock, validators=[MaxValueValidator(10)]
    )
    gin_bonus = models.PositiveSmallIntegerField(_("gin bonus"), default=GIN_DEFAULTS.gin_bonus)
    undercut_bonus = models.PositiveSmallIntegerField(
        _("undercut bonus"), default=GIN_DEFAULTS.undercut_bonus
    )
    match_target = models.PositiveSmallIntegerField(
        _("match target"), default=GIN_DEFAULTS.match_target, validators=[MinValueValidator(1)]
    )
    big_gin = models.BooleanField(_("big gin"), default=GIN_DEFAULTS.big_gin)
    big_gin_bonus = models.PositiveSmallIntegerField(_("big gin bonus"), default=GIN_DEFAULTS.big_gin_bonus)
    oklahoma = models.BooleanField(_("Oklahoma"), default=GIN_DEFAULTS.oklahoma)
    line_bonus = models.BooleanField(_("line bonus"), default=GIN_DEFAULTS.line_bonus)
    line_bonus_points = models.PositiveSmallIntegerField(
        _("line bonus points"), default=GIN_DEFAULTS.line_bonus_points
    )
    game_bonus = models.BooleanField(_("game bonus"), default=GIN_DEFAULTS.game_bonus)
    game_bonus_points = models.PositiveSmallIntegerField(
        _("game bonus points"), default=GIN_DEFAULTS.game_bonus_points
    )
    shutout_double = models.BooleanField(_("shutout doubles"), default=GIN_DEFAULTS.shutout_double)

    # German Rummy (RUMMY.md)
    seats = models.PositiveSmallIntegerField(
        _("seats"), default=2, validators=[MinValueValidator(2), MaxValueValidator(MAX_SEATS)]
    )
    small_deck = models.BooleanField(_("small deck"), default=RUMMY_DEFAULTS.small_deck)
    first_meld_min = models.PositiveSmallIntegerField(
        _("first meld minimum"),
        default=RUMMY_DEFAULTS.first_meld_min,
        choices=[(0, _("None")), (30, "30"), (40, "40")],
    )
    cyclic_runs = models.BooleanField(_("cyclic runs"), default=RUMMY_DEFAULTS.cyclic_runs)
    jokers = models.PositiveSmallIntegerField(
        _("jokers"),
        default=RUMMY_DEFAULTS.jokers,
        choices=[(6, _("6 (3 with the small deck)")), (0, _("None"))],
    )
    fixed_jokers = models.BooleanField(_("fixed jokers"), default=RUMMY_DEFAULTS.fixed_jokers)
    fixed_groups = models.BooleanField(_("fixed groups"), default=RUMMY_DEFAULTS.fixed_groups)
    calling = models.BooleanField(_("calling"), default=RUMMY_DEFAULTS.calling)
    win_without_discard = models.BooleanField(
        _("win without discarding"), default=RUMMY_DEFAULTS.win_without_discard
    )
    casino_scoring = models.BooleanField(_("casino scoring"), default=RUMMY_DEFAULTS.casino_scoring)
    practice = models.BooleanField(_("practice (unrated)"), default=RUMMY_DEFAULTS.practice)

    class Meta:
        ordering = ("position", "name")
        verbose_name = _("rule set")
        verbose_name_plural = _("rule sets")

    def __str__(self) -> str:
        return self.name

    def display_name(self, language: str) -> str:
        return self.name_es if language == "es" and self.name_es else self.name

    @classmethod
    def flag_names(cls, family: str) -> list[str]:
        return [f.name for f in dataclass_fields(RULES_BY_FAMILY[family])]

    @property
    def flags(self) -> dict[str, Any]:
        """The flags of this family's rules dataclass, as its `from_dict` takes them."""
        return {name: getattr(self, name) for name in self.flag_names(self.family)}

    @flags.setter
    def flags(self, value: dict[str, Any]) -> None:
        for name, flag in RULES_BY_FAMILY[self.family].from_dict(value).to_dict().items():
            setattr(self, name, flag)

    def problems(self) -> list[str]:
        """Why this rule set cannot be played, in the rules library's words (empty: it can)."""
        rules = RULES_BY_FAMILY[self.family]
        # Build without __post_init__'s check: problems() is the question, not an error.
        instance = object.__new__(rules)
        for name, value in self.flags.items():
            object.__setattr__(instance, name, value)
        if self.family == Family.RUMMY:
            return instance.problems(seats=self.seats)
        out = instance.problems()
        if self.seats != 2:
            out.append("gin is played by 2 seats")
        return out

    def clean(self) -> None:
        try:
            self.clean_fields()
        except ValidationError:
            return  # each bad field has its own message; mixes are judged once every field is valid
        problems = self.problems()
        if problems:
            raise ValidationError([ValidationError(rule_problem_message(p), code="rules") for p in problems])


class Variant(RuleSet):
    """Rule sets as the lobby offers them: enabled or not, in what order (their own admin page)."""

    class Meta:
        proxy = True
        ordering = ("position", "name")
        verbose_name = _("lobby variant")
        verbose_name_plural = _("lobby variants")


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
    rounds = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Rummy: rounds the table plays."
    )
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

    def is_invitation(self, token: str) -> bool:
        """`token` is this room's invitation, compared in constant time; any text may be
        given (compare_digest refuses non-ASCII str, so both are compared as bytes)."""
        return secrets.compare_digest(
            token.encode("utf-8", "surrogatepass"), self.invite_token.encode("utf-8", "surrogatepass")
        )


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
    timeouts = models.PositiveSmallIntegerField(default=0, help_text="Turns in a row the clock played.")
    sockets = models.PositiveSmallIntegerField(default=0, help_text="Table sockets open for this seat now.")

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
    call_deadline = models.DateTimeField(
        null=True,
        blank=True,
        db_index=True,
        help_text="Rummy with calling: the fresh discard may be called until then.",
    )
    bots_play_at = models.DateTimeField(
        null=True,
        blank=True,
        db_index=True,
        help_text="A table of computers alone: the sweeper plays its next action then.",
    )
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

    # No index of its own: the (match, seq) constraint's index serves every lookup by match, and a
    # second one cost an index insertion on every move.
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="moves", db_index=False)
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
        # The kind only: a deal's action holds its seed, and this text is shown wherever a
        # move is named (the admin's move log, logs), secret or not.
        return f"{self.match_id}:{self.seq} {self.action.get('type', '?')}"
