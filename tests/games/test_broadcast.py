"""News sent on commit from the database thread, through the event loop above it."""

import asyncio
import threading

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.db import transaction

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
