"""What goes on the wire: each seat's frame and the spectators' (services, selectors and
moderation send or show the same), a room's facts and the lobby's entries."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from games.adapters import adapter
from games.models import Match, Room, Seat
from games.seating import CLAIM_AFTER, is_claimable, is_connected


def seeds_secret(match: Match) -> bool:
    return match.seeds_secret_until is not None and timezone.now() < match.seeds_secret_until


def game_payload(match: Match, state: Any, seat: int | None, *, events: list | None = None) -> dict[str, Any]:
    """What a seat's socket receives: its own view of the match, at this version, with only
    the last finished hand's record in `view["history"]`.

    Calling (rummy): `call_deadline` and `call_seconds` (left when the frame was made) say how
    long the fresh discard may still be called; outside that window the view offers no call.
    """
    # The table shows the last finished hand's record; every record made each frame of a long
    # match heavier (13 KB at the twentieth gin hand).  The replay page has them all.
    view = adapter(match.family).view_for(state, seat, reveal_seeds=not seeds_secret(match), history=1)
    until = match.call_deadline
    left = (until - timezone.now()).total_seconds() if until else 0.0
    if view.get("callable") and left <= 0:
        view["callable"] = False
        view["legal_actions"] = [a for a in view["legal_actions"] if a["type"] != "call"]
    return {
        "type": "state",
        "match": match.pk,
        "version": match.version,
        "status": match.status,
        "end_reason": match.end_reason,
        "winner_seat": match.winner_seat,
        "deadline": match.turn_deadline.isoformat() if match.turn_deadline else None,
        "call_deadline": until.isoformat() if left > 0 else None,
        "call_seconds": round(left, 1) if left > 0 else None,
        "view": view,
        "events": events or [],
    }


def lobby_entry(room: Room, language: str) -> dict[str, Any]:
    """An open room as the lobby lists it (its seats prefetched)."""
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


def room_payload(
    *, room: Room, seats: list[Seat], match: Match | None, you: Seat | None, language: str
) -> dict[str, Any]:
    """A room's facts as its sockets and page get them (`you`: the viewer's seat, if any)."""
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
                **seat_presence(s),
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


def seat_presence(seat: Seat) -> dict[str, Any]:
    """What a room frame says of a seat's presence: the part a socket coming or going changes."""
    return {
        "online": bool(seat.bot) or is_connected(seat),
        "away_for": _away_for(seat),
        "claimable": is_claimable(seat),
    }


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
