"""A table waiting for its players: its seats and who is coming, play disabled, the invitation
link in full with a copy button; when the last person sits down the game starts in place
(the waiting panel, the invitation and Leave go without a reload)."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.table_play import create_room, new_page, restore_rule_sets, sign_up

pytestmark = pytest.mark.browser

CONTROLS = "#controls button:not([hidden])"


def test_a_private_rummy_table_waits_with_play_disabled_then_starts_in_place(
    browser, server, shot, rummy_rule_sets
):
    ana = new_page(browser, viewport={"width": 360, "height": 640})
    ana.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    sign_up(ana, server, "Ana Waiting")
    room = create_room(
        "Ana Waiting", ruleset="rummy-three", bot="easy", bot_seats=1, rounds=1, is_private=True
    )
    ana.goto(f"{server}/r/{room.code}/")

    seats = ana.locator("#waiting-seats li")
    expect(seats).to_have_text(
        ["Seat 1: Ana Waiting (you)", "Seat 2: free: waiting for a player", "Seat 3: Easy (computer)"]
    )
    buttons = ana.locator(CONTROLS)
    expect(buttons).to_have_count(7)
    for i in range(7):
        expect(buttons.nth(i)).to_be_disabled()
    expect(ana.locator("#stock")).to_be_disabled()
    expect(ana.locator(".pile-list")).to_be_hidden()  # no stray "▸" on an empty felt

    link = ana.locator("#invite-link")
    url = f"{server}/r/{room.code}/invite/{room.invite_token}/"
    expect(link).to_have_text(url)
    box, screen = link.bounding_box(), ana.viewport_size
    assert box["x"] >= 0 and box["x"] + box["width"] <= screen["width"], box  # all of it in view
    ana.get_by_role("button", name="Copy the link").click()
    expect(ana.locator("#copy-status")).to_have_text(re.compile("^Link copied|^The link is selected"))
    if ana.locator("#copy-status").text_content().startswith("Link copied"):
        assert ana.evaluate("navigator.clipboard.readText()") == url
    assert ana.evaluate("document.documentElement.scrollWidth") <= screen["width"]
    shot(ana, "waiting-table")

    bo = new_page(browser, viewport={"width": 1280, "height": 800})
    sign_up(bo, server, "Bo Coming")
    bo.goto(url)
    bo.get_by_role("button", name="Take a seat").click()

    for page in (ana, bo):  # Ana's page was not reloaded: it follows the room's frames
        expect(page.locator("#hand-you .card")).to_have_count(13, timeout=15000)
        expect(page.locator("#waiting")).to_have_count(0)
        expect(page.locator("#invite-link")).to_have_count(0)
        expect(page.get_by_role("button", name="Leave")).to_have_count(0)
        expect(page.get_by_role("button", name="Sort into melds")).to_be_enabled()
    assert not ana.errors and not bo.errors, ana.errors + bo.errors
    ana.context.close()
    bo.context.close()


def test_a_spectator_sees_who_is_at_a_waiting_gin_table_and_cannot_play(browser, server):
    restore_rule_sets()
    host = new_page(browser)
    sign_up(host, server, "Host Gin")
    room = create_room("Host Gin", ruleset="gin-classic")
    host.goto(f"{server}/r/{room.code}/")
    expect(host.locator("#waiting-seats li")).to_have_text(
        ["Seat 1: Host Gin (you)", "Seat 2: free: waiting for a player"]
    )
    for name in (
        "Discard",
        "Knock",
        "Sort into melds",
        "Move the selected card left",
        "Move the selected card right",
    ):
        expect(host.get_by_role("button", name=name, exact=True)).to_be_disabled()
    expect(host.get_by_role("button", name="Copy the link")).to_have_count(
        0
    )  # a public room: the lobby lists it

    guest = new_page(browser)
    guest.goto(f"{server}/r/{room.code}/")
    expect(guest.locator("#waiting-seats li").first).to_have_text(
        re.compile("^Seat 1: Host Gin, (here|on the way)$")
    )
    expect(guest.get_by_role("button", name="Discard", exact=True)).to_be_disabled()
    assert not host.errors and not guest.errors
    host.context.close()
    guest.context.close()
