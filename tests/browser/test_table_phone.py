"""The table on a 360 x 640 phone: cards never below 44 x 66 px, the hand row scrolls."""

import pytest

from tests.browser.table_play import check_phone_hand, hand, new_page, restore_rule_sets, start_computer_game

pytestmark = pytest.mark.browser


def test_phone_cards_keep_their_size_and_the_hand_scrolls(browser, server, shot):
    restore_rule_sets()
    page = new_page(browser, viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True)
    start_computer_game(page, server, rules="Classic Gin", level="Easy")
    shot(page, "table-phone-deal")
    assert page.evaluate("getComputedStyle(document.documentElement).touchAction") == "manipulation"
    assert "user-scalable=no" not in page.locator("meta[name=viewport]").get_attribute("content")

    # Classic rules open with the upcard offer: pass, by tapping.
    page.get_by_role("button", name="Pass").tap()
    page.wait_for_selector("#turn-line:has-text('Your turn: draw')")
    page.locator("#stock").tap()
    page.wait_for_selector("#turn-line:text-is('Your turn: discard a card')")
    assert len(hand(page)) == 11

    check_phone_hand(page)
    last = page.locator("#hand-you .card").last
    last.tap()
    assert last.get_attribute("aria-pressed") == "true"
    shot(page, "table-phone-selected")
    assert not page.errors
    page.context.close()
