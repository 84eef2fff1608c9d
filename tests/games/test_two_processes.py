"""Two Daphne processes, one player on each, play a whole hand through Redis."""

import asyncio
import json

import pytest
import websockets
from django.conf import settings
from django.test import Client

from games import services
from tests.games.support import first_deal, make_user, me, ruleset, simple_policy
from tests.servers import daphne

pytestmark = pytest.mark.django_db(transaction=True)


def cookie_for(user) -> str:
    client = Client()
    client.force_login(user)
    return f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"


async def play_one_hand(urls, cookies, code) -> list[dict]:
    async def next_state(sock):
        while True:
            frame = json.loads(await asyncio.wait_for(sock.recv(), 10))
            if frame["type"] == "state":
                return frame

    sockets = [
        await websockets.connect(
            url.replace("http", "ws") + f"/ws/room/{code}/",
            additional_headers={"Origin": url, "Cookie": cookie},
        )
        for url, cookie in zip(urls, cookies, strict=True)
    ]
    latest = [await next_state(s) for s in sockets]
    for n in range(500):
        view = latest[0]["view"]
        if view["phase"] not in ("upcard", "draw", "discard"):
            break
        seat = view["turn"]
        await sockets[seat].send(
            json.dumps(
                {
                    "type": "act",
                    "version": latest[seat]["version"],
                    "id": f"x{n}",
                    "action": simple_policy(latest[seat]["view"]),
                }
            )
        )
        latest = [await next_state(s) for s in sockets]
    for sock in sockets:
        await sock.close()
    return latest


def test_one_player_on_each_process_plays_a_whole_hand(redis_layer, tmp_path):
    ana, bo = make_user("Ana"), make_user("Bo")
    # A fixed deal for a reproducible run (a hand between two plain players ends on any deal).
    with first_deal(bytes(16)):
        room = services.do_create_room(identity=me(ana), ruleset=ruleset())
        services.do_take_seat(room=room, identity=me(bo))
    cookies = [cookie_for(ana), cookie_for(bo)]
    with daphne(log_path=tmp_path / "a.log") as url_a, daphne(log_path=tmp_path / "b.log") as url_b:
        final = asyncio.run(play_one_hand([url_a, url_b], cookies, room.code))
    views = [f["view"] for f in final]
    assert views[0]["phase"] in ("hand_over", "match_over")
    assert views[0]["history"] == views[1]["history"] and len(views[0]["history"]) == 1
    assert final[0]["version"] == final[1]["version"]
