"""channels_redis with fewer Redis round trips, each of which costs a process about 0.1 ms of
CPU.

Sending: `RedisChannelLayer.group_send` makes four round trips per group (expire old members,
read them, expire old messages, push), so a move's three frames (each seat's view and the
spectators') took twelve.  `group_send_many` makes two for any number of groups: one script
reads every group's members, one pushes every message, with the same expiry and capacity rules.
Messages keep their order: each gets a later score than the one before it, since a channel's
messages are a sorted set ordered by score.

Receiving: a process's sockets share one Redis key, and channels_redis has whichever socket's
receive holds a lock pop for all of them.  A socket closing cancels its receive: when Redis had
just popped the next message for it (anyone's, such as a seat's departure sent as that seat's
socket closed) and the process had not yet read the answer, the message was lost, and no
backup helps, since the message is in no queue by then.  Here one task of the process's own, the
pump, pops while any socket waits, and sockets wait on their own buffers, whose cancelling
loses nothing.  channels_redis also makes four round trips per message (restore a backup queue,
pop, copy the message into the backup, later drop it from there); the pump makes one for all
the messages waiting (`BZMPOP`, Redis 7): a move's frames to two sockets of a process come
together.

Delivering here: a message for this process's own sockets goes straight to their buffers
(while the pump runs, so while they wait), not to Redis and back through the pump: the socket
that made a move gets its own frame without two round trips, and a process whose sockets are
the only members skips the push.  Only messages sent from different processes may then arrive
in another order than their scores, and those were never causally ordered: a socket acts on
what it received.

Reconnecting: redis-py keeps dead connections in its pool after Redis restarts and, unless
told to retry, hands the first command on each the error (a socket's receive that met one
closed the socket with 1011).  Every command is retried on a fresh connection for a few
seconds: a restart is ridden out, and Redis down for longer still fails the sockets, which
reconnect by themselves.  A command retried after Redis ran it only repeats a message, and
clients drop a version they have seen.
"""

from __future__ import annotations

import asyncio
import logging
import time

from channels_redis.core import RedisChannelLayer
from channels_redis.utils import create_pool
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialWithJitterBackoff
from redis.commands.core import AsyncScript
from redis.exceptions import ConnectionError, TimeoutError

from common.metrics import LAYER_SEND_SECONDS
from games.broadcast import Message, made

_MEMBERS = """
local members = {}
for i = 1, #KEYS do
    redis.call('ZREMRANGEBYSCORE', KEYS[i], 0, ARGV[1])
    members[i] = redis.call('ZRANGE', KEYS[i], 0, -1)
end
return members
"""

# KEYS: one channel key per message; ARGV: the messages, then their capacities and scores,
# then the oldest score to keep and the expiry.
_PUSH = """
local n = #KEYS
local oldest, expiry = ARGV[3 * n + 1], ARGV[3 * n + 2]
local over_capacity = 0
for i = 1, n do
    redis.call('ZREMRANGEBYSCORE', KEYS[i], 0, oldest)
    if redis.call('ZCARD', KEYS[i]) < tonumber(ARGV[n + i]) then
        redis.call('ZADD', KEYS[i], ARGV[2 * n + i], ARGV[i])
        redis.call('EXPIRE', KEYS[i], expiry)
    else
        over_capacity = over_capacity + 1
    end
end
return over_capacity
"""

logger = logging.getLogger(__name__)

POP_AT_MOST = 64
"""Messages the pump takes in one round trip, in their order."""

SCORE_STEP = 1e-5
"""Seconds between the scores of one batch's messages: above a double's resolution near the
current time (about 2.4e-7 s), far below the time between two commits of one table."""


RECONNECT = Retry(ExponentialWithJitterBackoff(base=0.05, cap=1.0), retries=10)
"""About six seconds of attempts (the backoff doubles from 50 ms to at most a second)."""


MAX_CONNECTIONS = 10_000
"""Redis's own default limit of clients.  redis-py 8 caps a pool at 100 and refuses the next
command at once rather than waiting: 200 sockets closing together (each leaving its groups) made
the messages sent meanwhile fail."""


def _log_failure(pump: asyncio.Task) -> None:
    """Said once, whether or not a socket was waiting to be failed by it."""
    if not pump.cancelled() and pump.exception() is not None:
        logger.warning("the channel layer stopped receiving: %r", pump.exception())


