"""News sent on commit from the database thread, through the event loop above it."""

import asyncio
import threading

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.db import transaction

from common import db
from games import broadcast

pytestmark = pytest.mark.django_db(transaction=True)


def commit_news(group):
    with transaction.atomic():
        broadcast.send_on_commit([(group, {"type": "room.changed"})])


def test_news_from_the_database_thread_reaches_the_group_through_the_running_loop(redis_layer):
    async def main():
        layer = get_channel_layer()
        channel = await layer.new_channel()
        await layer.group_add("room.news", channel)
        await sync_to_async(commit_news)("room.news")
        return await asyncio.wait_for(layer.receive(channel), 5)

    assert asyncio.run(main())["type"] == "room.changed"


def test_a_commit_after_the_event_loop_stopped_gives_its_news_up_instead_of_hanging():
    """A server stopping (SIGTERM) stops its loop while a closing socket still uncounts its seat
    in the database thread: that thread waited forever for the stopped loop to send the news,
    and the process, which must join it to exit, hung until it was killed."""
    loop_stopped, done = threading.Event(), threading.Event()

    def uncount_after_the_stop():
        loop_stopped.wait(10)
        commit_news("room.gone")
        done.set()

    async def start_and_stop():
        asyncio.ensure_future(sync_to_async(uncount_after_the_stop, thread_sensitive=False)())
        await asyncio.sleep(0.1)  # the thread is under way; the loop stops with it still working

    loop = asyncio.new_event_loop()
    try:
        loop.run_until_complete(start_and_stop())
        loop_stopped.set()
        finished = done.wait(15)
    finally:
        if not done.is_set():  # let the stuck thread finish, so this process can exit
            loop.run_until_complete(asyncio.sleep(1))
        loop.close()
    assert finished, "the database thread still waited for a loop that had stopped"


def commit_twice(first, second):
    """Two transactions in one database trip, each with news (a move and its "your turn")."""
    commit_news(first)
    commit_news(second)


def test_a_database_trips_news_goes_out_in_one_send_from_the_loop_in_order(redis_layer, monkeypatch):
    """Each commit's news used to go back from the database thread to the loop and to Redis on
    its own (two trips each): a move and its "your turn" entry made two."""
    sends = []

    async def main():
        layer = get_channel_layer()
        original = layer.group_send_many

        async def counted(messages):
            sends.append((threading.current_thread() is threading.main_thread(), [g for g, _ in messages]))
            await original(messages)

        monkeypatch.setattr(layer, "group_send_many", counted)
        channel = await layer.new_channel()
        for group in ("room.one", "room.two"):
            await layer.group_add(group, channel)
        await db.database_sync_to_async(commit_twice)("room.one", "room.two")
        return [await asyncio.wait_for(layer.receive(channel), 5) for _ in range(2)]

    received = asyncio.run(main())
    assert sends == [(True, ["room.one", "room.two"])]
    assert [m["type"] for m in received] == ["room.changed", "room.changed"]


def test_news_committed_after_its_socket_gave_up_waiting_still_goes_out(redis_layer):
    """A socket closing cancels the trip it awaits, but the thread carries on and commits: its
    news then goes out from the thread, as news from outside a trip does."""
    started, go_on = threading.Event(), threading.Event()

    def slow_commit(group):
        started.set()
        go_on.wait(10)
        commit_news(group)

    async def main():
        layer = get_channel_layer()
        channel = await layer.new_channel()
        await layer.group_add("room.late", channel)
        trip = asyncio.ensure_future(db.database_sync_to_async(slow_commit)("room.late"))
        await asyncio.get_running_loop().run_in_executor(None, started.wait, 10)
        trip.cancel()
        go_on.set()
        with pytest.raises(asyncio.CancelledError):
            await trip
        return await asyncio.wait_for(layer.receive(channel), 5)

    assert asyncio.run(main())["type"] == "room.changed"
