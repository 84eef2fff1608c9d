"""A turn played with the keyboard alone."""

import pytest
from playwright.sync_api import expect

from tests.browser.table_play import (
    CALM_ARCADE_DEAL,
    expect_my_turn,
    hand,
    new_page,
    restore_rule_sets,
    start_known_game,
)

pytestmark = pytest.mark.browser

FOCUS = "() => { const a = document.activeElement; return a.id || (a.dataset.card ? 'card:' + a.dataset.card : a.tagName); }"


def tab_to(page, wanted, limit=30):
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUS).startswith(wanted):
            return
    raise AssertionError(f"Tab never reached {wanted}")


def test_a_turn_by_keyboard_alone(browser, server, shot):
    restore_rule_sets()
    # With the animations on: the replay of the computer's moves must not get in the way.
    page = new_page(browser, viewport={"width": 1280, "height": 800}, animations=True)
    start_known_game(page, server, CALM_ARCADE_DEAL)
    page.locator("h1").click()  # put focus in the page, as a reader starting at the top
    cards = page.locator("#hand-you .card")

    tab_to(page, "stock")
    page.keyboard.press("Enter")
    expect_my_turn(page, ": discard a card")
    expect(cards).to_have_count(11)

    tab_to(page, "card:")  # the hand is one tab stop
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    code = page.evaluate(FOCUS).removeprefix("card:")
    page.keyboard.press("Enter")
    expect(page.locator(f'#hand-you [data-card="{code}"]')).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Shift+ArrowLeft")
    expect(cards.nth(1)).to_have_attribute("data-card", code)
    expect(cards.nth(1)).to_be_focused()
    shot(page, "table-keyboard-selected")
    page.keyboard.press("Enter")  # again: discard
    expect_my_turn(page)  # on this deal the computer cannot knock first
    expect(cards).to_have_count(10)
    assert code not in hand(page)

    page.keyboard.press("s")  # the shortcut draws from the stock
    expect_my_turn(page, ": discard a card")
    expect(cards).to_have_count(11)
    assert not page.errors
    page.context.close()
