"""The table chat in the admin: a room's messages (search by the room's code), removing one
and muting its author site-wide; the site-wide mutes and lifting one.  Every action asks why
and goes to the audit log (moderation/chat_actions.py)."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from common.admin import ReadOnlyAdmin
from common.errors import ServiceError
from games.chat.models import ChatMessage, SiteMute
from moderation.admin_actions import ReasonForm, action_with_reason
from moderation.chat_actions import (
    do_moderator_lift_mute,
    do_moderator_mute_player,
    do_moderator_remove_chat_message,
)


class MuteForm(ReasonForm):
    hours = forms.IntegerField(label=_("For how many hours"), min_value=1, max_value=24 * 365, initial=24)
    field_order = ("hours", "reason")


def _mute_author(actor, message: ChatMessage, data) -> None:
    if message.author is None:
        raise ServiceError("no_author", _("That message's author has no account any more."))
    do_moderator_mute_player(actor=actor, player=message.author, hours=data["hours"], reason=data["reason"])


@admin.register(ChatMessage)
class ChatMessageAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "room", "channel", "author_name", "said", "removed_at")
    list_filter = ("channel", ("removed_at", admin.EmptyFieldListFilter), "created_at")
    search_fields = ("room__code", "author_name", "text")
    list_select_related = ("room",)
    date_hierarchy = "created_at"
    actions = (
        action_with_reason(
            name="remove_messages",
            description=_("Remove the message (kept for the audit)"),
            perform=lambda actor, message, data: do_moderator_remove_chat_message(
                actor=actor, message=message, reason=data["reason"]
            ),
        ),
        action_with_reason(
            name="mute_authors",
            description=_("Mute the author site-wide"),
            perform=_mute_author,
            form_class=MuteForm,
        ),
    )

    @admin.display(description=_("said"))
    def said(self, message: ChatMessage) -> str:
        if message.removed_at is not None:
            return format_html("<s>{}</s> ({})", message.shown_text(), _("removed"))
        return message.shown_text()


@admin.register(SiteMute)
class SiteMuteAdmin(ReadOnlyAdmin):
    list_display = ("player", "until", "reason", "muted_by", "created_at", "lifted_at")
    list_filter = ("until", ("lifted_at", admin.EmptyFieldListFilter))
    search_fields = ("player__display_name", "player__email", "reason")
    list_select_related = ("player", "muted_by")
    actions = (
        action_with_reason(
            name="lift_mutes",
            description=_("Lift the mute"),
            perform=lambda actor, mute, data: do_moderator_lift_mute(
                actor=actor, mute=mute, reason=data["reason"]
            ),
        ),
    )
