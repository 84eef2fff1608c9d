"""channels_redis with fewer Redis round trips, each of which costs a process about 0.1 ms of
CPU.

Sending: `RedisChannelLayer.group_send` makes four round trips per group (expire old members,
read them, expire old messages, push), so a move's three frames (each seat's view and the
spectators') took twelve.  `group_send_many` makes one for any number of groups: one script
reads every group's members and pushes each message to every other process that has members,
with the same expiry and capacity rules, and names this process's own members.  What a process
queue holds is each message's member channels there, comma-separated, a NUL, then the message as
channels_redis serializes it: the script needs no MessagePack of its own.  Messages keep their
order: each gets a later score than the one before it, since a channel's messages are a sorted
set ordered by score.

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
that made a move gets its own frame without two round trips through Redis.  Only messages sent
from different processes may then arrive in another order than their scores, and those were
never causally ordered: a socket acts on what it received.

On the sockets' event loop (where the pump runs) the pushes and the pops go through pipes
(`config/redis_pipe.py`): half of redis-py's CPU a command.

Reconnecting: redis-py keeps dead connections in its pool after Redis restarts and, unless
told to retry, hands the first command on each the error (a socket's receive that met one
closed the socket with 1011).  Every command is retried on a fresh connection for a few
seconds: a restart is ridden out, and Redis down for longer still fails the sockets, which
reconnect by themselves.  A command retried after Redis ran it only repeats a message, and
clients drop a version they have seen.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import logging
import time
import weakref
from typing import Any

from channels.exceptions import ChannelFull
from channels_redis.core import RedisChannelLayer
from channels_redis.utils import create_pool
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialWithJitterBackoff
from redis.exceptions import ConnectionError, NoScriptError, ResponseError, TimeoutError

from common import metrics
from config.redis_pipe import Pipe
from games.broadcast import Message, made

# KEYS: the groups' keys.  ARGV: the oldest member score to keep, this process's own channel
# suffix (empty when its sockets too get their messages through Redis), the oldest message
# score to keep, the expiry, the channel keys' prefix; then four for each message: its group's
# index, its capacity, its score and its payload (empty for one made only on demand).
# Returns the messages over capacity, each group's members here, the remote (key, members) of
# each message made on demand, and the (group, channel) of members that are no process's.
_SEND = """
local oldest_member, here, oldest, expiry, prefix = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5]
local remote, here_members, plain = {}, {}, {}
for g = 1, #KEYS do
    redis.call('ZREMRANGEBYSCORE', KEYS[g], 0, oldest_member)
    local members, order, mine = {}, {}, {}
    for _, channel in ipairs(redis.call('ZRANGE', KEYS[g], 0, -1)) do
        local bang = string.find(channel, '!', 1, true)
        if bang == nil then
            plain[#plain + 1] = {g, channel}
        elseif here ~= '' and string.sub(channel, bang - #here + 1, bang) == here then
            mine[#mine + 1] = channel
        else
            local process = string.sub(channel, 1, bang)
            if members[process] == nil then
                members[process] = {}
                order[#order + 1] = process
            end
            table.insert(members[process], channel)
        end
    end
    remote[g] = {}
    for _, process in ipairs(order) do
        table.insert(remote[g], {prefix .. process, table.concat(members[process], ',')})
    end
    here_members[g] = mine
end
local over_capacity, on_demand = 0, {}
for m = 1, (#ARGV - 5) / 4 do
    local at = 5 + 4 * (m - 1)
    local g, capacity, score, payload = tonumber(ARGV[at + 1]), tonumber(ARGV[at + 2]), ARGV[at + 3], ARGV[at + 4]
    if payload == '' then
        if #remote[g] > 0 then
            on_demand[#on_demand + 1] = {m, remote[g]}
        end
    else
        for _, target in ipairs(remote[g]) do
            redis.call('ZREMRANGEBYSCORE', target[1], 0, oldest)
            if redis.call('ZCARD', target[1]) < capacity then
                redis.call('ZADD', target[1], score, target[2] .. '\0' .. payload)
                redis.call('EXPIRE', target[1], expiry)
            else
                over_capacity = over_capacity + 1
            end
        end
    end
end
return {over_capacity, here_members, on_demand, plain}
"""

# KEYS: one process queue per message; ARGV: the messages (members and payload, as `_SEND`
# pushes them), then their capacities and scores, then the oldest score to keep and the expiry.
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

NAMES_CHECKED_AT_MOST = 65_536
"""How many channel names `receive` remembers as checked before it forgets them all."""


@functools.cache
def _digest(script: str) -> str:
    return hashlib.sha1(script.encode()).hexdigest()


class _Stopped:
    """Put in a waiting socket's buffer when the pump failed: the socket's receive raises
    `error`."""

    def __init__(self, error: BaseException) -> None:
        self.error = error


class BatchingRedisChannelLayer(RedisChannelLayer):
    async def send(self, channel, message):
        """To a process's socket (`!` in its name), as the group messages go: straight to its
        buffer when it is this process's and the pump runs here, else to its process's queue
        in the same form; to any other channel, or over several Redis hosts, as channels_redis
        sends."""
        with metrics.child(metrics.LAYER_SEND_SECONDS, "send").time():
            if "!" not in channel or self.ring_size > 1:
                await super().send(channel, message)
                return
            assert self.require_valid_channel_name(channel)
            payload = self.serialize(message)
            if self._pumping_here() and self._is_here(channel):
                over_capacity = self._to_buffers([channel], self.deserialize(payload), bounded=True)
            else:
                key = self.prefix + self.non_local_name(channel)
                over_capacity = await self._push([(key, channel.encode() + b"\0" + payload, time.time())])
            if over_capacity:
                raise ChannelFull()

    async def group_send(self, group, message):
        with metrics.child(metrics.LAYER_SEND_SECONDS, "group_send").time():
            await self._group_send_many([(group, message)])

    async def group_add(self, group, channel):
        """On the pump's loop (a socket's), through its pipe to Redis, both commands in one
        round trip: through redis-py's pool, sockets opening or closing together (a restart,
        the end of many games at once) each took a connection of their own, opened for them."""
        if not self._pumping_here():
            await super().group_add(group, channel)
            return
        assert self.require_valid_group_name(group), "Group name not valid"
        assert self.require_valid_channel_name(channel), "Channel name not valid"
        key = self._group_key(group)
        await self._pipe("send", self.consistent_hash(group)).call_each(
            ("ZADD", key, time.time(), channel), ("EXPIRE", key, self.group_expiry)
        )

    async def group_discard(self, group, channel):
        if not self._pumping_here():
            await super().group_discard(group, channel)
            return
        assert self.require_valid_group_name(group), "Group name not valid"
        assert self.require_valid_channel_name(channel), "Channel name not valid"
        await self._pipe("send", self.consistent_hash(group)).call("ZREM", self._group_key(group), channel)

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

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._waiting: set[str] = set()  # the channels whose receive waits on an empty buffer
        self._attached: dict[str, asyncio.Queue] = {}  # the channels delivered to a socket's inbox
        self._names_checked: set[str] = set()  # the channels whose names `receive` has checked
        self._pipes: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[tuple[str, int], Pipe]] = (
            weakref.WeakKeyDictionary()
        )

    async def close_pools(self):
        pipes = self._pipes.pop(asyncio.get_running_loop(), {})
        for pipe in pipes.values():
            await pipe.close()
        await super().close_pools()

    async def receive(self, channel):
        """The next message of a process-local channel (a socket's), from its buffer.  A
        failing pump (Redis gone for longer than RECONNECT) fails every socket waiting, as
        channels_redis fails the one that pops; the next receive starts a pump again.

        A socket waits on its buffer alone: the pump's end reaches it as a `_Stopped` put
        there.  (Waiting on the pump too took a task and an `asyncio.wait` for each message,
        and the wait put a callback on the pump and took it off again from among one for every
        socket of the process.)"""
        if "!" not in channel:
            return await super().receive(channel)
        if channel not in self._names_checked:  # a regular expression, once per socket
            assert self.require_valid_channel_name(channel)
            if len(self._names_checked) >= NAMES_CHECKED_AT_MOST:
                self._names_checked.clear()
            self._names_checked.add(channel)
        buffer = self.receive_buffer[channel]
        self.receive_count += 1
        try:
            if buffer.empty():
                self._running_pump(self.non_local_name(channel))
                self._waiting.add(channel)
            message = await buffer.get()
            if type(message) is _Stopped:
                raise message.error
            return message
        except BaseException:
            self.receive_buffer.pop(channel, None)  # its socket is closing, or the pump failed
            raise
        finally:
            self._waiting.discard(channel)
            self.receive_count -= 1
            if buffer.empty():
                self.receive_buffer.pop(channel, None)

    def attach(self, channel: str, inbox: asyncio.Queue) -> None:
        """Deliver the messages of `channel` (a socket's, from `new_channel`) to `inbox`, the
        socket's one queue, which its browser's frames share, until `detach`: the socket then
        waits on that queue alone.  (Through `receive`, channels' dispatch made a task to
        receive each message and an `asyncio.wait` on it and on the browser's next frame.)
        An inbox holding the channel's capacity loses what comes, as a full channel does; when
        the pump fails, the error itself is put there."""
        self._attached[channel] = inbox
        self.receive_count += 1
        self._running_pump(self.non_local_name(channel))

    def detach(self, channel: str) -> None:
        if self._attached.pop(channel, None) is not None:
            self.receive_count -= 1

    def _running_pump(self, real_channel: str) -> asyncio.Task:
        loop = asyncio.get_running_loop()
        pump = self._pump
        if pump is not None and not pump.done():
            if pump.get_loop() is loop:
                return pump
            if pump.get_loop().is_running():
                raise RuntimeError("Two event loops are trying to receive() on one channel layer at once!")
        self._pump = loop.create_task(self._pump_messages(real_channel))
        self._pump.add_done_callback(self._pump_stopped)
        return self._pump

    def _pump_stopped(self, pump: asyncio.Task) -> None:
        """Fail the sockets waiting when the pump failed (said once, whether or not one was)."""
        error = asyncio.CancelledError() if pump.cancelled() else pump.exception()
        if error is None:
            return
        if not pump.cancelled():
            logger.warning("the channel layer stopped receiving: %r", error)
        for channel in self._waiting:
            self.receive_buffer[channel].put_nowait(_Stopped(error))
        for inbox in self._attached.values():
            inbox.put_nowait(error)

    async def _pump_messages(self, real_channel: str) -> None:
        """Pop the process's messages into its channels' buffers while any socket waits for one.
        The last pop after they all stopped waiting still lands in a buffer: a socket between
        two receives (forwarding a message) finds it there."""
        key, index = self.prefix + real_channel, self.consistent_hash(real_channel)
        while self.receive_count > 0:
            popped = await self._pipe("pop", index).call(
                "BZMPOP", self.brpop_timeout, 1, key, "MIN", "COUNT", POP_AT_MOST
            )
            if popped is None:
                continue
            for content, _ in popped[1]:
                self._popped(content)

    def _pumping_here(self) -> bool:
        """Whether this process's pump runs on this loop: its sockets wait for messages here."""
        pump = self._pump
        return pump is not None and not pump.done() and pump.get_loop() is asyncio.get_running_loop()

    def _pipe(self, purpose: str, index: int = 0) -> Pipe:
        """The pump's loop's pipe to host `index` for `purpose`: "send", or "pop" (a blocking
        pop holds its connection while it waits)."""
        pipes = self._pipes.setdefault(asyncio.get_running_loop(), {})
        if (purpose, index) not in pipes:
            pool = self.connection(index).connection_pool
            pipes[purpose, index] = Pipe(pool.make_connection, RECONNECT)
        return pipes[purpose, index]

    async def _run_script(self, text: str, *, keys: list[Any], args: list[Any]) -> Any:
        """Run a script of this layer's: through the pipe on the pump's loop (the sockets'), by
        redis-py on any other (a thread's, for a moment)."""
        call = self._pipe("send").call if self._pumping_here() else self.connection(0).execute_command
        try:
            return await call("EVALSHA", _digest(text), len(keys), *keys, *args)
        except ResponseError as error:
            if not (isinstance(error, NoScriptError) or str(error).startswith("NOSCRIPT")):
                raise
            return await call("EVAL", text, len(keys), *keys, *args)  # Redis keeps it from now on

    async def _push(self, messages: list[tuple[str | bytes, bytes, float]]) -> int:
        """Push (process queue, message as `_SEND` pushes it, score) triples; how many were
        over capacity."""
        now = time.time()
        return await self._run_script(
            _PUSH,
            keys=[key for key, _, _ in messages],
            args=[
                *(member for _, member, _ in messages),
                *[self.capacity] * len(messages),
                *(score for _, _, score in messages),
                int(now) - int(self.expiry),
                int(self.expiry),
            ],
        )

    def _is_here(self, channel: str) -> bool:
        """Whether `channel` is a socket's of this process (`new_channel`)."""
        return self.non_local_name(channel).endswith(self.client_prefix + "!")

    def _to_buffers(self, channels: list[str], message: dict[str, Any], *, bounded: bool) -> int:
        """Hand a message, read back from the bytes channels_redis serializes (so that one
        delivered here reads as if it had come through Redis), to the buffers of `channels`
        (this process's sockets).  `bounded`: a socket whose buffer holds its capacity loses
        it, as a full channel in Redis would (the pump's messages passed Redis's capacity
        already, and a buffer drops its oldest when full); an attached socket's inbox, which
        has no bound of its own, always is.  Returns the number lost."""
        lost = 0
        for channel in channels:
            inbox = self._attached.get(channel)
            buffer = self.receive_buffer[channel] if inbox is None else inbox
            if (bounded or inbox is not None) and buffer.qsize() >= self.get_capacity(channel):
                lost += 1
            else:
                buffer.put_nowait(message)
        return lost

    def _popped(self, content: bytes) -> None:
        """A message from this process's queue: its channels, a NUL, its payload.  A message
        that is not in that form (channels_redis's own, from a process of an earlier release
        during a rolling restart) is read as channels_redis reads it."""
        head, nul, payload = content.partition(b"\0")
        names = head.decode("ascii", errors="replace").split(",") if nul else []
        if names and all(self._is_here(name) for name in names):
            self._to_buffers(names, self.deserialize(payload), bounded=False)
            return
        message = self.deserialize(content)
        channels = message.pop("__asgi_channel__")
        self._to_buffers([channels] if isinstance(channels, str) else channels, message, bounded=False)

    async def group_send_many(self, messages: list[tuple[str, Message]]) -> None:
        """`group_send` each (group, message) pair, in order, in one round trip.  A message may
        be a callable that makes it: it is made only if its group has members (a second round
        trip when some are another process's)."""
        with metrics.child(metrics.LAYER_SEND_SECONDS, "group_send_many").time():
            await self._group_send_many(messages)

    async def _group_send_many(self, messages: list[tuple[str, Message]]) -> None:
        if self.ring_size > 1:  # groups and channels may live on different hosts
            for group, message in messages:
                await super().group_send(group, made(message))
            return
        groups = {group: n for n, group in enumerate(dict.fromkeys(group for group, _ in messages))}
        now = time.time()
        payloads = [b"" if callable(message) else self.serialize(message) for _, message in messages]
        here = self.client_prefix + "!" if self._pumping_here() else ""
        args: list[Any] = [
            int(now) - self.group_expiry,
            here,
            int(now) - int(self.expiry),
            int(self.expiry),
            self.prefix,
        ]
        for n, ((group, _), payload) in enumerate(zip(messages, payloads, strict=True)):
            args += [groups[group] + 1, self.capacity, now + n * SCORE_STEP, payload]  # Lua counts from 1
        over_capacity, members_here, on_demand, plain = await self._run_script(
            _SEND, keys=[self._group_key(group) for group in groups], args=args
        )
        remote = {m - 1: targets for m, targets in on_demand}
        pushes: list[tuple[str | bytes, bytes, float]] = []
        for n, (group, message) in enumerate(messages):
            mine = [name.decode() for name in members_here[groups[group]]]
            if callable(message) and (mine or n in remote):
                payloads[n] = self.serialize(message())
            if mine:
                over_capacity += self._to_buffers(mine, self.deserialize(payloads[n]), bounded=True)
            for key, names in remote.get(n, []):
                pushes.append((key, names + b"\0" + payloads[n], now + n * SCORE_STEP))
        if pushes:
            over_capacity += await self._push(pushes)
        for g, channel in plain:  # no process's socket (a worker's channel): as channels_redis sends
            for group, message in messages:
                if groups[group] + 1 == g:
                    await super().send(channel.decode(), made(message))
        if over_capacity:  # as channels_redis: the message is dropped, the client resyncs on the gap
            logger.info("%s channel messages over capacity", over_capacity)
