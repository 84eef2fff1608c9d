"""Database work from the sockets' event loop, on a few threads of the process's own.

Channels runs every `database_sync_to_async` call of a process in one thread, and a commit
waits there for PostgreSQL to flush its log to disk (3-13 ms on these machines): every socket's
trip queued behind every other's commit, and under load that queue, not the work, made most of a
move's latency (docs/benchmarks.md, session 16).  On several threads the waits overlap, and
PostgreSQL flushes commits that come together at once.  One socket's trips stay in order: its
consumer awaits each before the next.  How many: `settings.DATABASE_THREADS` (four by default).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from channels.db import DatabaseSyncToAsync
from django.conf import settings
from django.db import connections

_threads = ThreadPoolExecutor(max_workers=settings.DATABASE_THREADS, thread_name_prefix="database")


def database_sync_to_async(func: Callable[..., Any]) -> DatabaseSyncToAsync:
    """Channels' wrapper (old connections closed around each call), on this process's threads."""
    return DatabaseSyncToAsync(func, thread_sensitive=False, executor=_threads)


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
