"""Channel-layer groups and the messages services send to them (always after commit).

Groups are per room, so a socket keeps its groups across a rematch: one group for each seat
(that seat's own view), one for spectators (the public view), one for room-level news.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from typing import Any

from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from common import db, fastjson

LOBBY_GROUP = "lobby"
logger = logging.getLogger(__name__)


def room_group(code: str) -> str:
    return f"room.{code}"


def seat_group(code: str, seat: int) -> str:
    return f"room.{code}.seat.{seat}"


def public_group(code: str) -> str:
    return f"room.{code}.public"


Message = dict[str, Any] | Callable[[], dict[str, Any]]
"""A channel-layer message, or what makes it: made only for a group with members (the
spectators' view of a move, which most tables never need), on the Redis layer."""


def made(message: Message) -> dict[str, Any]:
    """The message itself, made now if it was deferred."""
    return message() if callable(message) else message


async def _send_all(messages: list[tuple[str, Message]]) -> None:
    layer = get_channel_layer()
    if hasattr(layer, "group_send_many"):  # Redis: two round trips for them all (config/channel_layer.py)
        await layer.group_send_many(messages)
        return
    for group, message in messages:  # in order: a seat's frames must not overtake each other
        await layer.group_send(group, made(message))


def send_on_commit(messages: list[tuple[str, Message]]) -> None:
    """Queue (group, message) pairs to go out once the current transaction commits."""
    transaction.on_commit(lambda: _deliver(messages))


def _deliver(messages: list[tuple[str, Message]]) -> None:
    """In a socket's database trip, leave them to the trip (`common.db.defer`: one send for
    all of the trip's messages, from the loop); elsewhere send from the database thread
    through the event loop that runs it (a request's), or through a loop of its own where
    none does (the sweeper, a command).

    A server stopping may stop its loop while this thread still works (a closing socket's
    uncounting): the messages are then given up, as a full channel would drop them, rather than
    waited for forever by a thread the process must join before it can exit."""
    if db.defer(_send_all, messages):
        return
    loop = getattr(SyncToAsync.threadlocal, "main_event_loop", None)  # what async_to_sync uses
    if loop is None or loop.is_closed():
        async_to_sync(_send_all)(messages)
        return
    sending = _send_all(messages)
    future = asyncio.run_coroutine_threadsafe(sending, loop)
    while True:
        try:
            future.result(timeout=1.0)
            return
        except TimeoutError:
            if not loop.is_running():
                future.cancel()
                sending.close()  # the stopped loop will never run it
                logger.warning("%d message(s) not sent: the event loop stopped", len(messages))
                return


def game_messages(
    code: str,
    seat_payloads: dict[int, dict[str, Any]],
    holders: dict[int, str | None],
    *,
    match_id: int,
    public_payload: Callable[[], dict[str, Any]],
) -> list[tuple[str, Message]]:
    """A `game.update` per seat, each carrying only that seat's view, as the JSON text its
    sockets send on (made once, not once per socket), and the spectators' one, made only if
    someone watches.

    A seat's update names the seat and who held it when the view was made (`holders`, an
    `Identity.tag`): a socket forwards it only if that is its own identity, whatever groups
    it is still in (one that left the seat leaves its group only after a database read)."""

    def update(seat: int | None, payload: dict[str, Any]) -> dict[str, Any]:
        holder = None if seat is None else holders[seat]
        return {
            "type": "game.update",
            "match": match_id,
            "seat": seat,
            "holder": holder,
            "text": fastjson.dumps(payload),
        }

    seats: list[tuple[str, Message]] = [
        (seat_group(code, seat), update(seat, payload)) for seat, payload in seat_payloads.items()
    ]
    return [*seats, (public_group(code), lambda: update(None, public_payload()))]


def lobby_changed() -> tuple[str, dict]:
    """Each change is news of its own: a process's lobby sockets read the rooms once for it."""
    return (LOBBY_GROUP, {"type": "lobby.changed", "change": secrets.token_hex(8)})


def room_changed(code: str) -> list[tuple[str, dict]]:
    return [(room_group(code), {"type": "room.changed"}), lobby_changed()]


def presence_changed(code: str, seats: list[int]) -> list[tuple[str, dict]]:
    """`seats` came or went: the table's other sockets resend the room frame (the lobby lists
    no presence)."""
    return [(room_group(code), {"type": "presence.changed", "seats": seats})]


def room_closed(code: str, reason: str) -> list[tuple[str, dict]]:
    return [
        (room_group(code), {"type": "room.closed", "reason": reason}),
        lobby_changed(),
    ]
