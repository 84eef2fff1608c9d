"""The table chat over the table socket, on the Redis layer: the players' and the spectators'
chats apart, mutes and blocks, the moderators' mute, the limits, and history on reload."""

from unittest import mock

import pytest
from channels.db import database_sync_to_async

from accounts.services import do_block
from games import services
from games.chat import selectors as chat_selectors
from games.chat import services as chat_services
from games.chat.models import ChatMessage
from games.chat.services import RATE_COUNT, do_site_mute
from tests.games.sockets import connect, drain, receive_until
from tests.games.support import make_user, me, ruleset

pytestmark = pytest.mark.django_db(transaction=True)

XSS = "<img src=x onerror=alert(1)>"


@database_sync_to_async
def table_with_spectators():
    ana, bo, cy, di = make_user("Ana"), make_user("Bo"), make_user("Cy"), make_user("Di")
    room = services.do_create_room(identity=me(ana), ruleset=ruleset())
    services.do_take_seat(room=room, identity=me(bo))
    return room, ana, bo, cy, di


async def opened(room, *users):
    """A socket per user at the table, past its opening frames (the chat's history last)."""
    sockets = []
    for user in users:
        sock = await connect(f"/ws/room/{room.code}/", user)
        await receive_until(sock, "chat_history")
        sockets.append(sock)
    return sockets


async def said(sock):
    return (await receive_until(sock, "chat"))["message"]


async def next_error(sock):
    """The next error frame, past the table's news and what the socket's own player said."""
    while (frame := await sock.receive_json_from(timeout=20))["type"] != "error":
        assert frame["type"] in ("room", "state", "chat")
    return frame


async def hears_nothing(*sockets):
    for sock in sockets:
        assert [f for f in await drain(sock) if f["type"] == "chat"] == []


@database_sync_to_async
def stored():
    return list(ChatMessage.objects.values_list("author__display_name", "channel", "phrase", "text"))


async def close(*sockets):
    for sock in sockets:
        await sock.disconnect()


async def test_the_players_chat_and_the_spectators_chat_do_not_meet(redis_layer):
    room, ana, bo, cy, di = await table_with_spectators()
    a, b, c, d = await opened(room, ana, bo, cy, di)  # Cy and Di watch
    await a.send_json_to({"type": "chat", "phrase": "good_luck"})
    for sock in (a, b):
        message = await said(sock)
        assert (message["author"], message["phrase"], message["text"], message["channel"]) == (
            "Ana",
            "good_luck",
            None,
            "table",
        )
    await hears_nothing(c, d)
    await c.send_json_to({"type": "chat", "text": "Bo should take that seven"})
    for sock in (c, d):
        assert (await said(sock))["text"] == "Bo should take that seven"
    await hears_nothing(a, b)
    assert await stored() == [
        ("Ana", "table", "good_luck", ""),
        ("Cy", "spectators", "", "Bo should take that seven"),
    ]
    await close(a, b, c, d)


async def test_a_reload_shows_its_own_chat_history_only(redis_layer):
    room, ana, bo, cy, _di = await table_with_spectators()
    a, c = await opened(room, ana, cy)
    await a.send_json_to({"type": "chat", "text": "hi Bo"})
    await said(a)
    await c.send_json_to({"type": "chat", "text": "hi all"})
    await said(c)
    await close(a, c)
    b = await connect(f"/ws/room/{room.code}/", bo)
    history = await receive_until(b, "chat_history")
    assert (history["channel"], [m["text"] for m in history["messages"]]) == ("table", ["hi Bo"])
    c = await connect(f"/ws/room/{room.code}/", cy)
    history = await receive_until(c, "chat_history")
    assert (history["channel"], [m["text"] for m in history["messages"]]) == ("spectators", ["hi all"])
    await close(b, c)


async def test_a_muted_or_blocked_player_reaches_nobody_who_muted_or_blocked_them(redis_layer):
    room, ana, bo, cy, di = await table_with_spectators()
    a, b, c, d = await opened(room, ana, bo, cy, di)
    await a.send_json_to({"type": "chat_mute", "player": bo.pk, "muted": True})
    assert (await receive_until(a, "chat_muted"))["muted"] is True
    await b.send_json_to({"type": "chat", "text": "can you hear me"})
    assert (await said(b))["text"] == "can you hear me"
    await hears_nothing(a)
    await database_sync_to_async(do_block)(blocker=cy, blocked=di)
    await d.send_json_to({"type": "chat", "phrase": "hello"})
    assert (await said(d))["phrase"] == "hello"
    await hears_nothing(c)
    await c.send_json_to({"type": "chat", "phrase": "hello"})  # and the blocker's chat is hidden from them
    assert (await said(c))["phrase"] == "hello"
    await hears_nothing(d)
    await close(a, b, c, d)
    a, c = await opened(room, ana, cy)  # nor do their messages come back on reload
    await close(a, c)
    a = await connect(f"/ws/room/{room.code}/", ana)
    history = await receive_until(a, "chat_history")
    assert (history["messages"], history["muted"]) == ([], [bo.pk])
    await a.send_json_to({"type": "chat_mute", "player": bo.pk, "muted": False})
    await receive_until(a, "chat_muted")
    await b_says_again(room, bo, a)
    await close(a)


