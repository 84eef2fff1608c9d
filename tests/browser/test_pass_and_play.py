"""Pass-and-play: two players on one device, each hand hidden until its player reveals it."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.table_play import hand, new_page, restore_rule_sets

pytestmark = pytest.mark.browser


def test_two_players_share_a_device_and_never_see_each_others_hand(browser, server, shot):
    restore_rule_sets()
    page = new_page(browser)
    page.goto(server + "/play/")
    page.select_option("#local-ruleset", label="Classic Gin")
    page.get_by_role("button", name="Play on this device").click()
    page.wait_for_selector("#hand-you [data-card]")  # the first player holds the device
    first = hand(page)
    assert len(first) == 10
    page.get_by_role("button", name="Pass").click()
    handoff = page.locator("#handoff")
    handoff.wait_for(state="visible")
    expect(page.locator("#handoff-title")).to_have_text("Pass the device to Player 2")
    # Behind the screen: no card and no deadwood of either hand (the next player's frames
    # arrive now, and wait until the hand is revealed).
    expect(page.locator("#deadwood")).to_be_hidden()
    expect(page.locator("#hand-you [data-card]:visible")).to_have_count(0)
    expect(page.locator("#hand-you [data-card]")).to_have_count(10)  # the first player's, hidden
    assert hand(page) == first
    shot(page, "pass-and-play-handoff")
    page.get_by_role("button", name="Reveal my hand").click()
    page.wait_for_function("() => document.querySelectorAll('#hand-you [data-card]').length === 10")
    second = hand(page)
    assert not set(first) & set(second)
    expect(page.locator("#deadwood")).to_have_text(re.compile(r"^Deadwood \d+"))
    shot(page, "pass-and-play-second")
    assert not page.errors
    page.context.close()
