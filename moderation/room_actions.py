"""What moderators do to rooms: close one, remove a player from a seat, make one private.
Each is one transaction with its audit entry; the room's sockets hear of it on commit."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from common.errors import ServiceError
from games import broadcast, services
from games.families import adapter
from games.models import Match, Room
from moderation.audit import record
from moderation.models import AuditEntry

CLOSED_BY_MODERATOR = "moderator"
"""The closure reason the room's sockets receive (the moderator's own words stay in the log)."""


def _lock_live_room(room: Room) -> Room:
    room = Room.objects.select_for_update().get(pk=room.pk)
    if not room.is_live:
        raise ServiceError("room_not_live", _("Room %(code)s is already closed.") % {"code": room.code})
    return room


@transaction.atomic
def do_moderator_close_room(*, actor, room: Room, reason: str) -> None:
    """Close the room for good: a match in play is abandoned, every socket gets `closed`."""
    room = _lock_live_room(room)
    services.do_close_room(room=room, reason=CLOSED_BY_MODERATOR)
    record(actor=actor, action=AuditEntry.Action.ROOM_CLOSED, target=room, reason=reason)


@transaction.atomic
def do_remove_player(*, actor, room: Room, seat_index: int, reason: str) -> None:
    """Empty a player's seat.  A match in play is abandoned and the room waits for a new
    player; the removed player's socket becomes a spectator's."""
    room = _lock_live_room(room)
    seats = list(room.seats.all())
    seat = next((s for s in seats if s.index == seat_index), None)
    if seat is None or seat.bot or seat.is_empty:
        raise ServiceError(
            "no_player",
            _("Seat %(index)s of room %(code)s holds no player.") % {"index": seat_index, "code": room.code},
        )
    player = seat.label()
    seat.user = None
    seat.guest_key = ""
    seat.save(update_fields=["user", "guest_key"])
    match = Match.objects.select_for_update().filter(room=room, status=Match.Status.PLAYING).first()
    if match is not None:
        match.status = Match.Status.ABANDONED
        match.end_reason = "player_removed"
        match.turn_deadline = None
        match.version += 1
        match.save(update_fields=["status", "end_reason", "turn_deadline", "version"])
        state = adapter(match.family).load(match.state)
        payloads = {i: services.game_payload(match, state, i) for i in [*(s.index for s in seats), None]}
        broadcast.send_on_commit(broadcast.game_messages(room.code, payloads))
    room.state = Room.State.OPEN
    room.save(update_fields=["state"])
    broadcast.send_on_commit(broadcast.room_changed(room.code))
    record(
        actor=actor,
        action=AuditEntry.Action.PLAYER_REMOVED,
        target=room,
        reason=reason,
        details={"seat": seat_index, "player": player},
    )


@transaction.atomic
def do_make_room_private(*, actor, room: Room, reason: str) -> None:
    """Take the room out of the lobby: from now on only its invitation link lets people in."""
    room = _lock_live_room(room)
    if room.is_private:
        raise ServiceError("already_private", _("Room %(code)s is already private.") % {"code": room.code})
    room.is_private = True
    room.save(update_fields=["is_private"])
    broadcast.send_on_commit(broadcast.room_changed(room.code))
    record(actor=actor, action=AuditEntry.Action.ROOM_MADE_PRIVATE, target=room, reason=reason)
