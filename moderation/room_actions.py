"""What moderators do to rooms: close one, remove a player from a seat, make one private.
Each is one transaction: the room service, which writes the room and tells its sockets on
commit, then the audit entry."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from games import services
from games.models import Room
from moderation.audit import record
from moderation.models import AuditEntry

CLOSED_BY_MODERATOR = "moderator"
"""The closure reason the room's sockets receive (the moderator's own words stay in the log)."""


@transaction.atomic
def do_moderator_close_room(*, actor: AbstractBaseUser, room: Room, reason: str) -> None:
    """Close the room for good: a match in play is abandoned, every socket gets `closed`."""
    services.do_close_room(room=room, reason=CLOSED_BY_MODERATOR)
    record(actor=actor, action=AuditEntry.Action.ROOM_CLOSED, target=room, reason=reason)


@transaction.atomic
def do_moderator_remove_player(*, actor: AbstractBaseUser, room: Room, seat_index: int, reason: str) -> None:
    """Empty a player's seat.  A match in play is abandoned and the room waits for a new
    player; the removed player's socket becomes a spectator's."""
    player = services.do_remove_player(room=room, seat_index=seat_index)
    record(
        actor=actor,
        action=AuditEntry.Action.PLAYER_REMOVED,
        target=room,
        reason=reason,
        details={"seat": seat_index, "player": player},
    )


@transaction.atomic
def do_moderator_make_room_private(*, actor: AbstractBaseUser, room: Room, reason: str) -> None:
    """Take the room out of the lobby: from now on only its invitation link lets people in."""
    services.do_make_room_private(room=room)
    record(actor=actor, action=AuditEntry.Action.ROOM_MADE_PRIVATE, target=room, reason=reason)
