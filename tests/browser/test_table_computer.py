"""A hand against the computer, played by clicking, from sign-up to the hand's result and the next deal."""

import pytest

from tests.browser.table_play import (
    hand,
    new_page,
    restore_rule_sets,
    start_computer_game,
    start_quick_arcade_game,
    wait_for_my_turn,
)

pytestmark = pytest.mark.browser


def test_sign_up_and_play_a_hand_to_the_knock(browser, server, shot):
    restore_rule_sets()
    page = new_page(browser, viewport={"width": 1280, "height": 800})
    start_quick_arcade_game(page, server, "Ada Deco")
    assert len(hand(page)) == 10
    assert page.locator("#hand-them .card.back").count() == 10
    shot(page, "table-computer-deal")

    # The first draw shows the hint and lights the selected card.
    page.locator("#stock").click()
    page.wait_for_selector("#turn-line:text-is('Your turn: discard a card')")
    assert len(hand(page)) == 11
    first = page.locator("#hand-you .card").first
    first.click()
    assert "selected" in first.get_attribute("class")
    assert first.get_attribute("aria-pressed") == "true"
    assert "after discarding" in page.locator("#deadwood").inner_text()
    shot(page, "table-computer-selected")
    first.click()  # tapped again: discarded, and on this deal the computer knocks at once
    assert not wait_for_my_turn(page), page.errors
    dialog = page.locator("#hand-end")
    text = dialog.inner_text().lower()
    assert any(kind in text for kind in ("knock", "gin!", "undercut!"))
    assert text.count("deadwood") >= 2  # both totals
    assert "points" in text and "score" in text
    assert dialog.locator(".result-hand").count() == 2
    shot(page, "table-computer-hand-end")

    dialog.get_by_role("button", name="Next hand").click()
    dialog.wait_for(state="hidden")
    page.wait_for_function("() => document.querySelectorAll('#hand-you .card').length >= 10")
    assert not page.errors
    page.context.close()


def test_drag_to_reorder_sort_again_and_drag_onto_the_pile(browser, server, shot):
    restore_rule_sets()
    page = new_page(browser, viewport={"width": 1280, "height": 800})
    start_computer_game(page, server, rules="Arcade Gin")
    page.locator("#stock").click()
    page.wait_for_selector("#turn-line:text-is('Your turn: discard a card')")
    sorted_hand = hand(page)

    cards = page.locator("#hand-you .card")
    cards.nth(0).drag_to(cards.nth(4), target_position={"x": 60, "y": 40})
    moved = hand(page)
    assert moved != sorted_hand and sorted(moved) == sorted(sorted_hand)
    assert moved.index(sorted_hand[0]) == 4
    page.get_by_role("button", name="Sort into melds").click()
    assert hand(page) == sorted_hand

    code = sorted_hand[-1]
    page.locator(f'#hand-you [data-card="{code}"]').drag_to(page.locator("#discard"))
    page.wait_for_function(f"() => !document.querySelector('#hand-you [data-card=\"{code}\"]')")
    assert wait_for_my_turn(page)
    assert not page.errors
    page.context.close()
