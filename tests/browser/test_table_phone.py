"""The table on a 360 x 640 phone: cards never below 44 x 66 px, the hand row scrolls."""

import pytest
from playwright.sync_api import expect

from tests.browser.table_play import (
    check_phone_hand,
    expect_my_turn,
    new_page,
    restore_rule_sets,
    start_known_game,
)
from tests.deals import Calm, Deal, Table

pytestmark = pytest.mark.browser

PHONE_DEAL = Deal(
    Table("gin-classic", bot="easy", bot_seeds=20),
    bytes(16),
    Calm(2),
    why="after the player passes the upcard, their draw comes: on a random deal the computer "
    "may take the upcard and knock at once",
)


def test_phone_cards_keep_their_size_and_the_hand_scrolls(browser, server, shot):
    restore_rule_sets()
    page = new_page(browser, viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True)
    start_known_game(page, server, PHONE_DEAL)
    shot(page, "table-phone-deal")
    assert page.evaluate("getComputedStyle(document.documentElement).touchAction") == "manipulation"
    assert "user-scalable=no" not in page.locator("meta[name=viewport]").get_attribute("content")

    # Classic rules open with the upcard offer: pass, by tapping.
    page.get_by_role("button", name="Pass").tap()
    expect_my_turn(page, ": draw")
    page.locator("#stock").tap()
    expect_my_turn(page, ": discard a card")
    expect(page.locator("#hand-you .card")).to_have_count(11)

    check_phone_hand(page)
    last = page.locator("#hand-you .card").last
    last.tap()
    expect(last).to_have_attribute("aria-pressed", "true")
    shot(page, "table-phone-selected")
    assert not page.errors
    page.context.close()
