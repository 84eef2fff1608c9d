"""Reads that several views and consumers need."""

from __future__ import annotations

from typing import Any

from django.db import connection
from django.db.models import Prefetch
from django.urls import reverse
from django.utils import translation
from django.utils.translation import get_language

from games import rows
from games.identity import Identity
from games.models import Match, Room, RuleSet, Seat
from games.seating import identity_condition, identity_filter, seat_of, seats_of
from games.wire import game_payload, room_payload, seat_presence

LOBBY_LIMIT = 50


def offered_rulesets() -> list[RuleSet]:
    return list(RuleSet.objects.filter(enabled=True))


def open_public_rooms() -> list[Room]:
    """Public rooms waiting for players, newest first."""
    return list(
        Room.objects.filter(state=Room.State.OPEN, is_private=False)
        .select_related("ruleset")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user")))[:LOBBY_LIMIT]
    )


def rooms_seating(rooms: list[Room], identity: Identity) -> list[str]:
    """The codes of those of `rooms` (seats prefetched) where `identity` has a seat."""
    return [room.code for room in rooms if seat_of(list(room.seats.all()), identity) is not None]


# A table socket's opening and closing, and each change of its room, read these: written out
# once (`games.rows`), where the ORM cost some 0.4 ms of CPU a query.
_ROOM, _RULESET, _SEAT, _MATCH = (rows.columns(model) for model in (Room, RuleSet, Seat, Match))
_USER = rows.columns(Seat._meta.get_field("user").related_model)
_ROOMS = (
    f"SELECT {_ROOM.columns}, {_RULESET.columns} FROM games_room"
    " JOIN games_ruleset ON games_ruleset.id = games_room.ruleset_id"
)
_LATEST_MATCH = (
    f"SELECT {_MATCH.columns} FROM games_match WHERE room_id = %s ORDER BY created_at DESC, id DESC LIMIT 1"
)
_SEATS = f'SELECT {_SEAT.columns} FROM games_seat WHERE room_id = %s ORDER BY "index"'
_SEATS_WITH_PLAYERS = (
    f"SELECT {_SEAT.columns}, {_USER.columns} FROM games_seat"
    f" LEFT JOIN {_USER.table} ON {_USER.table}.{rows.quote(_USER.model._meta.pk.column)} = games_seat.user_id"
    ' WHERE games_seat.room_id = %s ORDER BY games_seat."index"'
)


def room_by_code(code: str) -> Room | None:
    """The room with its rule set."""
    found = rows.select((_ROOM, _RULESET), f"{_ROOMS} WHERE games_room.code = %s", [code])
    return _with_ruleset(*found[0]) if found else None


def refresh_room(room: Room) -> None:
    """Read `room` again, with its rule set, as `refresh_from_db` would (its state moves on)."""
    found = rows.select((_ROOM, _RULESET), f"{_ROOMS} WHERE games_room.id = %s", [room.pk])
    if not found:
        raise Room.DoesNotExist(f"Room {room.pk} is gone.")
    fresh = _with_ruleset(*found[0])
    room.__dict__.pop("_prefetched_objects_cache", None)
    room.__dict__.update({name: fresh.__dict__[name] for name in _ROOM.attnames})
    room._state.fields_cache = dict(fresh._state.fields_cache)


def _with_ruleset(room: Room, ruleset: RuleSet) -> Room:
    rows.relate(room, "ruleset", ruleset)
    return room


def current_match(room: Room) -> Match | None:
    """The room's latest match."""
    found = rows.select((_MATCH,), _LATEST_MATCH, [room.pk])
    if not found:
        return None
    (match,) = found[0]
    rows.relate(match, "room", room)
    return match


def _seats(room: Room) -> list[Seat]:
    """The room's seats in order, without their players."""
    found = rows.select((_SEAT,), _SEATS, [room.pk])
    for (seat,) in found:
        rows.relate(seat, "room", room)
    return [seat for (seat,) in found]


def _seats_with_players(room: Room) -> list[Seat]:
    """The room's seats in order, each with its player (`select_related("user")`)."""
    found = rows.select((_SEAT, _USER), _SEATS_WITH_PLAYERS, [room.pk])
    for seat, user in found:
        rows.relate(seat, "room", room)
        rows.relate(seat, "user", user)
    return [seat for seat, _ in found]


def seat_index(room: Room, identity: Identity) -> int | None:
    """The first seat `identity` plays, if any."""
    seats = seat_indices(room, identity)
    return seats[0] if seats else None


def seat_indices(room: Room, identity: Identity) -> list[int]:
    """The seats `identity` plays (both in pass-and-play, none for a spectator), by a query
    written once: a table socket reads them twice as it opens and again at each change of its
    room, and the ORM took 0.5 ms of CPU here to build and read even this one."""
    whose = identity_condition(identity)
    if whose is None:
        return []
    condition, values = whose
    with connection.cursor() as cursor:
        cursor.execute(
            f'SELECT "index" FROM games_seat WHERE room_id = %s AND {condition} ORDER BY "index"',
            [room.pk, *values],
        )
        return [index for (index,) in cursor.fetchall()]


def can_watch(room: Room, identity: Identity, token: str = "") -> bool:
    """Public rooms are open to all; a private one to its players and invitation holders."""
    return not room.is_private or seat_index(room, identity) is not None or room.is_invitation(token)


def room_info(room: Room, identity: Identity, language: str, *, match: Match | None) -> dict[str, Any]:
    """Room-level facts a socket or page shows: seats, presence, offers, the viewer's seat;
    `match`: the room's current one, which the caller has read (it reads the state too)."""
    seats = _seats_with_players(room)
    with translation.override(language):  # bot names are translated
        return room_payload(
            room=room, seats=seats, match=match, you=seat_of(seats, identity), language=language
        )


def seats_presence(room: Room) -> dict[int, dict[str, Any]]:
    """Each seat's presence as its room frame says it (`wire.seat_presence`), by index."""
    return {seat.index: seat_presence(seat) for seat in _seats(room)}


def match_payload(match: Match, seat: int | None) -> dict[str, Any]:
    from games.adapters import adapter

    family = adapter(match.family)
    return game_payload(match, family.load(match.state), seat)


def games_of(identity: Identity, *, limit: int = 30) -> list[dict[str, Any]]:
    """The rooms a player sits in, latest first: what to resume, and how past games ended."""
    rooms = (
        Room.objects.filter(seats__in=Seat.objects.filter(**identity_filter(identity)))
        .distinct()
        .select_related("ruleset")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user")))
        .order_by("-last_activity_at")[:limit]
    )
    out = []
    for room in rooms:
        seats = list(room.seats.all())
        mine = {s.index for s in seats_of(seats, identity)}
        match = current_match(room)
        won = None
        if match is not None and match.status == Match.Status.FINISHED and not room.hotseat:
            won = match.winner_seat in mine if match.winner_seat is not None else None
        out.append(
            {
                "code": room.code,
                "url": reverse("games:room", args=[room.code]),
                "ruleset": room.ruleset.display_name(get_language() or "en"),
                "opponents": [s.label() for s in seats if s.index not in mine and not s.is_empty],
                "state": room.get_state_display(),
                "live": room.state in (Room.State.OPEN, Room.State.PLAYING),
                "won": won,
                "last_activity_at": room.last_activity_at,
            }
        )
    return out
