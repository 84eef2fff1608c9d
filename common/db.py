"""Database work from the sockets' event loop, on a few threads of the process's own.

Channels runs every `database_sync_to_async` call of a process in one thread, and a commit
waits there for PostgreSQL to flush its log to disk (3-13 ms on these machines): every socket's
trip queued behind every other's commit, and under load that queue, not the work, made most of a
move's latency (docs/benchmarks.md, session 16).  On several threads the waits overlap, and
PostgreSQL flushes commits that come together at once.  One socket's trips stay in order: its
consumer awaits each before the next.  How many: `settings.DATABASE_THREADS` (four by default).

What a trip's commits send (`defer`) waits in the trip's outbox and goes out from the event loop
once the thread is done, batched by sender: a move's game frames and its "your turn" entry make
one send, with no hand-off back from the thread to the loop for each of them.
"""

from __future__ import annotations

import asyncio
import contextvars
import os
import threading
from collections.abc import Awaitable, Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from asgiref.sync import SyncToAsync
from channels.consumer import get_handler_name
from django.conf import settings
from django.db import close_old_connections, connections

_threads = ThreadPoolExecutor(max_workers=settings.DATABASE_THREADS, thread_name_prefix="database")


Sender = Callable[[list[Any]], Awaitable[None]]


class _Outbox:
    """What one trip's thread defers, by sender in the order first used, until the trip's
    coroutine closes it; after that (the coroutine was cancelled while the thread worked) the
    thread sends for itself."""

    def __init__(self) -> None:
        self.batches: dict[Sender, list[Any]] = {}
        self.open = True
        self.lock = threading.Lock()

    def take(self, send: Sender, items: list[Any]) -> bool:
        with self.lock:
            if self.open:
                self.batches.setdefault(send, []).extend(items)
            return self.open

    def close(self) -> dict[Sender, list[Any]]:
        with self.lock:
            self.open = False
            return self.batches


_trip = threading.local()


def defer(send: Sender, items: list[Any]) -> bool:
    """In a database trip's thread: leave `items` for `send` to take from the event loop once
    the trip is over (every item of one sender in one call), and return True; False anywhere
    else, where the caller sends them itself."""
    outbox: _Outbox | None = getattr(_trip, "outbox", None)
    return outbox is not None and outbox.take(send, items)


def database_sync_to_async(func: Callable[..., Any]) -> Callable[..., Awaitable[Any]]:
    """Run `func` on one of this process's database threads, old connections closed around it
    as channels' wrapper does; what the call defers is sent before it returns, even when it
    fails or is cancelled.

    Not asgiref's SyncToAsync: that copies every context variable back and forth around each
    call (36 of them once Django is loaded: a fifth of the loop's part of a move in
    `tools.act_bench`'s profile), so that a variable set in the thread is seen by the caller.
    These trips set none the caller reads; they run in a copy of the caller's context (the log
    fields), and code in them that needs the loop (`async_to_sync`) finds it where asgiref's
    own threads leave it."""

    async def call(*args: Any, **kwargs: Any) -> Any:
        outbox = _Outbox()
        loop = asyncio.get_running_loop()
        context = contextvars.copy_context()
        try:
            return await loop.run_in_executor(
                _threads, context.run, _trip_in_thread, loop, outbox, func, args, kwargs
            )
        finally:
            for send, items in outbox.close().items():
                await send(items)

    return call


def _trip_in_thread(
    loop: asyncio.AbstractEventLoop,
    outbox: _Outbox,
    func: Callable[..., Any],
    args: tuple[Any, ...],
    kwargs: dict[str, Any],
) -> Any:
    SyncToAsync.threadlocal.main_event_loop = loop
    SyncToAsync.threadlocal.main_event_loop_pid = os.getpid()
    _trip.outbox = outbox
    close_old_connections()
    try:
        return func(*args, **kwargs)
    finally:
        _trip.outbox = None
        close_old_connections()


def on_every_thread(work: Callable[[], Any]) -> list[Future]:
    """Run `work` once on each database thread: each call waits until all have begun, so no
    two share a thread."""
    everyone = threading.Barrier(settings.DATABASE_THREADS)

    def run() -> Any:
        everyone.wait(timeout=10)
        return work()

    return [_threads.submit(run) for _ in range(settings.DATABASE_THREADS)]


def close_connections() -> None:
    """Close the connection of every database thread (a test's, before its database goes)."""
    for call in on_every_thread(connections.close_all):
        call.result()


class DirectDispatch:
    """For a consumer that reaches the database only through `database_sync_to_async` (which
    closes old connections itself), or not at all: channels' own dispatch first runs
    close_old_connections in a database thread, so every frame to forward waited behind the
    moves being played."""

    async def dispatch(self, message: dict[str, Any]) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)
