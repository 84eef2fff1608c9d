"""The table says its connection is open only once the server has answered on it: by then the
server counts the socket at its seat (the opponents see it online) and has sent it the table as
it stands.  A handshake alone is not enough, and a test that closes a page "once open" relies
on it (test_table_claim)."""

import re
import time

import pytest
from playwright.sync_api import expect

from tests.browser.table_play import new_page, restore_rule_sets, sign_up, start_computer_game

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
