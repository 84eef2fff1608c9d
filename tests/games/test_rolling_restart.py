"""A SIGTERM drains a Daphne process (config/serve.py): its sockets close with 4012, reconnect
to the other process and play on, no action lost or applied twice."""

import asyncio
import json
import os
import signal

import pytest
import websockets
from websockets.exceptions import ConnectionClosed

from games import services
from games.replays import is_consistent
from tests import servers as test_servers
from tests.games.support import first_deal, make_user, me, ruleset, simple_policy
from tests.games.test_two_processes import cookie_for
from tools import servers

pytestmark = pytest.mark.django_db(transaction=True)

# The drain comes at the 7th action: on this deal the plain players' hand lasts longer. On a
# random one it may not (13 deals in 2000 end in a knock within 6 actions, e.g. seed 66), and
# then process A is never drained: no 4012, and its wait times out.
LONG_HAND_SEED = bytes(16)


class Player:
    """A table socket that, closed with 4012, reconnects to the next server at once and resends
    its unacknowledged action, as static/js/socket.js does."""

    def __init__(self, urls: list[str], cookie: str, code: str):
        self.urls, self.cookie, self.code = urls, cookie, code
        self.latest: dict | None = None
        self.pending: dict | None = None
        self.close_codes: list[int] = []

    async def connect(self):
        url = self.urls[0]
        self.sock = await websockets.connect(
            url.replace("http", "ws") + f"/ws/room/{self.code}/",
            additional_headers={"Origin": url, "Cookie": self.cookie},
        )
        if self.pending:
            await self.sock.send(json.dumps(self.pending))

    async def reconnect(self, closed: ConnectionClosed):
        code = closed.rcvd.code if closed.rcvd else 1006
        self.close_codes.append(code)
        assert code == 4012, f"closed with {code}, not a restart"
        self.urls = self.urls[1:] + self.urls[:1]
        await self.connect()

    async def act(self, frame: dict):
        self.pending = frame
        try:
            await self.sock.send(json.dumps(frame))
        except ConnectionClosed as closed:
            await self.reconnect(closed)

    async def state_after(self, version: int) -> dict:
        while True:
            try:
                frame = json.loads(await asyncio.wait_for(self.sock.recv(), 15))
            except ConnectionClosed as closed:
                await self.reconnect(closed)
                continue
            if frame["type"] == "ack" and self.pending and frame["id"] == self.pending["id"]:
                self.pending = None
            if frame["type"] == "state" and frame["version"] > version:
                self.latest = frame
                return frame


async def play_through_a_restart(players: list[Player], drain) -> int:
    for player in players:
        await player.connect()
    version = min([(await p.state_after(0))["version"] for p in players])
    sent = 0
    for n in range(500):
        view = players[0].latest["view"]
        if view["phase"] not in ("upcard", "draw", "discard"):
            break
        seat = view["turn"]
        mover = players[seat]
        await mover.act(
            {"type": "act", "version": version, "id": f"x{n}", "action": simple_policy(mover.latest["view"])}
        )
        sent += 1
        if n == 6:
            drain()  # the action just sent is in flight as the process drains
        version = min([(await p.state_after(version))["version"] for p in players])
    for player in players:
        await player.sock.close()
    return sent


def test_sigterm_moves_a_processes_sockets_to_the_other_and_loses_no_action(redis_layer, tmp_path):
    ana, bo = make_user("Ana"), make_user("Bo")
    with first_deal(LONG_HAND_SEED):
        room = services.do_create_room(identity=me(ana), ruleset=ruleset())
        services.do_take_seat(room=room, identity=me(bo))
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.test_settings",
        "DATABASE_URL": test_servers.test_database_url(),
    }
    with (
        servers.daphne(env=env, log_path=tmp_path / "a.log") as (url_a, process_a),
        servers.daphne(env=env, log_path=tmp_path / "b.log") as (url_b, _),
    ):
        # Ana's socket lives on A and moves to B; Bo's stays on B.
        players = [
            Player([url_a, url_b], cookie_for(ana), room.code),
            Player([url_b], cookie_for(bo), room.code),
        ]
        sent = asyncio.run(play_through_a_restart(players, lambda: os.kill(process_a.pid, signal.SIGTERM)))
        assert process_a.wait(timeout=20) == 0  # drained and gone, not killed
    assert players[0].close_codes == [4012] and players[1].close_codes == []
    match = room.matches.get()
    played = match.moves.filter(actor="player").values_list("client_id", flat=True)
    assert sorted(played) == sorted(f"x{n}" for n in range(sent))
    assert is_consistent(match)
    assert players[0].latest["view"]["history"] == players[1].latest["view"]["history"]
