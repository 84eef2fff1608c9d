"""The German Rummy table: one person and two bots play a whole round by clicking; the table
on a 360 x 640 phone; a turn by keyboard alone; axe-core on the table and its round end."""

from pathlib import Path

import pytest

from games.models import RuleSet
from tests.browser.table_play import new_page

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[2] / "node_modules/axe-core/axe.min.js"
RUN_AXE = """async () => (await axe.run(document, { resultTypes: ["violations"] })).violations
  .filter((v) => v.impact === "serious" || v.impact === "critical")
  .map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.target.join(" ")).slice(0, 5) }))"""
MY_TURN_OR_END = """() => document.getElementById("hand-end").open
  || (!document.getElementById("table").classList.contains("busy")
      && document.getElementById("turn-line").textContent.startsWith("Your turn"))"""
PLAY_STEP = "#turn-line:text-matches('^Your turn: (come out|lay down)')"


@pytest.fixture
def three_seats(transactional_db):
    RuleSet.objects.create(
        slug="rummy-three", name="German Rummy for three", name_es="Rommé a tres", family="rummy", seats=3
    )


def open_table(page, server, *, rounds="1"):
    """A guest opens a 3-seat table with two computer players from the lobby's rummy panel."""
    page.goto(server + "/play/")
    page.select_option("#rummy-ruleset", label="German Rummy for three")
    page.select_option("#rummy-rounds", rounds)
    page.select_option("#rummy-bot_seats", "2")
    page.get_by_role("button", name="Open the table").click()
    page.wait_for_selector("#hand-you .card")


def hand(page):
    return page.eval_on_selector_all("#hand-you [data-card]", "cards => cards.map(c => c.dataset.card)")


def my_turn(page, timeout=20000):
    """Waits for my turn or the round's end; True when it is my turn."""
    page.wait_for_function(MY_TURN_OR_END, timeout=timeout)
    return not page.locator("#hand-end").is_visible()


def play_turn(page):
    """Draw from the stock, lay down the suggested melds when they may go down, then
    discard the last card by tapping it twice."""
    page.locator("#stock").click()
    page.wait_for_selector(PLAY_STEP)
    suggest = page.get_by_role("button", name="Suggest melds")
    if suggest.is_enabled():
        suggest.click()
        lay_down = page.get_by_role("button", name="Lay down")
        if lay_down.is_enabled():
            lay_down.click()
            page.wait_for_selector(PLAY_STEP)
        while page.locator("#staging .unstage").count():  # not enough to come out: put them back
            page.locator("#staging .unstage").first.click()
    card = page.locator("#hand-you .card").last
    card.click()
    card.click()


def test_a_person_and_two_bots_play_a_whole_round(browser, server, shot, three_seats):
    page = new_page(browser, viewport={"width": 1280, "height": 800})
    open_table(page, server)
    assert page.locator("#seats .rummy-plate").count() == 2
    assert len(hand(page)) == 13
    shot(page, "rummy-deal")
    turns = 0
    while my_turn(page):
        play_turn(page)
        turns += 1
        if turns == 3:
            shot(page, "rummy-midround")
        assert turns < 60, "the round never ended"
    dialog = page.locator("#hand-end")
    assert dialog.get_by_role("heading", name="Round 1").is_visible()
    assert dialog.locator(".result-hand").count() == 3
    assert dialog.get_by_role("button", name="Rematch").is_visible()
    shot(page, "rummy-round-end")
    assert "laid down" in page.content() or turns
    assert not page.errors
    page.context.close()
