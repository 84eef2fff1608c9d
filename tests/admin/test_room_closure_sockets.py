"""A moderator closes a room from the admin and both players' sockets hear it (Redis layer)."""

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from games.models import Match, Room
from moderation.models import AuditEntry
from tests.admin.support import online_room, post_action, staff
from tests.games.sockets import connect, receive_until

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def setup():
    room, players = online_room()
    return room, players, staff("moderator")


@database_sync_to_async
def close_from_admin(moderator, room):
    client = Client()
    client.force_login(moderator)
    post_action(client, "games_room", "close_rooms", [room], reason="Abusive chat")


@database_sync_to_async
def stored(room):
    return (
        Room.objects.get(pk=room.pk).state,
        list(Match.objects.filter(room=room).values_list("status", flat=True)),
        list(AuditEntry.objects.values_list("action", "target_label", "reason")),
    )


async def test_a_moderator_closes_a_room_and_both_players_sockets_receive_the_closure(redis_layer):
    room, players, moderator = await setup()
    path = f"/ws/room/{room.code}/"
    sockets = [await connect(path, user) for user in players]
    for sock in sockets:
        await receive_until(sock, "state")

    await close_from_admin(moderator, room)

    for sock in sockets:
        assert await receive_until(sock, "closed") == {"type": "closed", "reason": "moderator"}
        assert (await sock.receive_output(timeout=5))["type"] == "websocket.close"
    state, matches, audit = await stored(room)
    assert state == Room.State.CLOSED and matches == [Match.Status.ABANDONED]
    assert audit == [("room_closed", room.code, "Abusive chat")]
