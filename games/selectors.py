"""Reads that several views and consumers need."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.db.models import Prefetch
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.identity import Identity
from games.models import Match, Room, RuleSet, Seat
from games.seating import CLAIM_AFTER, identity_filter, is_claimable, is_connected, seat_of, seats_of
from games.wire import game_payload

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


def lobby_entry(room: Room, language: str) -> dict[str, Any]:
    seats = list(room.seats.all())
    return {
        "code": room.code,
        "url": reverse("games:room", args=[room.code]),
        "family": room.family,
        "ruleset": room.ruleset.display_name(language),
        "players": [s.label() for s in seats if not s.is_empty],
        "seats_taken": sum(not s.is_empty for s in seats),
        "seats": len(seats),
        "turn_seconds": room.turn_seconds,
        "rated": room.rated,
    }


def rooms_seating(rooms: list[Room], identity: Identity) -> list[str]:
    """The codes of those of `rooms` (seats prefetched) where `identity` has a seat."""
    return [room.code for room in rooms if seat_of(list(room.seats.all()), identity) is not None]


def room_by_code(code: str) -> Room | None:
    return Room.objects.select_related("ruleset").filter(code=code).first()


def current_match(room: Room) -> Match | None:
    return room.matches.order_by("-created_at").first()


def seat_index(room: Room, identity: Identity) -> int | None:
    seat = seat_of(list(room.seats.all()), identity)
    return None if seat is None else seat.index


def seat_indices(room: Room, identity: Identity) -> list[int]:
    """The seats `identity` plays (both in pass-and-play, none for a spectator)."""
    return [s.index for s in seats_of(list(room.seats.all()), identity)]


def can_watch(room: Room, identity: Identity, token: str = "") -> bool:
    """Public rooms are open to all; a private one to its players and invitation holders."""
    return not room.is_private or seat_index(room, identity) is not None or room.is_invitation(token)


def room_info(room: Room, identity: Identity, language: str) -> dict[str, Any]:
    """Room-level facts a socket or page shows: seats, presence, offers, the viewer's seat."""
    with translation.override(language):  # bot names are translated
        return _room_info(room, identity, language)


def _room_info(room: Room, identity: Identity, language: str) -> dict[str, Any]:
    seats = list(room.seats.select_related("user"))
    you = seat_of(seats, identity)
    match = current_match(room)
    info = {
        "type": "room",
        "code": room.code,
        "state": room.state,
        "family": room.family,
        "ruleset": room.ruleset.display_name(language),
        "turn_seconds": room.turn_seconds,
        "rated": room.rated,
        "private": room.is_private,
        "hotseat": room.hotseat,
        "you": None if you is None else you.index,
        "seats": [
            {
                "index": s.index,
                "name": _("Player %(number)d") % {"number": s.index + 1} if room.hotseat else s.label(),
                "kind": "bot" if s.bot else "empty" if s.is_empty else "player",
                "online": bool(s.bot) or is_connected(s),
                "away_for": _away_for(s),
                "claimable": is_claimable(s),
                "report": _report_url(room, s),
            }
            for s in seats
        ],
        "claim_after": int(CLAIM_AFTER.total_seconds()),
        "match": match.pk if match else None,
        "offers": match.offers if match else {},
        "invite_url": None,
    }
    if you is not None and room.is_private:
        info["invite_url"] = reverse("games:invite", args=[room.code, room.invite_token])
    return info


def _report_url(room: Room, seat: Seat) -> str | None:
    """The report form naming this seat's player and the room, for a signed-in player's seat
    (a pass-and-play table's seats are all one person's)."""
    if room.hotseat or seat.user_id is None:
        return None
    return f"{reverse('moderation:report')}?{urlencode({'room': room.code, 'player': seat.user_id})}"


def _away_for(seat: Seat) -> int | None:
    """Seconds since a person's seat was last seen, while no socket of it is open (the table
    counts on from there, so no frame is needed when the claim opens)."""
    if seat.bot or seat.is_empty or is_connected(seat):
        return None
    if seat.last_seen is None:
        return int(CLAIM_AFTER.total_seconds())  # never came: as long gone as it matters
    return max(0, int((timezone.now() - seat.last_seen).total_seconds()))


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
