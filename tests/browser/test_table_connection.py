"""The table says its connection is open only once the server has answered on it: by then the
server counts the socket at its seat (the opponents see it online) and has sent it the table as
it stands.  A handshake alone is not enough, and a test that closes a page "once open" relies
on it (test_table_claim)."""

import json
import re
import time

import pytest
from playwright.sync_api import expect

from tests.browser.table_play import (
    CALM_ARCADE_DEAL,
    new_page,
    restore_rule_sets,
    sign_up,
    start_computer_game,
    start_known_game,
)

pytestmark = pytest.mark.browser


def test_the_connection_is_open_once_the_servers_first_frame_has_come(browser, server):
    restore_rule_sets()
    page = new_page(browser, viewport={"width": 1280, "height": 800})
    sign_up(page, server)
    held, sockets = [], []

    def hold_the_servers_frames(ws):
        to_server = ws.connect_to_server()
        to_server.on_message(lambda frame: held.append(frame))
        sockets.append(ws)

    page.route_web_socket(re.compile("/ws/room/"), hold_the_servers_frames)
    start_computer_game(page, server)
    deadline = time.monotonic() + 20
    while not held:  # the handshake is done and the server has answered: nothing reached the page
        assert time.monotonic() < deadline, "the server never answered"
        page.wait_for_timeout(50)
    expect(page.locator("#table")).to_have_attribute("data-connection", "connecting")  # held: stays so

    (ws,) = sockets
    for frame in held:
        ws.send(frame)
    expect(page.locator("#table")).to_have_attribute("data-connection", "open")
    assert not page.errors
    page.context.close()


def test_the_table_pings_only_after_fifteen_seconds_of_sending_nothing(browser, server):
    """A ping tells the server (and any proxy) that the player is still there; a move tells it
    as well, so a player making moves sends no pings, each of which wakes a server process.
    The frames reach the test in the order the page sent them: when an awaited one has come,
    any sent before it has been counted."""
    restore_rule_sets()
    page = new_page(browser, viewport={"width": 1280, "height": 800})
    page.clock.install()  # the page's timers run on a clock the test moves on
    sent, sockets = [], []

    def record(ws):
        if "/ws/room/" in ws.url:
            sockets.append(ws)
            ws.on("framesent", lambda payload: sent.append(json.loads(payload)["type"]))

    def sends(kind):
        return sockets[-1].expect_event("framesent", lambda payload: json.loads(payload)["type"] == kind)

    page.on("websocket", record)
    start_known_game(page, server, CALM_ARCADE_DEAL)
    expect(page.locator("#table")).to_have_attribute("data-connection", "open")
    page.clock.fast_forward(10_000)  # whatever the page sent on opening, less than 15 s ago
    with sends("ping"):
        page.clock.fast_forward(6_000)  # then nothing for 15 s: a ping
    assert sent.count("ping") == 1  # and none before it
    page.clock.fast_forward(12_000)
    with sends("act"):
        page.locator("#stock").click()  # a move, 12 s after the ping: no ping is due 15 s after it
    expect(page.locator("#turn-line")).to_have_text("Your turn: discard a card")
    page.clock.fast_forward(10_000)  # (a ping every 15 s would go now, 3 s after the move)
    with sends("ping"):
        page.clock.fast_forward(6_000)
    assert sent.count("ping") == 2
    assert not page.errors
    page.context.close()
