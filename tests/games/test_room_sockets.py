"""The table socket on the Redis layer and PostgreSQL: play, refusals, reconnects, privacy."""

import json
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.utils import timezone

from games import consumers, flood, services
from games.models import Match
from games.replays import is_consistent, states_by_version
from games.seat_keeper import seat_keeper
from games.seating import LOST_AFTER
from tests.games.sockets import CONNECT_SECONDS, connect, drain, receive_until, until
from tests.games.support import assert_no_leak, first_deal, make_user, me, ruleset, simple_policy

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def open_match(names=("Ana", "Bo"), **flags):
    host, guest = (make_user(name) for name in names)
    with first_deal(bytes(16)):  # for a reproducible run: two people and no bot, any deal would do
        room = services.do_create_room(identity=me(host), ruleset=ruleset(**flags))
        services.do_take_seat(room=room, identity=me(guest))
    return room, (host, guest)


@database_sync_to_async
def load(match_id):
    return Match.objects.get(pk=match_id)


async def test_two_players_play_a_whole_match_over_sockets_and_no_frame_leaks(redis_layer, monkeypatch):
    # Two scripts answer each frame at once, faster than any person: on a quick machine a match
    # of many hands outran the flood guard (tested on its own in test_socket_safety.py).
    monkeypatch.setattr(flood, "RATE", 10_000.0)
    room, players = await open_match(match_target=20)
    path = f"/ws/room/{room.code}/"
    sockets = [await connect(path, user) for user in players]
    spectator = await connect(path)
    latest = {}
    for seat, sock in enumerate(sockets):
        assert (await receive_until(sock, "room"))["you"] == seat
        latest[seat] = await receive_until(sock, "state")
    frames = []
    for n in range(3000):
        view = latest[0]["view"]
        if latest[0]["status"] != "playing":
            break
        seat = view["turn"]
        actor = 0 if seat is None else seat
        action = {"type": "next_hand"} if seat is None else simple_policy(latest[seat]["view"])
        await sockets[actor].send_json_to(
            {"type": "act", "version": latest[actor]["version"], "id": f"a{n}", "action": action}
        )
        for s, sock in enumerate(sockets):
            latest[s] = await receive_until(sock, "state")
            frames.append((s, latest[s]))
    else:
        raise AssertionError("the match did not end")
    frames += [(None, f) for f in await drain(spectator) if f["type"] == "state"]
    match = await load(latest[0]["match"])
    assert match.status == "finished" and await database_sync_to_async(is_consistent)(match)
    states = await database_sync_to_async(states_by_version)(match)
    for seat, frame in frames:
        assert frame["view"]["seat"] == seat
        assert_no_leak(frame, states[frame["version"]], seat)
    assert any(seat is None for seat, _ in frames)
    for sock in [*sockets, spectator]:
        await sock.disconnect()


async def test_every_bad_frame_gets_an_error_and_changes_nothing(redis_layer):
    room, (ana, bo) = await open_match()
    path = f"/ws/room/{room.code}/"
    a, b = await connect(path, ana), await connect(path, bo)
    state = await receive_until(a, "state")
    await receive_until(b, "state")
    version, match_id = state["version"], state["match"]
    other_hand_card = (await load(match_id)).state["hands"][1][0]

    async def refused(sock, frame, code):
        await sock.send_to(text_data=frame if isinstance(frame, str) else json.dumps(frame))
        error = await receive_until(sock, "error")
        assert error["code"] == code, error
        if error["state"] is not None:
            assert error["state"]["version"] == version
        return error

    act = {"type": "act", "version": version, "id": "a1", "action": {"type": "pass"}}
    await refused(b, act, "not_your_turn")  # out of turn
    await refused(a, {**act, "version": version - 1}, "stale_version")
    await refused(a, {**act, "action": {"type": "discard", "card": other_hand_card}}, "wrong_phase")
    await refused(a, {**act, "action": {"type": "pass", "seat": 1}}, "bad_action")  # another seat's action
    await refused(a, {**act, "id": 7}, "bad_request")
    await refused(a, "{not json", "bad_message")
    await refused(a, json.dumps({**act, "pad": "x" * 5000}), "bad_message")  # oversized
    await refused(a, ["act"], "bad_message")
    await refused(a, {"type": "launch"}, "bad_message")
    assert (await load(match_id)).version == version

    await a.send_json_to(act)
    assert (await receive_until(a, "ack"))["duplicate"] is False
    assert (await receive_until(a, "state"))["version"] == version + 1
    await a.send_json_to(act)  # the same id again: answered, not applied
    assert (await receive_until(a, "ack"))["duplicate"] is True
    match = await load(match_id)
    assert (
        match.version == version + 1 and await database_sync_to_async(match.moves.filter(seat=0).count)() == 1
    )

    # A card that is not in hand, in the discard phase.
    await b.send_json_to({"type": "act", "version": version + 1, "id": "b1", "action": {"type": "pass"}})
    await receive_until(a, "state")
    state = await receive_until(a, "state")
    await a.send_json_to(
        {
            "type": "act",
            "version": state["version"],
            "id": "a2",
            "action": {"type": "draw", "source": "stock"},
        }
    )
    state = await receive_until(a, "state")
    await refused_later(a, state["version"], other_hand_card)
    for sock in (a, b):
        await sock.disconnect()


