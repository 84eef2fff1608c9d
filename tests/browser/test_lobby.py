"""The lobby: translated, and the computer's level only where it applies."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.table_play import new_page, restore_rule_sets

pytestmark = pytest.mark.browser


def test_the_lobby_in_spanish_greys_out_the_level_for_arcade_rules(browser, server, shot):
    restore_rule_sets()
    page = new_page(browser, viewport={"width": 1280, "height": 800}, locale="es-ES")
    page.goto(server + "/play/")
    expect(page.locator("h1")).to_have_text(re.compile("^sala$", re.IGNORECASE))
    expect(page.get_by_role("button", name="Empezar una partida")).to_be_visible()
    page.select_option("#computer-ruleset", label="Gin arcade")
    expect(page.locator("#computer-level")).to_be_disabled()
    page.select_option("#computer-ruleset", label="Gin clásico")
    expect(page.locator("#computer-level")).to_be_enabled()
    shot(page, "lobby-es")
    page.set_viewport_size({"width": 360, "height": 640})
    shot(page, "lobby-phone-es")
    page.context.close()


def test_a_guest_opens_a_rummy_table_the_computer_fills_with_any_rules(browser, server, rummy_rule_sets):
    """A table waiting for people needs an account: a guest's computer players follow the
    rules chosen (every other seat), and the table opens at once."""
    page = new_page(browser, viewport={"width": 360, "height": 640})
    page.goto(server + "/play/")
    bots = page.locator("#rummy-bot_seats")
    page.select_option("#rummy-ruleset", label="German Rummy for four")
    expect(bots).to_have_value("3")
    page.select_option("#rummy-ruleset", label="German Rummy for three")
    expect(bots).to_have_value("2")
    page.get_by_role("button", name="Open the table").click()
    expect(page.locator("#hand-you .card").first).to_be_visible()  # dealt: not the sign-in page
    assert not page.errors, page.errors
    page.context.close()
