"""The table socket under attack: no seat's view reaches a socket that left it, no frame
kills a socket, floods are cut off, and however a socket ends its seat's count comes back."""

import asyncio
import json
import threading
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async

from common import db
from games import consumers, flood, services
from games.models import Match, Room, Seat
from tests.games.sockets import connect, drain, in_a_thread_of_its_own, receive_until, until
from tests.games.support import make_user, me, ruleset

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def open_match():
    ana, bo = make_user("Ana"), make_user("Bo")
    room = services.do_create_room(identity=me(ana), ruleset=ruleset())
    services.do_take_seat(room=room, identity=me(bo))
    return room, (ana, bo)


@database_sync_to_async
def waiting_rummy_table(names, *, seats):
    users = [make_user(name) for name in names]
    room = services.do_create_room(
        identity=me(users[0]), ruleset=ruleset("rummy-standard", seats=seats), rounds=1
    )
    return room, users


@database_sync_to_async
def sockets_of(room, index):
    return Seat.objects.get(room=room, index=index).sockets


@database_sync_to_async
def match_of(room):
    return Match.objects.filter(room=room).order_by("-created_at").values("pk", "version", "state").first()


async def answers(sock, frame):
    """The frames a socket sends back for `frame` (text, or bytes for a binary frame)."""
    if isinstance(frame, bytes):
        await sock.send_to(bytes_data=frame)
    else:
        await sock.send_to(text_data=frame)
    return [await sock.receive_json_from(timeout=20), *await drain(sock)]


async def test_a_socket_that_left_its_seat_gets_none_of_its_views_while_the_database_threads_are_busy(
    redis_layer,
):
    """Yan leaves seat 1 of a waiting German Rummy table, and Cy and Di sit (Cy in seat 1:
    the deal starts) while the process's database threads are busy, so Yan's socket cannot read
    the seats yet.  It must forward none of seat 1's views, which now show Cy's hand."""
    room, (ana, yan, cy, di) = await waiting_rummy_table(["Ana", "Yan", "Cy", "Di"], seats=3)
    await database_sync_to_async(services.do_take_seat)(room=room, identity=me(yan))
    sock = await connect(f"/ws/room/{room.code}/", yan)
    assert (await receive_until(sock, "room"))["you"] == 1
    await receive_until(sock, "chat_history")  # the last of the opening frames

    release = threading.Event()
    busy = asyncio.gather(*(asyncio.wrap_future(call) for call in db.on_every_thread(release.wait)))

    def leave_and_fill():
        services.do_leave_seat(room=room, identity=me(yan))
        services.do_take_seat(room=room, identity=me(cy))
        services.do_take_seat(room=room, identity=me(di))

    await in_a_thread_of_its_own(leave_and_fill)
    await sock.send_json_to({"type": "resync"})  # as the crowd on a busy process does
    assert await sock.receive_nothing(timeout=0.5)  # everything waits for the database threads
    release.set()
    await busy
    frames = await drain_until_quiet(sock)
    assert (await match_of(room)) is not None  # the deal started
    views = [f["view"]["seat"] for f in frames if f["type"] == "state"]
    assert views and set(views) == {None}, f"seat views reached a spectator: {views}"
    assert [f["you"] for f in frames if f["type"] == "room"][-1] is None
    await sock.disconnect()


async def drain_until_quiet(sock, quiet=2.0):
    frames = []
    while not await sock.receive_nothing(timeout=quiet):
        frames.append(await sock.receive_json_from())
    return frames


@pytest.mark.parametrize(
    "frame",
    [
        "[" * 2000 + "]" * 2000,
        "[" * 4000,
        json.dumps({"type": "act", "version": 1, "id": "a\x00", "action": {"type": "pass"}}),
        json.dumps({"type": "act", "version": 1, "id": "a\ud800", "action": {"type": "pass"}}),
        json.dumps({"type": "act", "version": 1, "id": "a1", "action": {"type": "pass", "x": "\x00"}}),
        b"\x00\xff binary",
    ],
    ids=["nested", "unclosed", "nul-id", "surrogate-id", "nul-in-action", "binary"],
)
async def test_a_hostile_frame_gets_an_error_and_the_socket_and_its_count_stay(redis_layer, frame):
    room, (ana, _) = await open_match()
    sock = await connect(f"/ws/room/{room.code}/", ana)
    await receive_until(sock, "state")
    before = await match_of(room)
    replies = await answers(sock, frame)
    assert [r["type"] for r in replies] == ["error"] and replies[0]["code"] == "bad_message"
    assert replies[0]["state"] is None  # a malformed frame needs no resync
    assert (await answers(sock, '{"type": "ping"}'))[0]["type"] == "pong"  # still open
    assert await match_of(room) == before and await sockets_of(room, 0) == 1
    await sock.disconnect()
    assert await sockets_of(room, 0) == 0


