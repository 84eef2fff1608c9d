"""A table of computers alone: its creator watches the turn go round the bots, at the pace the
sweeper plays them, to the round's results."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.table_play import create_room, new_page, sign_up
from tests.browser.test_rummy_table import server_with_sweeper  # noqa: F401 (the fixture)
from tests.games.test_computers_alone import WATCHED_DEAL

pytestmark = pytest.mark.browser


def test_the_watcher_sees_the_turn_go_round_the_bots_to_the_results(
    browser,
    server_with_sweeper,  # noqa: F811 (the fixture imported above)
    rummy_rule_sets,
):
    page = new_page(browser, viewport={"width": 1280, "height": 800})
    name = sign_up(page, server_with_sweeper)
    room = create_room(
        name, ruleset="rummy-three", bot="medium", bot_seats=3, rounds=1, first_seed=WATCHED_DEAL.seed
    )
    page.goto(f"{server_with_sweeper}/r/{room.code}/?t={room.invite_token}")
    expect(page.locator("#table")).to_have_attribute("data-mode", "spectator")
    expect(page.locator("#turn-line")).to_have_text("You are watching this table")
    playing = page.locator("#seats .plate.active .name")
    # On this deal each of the three bots plays one turn, the last going out: the plate of the
    # one to play is lit, from whichever the server picked to start, round the table.
    expect(playing).to_have_text(re.compile(r"^\w+ [123]$"))
    first = int(playing.inner_text()[-1])
    for step in (1, 2):
        expect(playing).to_have_text(re.compile(rf"^\w+ {(first - 1 + step) % 3 + 1}$"), timeout=30_000)
    results = page.locator("#hand-end")
    expect(results).to_be_visible(timeout=60_000)
    expect(results).to_contain_text("wins the match")
    expect(results).to_contain_text("Final score")
    expect(results.get_by_role("button", name="Rematch")).to_have_count(0)  # a watcher has no seat
    assert not page.errors
    page.context.close()
