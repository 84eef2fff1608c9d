"""Rooms and their seats: create, sit, leave, close, expire; a guest's seats kept when it signs up."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from common.errors import ServiceError
from games import blocks, broadcast
from games.adapters import ADAPTERS, adapter
from games.identity import Identity
from games.models import BotLevel, Match, Room, RuleSet, Seat
from games.seating import (
    seat_of,
)
from games.services.run import Run, start_match
from games.services.storage import lock_match

ROOM_EXPIRY = timedelta(days=7)


def do_create_room(
    *,
    identity: Identity,
    ruleset: RuleSet,
    is_private: bool = False,
    turn_seconds: int | None = None,
    rated: bool = False,
    bot: str = "",
    bot_seats: int | None = None,
    rounds: int | None = None,
    hotseat: bool = False,
    first_seed: bytes | None = None,
    seeds_secret_until: datetime | None = None,
) -> Room:
    """A room with the creator in seat 0; the other seats (the rule set's number) hold bots of
    level `bot` (all of them, or the last `bot_seats`), the creator again for pass-and-play
    (`hotseat`), or nobody yet (an online room).  `bot_seats` may be every seat: a table of
    computers alone, which its creator watches (through the invitation link: it is private).  `rounds`: how many rounds a rummy table plays.

    Playing the computer or pass-and-play is open to guests; online rooms and rated play
    need an account.  `first_seed` deals the first hand of a room that starts at once (the
    Daily Gin's shared deal), and `seeds_secret_until` keeps finished hands' seeds out of every
    view until then.
    """
    if identity.is_anonymous:
        raise ServiceError("not_signed_in", "Sign in, or start a game against the computer.")
    if not ruleset.enabled:
        raise ServiceError("ruleset_disabled", "That rule set is not offered.")
    if bot and bot not in BotLevel.values:
        raise ServiceError("bad_bot", f"No computer level {bot!r}.")
    seat_count = ruleset.seats if ruleset.family == "rummy" else 2
    bots = (seat_count - 1 if bot_seats is None else bot_seats) if bot else 0
    if not 0 <= bots <= seat_count or (bot_seats and not bot):
        raise ServiceError("bad_bot", f"Between 0 and {seat_count} computer seats.")
    if ruleset.family == "rummy" and not (rounds and 1 <= rounds <= 20):
        raise ServiceError("bad_rounds", "A rummy table plays 1 to 20 rounds.")
    if hotseat and seat_count != 2:
        raise ServiceError("bad_request", "Pass-and-play is for two players.")
    local = bots >= seat_count - 1 or hotseat
    if first_seed is not None and not local:  # it would be lost: a room that waits is dealt as it fills
        raise ValueError("first_seed is for a room that starts at once")
    if not local and not identity.is_authenticated:
        raise ServiceError("account_needed", "Online rooms need an account.")
    if rated and (bots or hotseat or ruleset.flags.get("practice")):
        raise ServiceError("not_rated", "Only online games between people are rated.")
    if turn_seconds is not None and not 10 <= turn_seconds <= 600:
        raise ServiceError("bad_timer", "A turn timer is 10 to 600 seconds.")
    if ruleset.family not in ADAPTERS:
        raise ServiceError("family_unavailable", "That game cannot be played online yet.")
    adapter(ruleset.family).rules_from(ruleset.flags)  # refuses impossible flags before anything is stored
    with transaction.atomic():
        room = Room.objects.create(
            ruleset=ruleset,
            family=ruleset.family,
            rules=ruleset.flags,
            created_by_id=identity.user_id,
            is_private=is_private or local,
            turn_seconds=turn_seconds,
            rated=rated,
            hotseat=hotseat,
            rounds=rounds if ruleset.family == "rummy" else None,
        )
        creator = {"user_id": identity.user_id, "guest_key": identity.guest_key}
        for index in range(seat_count):
            is_bot = index >= seat_count - bots
            sits = (index == 0 and not is_bot) or hotseat
            Seat.objects.create(
                room=room, index=index, bot=bot if is_bot else "", **(creator if sits else {})
            )
        if local:
            start_match(room=room, first_seed=first_seed, seeds_secret_until=seeds_secret_until)
        broadcast.send_on_commit(broadcast.room_changed(room.code))
    return room


def do_take_seat(*, room: Room, identity: Identity, token: str = "") -> Seat:
    """Sit `identity` in the first empty seat; the match starts when every seat is taken."""
    if not identity.is_authenticated:
        raise ServiceError("account_needed", "Sign in to take a seat.")
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room.pk)
        seats = list(room.seats.all())
        if seat_of(seats, identity) is not None:
            raise ServiceError("already_seated", "You already have a seat here.")
        if room.state != Room.State.OPEN:
            raise ServiceError("room_not_open", "This room is not waiting for players.")
        if room.is_private and not room.is_invitation(token):
            raise ServiceError("invite_needed", "This room is private: use its invitation link.")
        empty = [s for s in seats if s.is_empty]
        if not empty:
            raise ServiceError("room_full", "Every seat is taken.")
        blocked = blocks.blocked_either_way(identity.user_id)
        if any(s.user_id in blocked for s in seats) or room.created_by_id in blocked:
            raise ServiceError("blocked", _("You cannot join this table."))
        seat = empty[0]
        seat.user_id = identity.user_id
        seat.last_seen = timezone.now()
        seat.save(update_fields=["user", "last_seen"])
        if len(empty) == 1:
            start_match(room=room)
        room.last_activity_at = timezone.now()
        room.save(update_fields=["last_activity_at", "state"])
        broadcast.send_on_commit(broadcast.room_changed(room.code))
    return seat


def do_leave_seat(*, room: Room, identity: Identity) -> None:
    """Leave a room that has not started; an empty room closes."""
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room.pk)
        seats = list(room.seats.all())
        seat = seat_of(seats, identity)
        if seat is None:
            raise ServiceError("not_seated", "You have no seat here.")
        if room.state != Room.State.OPEN:
            raise ServiceError("room_not_open", "The game has started: resign or claim instead.")
        seat.user = None
        seat.guest_key = ""
        seat.sockets = 0  # the sockets counted were the leaver's; its next holder's count afresh
        seat.save(update_fields=["user", "guest_key", "sockets"])
        if all(s.is_empty for s in seats):
            room.state = Room.State.CLOSED
            room.save(update_fields=["state"])
            broadcast.send_on_commit(broadcast.room_closed(room.code, "empty"))
        else:
            broadcast.send_on_commit(broadcast.room_changed(room.code))


def check_live_room(*, room: Room) -> None:
    """Refuse a change to a room that is closed or expired."""
    if not room.is_live:
        raise ServiceError("room_not_live", _("Room %(code)s is already closed.") % {"code": room.code})


def do_close_room(*, room: Room, reason: str) -> None:
    """Close a room for good (moderators, expiry): its sockets hear it at once."""
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room.pk)
        check_live_room(room=room)
        room.state = Room.State.CLOSED if reason != "expired" else Room.State.EXPIRED
        room.save(update_fields=["state"])
        Match.objects.filter(room=room, status=Match.Status.PLAYING).update(
            status=Match.Status.ABANDONED, end_reason=reason, turn_deadline=None, call_deadline=None
        )
        broadcast.send_on_commit(broadcast.room_closed(room.code, reason))


def do_remove_player(*, room: Room, seat_index: int) -> str:
    """Empty a player's seat (moderation); returns who sat there.  A match in play ends as
    abandoned, through the run like every other end of a match, and the room waits for a new
    player; the removed player's socket becomes a spectator's."""
    with transaction.atomic():
        playing = Match.objects.filter(room=room, status=Match.Status.PLAYING).values_list("pk", flat=True)
        match, seats = lock_match(match_id=playing[0]) if playing else (None, [])
        if match is not None and match.status == Match.Status.PLAYING:
            room = match.room
        else:  # no match in play (or it ended meanwhile): the room alone
            match = None
            room = Room.objects.select_for_update().get(pk=room.pk)
            seats = list(room.seats.all())
        check_live_room(room=room)
        seat = next((s for s in seats if s.index == seat_index), None)
        if seat is None or seat.bot or seat.is_empty:
            raise ServiceError(
                "no_player",
                _("Seat %(index)s of room %(code)s holds no player.")
                % {"index": seat_index, "code": room.code},
            )
        player = seat.label()
        seat.user = None
        seat.guest_key = ""
        seat.sockets = 0  # as when a player leaves: the next holder's sockets count afresh
        seat.save(update_fields=["user", "guest_key", "sockets"])
        if match is not None:
            Run(match, seats).end(
                winner=None, reason="player_removed", status=Match.Status.ABANDONED
            ).finish()
        room.state = Room.State.OPEN
        room.save(update_fields=["state"])
        broadcast.send_on_commit(broadcast.room_changed(room.code))
    return player


def do_make_room_private(*, room: Room) -> None:
    """Take the room out of the lobby (moderation): from now on only its invitation link lets
    people in."""
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room.pk)
        check_live_room(room=room)
        if room.is_private:
            raise ServiceError(
                "already_private", _("Room %(code)s is already private.") % {"code": room.code}
            )
        room.is_private = True
        room.save(update_fields=["is_private"])
        broadcast.send_on_commit(broadcast.room_changed(room.code))


def do_transfer_guest_seats(*, guest_key: str, user_id: int) -> int:
    """A guest who signs up keeps its games: its seats become the user's."""
    if not guest_key:
        return 0
    return Seat.objects.filter(guest_key=guest_key).update(user_id=user_id, guest_key="")


def do_expire_idle_rooms(*, now: datetime) -> int:
    """Rooms with no activity for seven days expire."""
    idle = Room.objects.filter(
        state__in=[Room.State.OPEN, Room.State.PLAYING, Room.State.FINISHED],
        last_activity_at__lt=now - ROOM_EXPIRY,
    )
    count = 0
    for room in idle:
        do_close_room(room=room, reason="expired")
        count += 1
    return count


def do_create_arena_room(
    *,
    ruleset: RuleSet,
    user_ids: list[int],
    turn_seconds: int | None,
    rated: bool,
    match_target: int | None = None,
    rounds: int | None = None,
) -> Room:
    """A private room with these players seated in order and its match started at once (a
    tournament pairing: nobody chooses a seat).  `match_target` replaces the gin rule set's
    target (1: one hand); `rounds` is how many rounds a rummy table plays."""
    seats = len(user_ids)
    if len(set(user_ids)) != seats or not 2 <= seats <= 4 or (ruleset.family == "gin" and seats != 2):
        raise ServiceError("bad_players", "A table of 2 to 4 different players (gin: 2).")
    rules = dict(ruleset.flags)
    if match_target is not None and ruleset.family == "gin":
        rules["match_target"] = match_target
    adapter(ruleset.family).rules_from(rules)  # refuses impossible flags before anything is stored
    with transaction.atomic():
        room = Room.objects.create(
            ruleset=ruleset,
            family=ruleset.family,
            rules=rules,
            is_private=True,
            turn_seconds=turn_seconds,
            rated=rated and not ruleset.flags.get("practice"),
            rounds=rounds if ruleset.family == "rummy" else None,
        )
        now = timezone.now()
        Seat.objects.bulk_create(
            Seat(room=room, index=index, user_id=user_id, last_seen=now)
            for index, user_id in enumerate(user_ids)
        )
        start_match(room=room)
    return room
