"""A table of computers alone: its creator watches the turn go round the bots, at the pace the
sweeper plays them, to the round's results."""

import re
from unittest import mock

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from games.models import Match
from games.services import run
from tests.browser.table_play import create_room, new_page, on_own_thread, sign_up
from tests.browser.test_rummy_table import server_with_sweeper  # noqa: F401 (the fixture)
from tests.games.support import first_deal
from tests.games.test_computers_alone import WATCHED_DEAL

pytestmark = pytest.mark.browser

HELD_MS = 3_600_000  # the first bot's pace while the page loads: an hour


def test_the_watcher_sees_the_turn_go_round_the_bots_to_the_results(
    browser,
    server_with_sweeper,  # noqa: F811 (the fixture imported above)
    rummy_rule_sets,
):
    page = new_page(browser, viewport={"width": 1280, "height": 800})
    name = sign_up(page, server_with_sweeper)
    # On this deal, started by seat 0, each bot plays one turn, the third going out. The bots
    # are held until the page watches: the sweeper plays them 0.8 to 1.5 s apart, and a page
    # slower than that to load (a loaded machine) missed the first turn, then waited for a
    # fourth that never came. The server picks a random start; seat 0 fixes the order.
    with first_deal(WATCHED_DEAL.seed, start=0), mock.patch.object(run, "BOT_PACE_MS", (HELD_MS, HELD_MS)):
        room = create_room(name, ruleset="rummy-three", bot="medium", bot_seats=3, rounds=1)
    page.goto(f"{server_with_sweeper}/r/{room.code}/?t={room.invite_token}")
    expect(page.locator("#table")).to_have_attribute("data-mode", "spectator")
    expect(page.locator("#turn-line")).to_have_text("You are watching this table")
    playing = page.locator("#seats .plate.active .name")  # the plate of the one to play is lit
    expect(playing).to_have_text(re.compile(r"^\w+ 1$"))
    on_own_thread(lambda: Match.objects.filter(room_id=room.pk).update(bots_play_at=timezone.now()))
    for seat in (2, 3):
        expect(playing).to_have_text(re.compile(rf"^\w+ {seat}$"), timeout=30_000)
    results = page.locator("#hand-end")
    expect(results).to_be_visible(timeout=60_000)
    expect(results).to_contain_text("wins the match")
    expect(results).to_contain_text("Final score")
    expect(results.get_by_role("button", name="Rematch")).to_have_count(0)  # a watcher has no seat
    assert not page.errors
    page.context.close()
