"""The Redis channel layer's batched group send: what each channel receives, in what order."""

import asyncio
import contextlib
import shutil
import subprocess
import threading
from contextlib import contextmanager
from types import SimpleNamespace
from typing import Any

import pytest
from django.conf import settings
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import ResponseError

from config.channel_layer import BatchingRedisChannelLayer
from tools.servers import free_port, wait_for_port


@pytest.fixture
async def layer(redis_layer):
    """A layer of its own (own prefix: nothing of another test's), flushed afterwards."""
    config = settings.CHANNEL_LAYERS["default"]["CONFIG"]
    made = BatchingRedisChannelLayer(hosts=config["hosts"], prefix="batchtest", capacity=100)
    yield made
    await made.flush()


async def received(layer, channel, count):
    return [await asyncio.wait_for(layer.receive(channel), 5) for _ in range(count)]


async def test_each_member_of_each_group_gets_its_groups_messages_in_the_order_sent(layer):
    seat, watcher = await layer.new_channel(), await layer.new_channel()
    await layer.group_add("room.seat", seat)
    await layer.group_add("room.public", watcher)
    await layer.group_add("room", seat)
    await layer.group_add("room", watcher)

    await layer.group_send_many(
        [
            ("room.seat", {"type": "game.update", "n": 1}),
            ("room.public", {"type": "game.update", "n": 2}),
            ("room", {"type": "room.changed", "n": 3}),
            ("room.seat", {"type": "game.update", "n": 4}),
            ("nobody.listens", {"type": "game.update", "n": 5}),
        ]
    )

    assert [m["n"] for m in await received(layer, seat, 3)] == [1, 3, 4]
    assert [m["n"] for m in await received(layer, watcher, 2)] == [2, 3]


async def test_a_long_batch_to_one_channel_keeps_its_order(layer):
    channel = await layer.new_channel()
    await layer.group_add("a", channel)
    await layer.group_add("b", channel)
    await layer.group_send_many([("a" if n % 2 else "b", {"type": "x", "n": n}) for n in range(40)])
    assert [m["n"] for m in await received(layer, channel, 40)] == list(range(40))


async def test_a_full_channel_drops_what_is_over_its_capacity(layer):
    layer.capacity = 3
    channel = await layer.new_channel()
    await layer.group_add("a", channel)
    await layer.group_send_many([("a", {"type": "x", "n": n}) for n in range(5)])
    assert [m["n"] for m in await received(layer, channel, 3)] == [0, 1, 2]
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(layer.receive(channel), 0.5)


async def test_a_member_older_than_the_group_expiry_is_no_longer_sent_to(layer):
    gone, here = await layer.new_channel(), await layer.new_channel()
    await layer.group_add("a", gone)
    await layer.group_add("a", here)
    connection = layer.connection(0)
    await connection.zadd(layer._group_key("a"), {gone: 1})  # as if it had joined in 1970
    await layer.group_send_many([("a", {"type": "x", "n": 1})])
    assert (await received(layer, here, 1))[0]["n"] == 1
    assert await connection.zrange(layer._group_key("a"), 0, -1) == [here.encode()]


async def test_a_receive_cancelled_while_waiting_leaves_the_next_message_to_the_next_receive(layer):
    """A socket closing while it waits for the process's next message (it may hold the
    process's one receive) must not take that message with it."""
    leaving, staying = await layer.new_channel(), await layer.new_channel()
    await layer.group_add("a", staying)
    waiting = asyncio.ensure_future(layer.receive(leaving))
    await asyncio.sleep(0.2)  # it holds the receive lock, blocked in Redis
    waiting.cancel()
    await layer.group_send_many([("a", {"type": "x", "n": 1})])
    assert (await received(layer, staying, 1))[0]["n"] == 1


