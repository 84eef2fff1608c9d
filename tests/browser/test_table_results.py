"""The end-of-match screen, drawn by the table's own module from a finished match's view
(a whole match to 100 points would take minutes to play)."""

import pytest

from tests.browser.table_play import new_page, restore_rule_sets, start_computer_game

pytestmark = pytest.mark.browser

FINISHED = """async () => {
  const { renderResult } = await import("/static/js/table/results.js");
  const view = JSON.parse(document.getElementById("game-state").textContent).view;
  const record = {
    number: 7, dealer: 1, knock_limit: 10, kind: "gin", knocker: 0, winner: 0, points: 37,
    hands: [[], []], layoffs: [],
    melds: [[["2H", "3H", "4H", "5H"], ["9C", "9D", "9S"], ["JS", "QS", "KS"]], [["AC", "AD", "AS"]]],
    deadwood_cards: [[], ["4C", "6D", "8S", "TC"]],
    deadwood: [0, 28],
  };
  const finished = {
    ...view, phase: "match_over", history: [record], scores: [104, 61],
    result: { winner: 0, points: [104, 61], line_bonus: [0, 0], game_bonus: 0, doubled: false, totals: [104, 61] },
  };
  const info = JSON.parse(document.getElementById("room-info").textContent);
  renderResult(document.getElementById("hand-end"), { view: finished, room: info, you: 0, them: 1, names: ["Ada", "Arcade"] }, {});
}"""


def test_the_match_end_screen_offers_a_rematch(browser, server, shot):
    restore_rule_sets()
    page = new_page(browser, viewport={"width": 1280, "height": 800})
    start_computer_game(page, server, rules="Arcade Gin")
    # Once connected, the socket's first room frame redraws the table (and closes the dialog).
    page.wait_for_selector("#table[data-connection=open]")
    page.wait_for_timeout(500)
    page.evaluate(FINISHED)
    dialog = page.locator("#hand-end")
    dialog.wait_for(state="visible")
    text = dialog.inner_text()
    assert "You win the match!" in text
    assert "104" in text and "61" in text
    assert "25-point gin bonus" in text
    assert dialog.get_by_role("button", name="Rematch").is_visible()
    assert dialog.get_by_role("link", name="Back to the lobby").is_visible()
    shot(page, "table-match-end")
    page.context.close()
