"""Two people at one online table, each in their own browser context."""

import json

import pytest
from playwright.sync_api import expect

from tests.browser.table_play import hand, new_page, play_turn, restore_rule_sets, sign_up, wait_for_my_turn

pytestmark = pytest.mark.browser


def test_two_players_play_a_hand_and_see_only_their_own_cards(browser, server, shot):
    restore_rule_sets()
    ana = new_page(browser, viewport={"width": 1280, "height": 800})
    bo = new_page(browser, viewport={"width": 1280, "height": 800})
    sign_up(ana, server, "Ana Online")
    sign_up(bo, server, "Bo Online")

    ana.goto(server + "/play/")
    bo.goto(server + "/play/")
    # Classic: its hand ends at the latest when two cards are left in the stock (arcade's
    # stock recycles, and two greedy players could throw back the same cards for ever).
    ana.select_option("#room-ruleset", label="Classic Gin")
    ana.get_by_role("button", name="Create").click()
    ana.wait_for_selector("#turn-line:text-is('Waiting for an opponent to join')")

    # The lobby's list is live: Bo's page shows the room without reloading.
    bo.locator("#rooms a", has_text="Join").click()
    bo.get_by_role("button", name="Take a seat").click()
    for page in (ana, bo):  # the whole hand drawn before it is read
        expect(page.locator("#hand-you [data-card]")).to_have_count(10)

    cards = {"ana": set(hand(ana)), "bo": set(hand(bo))}
    assert not cards["ana"] & cards["bo"]
    for page, other in ((ana, cards["bo"]), (bo, cards["ana"])):
        expect(page.locator("#hand-them .back")).to_have_count(10)
        expect(page.locator("#hand-them .face")).to_have_count(0)
        shown = set(page.eval_on_selector_all("[data-card]", "els => els.map(e => e.dataset.card)"))
        assert not shown & other
        embedded = json.dumps(json.loads(page.locator("#game-state").text_content() or "null"))
        assert not [code for code in other if f'"{code}"' in embedded]
    shot(ana, "table-online-ana")
    shot(bo, "table-online-bo")

    # Ana (seat 0, the dealer's opponent) is offered the upcard first; from then on the turn
    # passes from one to the other (a pass, or a draw and a discard) until the hand ends.
    for turn in range(80):
        mover = (ana, bo)[turn % 2]
        if not wait_for_my_turn(mover):
            break
        play_turn_without_waiting(mover)
    for page in (ana, bo):
        expect(page.locator("#hand-end")).to_be_visible()
        expect(page.locator("#hand-end .result-hand")).to_have_count(2)
    shot(ana, "table-online-hand-end")
    assert not ana.errors and not bo.errors
    ana.context.close()
    bo.context.close()


def play_turn_without_waiting(page):
    """One turn; the other player's page is polled by the loop, not awaited here."""
    play_turn(page, wait=False)
    page.wait_for_function("() => !document.getElementById('table').classList.contains('busy')")
