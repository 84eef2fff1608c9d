"""The only writers of the table chat: say something, mute a player at a table, and the
moderators' removal and site-wide mute (called from moderation/chat_actions.py, audited there).
What is said goes out on commit to the room's group; each socket forwards it if its reader is
in that chat and not among those it is hidden from (games/consumers.py)."""

from __future__ import annotations

import json
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from common.errors import ServiceError
from games import broadcast
from games.chat import selectors
from games.chat.models import MAX_TEXT, ChatMessage, SiteMute, TableMute
from games.chat.phrases import PHRASES
from games.chat.wire import chat_frame
from games.identity import Identity
from games.models import Room, Seat
from games.seating import identity_filter

RATE_COUNT = 5
RATE_WINDOW = timedelta(seconds=10)
"""A player says at most RATE_COUNT messages in any RATE_WINDOW, over all their tables and tabs."""


def do_say(
    *, room: Room, identity: Identity, phrase: str | None = None, text: str | None = None
) -> ChatMessage:
    """`identity` says a quick phrase (its code) or free text in the chat it is in at `room`."""
    if identity.user_id is None:
        raise ServiceError("chat_sign_in", _("Sign in to chat."))
    if phrase is not None and phrase not in PHRASES:
        raise ServiceError("chat_bad_phrase", _("No such quick phrase."))
    clean = " ".join((text or "").split())  # one line; the browser shows it as text
    if phrase is None and not clean:
        raise ServiceError("chat_empty", _("Say something first."))
    if len(clean) > MAX_TEXT:
        raise ServiceError("chat_too_long", _("A message is at most %(n)d characters.") % {"n": MAX_TEXT})
    with transaction.atomic():
        author = (
            get_user_model().objects.select_for_update().get(pk=identity.user_id)
        )  # one message at a time
        room = Room.objects.get(pk=room.pk)
        if not room.is_live:
            raise ServiceError("chat_closed", _("This table is closed."))
        seated = Seat.objects.filter(room=room, **identity_filter(identity)).exists()
        channel = selectors.channel_for(room, [0] if seated else [])
        if channel is None:
            raise ServiceError("chat_closed", _("There is no chat at a pass-and-play table."))
        mute = selectors.site_mute(author.pk)
        if mute is not None:
            until = formats.date_format(timezone.localtime(mute.until), "DATETIME_FORMAT")
            raise ServiceError("chat_muted", _("A moderator muted you until %(until)s.") % {"until": until})
        recent = ChatMessage.objects.filter(author=author, created_at__gt=timezone.now() - RATE_WINDOW)
        if recent.count() >= RATE_COUNT:
            raise ServiceError("chat_rate", _("You are sending messages too fast: wait a few seconds."))
        match = room.matches.order_by("-created_at").first()
        message = ChatMessage.objects.create(
            room=room,
            match=match,
            channel=channel,
            author=author,
            author_name=str(author),
            phrase=phrase or "",
            text="" if phrase else clean,
        )
        hidden = selectors.hidden_from(room.pk, author.pk)
        broadcast.send_on_commit(
            [
                (
                    broadcast.room_group(room.code),
                    {
                        "type": "chat.message",
                        "id": message.pk,
                        "channel": channel,
                        "hidden_from": hidden,
                        "text": json.dumps(chat_frame(message)),
                    },
                )
            ]
        )
    return message


def do_mute(*, room: Room, identity: Identity, player_id: int, muted: bool) -> None:
    """`identity` stops (or starts again) hearing `player_id` at this table."""
    if identity.user_id is None:
        raise ServiceError("chat_sign_in", _("Sign in to mute a player."))
    if player_id == identity.user_id or not get_user_model().objects.filter(pk=player_id).exists():
        raise ServiceError("chat_bad_player", _("There is no such player to mute."))
    if muted:
        TableMute.objects.get_or_create(room=room, muter_id=identity.user_id, muted_id=player_id)
    else:
        TableMute.objects.filter(room=room, muter_id=identity.user_id, muted_id=player_id).delete()


def do_remove_message(*, message: ChatMessage, by: AbstractBaseUser) -> ChatMessage:
    """A moderator removes a message: kept for the audit, shown as removed at the table."""
    with transaction.atomic():
        message = ChatMessage.objects.select_for_update().select_related("room").get(pk=message.pk)
        if message.removed_at is not None:
            raise ServiceError("already_removed", _("That message was already removed."))
        message.removed_at = timezone.now()
        message.removed_by = by
        message.save(update_fields=["removed_at", "removed_by"])
        frame = {"type": "chat_removed", "id": message.pk}
        broadcast.send_on_commit(
            [(broadcast.room_group(message.room.code), {"type": "chat.removed", "text": json.dumps(frame)})]
        )
    return message


def do_site_mute(*, player: AbstractBaseUser, hours: int, reason: str, by: AbstractBaseUser) -> SiteMute:
    """A moderator keeps `player` out of every chat for `hours`."""
    if not 1 <= hours <= 24 * 365:
        raise ServiceError("bad_duration", _("A mute lasts 1 hour to a year."))
    if not reason.strip():
        raise ServiceError("no_reason", _("Say why."))
    return SiteMute.objects.create(
        player=player, until=timezone.now() + timedelta(hours=hours), reason=reason, muted_by=by
    )


def do_lift_site_mute(*, mute: SiteMute) -> SiteMute:
    with transaction.atomic():
        mute = SiteMute.objects.select_for_update().get(pk=mute.pk)
        if mute.lifted_at is not None:
            raise ServiceError("already_lifted", _("That mute was already lifted."))
        mute.lifted_at = timezone.now()
        mute.save(update_fields=["lifted_at"])
    return mute