async def b_says_again(room, bo, listener):
    (b,) = await opened(room, bo)
    await b.send_json_to({"type": "chat", "text": "again"})
    assert (await said(listener))["text"] == "again"
    await close(b)


async def test_a_site_muted_player_is_refused(redis_layer):
    room, ana, bo, _cy, _di = await table_with_spectators()
    moderator = await database_sync_to_async(make_user)("Mod")
    await database_sync_to_async(do_site_mute)(player=bo, hours=2, reason="insults", by=moderator)
    a, b = await opened(room, ana, bo)
    await b.send_json_to({"type": "chat", "phrase": "good_game"})
    assert (await next_error(b))["code"] == "chat_muted"
    await hears_nothing(a)
    assert await stored() == []
    await close(a, b)


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ({"type": "chat", "text": "x" * 201}, "chat_too_long"),
        ({"type": "chat", "text": "   "}, "chat_empty"),
        ({"type": "chat", "phrase": "you_cheat"}, "chat_bad_phrase"),
        ({"type": "chat", "text": 7}, "chat_bad_message"),
        ({"type": "chat", "phrase": "hello", "text": "both"}, "chat_bad_message"),
    ],
)
async def test_a_message_over_the_limit_is_refused_and_stored_nowhere(redis_layer, frame, code):
    room, ana, bo, _cy, _di = await table_with_spectators()
    a, b = await opened(room, ana, bo)
    await a.send_json_to(frame)
    assert (await next_error(a))["code"] == code
    await hears_nothing(b)
    assert await stored() == []
    await close(a, b)


async def test_messages_past_the_rate_are_refused_and_stored_nowhere(redis_layer):
    room, ana, bo, _cy, _di = await table_with_spectators()
    a, b, a2 = await opened(room, ana, bo, ana)  # a second tab shares the player's rate
    for n in range(RATE_COUNT):
        await (a if n % 2 else a2).send_json_to({"type": "chat", "text": f"m{n}"})
        await said(b)
    await a.send_json_to({"type": "chat", "text": "one too many"})
    assert (await next_error(a))["code"] == "chat_rate"
    await hears_nothing(b)
    assert len(await stored()) == RATE_COUNT
    await close(a, b, a2)


async def test_chat_text_goes_as_text_and_is_stored_as_said(redis_layer):
    room, ana, bo, _cy, _di = await table_with_spectators()
    a, b = await opened(room, ana, bo)
    await a.send_json_to({"type": "chat", "text": XSS})
    assert (await said(b))["text"] == XSS
    assert await stored() == [("Ana", "table", "", XSS)]
    await close(a, b)


async def test_a_blocked_player_cannot_sit_at_the_blockers_table(redis_layer):
    ana, bo = await database_sync_to_async(make_user)("Ana"), await database_sync_to_async(make_user)("Bo")

    @database_sync_to_async
    def try_to_sit():
        room = services.do_create_room(identity=me(ana), ruleset=ruleset())
        do_block(blocker=ana, blocked=bo)
        with pytest.raises(services.ServiceError) as refused:
            services.do_take_seat(room=room, identity=me(bo))
        return room, refused.value.code

    room, code = await try_to_sit()
    assert code == "blocked"
    b = await connect(f"/ws/room/{room.code}/", bo)  # watching a public table stays open
    assert (await receive_until(b, "room"))["you"] is None
    await close(b)


async def test_a_message_said_while_a_socket_opens_reaches_it_once(redis_layer):
    """The socket joins its groups before it reads the chat's history (so nothing falls in
    between): a message said in that moment is in the history and comes live as well, and the
    reader saw it twice (the browser suite caught it on a loaded machine)."""
    room, ana, bo, *_ = await table_with_spectators()
    real = chat_selectors.history_frame

    def said_meanwhile(room_, user_id, seats):
        chat_services.do_say(room=room_, identity=me(ana), phrase="good_luck")
        return real(room_, user_id, seats)

    with mock.patch.object(chat_selectors, "history_frame", said_meanwhile):
        sock = await connect(f"/ws/room/{room.code}/", bo)
        history = await receive_until(sock, "chat_history")
    assert [m["phrase"] for m in history["messages"]] == ["good_luck"]
    assert [f for f in await drain(sock) if f["type"] == "chat"] == []
    await sock.disconnect()
