"""A turn played with the keyboard alone."""

import pytest

from tests.browser.table_play import hand, new_page, restore_rule_sets, start_computer_game, wait_for_my_turn

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
    start_computer_game(page, server, rules="Arcade Gin")
    page.locator("h1").click()  # put focus in the page, as a reader starting at the top

    tab_to(page, "stock")
    page.keyboard.press("Enter")
    page.wait_for_selector("#turn-line:text-is('Your turn: discard a card')")
    assert len(hand(page)) == 11

    tab_to(page, "card:")  # the hand is one tab stop
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    code = page.evaluate(FOCUS).removeprefix("card:")
    page.keyboard.press("Enter")
    assert page.locator(f'#hand-you [data-card="{code}"]').get_attribute("aria-pressed") == "true"
    page.keyboard.press("Shift+ArrowLeft")
    assert hand(page).index(code) == 1
    assert page.evaluate(FOCUS) == f"card:{code}"
    shot(page, "table-keyboard-selected")
    page.keyboard.press("Enter")  # again: discard
    assert wait_for_my_turn(page)
    assert code not in hand(page) and len(hand(page)) == 10

    page.keyboard.press("s")  # the shortcut draws from the stock
    page.wait_for_selector("#turn-line:text-is('Your turn: discard a card')")
    assert len(hand(page)) == 11
    assert not page.errors
    page.context.close()
