"""Reads of the table chat: which chat a reader is in, what they may see of it, the history
a table shows on reload, and a match's chat for its replay."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import connection
from django.utils import timezone

from games import blocks, rows
from games.chat.models import Channel, ChatMessage, SiteMute, TableMute
from games.chat.wire import message_wire
from games.models import Match, Room

HISTORY = 100
"""Messages a table shows when it opens (the newest)."""
_MESSAGE = rows.columns(ChatMessage)


def channel_for(room: Room, seats: list[int]) -> str | None:
    """The chat a socket is in: the players' while it holds a seat, else the spectators';
    none at a pass-and-play table (one device holds every seat)."""
    if room.hotseat:
        return None
    return Channel.TABLE if seats else Channel.SPECTATORS


def muted_at(room_id: int, user_id: int | None) -> set[int]:
    """The players `user_id` muted at this table (written out: every table socket of a
    signed-in player reads it as it opens, `games.rows`)."""
    if user_id is None:
        return set()
    with connection.cursor() as cursor:
        cursor.execute(_MUTED_AT, [room_id, user_id])
        return {muted for (muted,) in cursor.fetchall()}


_MUTED_AT = f"SELECT muted_id FROM {TableMute._meta.db_table} WHERE room_id = %s AND muter_id = %s"


def hidden_from(room_id: int, author_id: int) -> list[int]:
    """Who must not see what `author_id` says at this table: the players who muted them
    there, and those on either side of a block with them."""
    muters = TableMute.objects.filter(room_id=room_id, muted_id=author_id).values_list("muter_id", flat=True)
    return sorted(set(muters) | blocks.blocked_either_way(author_id))


def site_mute(user_id: int) -> SiteMute | None:
    """The moderators' mute keeping `user_id` silent now, if any (the longest-running)."""
    return (
        SiteMute.objects.filter(player_id=user_id, until__gt=timezone.now(), lifted_at__isnull=True)
        .order_by("-until")
        .first()
    )


def history_frame(room: Room, user_id: int | None, seats: list[int]) -> dict[str, Any] | None:
    """The chat a table socket opens with: its channel's newest messages that its reader may
    see, and whom the reader muted here.  None where there is no chat."""
    channel = channel_for(room, seats)
    if channel is None:
        return None
    muted = muted_at(room.pk, user_id)
    hidden = sorted(muted | blocks.blocked_either_way(user_id))
    unseen = (
        f" AND (author_id IS NULL OR author_id NOT IN ({', '.join(['%s'] * len(hidden))}))" if hidden else ""
    )
    newest = rows.select(
        (_MESSAGE,),
        f"SELECT {_MESSAGE.columns} FROM {_MESSAGE.table} WHERE room_id = %s AND channel = %s{unseen}"
        " ORDER BY created_at DESC, id DESC LIMIT %s",
        [room.pk, channel, *hidden, HISTORY],
    )
    messages = [message for (message,) in reversed(newest)]
    return {
        "type": "chat_history",
        "channel": channel,
        "messages": [message_wire(m) for m in messages],
        "muted": sorted(muted),
    }


def replay_chat(match: Match, *, reader_id: int | None) -> list[ChatMessage]:
    """What the players said at the table while `match` was played, for a player's replay, in
    order; removed messages keep their place, and a block hides its other side's messages."""
    hidden = blocks.blocked_either_way(reader_id)
    return list(
        ChatMessage.objects.filter(match=match, channel=Channel.TABLE)
        .exclude(author_id__in=hidden)
        .order_by("created_at", "id")
    )


CONTEXT = 5
"""Messages on either side of a reported one that go with the report."""


def report_context(message: ChatMessage) -> list[dict[str, Any]]:
    """The reported message with what was said just before and after it in its chat."""
    same_chat = ChatMessage.objects.filter(room_id=message.room_id, channel=message.channel)
    before = same_chat.filter(created_at__lte=message.created_at, id__lt=message.pk).order_by(
        "-created_at", "-id"
    )
    after = same_chat.filter(created_at__gte=message.created_at, id__gt=message.pk).order_by(
        "created_at", "id"
    )
    around = [*list(before[:CONTEXT])[::-1], message, *after[:CONTEXT]]
    return [{**message_wire(m), "text": m.shown_text() if m.removed_at is None else None} for m in around]


def visible_message(message_id: str, room_seats: Callable[[Room], list[int]]) -> ChatMessage | None:
    """The chat message `message_id` names if its reader is in its chat (`room_seats`: the
    seats the reader holds at a room), else None."""
    if not (message_id.isascii() and message_id.isdigit()):
        return None
    message = ChatMessage.objects.select_related("room", "author").filter(pk=message_id).first()
    if message is None or channel_for(message.room, room_seats(message.room)) != message.channel:
        return None
    return message
