"""The arena socket on the Redis layer: what a socket opening is first sent."""

import pytest
from channels.db import database_sync_to_async

from arenas.models import ArenaPlayer
from tests.arenas.support import running_arena
from tests.games.sockets import connect, receive_until
from tests.games.support import make_user

pytestmark = pytest.mark.django_db(transaction=True)


async def test_a_socket_opening_after_news_it_missed_gets_the_standings_as_they_are_now(redis_layer):
    """A process's sockets share a read of the arena; one opening took the latest read, made
    before a change whose news went to the group before this socket was in it, and showed the
    old standings until the next change."""
    arena = await database_sync_to_async(running_arena)(name="Late news")
    first = await connect(f"/ws/arena/{arena.pk}/")
    assert (await receive_until(first, "standings"))["lines"] == []

    @database_sync_to_async
    def joined_with_news_gone():  # the news of it reached the group before the socket below joined
        ArenaPlayer.objects.create(arena=arena, user=make_user("Quick Quentin"), rating=1500)

    await joined_with_news_gone()
    second = await connect(f"/ws/arena/{arena.pk}/")
    lines = (await receive_until(second, "standings"))["lines"]
    assert [line["name"] for line in lines] == ["Quick Quentin"]
    for sock in (first, second):
        await sock.disconnect()
