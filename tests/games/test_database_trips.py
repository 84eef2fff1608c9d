"""A socket's database trip (common/db.py): what crosses between the loop and the thread."""

import asyncio
import threading

from asgiref.sync import async_to_sync

from common import db, logs


def test_a_trip_runs_in_a_copy_of_its_callers_context():
    """The log fields a socket sets (its room, its match) are on every line its trip logs;
    what the trip sets stays in the trip."""

    def trip():
        seen = logs.ROOM.get()
        logs.ROOM.set("set in the thread")
        return seen, threading.current_thread().name

    async def main():
        logs.ROOM.set("ABCD")
        seen, thread = await db.database_sync_to_async(trip)()
        return seen, thread, logs.ROOM.get()

    seen, thread, after = asyncio.run(main())
    assert (seen, after) == ("ABCD", "ABCD")
    assert thread.startswith("database")


def test_async_code_called_from_a_trip_runs_on_the_callers_loop():
    """What a trip's thread sends for itself (a cancelled trip's news) goes through the loop
    that awaits it, as asgiref's own threads do."""

    async def where():
        return asyncio.get_running_loop()

    async def main():
        return asyncio.get_running_loop(), await db.database_sync_to_async(async_to_sync(where))()

    caller, used = asyncio.run(main())
    assert used is caller
