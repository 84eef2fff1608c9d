"""The health socket: a round trip through the channel layer, origins, and two processes."""

import asyncio
import json

import pytest
import websockets
from channels.testing import WebsocketCommunicator

from config.asgi import application
from tests.games.sockets import CONNECT_SECONDS
from tests.servers import daphne

ORIGIN = (b"origin", b"http://testserver")


async def test_ping_is_answered_through_the_redis_layer(redis_layer):
    communicator = WebsocketCommunicator(application, "/ws/health/", headers=[ORIGIN])
    connected, _ = await communicator.connect(timeout=CONNECT_SECONDS)
    assert connected
    await communicator.send_json_to({"type": "ping", "id": "abc"})
    reply = await communicator.receive_json_from(timeout=5)
    assert reply == {"type": "pong", "id": "abc", "layer": "BatchingRedisChannelLayer"}
    await communicator.disconnect()


async def test_a_ping_waits_for_no_database_thread(redis_layer, monkeypatch):
    """The health socket never reads the database, yet channels' dispatch sent each of its
    messages through a database thread first (to close old connections), behind every move
    being played: the load test's floor was a database queue as much as a round trip."""
    import channels.consumer

    async def no_database():
        raise AssertionError("a health message went through a database thread")

    monkeypatch.setattr(channels.consumer, "aclose_old_connections", no_database)
    communicator = WebsocketCommunicator(application, "/ws/health/", headers=[ORIGIN])
    assert (await communicator.connect(timeout=CONNECT_SECONDS))[0]
    await communicator.send_json_to({"type": "ping", "id": "direct"})
    assert (await communicator.receive_json_from(timeout=5))["id"] == "direct"
    await communicator.disconnect()


async def test_a_broadcast_goes_through_no_task_per_message(redis_layer, monkeypatch):
    """The health socket waits on one queue, as a table socket does: channels' dispatch made a
    task for each message and an `asyncio.wait` on it and on the browser's next frame, and the
    load test's floor probe cost the servers 18.5 ms of CPU a second."""
    import channels.consumer

    async def no_dispatch(*args, **kwargs):
        raise AssertionError("a health socket went through channels' await_many_dispatch")

    monkeypatch.setattr(channels.consumer, "await_many_dispatch", no_dispatch)
    communicator = WebsocketCommunicator(application, "/ws/health/", headers=[ORIGIN])
    assert (await communicator.connect(timeout=CONNECT_SECONDS))[0]
    await communicator.send_json_to({"type": "broadcast", "text": "heard"})
    assert await communicator.receive_json_from(timeout=5) == {"type": "broadcast", "text": "heard"}
    await communicator.disconnect()


async def test_a_socket_idle_longer_than_redis_read_timeouts_still_answers(redis_layer):
    communicator = WebsocketCommunicator(application, "/ws/health/", headers=[ORIGIN])
    assert (await communicator.connect(timeout=CONNECT_SECONDS))[0]
    await asyncio.sleep(6)  # redis-py 8's default socket timeout is 5 s
    await communicator.send_json_to({"type": "ping", "id": "after-a-pause"})
    assert (await communicator.receive_json_from(timeout=5))["id"] == "after-a-pause"
    await communicator.disconnect()


@pytest.mark.parametrize("frame", ["not json", "[1, 2]", '{"type": "launch"}', "x" * 5000])
async def test_bad_frames_get_an_error_and_the_socket_stays_up(redis_layer, frame):
    communicator = WebsocketCommunicator(application, "/ws/health/", headers=[ORIGIN])
    assert (await communicator.connect(timeout=CONNECT_SECONDS))[0]
    await communicator.send_to(text_data=frame)
    assert (await communicator.receive_json_from(timeout=5))["code"] == "bad_message"
    await communicator.send_json_to({"type": "ping", "id": "still-alive"})
    assert (await communicator.receive_json_from(timeout=5))["id"] == "still-alive"
    await communicator.disconnect()


@pytest.mark.parametrize("headers", [[(b"origin", b"http://evil.example")], []], ids=["foreign", "missing"])
async def test_a_socket_from_a_foreign_or_missing_origin_is_refused(headers):
    communicator = WebsocketCommunicator(application, "/ws/health/", headers=headers)
    connected, _ = await communicator.connect(timeout=CONNECT_SECONDS)
    assert not connected


@pytest.mark.django_db(transaction=True)
def test_a_broadcast_crosses_from_one_daphne_process_to_another(redis_layer, tmp_path):
    async def exchange(url_a: str, url_b: str) -> dict:
        def ws(url):
            return websockets.connect(
                url.replace("http", "ws") + "/ws/health/", additional_headers={"Origin": url}
            )

        async with ws(url_a) as a, ws(url_b) as b:
            # Each socket is in the group once its own ping comes back through the layer.
            for sock in (a, b):
                await sock.send(json.dumps({"type": "ping", "id": "ready"}))
                assert json.loads(await asyncio.wait_for(sock.recv(), 10))["type"] == "pong"
            await a.send(json.dumps({"type": "broadcast", "text": "hello from A"}))
            return json.loads(await asyncio.wait_for(b.recv(), 10))

    with daphne(log_path=tmp_path / "a.log") as url_a, daphne(log_path=tmp_path / "b.log") as url_b:
        assert url_a != url_b
        received = asyncio.run(exchange(url_a, url_b))
    assert received == {"type": "broadcast", "text": "hello from A"}
