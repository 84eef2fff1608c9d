"""The end-of-match screen, drawn by the table's own module from a finished match's view
(a whole match to 100 points would take minutes to play)."""

import pytest
from playwright.sync_api import expect

from tests.browser.table_play import new_page, restore_rule_sets, start_computer_game

pytestmark = pytest.mark.browser

FINISHED = """async () => {
  const { renderResult } = await import("/static/js/gin/results.js");
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


# Counts the frames the page's socket receives, by type, before the page's own code sees them.
COUNT_FRAMES = """(() => {
  const Native = window.WebSocket;
  window.framesSeen = {};
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (e) => {
        const type = JSON.parse(e.data).type;
        window.framesSeen[type] = (window.framesSeen[type] || 0) + 1;
      });
    }
  };
})();"""


def test_the_match_end_screen_offers_a_rematch(browser, server, shot):
    restore_rule_sets()
    page = new_page(browser, viewport={"width": 1280, "height": 800})
    page.context.add_init_script(COUNT_FRAMES)
    start_computer_game(page, server, rules="Arcade Gin")
    # Once connected, the socket's opening frames (the room's, then the state) redraw the table
    # and close the dialog: draw the result after them (nothing else comes to a computer game).
    page.wait_for_function("() => window.framesSeen.room >= 1 && window.framesSeen.state >= 1")
    page.evaluate(FINISHED)
    dialog = page.locator("#hand-end")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("You win the match!")
    expect(dialog).to_contain_text("104")
    expect(dialog).to_contain_text("61")
    expect(dialog).to_contain_text("25-point gin bonus")
    expect(dialog.get_by_role("button", name="Rematch")).to_be_visible()
    expect(dialog.get_by_role("link", name="Back to the lobby")).to_be_visible()
    shot(page, "table-match-end")
    page.context.close()


ARCADE_KNOCK = """async () => {
  const { renderResult } = await import("/static/js/gin/results.js");
  const view = JSON.parse(document.getElementById("game-state").textContent).view;
  const record = {
    number: 1, dealer: 1, knock_limit: 10, kind: "knock", knocker: 0, winner: 0, points: 31,
    hands: [[], []],
    melds: [[["4S", "5S", "6S"], ["2H", "3H", "4H", "5H", "6H", "7H", "8H"]], [["9C", "9D", "9S"]]],
    layoffs: [["7S", 0], ["3S", 0]],
    deadwood_cards: [["AC"], ["9C", "9D", "9S", "KD", "QC"]],
    deadwood: [1, 47],
  };
  const shown = { ...view, phase: "hand_over", history: [record], scores: [31, 0] };
  const info = JSON.parse(document.getElementById("room-info").textContent);
  // A dialog of its own: the table's frames open and close #hand-end as they come.
  const dialog = Object.assign(document.createElement("dialog"), { id: "probe", className: "deco-dialog" });
  document.body.append(dialog);
  renderResult(dialog, { view: shown, room: info, you: 0, them: 1, names: ["Ada", "Arcade"] }, {});
}"""


def test_an_arcade_knock_shows_layoffs_in_rank_order_and_the_defenders_melds_as_melds_on_a_phone(
    browser, server, shot
):
    restore_rule_sets()
    page = new_page(browser, viewport={"width": 360, "height": 640})
    start_computer_game(page, server, rules="Arcade Gin")
    page.evaluate(ARCADE_KNOCK)
    dialog = page.locator("#probe")
    expect(dialog).to_be_visible()
    knocker, defender = dialog.locator(".result-hand").all()
    run = knocker.locator(".meld").first.locator(".card")
    expect(run).to_have_count(5)
    names = [run.nth(i).get_attribute("aria-label") for i in range(5)]
    assert names == [
        "three of spades, laid off by the defender",
        "four of spades",
        "five of spades",
        "six of spades",
        "seven of spades, laid off by the defender",
    ]
    # The defender's 9s are a meld (counted in arcade, and said so), not "Unmelded".
    expect(defender.locator(".meld:not(.unmelded)")).to_have_count(1)
    expect(defender.locator(".group-note")).to_have_text("Arcade rules: these melds count too.")
    expect(defender.locator(".unmelded .card")).to_have_count(2)
    expect(defender.locator(".dw")).to_have_text("Deadwood 47")
    # Every card and figure inside the dialog: the 7-card run wraps, nothing is cut off.
    edge = dialog.bounding_box()
    for item in dialog.locator(".card, .dw").all():
        box = item.bounding_box()
        assert edge["x"] <= box["x"] and box["x"] + box["width"] <= edge["x"] + edge["width"], box
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shot(page, "table-arcade-knock-phone")
    assert not page.errors
    page.context.close()
