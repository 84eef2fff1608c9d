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
import collections
import contextlib
import contextvars
import os
import threading
from collections.abc import Awaitable, Callable
from concurrent.futures import Future
from typing import Any

from asgiref.sync import SyncToAsync
from channels.consumer import get_handler_name
from django.conf import settings
from django.db import close_old_connections, connections


class Threads:
    """The database threads: each takes the next call and hands its outcome back to the
    caller's event loop.  (Through a `ThreadPoolExecutor` a call made a concurrent future, a
    work item, a semaphore check and asyncio's future wrapped around the other: about half of a
    trip's CPU, docs/benchmarks.md, session 31.)

    An idle thread sleeps reading a pipe of its own, and the caller wakes it by writing there.
    That write releases the GIL for its system call, so the woken thread finds the GIL free:
    a `SimpleQueue.put` woke it while the event loop held the GIL, and on a process pinned to
    one CPU the woken thread preempted the loop, found the GIL taken and slept again
    (docs/benchmarks.md, session 38).  A call made while every thread works waits in a backlog
    that the next thread to finish takes.

    A call whose awaiting was cancelled before a thread took it is not made, as an executor's;
    at the interpreter's exit the threads finish what was queued, as an executor's do."""

    def __init__(self, size: int, *, name: str = "database") -> None:
        self.size, self.name = size, name
        self._lock = threading.Lock()  # guards the backlog, the idle threads and their items
        self._backlog: collections.deque[Any] = collections.deque()
        self._idle: list[_Worker] = []
        self._workers: list[_Worker] = []

    def run(self, loop: asyncio.AbstractEventLoop, func: Callable[..., Any], *args: Any) -> asyncio.Future:
        """`func(*args)` on a thread, as a future of `loop`."""
        future = loop.create_future()
        self._put((loop, future, func, args))
        return future

    def submit(self, func: Callable[[], Any]) -> Future:
        """`func()` on a thread, as a concurrent future (for a caller with no event loop)."""
        future: Future = Future()
        self._put((None, future, func, ()))
        return future

    def stop(self) -> None:
        """Let each thread finish what was queued before, then end; wait for them."""
        with self._lock:
            workers, self._workers = self._workers, []
        for _ in workers:
            self._put(_STOP)
        for worker in workers:
            worker.thread.join()
            worker.close()

    def _put(self, item: Any) -> None:
        if len(self._workers) < self.size and item is not _STOP:
            self._start_workers()
        with self._lock:
            if not self._idle:
                self._backlog.append(item)
                return
            worker = self._idle.pop()
            worker.item = item
        os.write(worker.wake, b"!")

    def _start_workers(self) -> None:
        with self._lock:
            if not self._workers:
                threading._register_atexit(self.stop)  # type: ignore[attr-defined]  # as the executor's
            while len(self._workers) < self.size:
                worker = _Worker()
                worker.thread = threading.Thread(
                    target=self._work, args=(worker,), name=f"{self.name}_{len(self._workers)}"
                )
                worker.thread.start()
                self._workers.append(worker)

    def _next(self, worker: _Worker) -> Any:
        with self._lock:
            if self._backlog:
                return self._backlog.popleft()
            self._idle.append(worker)
        os.read(worker.woken, 1)  # until `_put` hands this thread an item
        item, worker.item = worker.item, None
        return item

    def _work(self, worker: _Worker) -> None:
        while (item := self._next(worker)) is not _STOP:
            loop, future, func, args = item
            del item
            if loop is None:
                if future.set_running_or_notify_cancel():
                    try:
                        future.set_result(func())
                    except BaseException as error:
                        future.set_exception(error)
                continue
            if future.cancelled():
                continue
            try:
                outcome = (func(*args), None)
            except BaseException as error:
                outcome = (None, error)
            with contextlib.suppress(RuntimeError):  # its loop closed: nobody waits any more
                loop.call_soon_threadsafe(_settle, future, *outcome)
            del future, outcome


class _Worker:
    """A database thread, the pipe it sleeps on while idle, and the item handed to it."""

    thread: threading.Thread

    def __init__(self) -> None:
        self.woken, self.wake = os.pipe()
        self.item: Any = None

    def close(self) -> None:
        os.close(self.woken)
        os.close(self.wake)


_STOP = object()
"""Handed to each thread by `Threads.stop`: finish."""


def _settle(future: asyncio.Future, result: Any, error: BaseException | None) -> None:
    if future.cancelled():
        return
    if error is None:
        future.set_result(result)
    else:
        future.set_exception(error)


_threads = Threads(settings.DATABASE_THREADS)


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
            return await _threads.run(loop, context.run, _trip_in_thread, loop, outbox, func, args, kwargs)
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