async def test_a_receive_cancelled_after_redis_handed_it_a_message_loses_no_message(layer):
    """One socket's receive pops the process's messages for all of them.  Closing that socket
    once Redis had popped the next message for it, and before the process read the reply,
    lost that message: a seat's departure never reached the rest of its table."""
    leaving, staying = await layer.new_channel(), await layer.new_channel()
    waiting = asyncio.ensure_future(layer.receive(leaving))
    await asyncio.sleep(0.2)  # blocked in Redis, popping for the whole process
    # Sent from elsewhere while this loop is busy: Redis pops the message for the blocked
    # receive before the loop can read the answer, then the socket closes.
    sender = threading.Thread(target=asyncio.run, args=(_send_elsewhere(layer, staying),))
    sender.start()
    sender.join()
    waiting.cancel()
    assert (await received(layer, staying, 1))[0]["n"] == 1


async def _send_elsewhere(layer, channel):
    other = BatchingRedisChannelLayer(hosts=layer.hosts, prefix=layer.prefix)
    await other.send(channel, {"type": "x", "n": 1})
    await other.close_pools()


@contextmanager
def redis_server(port):
    """A throwaway redis-server of this test's own (never the machine's, others use it)."""
    process = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    try:
        wait_for_port(port, process)
        yield
    finally:
        process.terminate()
        process.wait(timeout=10)


async def test_after_a_redis_restart_the_first_receive_and_send_work(redis_layer):
    """Every Daphne process's first socket after a restart used to close with 1011: its
    receive met the pool's connection that Redis had closed."""
    if shutil.which("redis-server") is None:
        pytest.skip("needs redis-server")
    port = free_port()
    made = BatchingRedisChannelLayer(
        hosts=[{"address": f"redis://127.0.0.1:{port}/0", "socket_timeout": None}]
    )
    with redis_server(port):
        idle, waiting = await made.new_channel(), await made.new_channel()
        await made.group_add("g", idle)
        await made.group_send_many([("g", {"type": "x", "n": 1})])
        assert (await received(made, idle, 1))[0]["n"] == 1  # the pool holds a used connection now
    with redis_server(port):  # restarted: every connection the pool holds is dead
        pending = asyncio.ensure_future(made.receive(waiting))
        await made.group_add("g", idle)
        await made.group_add("g", waiting)
        await made.group_send_many([("g", {"type": "x", "n": 2})])
        assert (await received(made, idle, 1))[0]["n"] == 2
        assert (await asyncio.wait_for(pending, 5))["n"] == 2
    with redis_server(port):  # and a receive waiting while Redis restarts waits on
        pending = asyncio.ensure_future(made.receive(idle))
        await asyncio.sleep(0.3)
    with redis_server(port):
        await made.group_add("g", idle)
        await made.group_send_many([("g", {"type": "x", "n": 3})])
        assert (await asyncio.wait_for(pending, 10))["n"] == 3
    await made.close_pools()


async def test_with_redis_gone_for_good_every_waiting_receive_fails_and_the_next_works(redis_layer):
    """Sockets waiting on the process's pump must not wait for ever once it has given up: each
    fails (its socket closes and its browser reconnects), and a receive after Redis is back
    starts a pump again."""
    if shutil.which("redis-server") is None:
        pytest.skip("needs redis-server")
    port = free_port()
    made = BatchingRedisChannelLayer(
        hosts=[{"address": f"redis://127.0.0.1:{port}/0", "socket_timeout": None}]
    )
    one, two, attached = await made.new_channel(), await made.new_channel(), await made.new_channel()
    inbox: asyncio.Queue = asyncio.Queue()
    with redis_server(port):
        waiting = [asyncio.ensure_future(made.receive(channel)) for channel in (one, two)]
        made.attach(attached, inbox)  # a table socket's: it waits on its inbox
        await asyncio.sleep(0.3)
    for receive in waiting:  # RECONNECT's attempts take about six seconds
        with pytest.raises(RedisConnectionError):
            await asyncio.wait_for(receive, 20)
    assert isinstance(await asyncio.wait_for(inbox.get(), 5), RedisConnectionError)
    made.detach(attached)
    with redis_server(port):
        pending = asyncio.ensure_future(made.receive(one))
        await made.send(one, {"type": "x", "n": 1})
        assert (await asyncio.wait_for(pending, 10))["n"] == 1
    await made.close_pools()