async def refused_later(sock, version, card):
    await sock.send_json_to(
        {"type": "act", "version": version, "id": "a3", "action": {"type": "discard", "card": card}}
    )
    error = await receive_until(sock, "error")
    assert error["code"] == "card_not_in_hand" and error["state"]["version"] == version


async def test_a_reconnect_in_mid_hand_resumes_exactly(redis_layer):
    room, (ana, bo) = await open_match()
    path = f"/ws/room/{room.code}/"
    a = await connect(path, ana)
    before = await receive_until(a, "state")
    await a.send_json_to({"type": "act", "version": before["version"], "id": "x", "action": {"type": "pass"}})
    after = await receive_until(a, "state")
    await a.disconnect()
    again = await connect(path, ana)
    resumed = await receive_until(again, "state")
    assert resumed["version"] == after["version"] and resumed["view"] == after["view"]
    await again.send_json_to({"type": "resync"})
    assert (await receive_until(again, "state"))["view"] == after["view"]
    await again.disconnect()


async def test_a_private_room_is_closed_to_strangers_without_the_invitation(redis_layer):
    ana = await database_sync_to_async(make_user)("Ana")
    room = await database_sync_to_async(services.do_create_room)(
        identity=me(ana), ruleset=await database_sync_to_async(ruleset)(), is_private=True
    )
    stranger = await database_sync_to_async(make_user)("Eve")
    from channels.testing import WebsocketCommunicator

    from config.asgi import application
    from tests.games.sockets import ORIGIN, session_cookie

    refused = WebsocketCommunicator(
        application, f"/ws/room/{room.code}/", headers=[ORIGIN, (b"cookie", await session_cookie(stranger))]
    )
    assert not (await refused.connect(timeout=CONNECT_SECONDS))[0]
    invited = await connect(f"/ws/room/{room.code}/?t={room.invite_token}", stranger)
    assert (await receive_until(invited, "room"))["you"] is None
    await invited.disconnect()


async def test_a_closed_room_tells_its_sockets_at_once(redis_layer):
    room, (ana, bo) = await open_match()
    a = await connect(f"/ws/room/{room.code}/", ana)
    await receive_until(a, "state")
    await database_sync_to_async(services.do_close_room)(room=room, reason="moderator")
    assert (await receive_until(a, "closed"))["reason"] == "moderator"
    assert (await a.receive_output(timeout=2))["type"] == "websocket.close"


async def test_the_lobby_lists_open_rooms_live(redis_layer):
    lobby = await connect("/ws/lobby/")
    assert (await receive_until(lobby, "rooms"))["rooms"] == []
    ana = await database_sync_to_async(make_user)("Ana")
    room = await database_sync_to_async(services.do_create_room)(
        identity=me(ana), ruleset=await database_sync_to_async(ruleset)(), turn_seconds=60
    )
    listed = (await receive_until(lobby, "rooms"))["rooms"]
    assert [(r["code"], r["players"], r["turn_seconds"]) for r in listed] == [(room.code, ["Ana"], 60)]
    await lobby.disconnect()


