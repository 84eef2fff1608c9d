"""What is said at a table, who muted whom, and who may not speak for a while."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.chat.phrases import PHRASES

MAX_TEXT = 200


class Channel(models.TextChoices):
    TABLE = "table", _("Players")
    SPECTATORS = "spectators", _("Spectators")


class ChatMessage(models.Model):
    """One message at a room's table, with the match being played when it was said (none
    while the room waited).  A moderator's removal keeps the row for the audit."""

    room = models.ForeignKey(
        "games.Room", verbose_name=_("room"), on_delete=models.CASCADE, related_name="chat"
    )
    match = models.ForeignKey(
        "games.Match",
        verbose_name=_("match"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="chat",
    )
    channel = models.CharField(_("chat"), max_length=10, choices=Channel.choices)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("author"),
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    author_name = models.CharField(_("author (name)"), max_length=150)
    phrase = models.CharField(
        _("quick phrase"), max_length=20, blank=True, choices=[(k, v) for k, v in PHRASES.items()]
    )
    text = models.CharField(_("text"), max_length=MAX_TEXT, blank=True)
    created_at = models.DateTimeField(_("said at"), default=timezone.now, db_index=True)
    removed_at = models.DateTimeField(_("removed at"), null=True, blank=True)
    removed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("removed by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    class Meta:
        ordering = ("created_at", "id")
        verbose_name = _("chat message")
        verbose_name_plural = _("chat messages")
        indexes = [models.Index(fields=["room", "channel", "created_at"])]
        constraints = [
            models.CheckConstraint(
                condition=(models.Q(phrase="") & ~models.Q(text=""))
                | (~models.Q(phrase="") & models.Q(text="")),
                name="chat_phrase_or_text",
            )
        ]

    def __str__(self) -> str:
        return f"{self.author_name}: {self.shown_text()}"

    def shown_text(self) -> str:
        """What the message says in the active language (a quick phrase is translated)."""
        return str(PHRASES[self.phrase]) if self.phrase else self.text


class TableMute(models.Model):
    """A player who chose not to hear another at one table."""

    room = models.ForeignKey("games.Room", on_delete=models.CASCADE, related_name="+")
    muter = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    muted = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["room", "muter", "muted"], name="unique_table_mute")]

    def __str__(self) -> str:
        return f"{self.muter_id} mutes {self.muted_id} at {self.room_id}"


class SiteMute(models.Model):
    """A moderator's mute: the player may not chat anywhere until `until`."""

    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("player"), on_delete=models.CASCADE, related_name="+"
    )
    until = models.DateTimeField(_("muted until"), db_index=True)
    reason = models.TextField(_("why"))
    muted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("muted by"),
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(_("muted at"), default=timezone.now)
    lifted_at = models.DateTimeField(_("lifted at"), null=True, blank=True)

    class Meta:
        ordering = ("-created_at",)
        verbose_name = _("site-wide chat mute")
        verbose_name_plural = _("site-wide chat mutes")

    def __str__(self) -> str:
        return f"{self.player} ({self.until:%Y-%m-%d %H:%M})"
