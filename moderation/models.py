"""Players' reports and the audit log of everything staff do."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class AuditEntry(models.Model):
    """One staff action: who, what (action and target), when, why.  Written by services in the
    same transaction as the action itself; nobody may change or delete an entry."""

    class Action(models.TextChoices):
        ROOM_CLOSED = "room_closed", _("Closed a room")
        PLAYER_REMOVED = "player_removed", _("Removed a player from a seat")
        ROOM_MADE_PRIVATE = "room_made_private", _("Made a room private")
        RULE_SET_SAVED = "rule_set_saved", _("Saved a rule set")
        REPORT_RESOLVED = "report_resolved", _("Resolved a report")
        ENTRY_HIDDEN = "entry_hidden", _("Hid a leaderboard entry")
        ENTRY_RESTORED = "entry_restored", _("Restored a leaderboard entry")
        PLAYER_EXCLUDED = "player_excluded", _("Excluded a player from the leaderboards")
        PLAYER_RESTORED = "player_restored", _("Restored a player to the leaderboards")
        RATINGS_RECOMPUTED = "ratings_recomputed", _("Recomputed the ratings")
        CHAT_MESSAGE_REMOVED = "chat_message_removed", _("Removed a chat message")
        PLAYER_CHAT_MUTED = "player_chat_muted", _("Muted a player's chat site-wide")
        CHAT_MUTE_LIFTED = "chat_mute_lifted", _("Lifted a chat mute")

    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("who"),
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    actor_name = models.CharField(_("who (name)"), max_length=150, help_text=_("Kept if the account goes."))
    action = models.CharField(_("action"), max_length=30, choices=Action.choices, db_index=True)
    target_type = models.CharField(_("target type"), max_length=60, blank=True)
    target_id = models.CharField(_("target id"), max_length=40, blank=True)
    target_label = models.CharField(_("target"), max_length=200, blank=True)
    reason = models.TextField(_("why"), blank=True)
    details = models.JSONField(_("details"), default=dict, blank=True)
    created_at = models.DateTimeField(_("when"), default=timezone.now, db_index=True)

    class Meta:
        ordering = ("-created_at", "-id")
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit log")

    def __str__(self) -> str:
        return f"{self.actor_name}: {self.get_action_display()} {self.target_label}"


class Report(models.Model):
    """A player's report of a room or another player, waiting in the moderators' queue."""

    class Reason(models.TextChoices):
        CHEATING = "cheating", _("Cheating")
        ABUSE = "abuse", _("Abuse")
        OTHER = "other", _("Other")

    class Outcome(models.TextChoices):
        ACTION_TAKEN = "action_taken", _("Action taken")
        NO_ACTION = "no_action", _("No action")
        DUPLICATE = "duplicate", _("Duplicate")

    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("reported by"),
        on_delete=models.CASCADE,
        related_name="reports_made",
    )
    room = models.ForeignKey(
        "games.Room",
        verbose_name=_("room"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="reports",
    )
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("player"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="reports_received",
    )
    chat_message = models.ForeignKey(
        "chat.ChatMessage",
        verbose_name=_("chat message"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="reports",
    )
    chat_context = models.JSONField(
        _("the chat around it"), default=list, blank=True, help_text=_("As it was when the report was made.")
    )
    reason = models.CharField(_("reason"), max_length=10, choices=Reason.choices)
    message = models.TextField(_("message"), max_length=2000)
    created_at = models.DateTimeField(_("reported at"), default=timezone.now, db_index=True)
    outcome = models.CharField(_("outcome"), max_length=12, choices=Outcome.choices, blank=True)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("resolved by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    resolved_at = models.DateTimeField(_("resolved at"), null=True, blank=True)
    resolution_note = models.TextField(_("moderator's note"), blank=True)

    class Meta:
        ordering = ("-created_at",)
        verbose_name = _("report")
        verbose_name_plural = _("reports")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(room__isnull=False) | models.Q(player__isnull=False),
                name="report_names_a_room_or_player",
            )
        ]

    def __str__(self) -> str:
        target = self.player or self.room
        return f"{self.get_reason_display()}: {target}"

    @property
    def is_open(self) -> bool:
        return self.resolved_at is None