async def test_a_burst_of_more_commands_than_redis_py_pools_by_default_all_succeed(layer):
    # redis-py 8 caps a pool at 100 connections and refuses the 101st command at once, not
    # waiting for one: 200 sockets closing together lost messages sent meanwhile.
    layer.capacity = 1000  # the 300 share one process queue, whose capacity is checked as it is pushed to
    channels = [await layer.new_channel() for _ in range(300)]
    await asyncio.gather(*(layer.group_add("crowd", channel) for channel in channels))
    await asyncio.gather(*(layer.send(channel, {"type": "x"}) for channel in channels))
    assert [len(await received(layer, channel, 1)) for channel in channels] == [1] * 300


def _commands(layer, monkeypatch) -> list[tuple[str, Any]]:
    """Each command the layer sends Redis from now on, with its reply, whichever way it goes
    (the pump's loop's pipes, or redis-py)."""
    sent: list[tuple[str, Any]] = []

    def recording(call):
        async def recorded(*args, **options):
            reply = await call(*args, **options)
            sent.append((args[0], reply))
            return reply

        return recorded

    def recording_each(call_each):
        async def recorded(*commands):
            replies = await call_each(*commands)
            sent.extend((command[0], reply) for command, reply in zip(commands, replies, strict=True))
            return replies

        return recorded

    pipe = layer._pipe
    monkeypatch.setattr(
        layer,
        "_pipe",
        lambda *args: SimpleNamespace(
            call=recording(pipe(*args).call), call_each=recording_each(pipe(*args).call_each)
        ),
    )
    connection = layer.connection(0)
    monkeypatch.setattr(connection, "execute_command", recording(connection.execute_command))
    return sent


def pops(commands: list[tuple[str, Any]]) -> list[int]:
    """The number of messages each of the pump's pops took."""
    return [0 if reply is None else len(reply[1]) for name, reply in commands if name == "BZMPOP"]


async def test_the_messages_waiting_for_a_process_come_in_one_round_trip_in_order(layer, monkeypatch):
    """The pump took one message a round trip: a move's frames to two sockets of one process
    cost two, and a burst as many as it had messages."""
    first, second = await layer.new_channel(), await layer.new_channel()
    await layer.group_add("seat", first)
    await layer.group_add("other", second)
    await layer.group_send_many([("seat" if n % 3 else "other", {"type": "x", "n": n}) for n in range(12)])
    commands = _commands(layer, monkeypatch)
    assert [m["n"] for m in await received(layer, first, 8)] == [n for n in range(12) if n % 3]
    assert [m["n"] for m in await received(layer, second, 4)] == [0, 3, 6, 9]
    assert pops(commands) == [12]  # (the pump's next pop waits on, for the sockets still receiving)


async def test_sockets_join_and_leave_groups_through_the_pumps_pipe(layer, monkeypatch):
    """On the pump's loop, a socket's joining costs one round trip and its leaving one, with
    no connection of redis-py's pool: sockets closing together each took one, opened anew."""
    staying, leaving = await layer.new_channel(), await layer.new_channel()
    inbox: asyncio.Queue = asyncio.Queue()
    layer.attach(staying, inbox)  # the pump runs here, as under a table socket
    commands = _commands(layer, monkeypatch)
    pooled: list[str] = []
    client = layer.connection(0)
    execute = client.execute_command
    monkeypatch.setattr(
        client, "execute_command", lambda *args, **kw: pooled.append(args[0]) or execute(*args, **kw)
    )
    await layer.group_add("table", staying)
    await layer.group_add("table", leaving)
    await layer.group_discard("table", leaving)
    assert [name for name, _ in commands if name != "BZMPOP"] == ["ZADD", "EXPIRE"] * 2 + ["ZREM"]
    assert pooled == []
    await layer.group_send("table", {"type": "x"})
    assert (await asyncio.wait_for(inbox.get(), 5))["type"] == "x"
    assert await layer.connection(0).zrange(layer._group_key("table"), 0, -1) == [staying.encode()]
    assert 0 < await layer.connection(0).ttl(layer._group_key("table")) <= layer.group_expiry
    layer.detach(staying)


