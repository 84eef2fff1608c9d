"""Two people chat at an online table: a quick phrase (in each reader's language) and free
text (shown as text, never markup), kept on reload.  Nobody plays a card, so the table's
random deal plays no part."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.table_play import new_page, restore_rule_sets, sign_up

pytestmark = pytest.mark.browser

XSS = "<img src=x onerror=alert(1)> see https://example.com"


def seat_both_at_a_classic_table(ana, bo, server):
    """Ana opens a Classic Gin table and Bo takes its other seat; both tables' sockets open."""
    ana.goto(server + "/play/")
    ana.select_option("#room-ruleset", label="Classic Gin")
    ana.get_by_role("button", name="Create").click()
    expect(ana.locator("#table")).to_have_attribute("data-connection", "open")
    bo.goto(ana.url)
    bo.locator("#sit-form button").click()
    for page in (ana, bo):
        expect(page.locator("#hand-you .card")).to_have_count(10)
        # The hand is drawn from the page before its socket opens; a message said before Bo's
        # socket opened would come in the chat's history, which counts as read, not unread.
        expect(page.locator("#table")).to_have_attribute("data-connection", "open")


def test_two_players_chat_at_a_table_and_a_reload_keeps_it(browser, server, shot):
    restore_rule_sets()
    ana = new_page(browser, viewport={"width": 1280, "height": 800})
    bo = new_page(browser, viewport={"width": 360, "height": 640})  # a phone
    sign_up(ana, server, "Ana Chat")
    sign_up(bo, server, "Bo Chat")
    bo.context.add_cookies([{"name": "django_language", "value": "es", "url": server}])  # Bo reads Spanish
    seat_both_at_a_classic_table(ana, bo, server)

    ana.locator("#open-chat").click()
    expect(ana.locator("#chat-title")).to_have_text("Players' chat")
    ana.locator(".chat-phrase[data-phrase='good_game']").click()
    ana.fill("#chat-text", XSS)
    ana.locator("#chat-form button[type=submit]").click()
    expect(ana.locator("#chat-log .chat-said")).to_have_text(["Good game", XSS])

    expect(bo.locator("#open-chat .chat-unread")).to_have_text("2")
    # On the phone the button shows its icon alone, drawn (no emoji font needed), and keeps its name.
    expect(bo.locator("#open-chat svg.icon")).to_be_visible()
    expect(bo.locator("#open-chat")).to_have_accessible_name(re.compile("^Chat"))
    bo.locator("#open-chat").click()
    expect(bo.locator("#chat-title")).to_have_text("Chat de los jugadores")
    lines = bo.locator("#chat-log .chat-said")
    expect(lines).to_have_text(["Buena partida", XSS])
    expect(bo.locator("#chat-log img, #chat-log a[href^='https']")).to_have_count(0)
    hand_top = bo.locator("#hand-you").bounding_box()["y"]
    assert bo.locator("#chat").bounding_box()["y"] + bo.locator("#chat").bounding_box()["height"] <= hand_top
    shot(bo, "table-chat-phone")

    bo.fill("#chat-text", "¿Otra?")
    bo.keyboard.press("Enter")
    expect(ana.locator("#chat-log .chat-said")).to_have_text(["Good game", XSS, "¿Otra?"])

    bo.reload()
    bo.locator("#open-chat").click()
    expect(bo.locator("#chat-log .chat-said")).to_have_text(["Buena partida", XSS, "¿Otra?"])
    expect(bo.locator("#chat-log .chat-author").first).to_have_text(re.compile("^Ana Chat"))
    assert not ana.errors and not bo.errors
    ana.context.close()
    bo.context.close()


def test_what_was_said_while_a_socket_was_down_comes_back_unread(browser, server):
    """Bo's connection drops and stays down while Ana speaks: the messages come back in the
    chat's history when Bo's table reconnects, and the badge counts them as unread."""
    restore_rule_sets()
    down = {"now": False}
    opened = []

    def route(ws):
        if down["now"]:
            ws.close()  # the server is out of reach: the table tries again, with backoff
            return
        ws.connect_to_server()
        opened.append(ws)

    ana = new_page(browser, viewport={"width": 1280, "height": 800})
    bo = new_page(browser, viewport={"width": 1280, "height": 800})
    bo.route_web_socket(re.compile("/ws/room/"), route)
    sign_up(ana, server, "Ana Talks")
    sign_up(bo, server, "Bo Drops")
    seat_both_at_a_classic_table(ana, bo, server)

    ana.locator("#open-chat").click()
    ana.locator(".chat-phrase[data-phrase='good_game']").click()
    expect(bo.locator("#open-chat .chat-unread")).to_have_text("1")  # live
    down["now"] = True
    opened[-1].close()
    expect(bo.locator("#table")).to_have_attribute("data-connection", "reconnecting")
    expect(ana.locator("#plate-them .presence.off")).to_be_visible()  # Bo's socket is gone
    ana.fill("#chat-text", "Still there?")
    ana.locator("#chat-form button[type=submit]").click()
    ana.fill("#chat-text", "Hello?")
    ana.locator("#chat-form button[type=submit]").click()
    expect(ana.locator("#chat-log .chat-said")).to_have_count(3)
    down["now"] = False
    expect(bo.locator("#table")).to_have_attribute("data-connection", "open", timeout=30000)
    expect(bo.locator("#open-chat .chat-unread")).to_have_text("3")
    bo.locator("#open-chat").click()
    expect(bo.locator("#chat-log .chat-said")).to_have_text(["Good game", "Still there?", "Hello?"])
    expect(bo.locator("#open-chat .chat-unread")).to_be_hidden()
    assert not ana.errors and not bo.errors
    ana.context.close()
    bo.context.close()