async def test_a_room_change_is_read_once_per_language_for_all_the_lobby_sockets(redis_layer, monkeypatch):
    from games import consumers

    lobbies = []
    for language in ["en", "en", "es", "en", "es"]:
        lobby = await connect("/ws/lobby/", language=language)
        assert (await receive_until(lobby, "rooms"))["rooms"] == []
        lobbies.append(lobby)
    reads = []
    read_lobby = consumers._read_lobby
    monkeypatch.setattr(
        consumers, "_read_lobby", lambda language: reads.append(language) or read_lobby(language)
    )
    ana = await database_sync_to_async(make_user)("Ana")
    room = await database_sync_to_async(services.do_create_room)(
        identity=me(ana), ruleset=await database_sync_to_async(ruleset)()
    )
    for lobby in lobbies:
        assert [r["code"] for r in (await receive_until(lobby, "rooms"))["rooms"]] == [room.code]
        await lobby.disconnect()
    assert sorted(reads) == ["en", "es"]


async def test_room_frames_speak_the_sockets_language_and_follow_the_room(redis_layer):
    ana = await database_sync_to_async(make_user)("Ana")
    room = await database_sync_to_async(services.do_create_room)(
        identity=me(ana), ruleset=await database_sync_to_async(ruleset)(), bot="medium"
    )
    sock = await connect(f"/ws/room/{room.code}/", ana, language="es-ES,es;q=0.9")
    info = await receive_until(sock, "room")
    assert info["state"] == "playing" and info["seats"][1]["name"] == "Media"
    await sock.disconnect()


@database_sync_to_async
def away_since(room, seat, seconds):
    """As if the seat's last socket had closed `seconds` ago."""
    room.seats.filter(index=seat).update(last_seen=timezone.now() - timedelta(seconds=seconds))


async def test_a_seat_coming_and_going_reaches_the_table_and_opens_the_claim(redis_layer):
    room, (ana, bo) = await open_match()
    path = f"/ws/room/{room.code}/"
    a = await connect(path, ana)
    assert (await receive_until(a, "room"))["seats"][1]["online"] is False  # Bo has no socket yet
    b1 = await connect(path, bo)
    bo_here = (await receive_until(a, "room"))["seats"][1]
    assert (bo_here["online"], bo_here["away_for"], bo_here["claimable"]) == (True, None, False)
    b2 = await connect(path, bo)  # a second tab: the seat was online already, nothing to tell
    await receive_until(b2, "state")
    await b2.disconnect()  # ... and it closes while the first stays
    assert not [f for f in await drain(a) if f["type"] == "room"]
    await b1.disconnect()  # the seat's last socket
    gone = await receive_until(a, "room")
    assert gone["claim_after"] == 60
    assert (gone["seats"][1]["online"], gone["seats"][1]["away_for"], gone["seats"][1]["claimable"]) == (
        False,
        0,
        False,
    )
    await a.send_json_to({"type": "claim", "bot": False})
    assert (await receive_until(a, "error"))["code"] == "opponent_present"
    await away_since(room, 1, 61)
    await a.send_json_to({"type": "resync"})
    later = (await receive_until(a, "room"))["seats"][1]
    assert later["away_for"] >= 61 and later["claimable"] is True
    await receive_until(a, "state")  # the resync's
    await a.send_json_to({"type": "claim", "bot": False})
    won = await receive_until(a, "state")
    assert (won["status"], won["end_reason"], won["winner_seat"]) == ("finished", "claimed", 0)
    back = await connect(path, bo)  # coming back is news too (after the claim's room frames)
    while not (await receive_until(a, "room"))["seats"][1]["online"]:
        pass
    for sock in (a, back):
        await sock.disconnect()


async def test_a_change_of_presence_sends_the_room_frame_a_whole_read_gives_from_one_query(
    redis_layer, monkeypatch
):
    """A seat coming or going changes only the seats' presence: the others' sockets read that
    alone (one query, not the room frame's three) and send the room frame they sent before,
    updated."""
    room, (ana, bo) = await open_match()
    path = f"/ws/room/{room.code}/"
    a = await connect(path, ana)
    await receive_until(a, "state")
    whole_reads = []
    whole_read = consumers._current_room_frame
    monkeypatch.setattr(
        consumers, "_current_room_frame", lambda *args: whole_reads.append(args) or whole_read(*args)
    )
    b = await connect(path, bo)
    came = await receive_until(a, "room")
    assert came == await database_sync_to_async(whole_read)(room, me(ana), "en")
    await b.disconnect()
    went = await receive_until(a, "room")
    fresh = await database_sync_to_async(whole_read)(room, me(ana), "en")
    for frame in (went, fresh):
        assert frame["seats"][1].pop("away_for") in (0, 1)
    assert went == fresh and went["seats"][1]["online"] is False
    assert whole_reads == []  # the presence alone was read
    await a.disconnect()


