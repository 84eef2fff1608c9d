"""Who sits where, and who is connected: small reads shared by services and selectors."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from games.identity import Identity
from games.models import Seat

CLAIM_AFTER = timedelta(seconds=60)
"""An opponent away this long can be claimed against, or replaced by a bot."""
LOST_AFTER = timedelta(minutes=2)
"""A seat with sockets counted but unseen this long lost them with a process that died."""


def seats_of(seats: list[Seat], identity: Identity) -> list[Seat]:
    """The seats `identity` holds among `seats` (several only in pass-and-play)."""
    if identity.user_id is not None:
        return [s for s in seats if s.user_id == identity.user_id]
    if identity.guest_key:
        return [s for s in seats if s.user_id is None and s.guest_key == identity.guest_key]
    return []


def holder(seat: Seat) -> Identity:
    """Who holds `seat` (nobody: an empty seat, a bot's)."""
    if seat.user_id is not None:
        return Identity(user_id=seat.user_id)
    return Identity(guest_key=seat.guest_key)


def seat_of(seats: list[Seat], identity: Identity) -> Seat | None:
    """The first seat `identity` holds among `seats`, if any."""
    held = seats_of(seats, identity)
    return held[0] if held else None


def is_online(seat: Seat, *, window: timedelta) -> bool:
    return seat.last_seen is not None and seat.last_seen > timezone.now() - window


def is_connected(seat: Seat) -> bool:
    """A table socket of the seat is open now.  Its count could outlive a process that died
    without closing its sockets; a live process marks its sockets' seats seen every 45 s
    (`games.seat_keeper`), so a count unseen for LOST_AFTER is not believed (the sweeper then
    clears it)."""
    return seat.sockets > 0 and is_online(seat, window=LOST_AFTER)


def is_claimable(seat: Seat) -> bool:
    """A person's seat away for CLAIM_AFTER: the others may claim the match or hand it to a bot."""
    return (
        not seat.bot
        and not seat.is_empty
        and not is_connected(seat)
        and not is_online(seat, window=CLAIM_AFTER)
    )


def identity_filter(identity: Identity) -> dict:
    """Queryset filter for the seats `identity` holds."""
    if identity.user_id is not None:
        return {"user_id": identity.user_id}
    if identity.guest_key:
        return {"guest_key": identity.guest_key, "user__isnull": True}
    return {"pk__in": []}


def identity_condition(identity: Identity) -> tuple[str, list] | None:
    """`identity_filter` as a written-out SQL condition on games_seat and its parameters, for
    statements written once; None where it holds no seat."""
    if identity.user_id is not None:
        return "user_id = %s", [identity.user_id]
    if identity.guest_key:
        return "guest_key = %s AND user_id IS NULL", [identity.guest_key]
    return None
