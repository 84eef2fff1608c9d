"""Every process serves its Prometheus metrics on its own port (METRICS_PORT, 127.0.0.1),
never through the public site."""

import asyncio
import json
import os
import time
import urllib.error
import urllib.request

import pytest
import websockets

from games import services
from tests import servers as test_servers
from tests.games.support import make_user, me, ruleset, simple_policy
from tests.games.test_two_processes import cookie_for
from tools import servers

pytestmark = pytest.mark.django_db(transaction=True)


def scrape(port: int) -> str:
    deadline = time.monotonic() + 20
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=2) as response:
                return response.read().decode()
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def sample(text: str, name: str) -> float | None:
    """The value of the sample line `name` (with its labels, as Prometheus prints them)."""
    for line in text.splitlines():
        if line.startswith(name + " "):
            return float(line.rsplit(" ", 1)[1])
    return None


def scrape_when(port: int, name: str, value: float) -> str:
    """The metrics once `name` reads `value` (a socket closes, a sweep ends, a moment later)."""
    deadline = time.monotonic() + 20
    while sample(text := scrape(port), name) != value:
        assert time.monotonic() < deadline, f"{name} never read {value}: {sample(text, name)}"
        time.sleep(0.1)
    return text


async def play_a_little(url: str, cookie: str, code: str, metrics_port: int) -> None:
    async with websockets.connect(
        url.replace("http", "ws") + f"/ws/room/{code}/", additional_headers={"Origin": url, "Cookie": cookie}
    ) as sock:
        state = None
        while state is None:
            frame = json.loads(await asyncio.wait_for(sock.recv(), 10))
            state = frame if frame["type"] == "state" else None
        action = simple_policy(state["view"])
        await sock.send(
            json.dumps({"type": "act", "version": state["version"], "id": "a1", "action": action})
        )
        await sock.send(json.dumps({"type": "teleport"}))
        await sock.send(json.dumps({"type": "ping"}))
        while json.loads(await asyncio.wait_for(sock.recv(), 10))["type"] != "pong":
            pass
        assert sample(scrape(metrics_port), 'rummy_open_sockets{kind="room"}') == 1


def env_with(**extra: str) -> dict[str, str]:
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.test_settings",
        "DATABASE_URL": test_servers.test_database_url(),
        **extra,
    }


def test_a_web_process_counts_sockets_actions_errors_and_layer_sends_on_its_metrics_port(
    redis_layer, tmp_path
):
    ana, bo = make_user("Ana"), make_user("Bo")
    room = services.do_create_room(identity=me(ana), ruleset=ruleset())
    services.do_take_seat(room=room, identity=me(bo))
    port = servers.free_port()
    with servers.daphne(env=env_with(METRICS_PORT=str(port)), log_path=tmp_path / "d.log") as (url, _):
        asyncio.run(play_a_little(url, cookie_for(ana), room.code, port))
        text = scrape_when(port, 'rummy_open_sockets{kind="room"}', 0)  # closed by now
        with pytest.raises(urllib.error.HTTPError) as public:
            urllib.request.urlopen(f"{url}/metrics", timeout=5)
    assert public.value.code == 404
    assert sample(text, 'rummy_actions_total{command="act",outcome="ok"}') == 1
    assert sample(text, 'rummy_actions_total{command="ping",outcome="ok"}') == 1
    assert sample(text, 'rummy_actions_total{command="bad_frame",outcome="refused"}') == 1
    assert sample(text, 'rummy_action_seconds_count{command="act"}') == 1
    assert sample(text, 'rummy_action_seconds_bucket{command="act",le="+Inf"}') == 1
    assert sample(text, 'rummy_error_frames_total{code="bad_message"}') == 1
    assert sample(text, 'rummy_channel_layer_send_seconds_count{operation="group_send_many"}') >= 1
    assert sample(text, 'rummy_channel_layer_send_seconds_bucket{le="+Inf",operation="group_send_many"}') >= 1


def test_a_sweeper_reports_that_it_leads_its_lag_and_its_queues(tmp_path):
    port = servers.free_port()
    with servers.sweeper(env=env_with(METRICS_PORT=str(port)), log_path=tmp_path / "s.log", interval=0.2):
        deadline = time.monotonic() + 20
        while (
            "rummy_sweep_seconds_count" not in (text := scrape(port))
            or sample(text, "rummy_sweep_seconds_count") < 1
        ):
            assert time.monotonic() < deadline, "no sweep within 20 s"
            time.sleep(0.1)
    assert sample(text, "rummy_sweeper_lag_seconds") == 0  # no clock was due
    assert sample(text, 'rummy_sweeper_queue{kind="call_windows"}') == 0
