"""The per-user socket (/ws/me/) on the Redis layer: notifications live, read, challenges
answered; and a challenge crossing two Daphne processes."""

import asyncio
import json

import pytest
import websockets
from channels.db import database_sync_to_async

from games.models import Room
from social import services
from social.models import Challenge, Presence
from tests.games.sockets import CONNECT_SECONDS, connect, receive_until
from tests.games.support import make_user, ruleset
from tests.games.test_two_processes import cookie_for
from tests.servers import daphne

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def users(*names):
    return [make_user(name) for name in names]


@database_sync_to_async
def challenge(challenger, challenged):
    return services.do_challenge(challenger=challenger, challenged_id=challenged.pk, ruleset=ruleset())


async def test_a_notification_arrives_live_and_is_marked_read(redis_layer):
    ana, bo = await users("Ana", "Bo")
    sock = await connect("/ws/me/", bo)
    hello = await receive_until(sock, "notifications")
    assert hello["unread"] == 0 and hello["new"] is None
    await database_sync_to_async(services.do_send_friend_request)(sender=ana, receiver_id=bo.pk)
    frame = await receive_until(sock, "notifications")
    assert frame["unread"] == 1
    assert frame["new"]["kind"] == "friend_request" and frame["new"]["text"] == "Ana wants to be your friend"
    await sock.send_json_to({"type": "read", "ids": [frame["new"]["id"]]})
    assert (await receive_until(sock, "notifications"))["unread"] == 0
    await sock.disconnect()


async def test_the_socket_speaks_the_readers_language_and_counts_for_presence(redis_layer):
    ana, bo = await users("Ana", "Bo")
    sock = await connect("/ws/me/", bo, language="es")
    await receive_until(sock, "notifications")
    assert (await database_sync_to_async(Presence.objects.get)(user=bo)).sockets == 1
    await challenge(ana, bo)
    frame = await receive_until(sock, "notifications")
    assert frame["new"]["text"].startswith("Ana te reta")
    assert frame["new"]["challenge"] is not None
    await sock.disconnect()
    assert (await database_sync_to_async(Presence.objects.get)(user=bo)).sockets == 0


async def test_a_declined_challenge_tells_the_challenger_and_opens_nothing(redis_layer):
    ana, bo = await users("Ana", "Bo")
    challenger, challenged = await connect("/ws/me/", ana), await connect("/ws/me/", bo)
    for sock in (challenger, challenged):
        await receive_until(sock, "notifications")
    sent = await challenge(ana, bo)
    await receive_until(challenged, "notifications")
    await challenged.send_json_to({"type": "answer", "id": sent.pk, "accept": False})
    news = await receive_until(challenger, "challenge")
    assert news["status"] == "declined" and news["text"] == "The challenge was declined."
    await challenged.send_json_to({"type": "answer", "id": sent.pk, "accept": True})
    refused = await challenged.receive_json_from(timeout=10)
    while refused["type"] != "error":
        refused = await challenged.receive_json_from(timeout=10)
    assert refused["code"] == "challenge_closed"
    assert not await database_sync_to_async(Room.objects.exists)()
    for sock in (challenger, challenged):
        await sock.disconnect()


async def test_bad_frames_get_an_error_and_a_guest_is_refused(redis_layer):
    (bo,) = await users("Bo")
    sock = await connect("/ws/me/", bo)
    await receive_until(sock, "notifications")
    for frame in [
        '{"type": "answer", "id": "1", "accept": true}',
        "[]",
        "nonsense",
        '{"type": "read", "ids": [true]}',
    ]:
        await sock.send_to(text_data=frame)
        assert (await sock.receive_json_from(timeout=10))["code"] == "bad_frame"
    await sock.disconnect()
    from channels.testing import WebsocketCommunicator

    from config.asgi import application
    from tests.games.sockets import ORIGIN

    guest = WebsocketCommunicator(application, "/ws/me/", headers=[ORIGIN])
    connected, code = await guest.connect(timeout=CONNECT_SECONDS)
    assert not connected and code == 4403


def test_a_challenge_reaches_a_friend_on_another_process_and_accepting_seats_both(redis_layer, tmp_path):
    ana, bo = make_user("Ana"), make_user("Bo")
    request = services.do_send_friend_request(sender=ana, receiver_id=bo.pk)
    services.do_answer_friend_request(user=bo, friendship_id=request.pk, accept=True)
    cookies = [cookie_for(ana), cookie_for(bo)]
    with daphne(log_path=tmp_path / "a.log") as url_a, daphne(log_path=tmp_path / "b.log") as url_b:
        ana_url, bo_url = asyncio.run(challenge_across(url_a, url_b, cookies, ana_pk=ana.pk, bo_pk=bo.pk))
    challenge = Challenge.objects.get()
    assert challenge.status == Challenge.Status.ACCEPTED
    room = challenge.room
    assert ana_url == bo_url == f"/r/{room.code}/"
    assert [s.user_id for s in room.seats.order_by("index")] == [ana.pk, bo.pk]
    assert room.state == Room.State.PLAYING and room.is_private


async def challenge_across(url_a, url_b, cookies, *, ana_pk, bo_pk):
    async def open_me(url, cookie):
        sock = await websockets.connect(
            url.replace("http", "ws") + "/ws/me/", additional_headers={"Origin": url, "Cookie": cookie}
        )
        await next_of(sock, "notifications")
        return sock

    async def next_of(sock, kind):
        while True:
            frame = json.loads(await asyncio.wait_for(sock.recv(), 20))
            if frame["type"] == kind:
                return frame

    ana_sock, bo_sock = await open_me(url_a, cookies[0]), await open_me(url_b, cookies[1])
    # Ana's challenge is made on process A's side of things (here, the test's own process);
    # Bo's socket on process B hears it through Redis.
    from accounts.models import User

    ana, bo = [await database_sync_to_async(User.objects.get)(pk=pk) for pk in (ana_pk, bo_pk)]
    await challenge(ana, bo)
    offered = await next_of(bo_sock, "notifications")
    assert offered["new"]["kind"] == "challenge"
    await bo_sock.send(
        json.dumps({"type": "answer", "id": offered["new"]["challenge"]["id"], "accept": True})
    )
    urls = [(await next_of(sock, "go"))["url"] for sock in (ana_sock, bo_sock)]
    for sock in (ana_sock, bo_sock):
        await sock.close()
    return urls