async def test_commands_written_together_come_back_in_order_and_leave_the_pipe_in_step(layer):
    pipe, key, other = layer._pipe("send"), f"{layer.prefix}:pipe", f"{layer.prefix}:other"
    assert await pipe.call_each(("SET", key, "1"), ("INCR", key)) == [b"OK", 2]
    with pytest.raises(ResponseError):
        await pipe.call_each(("LPUSH", key, "x"), ("INCR", key))  # the first fails, the second runs
    waiting = asyncio.ensure_future(pipe.call_each(("BLPOP", other, 0.2), ("INCR", key)))
    await asyncio.sleep(0.05)
    waiting.cancel()  # their replies are read and dropped
    assert await pipe.call("GET", key) == b"4"


async def test_a_message_made_on_demand_is_made_only_for_a_group_with_members(layer):
    """The spectators' view of a move is made only if someone watches."""
    made = []

    def spectators_view(n):
        def make():
            made.append(n)
            return {"type": "game.update", "n": n}

        return make

    watcher = await layer.new_channel()
    await layer.group_add("watched.public", watcher)
    await layer.group_send_many(
        [
            ("quiet.public", spectators_view(1)),
            ("watched.public", spectators_view(2)),
        ]
    )
    assert [m["n"] for m in await received(layer, watcher, 1)] == [2]
    assert made == [2]


@pytest.fixture
async def elsewhere(layer):
    """The same layer as another process sees it (its own sockets, its own pump)."""
    other = BatchingRedisChannelLayer(hosts=layer.hosts, prefix=layer.prefix, capacity=layer.capacity)
    yield other
    await other.close_pools()


async def test_a_move_comes_back_to_its_own_process_without_redis_and_goes_to_the_other(
    layer, elsewhere, monkeypatch
):
    """The socket that moved had its own frame go to Redis and back through the pump: two
    round trips and a process's CPU for a message that never leaves it."""
    commands = _commands(layer, monkeypatch)
    mine, theirs = await layer.new_channel(), await elsewhere.new_channel()
    await layer.group_add("table.seat.0", mine)
    await layer.group_add("table.seat.1", theirs)
    waiting_here = asyncio.ensure_future(layer.receive(mine))
    waiting_there = asyncio.ensure_future(elsewhere.receive(theirs))
    await asyncio.sleep(0.2)  # both processes' pumps wait in Redis
    await layer.group_send_many(
        [("table.seat.0", {"type": "game.update", "n": 1}), ("table.seat.1", {"type": "game.update", "n": 2})]
    )
    assert (await asyncio.wait_for(waiting_here, 5))["n"] == 1
    assert (await asyncio.wait_for(waiting_there, 5))["n"] == 2
    assert sum(pops(commands)) == 0  # nothing of it was popped here


async def test_an_attached_socket_gets_its_messages_from_here_and_elsewhere_in_its_inbox(layer, elsewhere):
    """A table socket waits on one queue, which its browser's frames share: the layer puts its
    messages there, those of this process and those the pump brings, each in order."""
    mine, other = await layer.new_channel(), await layer.new_channel()
    inbox: asyncio.Queue = asyncio.Queue()
    layer.attach(mine, inbox)
    await layer.group_add("table", mine)
    await layer.group_add("table", other)
    await asyncio.sleep(0.2)  # the pump waits in Redis
    inbox.put_nowait({"type": "websocket.receive", "text": "a frame"})
    await layer.group_send_many([("table", {"type": "x", "n": n}) for n in range(3)])
    await elsewhere.group_send_many([("table", {"type": "x", "n": n}) for n in range(3, 6)])
    got = [await asyncio.wait_for(inbox.get(), 5) for _ in range(7)]
    assert got[0]["type"] == "websocket.receive"
    assert [m["n"] for m in got[1:]] == list(range(6))
    assert [m["n"] for m in await received(layer, other, 6)] == list(range(6))  # a socket that receives
    layer.detach(mine)
    await layer.group_send_many([("table", {"type": "x", "n": 6})])
    assert [m["n"] for m in await received(layer, other, 1)] == [6]
    assert inbox.empty()


