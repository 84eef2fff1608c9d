"""Who is at the table: each seat's open sockets counted in the database (several tabs, several
processes), and the seats whose process died uncounted."""

from __future__ import annotations

import functools
from collections.abc import Collection
from datetime import datetime, timedelta

from django.db import connection, transaction
from django.utils import timezone

from games import broadcast, rows
from games.identity import Identity
from games.models import Room, Seat
from games.seating import (
    LOST_AFTER,
    identity_condition,
    is_connected,
)

SEEN_EVERY = timedelta(seconds=10)
TOUCH_EVERY = timedelta(seconds=45)
"""How often a process marks its open table sockets' seats seen in the database: a live seat's
`last_seen` need only stay inside LOST_AFTER (it is then at most about 45 s old, against 2
minutes)."""


def do_socket_opened(*, room: Room, identity: Identity) -> bool:
    """Count a table socket of this identity's seats (several tabs, several processes) and mark
    them seen now.  True when a seat came online: the room hears it (`room.changed`)."""
    return _count_sockets(room, identity, +1)


def do_socket_closed(*, room: Room, identity: Identity) -> bool:
    """Uncount a closed table socket; its seat was seen until now, so "away" starts now.
    True when that was a seat's last socket: the room hears it."""
    return _count_sockets(room, identity, -1)


def _count_sockets(room: Room, identity: Identity, step: int) -> bool:
    """Written out (`games.rows`): with the ORM's locking read and save, counting a socket cost
    two and a half times the CPU (docs/benchmarks.md, session 34)."""
    whose = identity_condition(identity)
    if whose is None:
        return False
    condition, values = whose
    now = timezone.now()
    changed = []
    with transaction.atomic():
        for (seat,) in rows.select((_SEAT,), _locked_seats(condition), [room.pk, *values]):
            before = is_connected(seat)
            sockets = max(0, (seat.sockets if before else 0) + step)
            with connection.cursor() as cursor:
                cursor.execute(
                    "UPDATE games_seat SET sockets = %s, last_seen = %s WHERE id = %s",
                    [sockets, connection.ops.adapt_datetimefield_value(now), seat.pk],
                )
            if before != (sockets > 0):
                changed.append(seat.index)
        if changed:
            broadcast.send_on_commit(broadcast.presence_changed(room.code, changed))
    return bool(changed)


_SEAT = rows.columns(Seat)


@functools.cache
def _locked_seats(condition: str) -> str:
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    return f'SELECT {_SEAT.columns} FROM games_seat WHERE room_id = %s AND {condition} ORDER BY "index"{lock}'


def do_release_lost_sockets(*, now: datetime) -> int:
    """Seats still counting sockets but unseen for LOST_AFTER lost them with a dead process:
    uncount them, and tell their rooms (the sweeper calls this)."""
    lost = Seat.objects.filter(sockets__gt=0, last_seen__lt=now - LOST_AFTER)
    seats_by_room: dict[str, list[int]] = {}
    for code, index in lost.values_list("room__code", "index"):
        seats_by_room.setdefault(code, []).append(index)
    if not seats_by_room:
        return 0
    with transaction.atomic():
        released = lost.update(sockets=0)
        broadcast.send_on_commit(
            [m for code, seats in seats_by_room.items() for m in broadcast.presence_changed(code, seats)]
        )
    return released


TOUCH_BATCH = 500
"""Holders a statement of `do_touch_seats` names at most (SQLite takes 32,766 parameters)."""


def do_touch_seats(*, holders: Collection[tuple[int, Identity]]) -> int:
    """Mark seen now the seats each (room id, identity) holds, but those seen in the last
    SEEN_EVERY; the number of seats written.  A process marks its open table sockets' seats
    this way every TOUCH_EVERY (`games.seat_keeper`): a few statements for all of them.  A seat
    another transaction holds locked is left for the next round, not waited for: a statement
    that waited while holding other seats could deadlock with one counting a room's sockets."""
    held = []
    for room_id, identity in holders:
        whose = identity_condition(identity)
        if whose is not None:
            condition, values = whose
            held.append((f"(room_id = %s AND {condition})", [room_id, *values]))
    now = timezone.now()
    adapt = connection.ops.adapt_datetimefield_value
    skip = " FOR UPDATE SKIP LOCKED" if connection.features.has_select_for_update_skip_locked else ""
    written = 0
    with connection.cursor() as cursor:
        for start in range(0, len(held), TOUCH_BATCH):
            batch = held[start : start + TOUCH_BATCH]
            cursor.execute(
                "UPDATE games_seat SET last_seen = %s WHERE id IN (SELECT id FROM games_seat"
                f" WHERE ({' OR '.join(condition for condition, _ in batch)})"
                f" AND (last_seen IS NULL OR last_seen <= %s){skip})",
                [adapt(now), *(value for _, values in batch for value in values), adapt(now - SEEN_EVERY)],
            )
            written += cursor.rowcount
    return written
