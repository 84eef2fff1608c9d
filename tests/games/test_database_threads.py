"""With several database threads (common/db.py, DATABASE_THREADS), a table whose move waits on
the database holds up no other table of the process."""

import asyncio
import threading

import pytest
from django.db import connection, transaction

from common import db
from games.models import Match
from tests.games.sockets import connect, drain, in_a_thread_of_its_own, receive_until
from tests.games.support import simple_policy
from tests.games.test_room_sockets import open_match

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL"),
]


@pytest.fixture
def four_database_threads(monkeypatch, settings):
    settings.DATABASE_THREADS = 4
    threads = db.Threads(4)
    monkeypatch.setattr(db, "_threads", threads)
    yield
    db.close_connections()
    threads.stop()


async def seat_to_move(room, players):
    """The sockets of the room's two players, the one whose turn it is, and its move."""
    sockets = [await connect(f"/ws/room/{room.code}/", user) for user in players]
    states = [await receive_until(sock, "state") for sock in sockets]
    for sock in sockets:
        await drain(sock)
    turn = states[0]["view"]["turn"]
    move = {
        "type": "act",
        "version": states[turn]["version"],
        "id": "m1",
        "action": simple_policy(states[turn]["view"]),
    }
    return sockets, sockets[turn], move


async def test_a_move_waiting_for_a_locked_match_does_not_hold_up_another_table(
    redis_layer, four_database_threads
):
    slow_room, slow_players = await open_match()
    quick_room, quick_players = await open_match(("Cy", "Di"))
    slow_sockets, slow_mover, slow_move = await seat_to_move(slow_room, slow_players)
    quick_sockets, quick_mover, quick_move = await seat_to_move(quick_room, quick_players)

    locked, release = threading.Event(), threading.Event()

    def hold_the_slow_match():  # as a long move of another process would
        with transaction.atomic():
            Match.objects.select_for_update().get(room__code=slow_room.code)
            locked.set()
            release.wait(timeout=30)

    holder = asyncio.ensure_future(in_a_thread_of_its_own(hold_the_slow_match))
    try:
        assert await asyncio.to_thread(locked.wait, 10)
        await slow_mover.send_json_to(slow_move)  # its database trip now waits for the lock
        await asyncio.sleep(0.2)
        await quick_mover.send_json_to(quick_move)
        ack = await receive_until(quick_mover, "ack", timeout=5)
        assert ack["id"] == "m1"
        waiting = [frame["type"] for frame in await drain(slow_mover)]
        assert "ack" not in waiting and "state" not in waiting  # still waiting for the lock
    finally:
        release.set()
        await holder
    assert (await receive_until(slow_mover, "ack"))["id"] == "m1"
    for sock in [*slow_sockets, *quick_sockets]:
        await sock.disconnect()
