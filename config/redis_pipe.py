"""One connection to Redis that an event loop's commands share: each command is written at
once and the replies come back in order (RESP pipelining), read by one task.

The channel layer sends a move's push, the pump's pop and the sockets' joining and leaving of
their groups through it.  Through redis-py each command took about 80 µs of CPU here (its pool,
retries, timeouts and instrumentation around the same write and read); through a pipe about 40
(docs/benchmarks.md, session 28).

redis-py still opens the connection: the address (Sentinel's master too), the password, the
database and TLS are its.  The pipe then writes to and reads from the connection's streams
(`_reader`, `_writer`, redis-py 8.1's asyncio connection: re-run `tests/web/test_channel_layer.py`
on an upgrade).  A connection that fails fails every command under way; each is retried on a
new one as `channel_layer.RECONNECT` says, so a Redis restart or a Sentinel failover is ridden
out as redis-py's retries ride it out.  A caller cancelled while it waits leaves its reply to
be read and dropped, and the connection stays in step.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from typing import Any

import hiredis
from redis.asyncio.connection import AbstractConnection
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError, ResponseError

_ONCE = Retry(NoBackoff(), 0)


class Pipe:
    def __init__(self, make_connection: Callable[[], AbstractConnection], retry: Retry) -> None:
        self._make_connection = make_connection
        self._retry = retry
        self._connection: AbstractConnection | None = None
        self._replies: deque[asyncio.Future] = deque()
        self._opening = asyncio.Lock()
        self._reading: asyncio.Task | None = None

    async def call(self, *args: Any) -> Any:
        """The reply to one command (an error reply raised as redis-py's `ResponseError`)."""
        return (await self._retry.call_with_retry(lambda: self._once((args,)), _retry_after))[0]

    async def call_each(self, *commands: tuple[Any, ...]) -> list[Any]:
        """The replies to several commands, written together (one round trip); the first
        error reply is raised.  Retried whole: they must be safe to run twice."""
        return await self._retry.call_with_retry(lambda: self._once(commands), _retry_after)

    async def _once(self, commands: tuple[tuple[Any, ...], ...]) -> list[Any]:
        connection = self._connection or await self._connect()
        if connection is not self._connection:  # it failed while it opened
            raise ConnectionError("the connection to Redis failed")
        loop = asyncio.get_running_loop()
        replies = [loop.create_future() for _ in commands]
        self._replies.extend(replies)
        connection._writer.write(b"".join(map(pack, commands)))  # type: ignore[union-attr]
        try:
            return [await reply for reply in replies]
        except BaseException:  # cancelled, or an error reply: the reader drops the rest
            for reply in replies:
                reply.cancel()
            raise

    async def _connect(self) -> AbstractConnection:
        async with self._opening:
            if self._connection is None:
                connection = self._make_connection()
                connection.retry = _ONCE  # `call` retries, opening and all
                await connection.connect()
                self._reading = asyncio.ensure_future(self._read(connection))
                self._connection = connection
            return self._connection

    async def _read(self, connection: AbstractConnection) -> None:
        parser = hiredis.Reader(replyError=ResponseError)
        try:
            while True:
                data = await connection._reader.read(65536)  # type: ignore[union-attr]
                if not data:
                    raise ConnectionError("Redis closed the connection")
                parser.feed(data)
                while (reply := parser.gets()) is not False:
                    waiting = self._replies.popleft()
                    if waiting.done():  # its caller was cancelled
                        continue
                    if isinstance(reply, ResponseError):
                        waiting.set_exception(reply)
                    else:
                        waiting.set_result(reply)
        except asyncio.CancelledError:  # its loop is ending: Redis must not keep a pop waiting for it
            self._drop(connection, ConnectionError("the event loop of the connection stopped"))
            raise
        except Exception as error:
            failure = error if isinstance(error, ConnectionError) else ConnectionError(repr(error))
            self._drop(connection, failure)

    def _drop(self, connection: AbstractConnection, error: Exception) -> None:
        if connection is not self._connection:
            return
        self._connection = None
        replies, self._replies = self._replies, deque()
        for waiting in replies:
            if not waiting.done():
                waiting.set_exception(error)
        if self._reading is not None and self._reading is not asyncio.current_task():
            self._reading.cancel()
        if connection._writer is not None:  # type: ignore[union-attr]
            connection._writer.close()  # type: ignore[union-attr]

    async def close(self) -> None:
        """Close the connection; commands under way fail."""
        if self._connection is not None:
            self._drop(self._connection, ConnectionError("the pipe was closed"))
        if self._reading is not None:
            await asyncio.gather(self._reading, return_exceptions=True)


def pack(args: tuple[Any, ...]) -> bytes:
    """A command in RESP, its arguments encoded as redis-py encodes them (bytes as they are,
    text as UTF-8, numbers as their repr), by hiredis' C packer: 5 µs for a move's send, where
    the same loop in Python took 11 and redis-py's `pack_command` more (docs/benchmarks.md,
    sessions 29 and 32).  What redis-py would refuse (None, a bool, a list) raises TypeError."""
    return hiredis.pack_command(args)


async def _retry_after(error: Exception) -> None:
    """Nothing to undo before a retry: a command fails only when its connection does, and the
    reader has dropped that connection (the next attempt opens another)."""