async def test_an_attached_socket_whose_inbox_holds_its_capacity_loses_what_comes(layer):
    """An inbox has no bound of its own: a socket that stopped reading must not grow it for
    ever. What it loses, its browser sees as a gap in the versions, and resyncs."""
    layer.capacity = 2
    mine = await layer.new_channel()
    inbox: asyncio.Queue = asyncio.Queue()
    layer.attach(mine, inbox)
    await layer.group_add("g", mine)
    await layer.group_send_many([("g", {"type": "x", "n": n}) for n in range(4)])
    assert [inbox.get_nowait()["n"] for _ in range(inbox.qsize())] == [0, 1]
    layer.detach(mine)


async def test_messages_delivered_here_keep_their_order_and_read_as_if_through_redis(layer):
    first, second = await layer.new_channel(), await layer.new_channel()
    await layer.group_add("a", first)
    await layer.group_add("b", first)
    await layer.group_add("b", second)
    waiting = asyncio.ensure_future(layer.receive(first))
    await asyncio.sleep(0.2)
    await layer.group_send_many(
        [("a" if n % 2 else "b", {"type": "x", "n": n, "cards": (1, 2)}) for n in range(10)]
    )
    got = [await asyncio.wait_for(waiting, 5), *await received(layer, first, 9)]
    assert [m["n"] for m in got] == list(range(10))
    assert got[0]["cards"] == [1, 2]  # msgpack's reading, as the pump's
    assert [m["n"] for m in await received(layer, second, 5)] == [0, 2, 4, 6, 8]


async def test_a_full_buffer_here_drops_what_is_over_its_capacity(layer):
    layer.capacity = 3
    busy, slow = await layer.new_channel(), await layer.new_channel()
    await layer.group_add("a", slow)
    waiting = asyncio.ensure_future(layer.receive(busy))  # the pump runs; `slow` reads nothing yet
    await asyncio.sleep(0.2)
    await layer.group_send_many([("a", {"type": "x", "n": n}) for n in range(5)])
    assert [m["n"] for m in await received(layer, slow, 3)] == [0, 1, 2]
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(layer.receive(slow), 0.5)
    waiting.cancel()


async def test_a_moves_frames_to_this_process_and_another_cost_one_round_trip(layer, elsewhere, monkeypatch):
    """Reading the groups' members and pushing to their processes were two round trips a
    move; the spectators' view, which nobody reads here, is not made."""
    mine, theirs = await layer.new_channel(), await elsewhere.new_channel()
    await layer.group_add("table.seat.0", mine)
    await layer.group_add("table.seat.1", theirs)
    await layer.group_add("table", mine)
    await layer.group_add("table", theirs)
    waiting_here = asyncio.ensure_future(received(layer, mine, 2))
    waiting_there = asyncio.ensure_future(received(elsewhere, theirs, 2))
    await asyncio.sleep(0.2)  # both processes' pumps wait in Redis
    commands = _commands(layer, monkeypatch)
    made = []
    await layer.group_send_many(
        [
            ("table.seat.0", {"type": "game.update", "n": 1}),
            ("table.seat.1", {"type": "game.update", "n": 2}),
            ("table.public", lambda: made.append(3) or {"type": "game.update", "n": 3}),
            ("table", {"type": "room.changed", "n": 4}),
        ]
    )
    assert [m["n"] for m in await asyncio.wait_for(waiting_here, 5)] == [1, 4]
    assert [m["n"] for m in await asyncio.wait_for(waiting_there, 5)] == [2, 4]
    assert [name for name, _ in commands if name != "BZMPOP"] == ["EVALSHA"] and made == []


async def test_a_spectators_view_is_made_once_for_watchers_here_and_elsewhere(layer, elsewhere):
    mine, theirs = await layer.new_channel(), await elsewhere.new_channel()
    await layer.group_add("table.public", mine)
    await layer.group_add("table.public", theirs)
    waiting_here = asyncio.ensure_future(layer.receive(mine))
    waiting_there = asyncio.ensure_future(elsewhere.receive(theirs))
    await asyncio.sleep(0.2)
    made = []
    await layer.group_send_many([("table.public", lambda: made.append(1) or {"type": "game.update", "n": 1})])
    assert (await asyncio.wait_for(waiting_here, 5))["n"] == 1
    assert (await asyncio.wait_for(waiting_there, 5))["n"] == 1
    assert made == [1]