async def test_a_ping_writes_nothing(redis_layer, monkeypatch):
    """The seats of an open socket are the process's to mark seen (`seat_keeper`)."""
    room, (ana, _) = await open_match()
    statements = []
    monkeypatch.setattr(services, "do_touch_seats", lambda **kw: statements.append(kw))
    long_ago = timezone.now() - timedelta(seconds=90)
    sock = await connect(f"/ws/room/{room.code}/", ana)
    await receive_until(sock, "state")
    await database_sync_to_async(room.seats.filter(index=0).update)(last_seen=long_ago)
    for _ in range(3):
        await sock.send_json_to({"type": "ping"})
        await receive_until(sock, "pong")
    assert statements == []  # no round within TOUCH_EVERY of the opening either
    assert await database_sync_to_async(lambda: room.seats.get(index=0).last_seen)() == long_ago
    await sock.disconnect()


async def test_the_process_keeps_an_open_sockets_seats_seen_without_pings_until_it_closes(
    redis_layer, monkeypatch
):
    """Its seats are marked seen every TOUCH_EVERY by the process, with no ping from the browser
    (which need not ping while it sends moves), in one statement for all its sockets; a closed
    socket's seats are no longer kept."""
    assert services.TOUCH_EVERY + timedelta(seconds=15) < LOST_AFTER  # a live seat is never lost
    monkeypatch.setattr(services, "TOUCH_EVERY", timedelta(seconds=0.3))
    room, (ana, bo) = await open_match()
    statements = []
    real = services.do_touch_seats
    monkeypatch.setattr(services, "do_touch_seats", lambda **kw: statements.append(kw) or real(**kw))
    long_ago = timezone.now() - timedelta(seconds=90)

    @database_sync_to_async
    def age(index, seen=long_ago):
        room.seats.filter(index=index).update(last_seen=seen)

    @database_sync_to_async
    def seen(index):
        return room.seats.get(index=index).last_seen

    async def two_rounds_later():
        """Until a round has begun and ended after now (one round runs at a time: the second
        begins after the first ended, and the first began after this was called)."""
        begun = len(statements)
        await until(lambda: len(statements) >= begun + 2)
        return statements[begun]["holders"]

    a, b = [await connect(f"/ws/room/{room.code}/", p) for p in (ana, bo)]
    for sock in (a, b):
        await receive_until(sock, "state")
    await age(0), await age(1)
    assert sorted(await two_rounds_later(), key=str) == sorted(
        [(room.pk, me(ana)), (room.pk, me(bo))], key=str
    )
    assert await seen(0) > long_ago and await seen(1) > long_ago  # no ping from either browser
    await b.disconnect()
    await age(1)
    assert await two_rounds_later() == [(room.pk, me(ana))]
    assert await seen(1) == long_ago and await seen(0) > long_ago
    await a.disconnect()
    assert seat_keeper().holders == []


async def test_a_frame_for_a_socket_its_browser_has_closed_is_dropped_not_an_error():
    """The last frame of a match reaches the mover before its ack, and a browser may close the
    socket at once: Daphne then refuses the ack, which made the move count as failed."""
    from autobahn.exception import Disconnected

    from games.consumers import RoomConsumer

    async def closed(message):
        raise Disconnected("Attempt to send on a closed protocol")

    consumer = RoomConsumer()
    consumer.base_send = closed
    await consumer.send_json({"type": "ack", "id": "0-1", "duplicate": False})


async def test_without_redis_a_move_reaches_the_other_player_through_the_same_inbox(settings):
    """The site without Redis (the README's first command) runs channels' in-memory layer,
    which cannot deliver to a socket's inbox itself: a task forwards its messages there."""
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    assert isinstance(get_channel_layer(), InMemoryChannelLayer)
    room, players = await open_match()
    path = f"/ws/room/{room.code}/"
    sockets = [await connect(path, user) for user in players]
    states = [await receive_until(sock, "state") for sock in sockets]
    turn = states[0]["view"]["turn"]
    mover, other = sockets[turn], sockets[1 - turn]
    await mover.send_json_to(
        {
            "type": "act",
            "version": states[turn]["version"],
            "id": "m1",
            "action": simple_policy(states[turn]["view"]),
        }
    )
    assert (await receive_until(mover, "ack"))["id"] == "m1"
    assert (await receive_until(other, "state"))["version"] == states[turn]["version"] + 1
    for sock in sockets:
        await sock.disconnect()