class BatchingRedisChannelLayer(RedisChannelLayer):
    async def send(self, channel, message):
        with LAYER_SEND_SECONDS.labels("send").time():
            await super().send(channel, message)

    async def group_send(self, group, message):
        with LAYER_SEND_SECONDS.labels("group_send").time():
            await super().group_send(group, message)

    def create_pool(self, index):
        """A pool whose connections retry a command that met a closed connection, and that
        opens as many connections as commands are under way at once."""
        return create_pool(
            {
                "retry": RECONNECT,
                "retry_on_error": [ConnectionError, TimeoutError],
                "max_connections": MAX_CONNECTIONS,
                **self.hosts[index],
            }
        )

    async def _brpop_with_clean(self, index, channel, timeout):
        result = await self.connection(index).bzpopmin(channel, timeout=timeout)
        return None if result is None else result[1]

    async def _clean_receive_backup(self, index, channel):
        """Nothing to clean: no backup is kept."""

    _pump: asyncio.Task | None = None
    _scripts: tuple[AsyncScript, AsyncScript] | None = None

    async def receive(self, channel):
        """The next message of a process-local channel (a socket's), from its buffer.  A
        failing pump (Redis gone for longer than RECONNECT) fails every socket waiting, as
        channels_redis fails the one that pops; the next receive starts a pump again."""
        if "!" not in channel:
            return await super().receive(channel)
        assert self.require_valid_channel_name(channel)
        buffer = self.receive_buffer[channel]
        self.receive_count += 1
        try:
            while buffer.empty():
                pump = self._running_pump(self.non_local_name(channel))
                arrived = asyncio.ensure_future(buffer.get())
                try:
                    await asyncio.wait([arrived, pump], return_when=asyncio.FIRST_COMPLETED)
                finally:
                    arrived.cancel()
                if arrived.done():
                    return arrived.result()
                pump.result()  # raises what stopped it
            return buffer.get_nowait()
        except asyncio.CancelledError:
            self.receive_buffer.pop(channel, None)  # its socket is closing
            raise
        finally:
            self.receive_count -= 1
            if buffer.empty():
                self.receive_buffer.pop(channel, None)

    def _running_pump(self, real_channel: str) -> asyncio.Task:
        loop = asyncio.get_running_loop()
        pump = self._pump
        if pump is not None and not pump.done():
            if pump.get_loop() is loop:
                return pump
            if pump.get_loop().is_running():
                raise RuntimeError("Two event loops are trying to receive() on one channel layer at once!")
        self._pump = loop.create_task(self._pump_messages(real_channel))
        self._pump.add_done_callback(_log_failure)
        return self._pump

    async def _pump_messages(self, real_channel: str) -> None:
        """Pop the process's messages into its channels' buffers while any socket waits for one.
        The last pop after they all stopped waiting still lands in a buffer: a socket between
        two receives (forwarding a message) finds it there."""
        key, index = self.prefix + real_channel, self.consistent_hash(real_channel)
        while self.receive_count > 0:
            popped = await self.connection(index).bzmpop(
                self.brpop_timeout, 1, [key], min=True, count=POP_AT_MOST
            )
            if popped is None:
                continue
            for content, _ in popped[1]:
                self._to_buffers(content, bounded=False)

    def _pumping_here(self) -> bool:
        """Whether this process's pump runs on this loop: its sockets wait for messages here."""
        pump = self._pump
        return pump is not None and not pump.done() and pump.get_loop() is asyncio.get_running_loop()

    def _to_buffers(self, content: bytes, *, bounded: bool) -> int:
        """Hand a message, as Redis holds it, to the buffers of its channels (this process's
        sockets).  `bounded`: a socket whose buffer holds its capacity loses it, as a full channel
        in Redis would (the pump's messages passed Redis's capacity already).  Returns the
        number lost."""
        message = self.deserialize(content)
        channels = message.pop("__asgi_channel__")
        lost = 0
        for channel in [channels] if isinstance(channels, str) else channels:
            buffer = self.receive_buffer[channel]
            if bounded and buffer.qsize() >= self.get_capacity(channel):
                lost += 1
            else:
                buffer.put_nowait(message)
        return lost

    async def group_send_many(self, messages: list[tuple[str, Message]]) -> None:
        """`group_send` each (group, message) pair, in order, in two round trips (one when every
        member is a socket of this process).  A message may be a callable that makes it: it is
        called only if its group has members."""
        with LAYER_SEND_SECONDS.labels("group_send_many").time():
            await self._group_send_many(messages)

    async def _group_send_many(self, messages: list[tuple[str, Message]]) -> None:
        if self.ring_size > 1:  # groups and channels may live on different hosts
            for group, message in messages:
                await self.group_send(group, made(message))
            return
        connection = self.connection(0)
        if self._scripts is None:  # each script's digest worked out once
            self._scripts = connection.register_script(_MEMBERS), connection.register_script(_PUSH)
        read_members, push = self._scripts
        groups = list(dict.fromkeys(group for group, _ in messages))
        now = time.time()
        members = await read_members(
            keys=[self._group_key(group) for group in groups],
            args=[int(now) - self.group_expiry],
            client=connection,
        )
        channels_of = {
            group: [name.decode() for name in names] for group, names in zip(groups, members, strict=True)
        }
        keys, payloads, capacities, scores = [], [], [], []
        over_capacity = 0
        here = self.client_prefix + "!" if self._pumping_here() else None
        for group, message in messages:
            if not channels_of[group]:
                continue
            _, key_messages, key_capacities = self._map_channel_keys_to_connection(
                channels_of[group], made(message)
            )
            for key, payload in key_messages.items():
                if here is not None and key.endswith(here):  # no round trips to Redis and back
                    over_capacity += self._to_buffers(payload, bounded=True)
                    continue
                keys.append(key)
                payloads.append(payload)
                capacities.append(key_capacities[key])
                scores.append(now + len(scores) * SCORE_STEP)
        if keys:
            over_capacity += await push(
                keys=keys,
                args=[*payloads, *capacities, *scores, int(now) - int(self.expiry), int(self.expiry)],
                client=connection,
            )
        if over_capacity:  # as channels_redis: the message is dropped, the client resyncs on the gap
            logger.info("%s channel messages over capacity", over_capacity)