async def test_a_message_queued_by_an_earlier_release_still_reaches_its_socket(layer):
    """During a rolling restart a process of the release before pushes channels_redis's own
    form to this one's queue."""
    channel = await layer.new_channel()
    content = layer.serialize({"type": "x", "n": 1, "__asgi_channel__": channel})
    await layer.connection(0).zadd(layer.prefix + layer.non_local_name(channel), {content: 1.0})
    assert (await received(layer, channel, 1))[0]["n"] == 1


def test_the_layer_sends_from_one_event_loop_after_another(redis_layer):
    """Code outside the sockets (a request's or the sweeper's thread) sends through a loop of
    its own each time: each loop has its own connections, the scripts' digests are shared."""
    config = settings.CHANNEL_LAYERS["default"]["CONFIG"]
    layer = BatchingRedisChannelLayer(hosts=config["hosts"], prefix="loopstest", capacity=100)
    channel = asyncio.run(layer.new_channel())

    async def send(n):
        await layer.group_add("a", channel)
        await layer.group_send_many([("a", {"type": "x", "n": n})])
        await layer.send(channel, {"type": "x", "n": n + 1})

    asyncio.run(send(1))
    asyncio.run(send(3))

    async def receive_and_flush():
        try:
            return [m["n"] for m in await received(layer, channel, 4)]
        finally:
            await layer.flush()

    assert asyncio.run(receive_and_flush()) == [1, 2, 3, 4]


def test_a_pump_whose_event_loop_ended_leaves_no_pop_waiting_in_redis(redis_layer):
    """A request's loop (the health check's) ends while its pump waits in Redis: a pop left
    waiting there would take the next message for a process nobody reads."""
    config = settings.CHANNEL_LAYERS["default"]["CONFIG"]
    layer = BatchingRedisChannelLayer(hosts=config["hosts"], prefix="endedtest", capacity=100)
    channel = asyncio.run(layer.new_channel())

    async def wait_a_little():
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(layer.receive(channel), 0.3)

    asyncio.run(wait_a_little())

    async def send_and_receive():
        try:
            await layer.send(channel, {"type": "x", "n": 1})
            return await asyncio.wait_for(layer.receive(channel), 5)
        finally:
            await layer.flush()

    assert asyncio.run(send_and_receive())["n"] == 1


async def test_a_group_member_that_is_no_socket_gets_its_messages_as_channels_redis_sends_them(layer):
    """A worker's channel (no `!` in its name) is popped by channels_redis's own receive."""
    socket = await layer.new_channel()
    await layer.group_add("jobs", "worker.tasks")
    await layer.group_add("jobs", socket)
    await layer.group_send_many([("jobs", {"type": "x", "n": 1}), ("jobs", {"type": "x", "n": 2})])
    assert [(await asyncio.wait_for(layer.receive("worker.tasks"), 5))["n"] for _ in range(2)] == [1, 2]
    assert [m["n"] for m in await received(layer, socket, 2)] == [1, 2]


@pytest.mark.parametrize(
    "args",
    [
        ("BZMPOP", 5, 1, "asgi:specific.abc!", "MIN", "COUNT", 100),
        ("EVALSHA", "f" * 40, 2, "asgi:group:room.x", "asgi:group:ré", b"\x00\xff" * 3000, 1733400000.25, -1),
        ("PING",),
    ],
)
def test_the_pipe_packs_a_command_as_redis_py_does(args):
    from redis.asyncio.connection import Connection

    from config.redis_pipe import pack

    assert pack(args) == b"".join(Connection().pack_command(*args))


def test_the_pipe_refuses_what_redis_py_would_not_send():
    from config.redis_pipe import pack

    with pytest.raises(TypeError):
        pack(("SET", "key", None))
