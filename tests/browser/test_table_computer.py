"""A hand against the computer, played by clicking, from sign-up to the hand's result and the next deal."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.table_play import (
    CALM_ARCADE_DEAL,
    QUICK_ARCADE_DEAL,
    expect_my_turn,
    hand,
    new_page,
    restore_rule_sets,
    start_known_game,
)

pytestmark = pytest.mark.browser


def test_sign_up_and_play_a_hand_to_the_knock(browser, server, shot):
    restore_rule_sets()
    page = new_page(browser, viewport={"width": 1280, "height": 800})
    start_known_game(page, server, QUICK_ARCADE_DEAL, name="Ada Deco")
    expect(page.locator("#hand-you .card")).to_have_count(10)
    expect(page.locator("#hand-them .card.back")).to_have_count(10)
    shot(page, "table-computer-deal")

    # The first draw shows the hint and lights the selected card.
    page.locator("#stock").click()
    expect_my_turn(page, ": discard a card")
    expect(page.locator("#hand-you .card")).to_have_count(11)
    first = page.locator("#hand-you .card").first
    first.click()
    expect(first).to_have_class(re.compile(r"\bselected\b"))
    expect(first).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#deadwood")).to_contain_text("after discarding")
    shot(page, "table-computer-selected")
    first.click()  # tapped again: discarded, and on this deal the computer knocks at once
    dialog = page.locator("#hand-end")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text(re.compile("knock|gin!|undercut!", re.IGNORECASE))
    expect(dialog).to_contain_text(re.compile("deadwood.*deadwood", re.IGNORECASE | re.DOTALL))  # both totals
    expect(dialog).to_contain_text(re.compile("points", re.IGNORECASE))
    expect(dialog).to_contain_text(re.compile("score", re.IGNORECASE))
    expect(dialog.locator(".result-hand")).to_have_count(2)
    shot(page, "table-computer-hand-end")

    dialog.get_by_role("button", name="Next hand").click()
    expect(dialog).to_be_hidden()
    expect(page.locator("#hand-you .card").nth(9)).to_be_visible()  # ten cards at least: dealt again
    assert not page.errors
    page.context.close()


def test_drag_to_reorder_sort_again_and_drag_onto_the_pile(browser, server, shot):
    restore_rule_sets()
    page = new_page(browser, viewport={"width": 1280, "height": 800})
    start_known_game(page, server, CALM_ARCADE_DEAL)
    page.locator("#stock").click()
    expect_my_turn(page, ": discard a card")
    sorted_hand = hand(page)

    cards = page.locator("#hand-you .card")
    cards.nth(0).drag_to(cards.nth(4), target_position={"x": 60, "y": 40})
    expect(cards.nth(4)).to_have_attribute("data-card", sorted_hand[0])
    moved = hand(page)
    assert moved != sorted_hand and sorted(moved) == sorted(sorted_hand)
    page.get_by_role("button", name="Sort into melds").click()
    expect(cards.nth(0)).to_have_attribute("data-card", sorted_hand[0])
    assert hand(page) == sorted_hand

    code = sorted_hand[-1]
    page.locator(f'#hand-you [data-card="{code}"]').drag_to(page.locator("#discard"))
    expect(page.locator(f'#hand-you [data-card="{code}"]')).to_have_count(0)
    expect_my_turn(page)  # on this deal the computer cannot knock first
    assert not page.errors
    page.context.close()