async def test_error_frames_carry_the_state_only_when_the_view_may_be_behind(redis_layer):
    room, (ana, _) = await open_match()
    sock = await connect(f"/ws/room/{room.code}/", ana)
    state = await receive_until(sock, "state")
    stale = {"type": "act", "version": state["version"] - 1, "id": "a1", "action": {"type": "pass"}}
    (error,) = await answers(sock, json.dumps(stale))
    assert (error["code"], error["id"], error["state"]["version"]) == (
        "stale_version",
        "a1",
        state["version"],
    )
    for frame in ('{"type": "launch"}', '{"type": "offer", "kind": "rematch"}', "nope"):
        (error,) = await answers(sock, frame)
        assert error["type"] == "error" and error["state"] is None, error
    await sock.disconnect()


async def test_a_flood_is_dropped_with_one_error_and_a_socket_that_keeps_on_is_closed(redis_layer):
    room, (ana, _) = await open_match()
    sock = await connect(f"/ws/room/{room.code}/", ana)
    await receive_until(sock, "state")
    for _ in range(flood.BURST + 2 * flood.CLOSE_AFTER):  # faster than any refill
        await sock.send_to(text_data='{"type": "launch"}')
    replies = []
    while (output := await sock.receive_output(timeout=20))["type"] == "websocket.send":
        replies.append(json.loads(output["text"]))
    assert output == {"type": "websocket.close", "code": consumers.POLICY_VIOLATION}
    codes = [r["code"] for r in replies]
    assert codes.count("rate_limited") == 1 and len(codes) < flood.BURST + flood.CLOSE_AFTER, codes
    await sock.disconnect()
    assert await sockets_of(room, 0) == 0


async def test_the_seat_count_returns_to_zero_after_every_kind_of_close(redis_layer, monkeypatch):
    room, (ana, bo) = await open_match()
    path = f"/ws/room/{room.code}/"

    async def opened(user=ana):
        sock = await connect(path, user)
        await receive_until(sock, "state")
        assert await sockets_of(room, 0) == 1
        return sock

    sock = await opened()  # the client closes
    await sock.disconnect()
    assert await sockets_of(room, 0) == 0

    sock = await opened()  # closes after refusals
    await answers(sock, "[" * 4000)
    await answers(sock, json.dumps({"type": "act", "version": 1, "id": "\x00", "action": {"type": "pass"}}))
    await sock.disconnect()
    assert await sockets_of(room, 0) == 0

    def broken(*args, **kwargs):
        raise RuntimeError("a defect in a service")

    with monkeypatch.context() as patched:
        patched.setattr(services, "do_offer", broken)
        sock = await opened()  # a service fails on a frame: the frame is refused, the socket stays
        (error,) = await answers(sock, '{"type": "offer", "kind": "restart"}')
        assert error["code"] == "server_error"
        (pong,) = await answers(sock, '{"type": "ping"}')
        assert pong == {"type": "pong"}
        await sock.disconnect()
    assert await sockets_of(room, 0) == 0

    monkeypatch.setattr(consumers, "_seats_room_and_chat", broken)
    sock = await opened()  # a handler of the room's news fails: the socket dies
    await database_sync_to_async(services.do_offer)(
        match_id=(await match_of(room))["pk"], identity=me(bo), kind="restart"
    )
    with pytest.raises(RuntimeError):
        await sock.receive_output(timeout=20)
    assert await sockets_of(room, 0) == 0
    monkeypatch.undo()

    sock = await opened()  # the server closes the room
    await database_sync_to_async(services.do_close_room)(
        room=await database_sync_to_async(Room.objects.get)(pk=room.pk), reason="test"
    )
    assert (await receive_until(sock, "closed"))["reason"] == "test"
    assert (await sock.receive_output(timeout=20)) == {"type": "websocket.close", "code": 4000}
    await sock.disconnect()
    assert await sockets_of(room, 0) == 0


async def test_a_failing_round_of_marking_seats_seen_is_logged_and_the_next_round_runs(
    redis_layer, monkeypatch, caplog
):
    """The process marks its sockets' seats seen on a timer: a round that fails (the database
    away) ends no socket and stops no later round."""
    room, (ana, _) = await open_match()
    rounds = []

    def failing_once(**kwargs):
        rounds.append(kwargs["holders"])
        if len(rounds) == 1:
            raise RuntimeError("the database is away")

    monkeypatch.setattr(services, "do_touch_seats", failing_once)
    monkeypatch.setattr(services, "TOUCH_EVERY", timedelta(seconds=0.2))
    sock = await connect(f"/ws/room/{room.code}/", ana)
    await receive_until(sock, "state")
    await until(lambda: len(rounds) >= 2)
    assert all(holders == [(room.pk, me(ana))] for holders in rounds)
    assert "marking 1 table sockets' seats seen failed" in caplog.text
    (pong,) = await answers(sock, '{"type": "ping"}')
    assert pong == {"type": "pong"}
    await sock.disconnect()
    assert await sockets_of(room, 0) == 0
