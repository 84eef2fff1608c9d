"""Friends, challenges, notifications and site-wide presence (docs/social.md)."""

from __future__ import annotations

from datetime import date

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

USER = settings.AUTH_USER_MODEL


class Friendship(models.Model):
    """A friend request from `sender` to `receiver`; accepted, the two are friends.  Declining
    or removing deletes the row: one row per pair, whichever way it was sent."""

    sender = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    receiver = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)
    accepted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["sender", "receiver"], name="one_friendship_per_direction"),
            models.CheckConstraint(condition=~Q(sender=models.F("receiver")), name="no_friendship_with_self"),
        ]

    def __str__(self) -> str:
        return f"{self.sender_id} -> {self.receiver_id}"


class Challenge(models.Model):
    """One player inviting another to a game on given terms; accepted in time, a private room
    with both seated is created through the games' room services."""

    class Status(models.TextChoices):
        PENDING = "pending"
        ACCEPTED = "accepted"
        DECLINED = "declined"
        EXPIRED = "expired"
        CANCELLED = "cancelled"

    challenger = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    challenged = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    ruleset = models.ForeignKey("games.RuleSet", on_delete=models.CASCADE, related_name="+")
    turn_seconds = models.PositiveIntegerField(null=True, blank=True)
    rated = models.BooleanField(default=False)
    rounds = models.PositiveSmallIntegerField(null=True, blank=True)
    rematch_of = models.ForeignKey(
        "games.Room", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING, db_index=True)
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField(db_index=True)
    room = models.ForeignKey("games.Room", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        ordering = ("-created_at",)

    def __str__(self) -> str:
        return f"{self.challenger_id} v {self.challenged_id} ({self.status})"


class Notification(models.Model):
    """A bell entry: its kind (social/kinds.py), what its message needs, where it leads.
    `key` names what an entry is about, so a repeat (another "your turn" in the same match)
    refreshes it, unread again, instead of piling up."""

    user = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="notifications")
    kind = models.CharField(max_length=30)
    params = models.JSONField(default=dict)
    url = models.CharField(max_length=200, blank=True)
    key = models.CharField(max_length=80, blank=True)
    challenge = models.ForeignKey(
        Challenge, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("-created_at", "-pk")
        constraints = [
            models.UniqueConstraint(
                fields=["user", "key"], condition=~Q(key=""), name="one_notification_per_key"
            )
        ]
        indexes = [models.Index(fields=["user", "read_at"], name="social_unread")]

    def __str__(self) -> str:
        return f"{self.kind} for {self.user_id}"


class NotificationPreference(models.Model):
    """A player's choice for one kind; no row: the kind's default."""

    user = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=30)
    enabled = models.BooleanField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "kind"], name="one_preference_per_kind")]

    def __str__(self) -> str:
        return f"{self.kind}: {self.enabled}"


class Presence(models.Model):
    """A player's open notification sockets (every page opens one), counted across processes."""

    user = models.OneToOneField(USER, on_delete=models.CASCADE, primary_key=True, related_name="+")
    sockets = models.PositiveSmallIntegerField(default=0)
    last_seen = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"{self.user_id}: {self.sockets}"


class DailyAnnouncement(models.Model):
    """The Daily Gin's deal of `day` was announced (once, whichever sweeper saw the day first)."""

    day = models.DateField(primary_key=True)

    def __str__(self) -> str:
        return date.isoformat(self.day)
