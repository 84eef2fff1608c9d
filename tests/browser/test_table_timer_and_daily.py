"""The gin table's turn timer, and the Daily Gin's banner on its table."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.table_play import expect_my_turn, new_page, restore_rule_sets, sign_up, start_known_game
from tests.browser.test_a11y import serious_violations
from tests.games.support import UPCARD_PASSED_DEAL

pytestmark = pytest.mark.browser


def test_the_turn_timer_counts_down_at_the_place_of_the_seat_to_play(browser, server, shot):
    restore_rule_sets()
    page = new_page(browser, viewport={"width": 1280, "height": 800})
    # A room with a turn timer (the lobby's computer form has none), on a deal where the player's
    # draw comes after they pass the upcard, and its clock starts.
    start_known_game(page, server, UPCARD_PASSED_DEAL, name="Tess Timer", turn_seconds=120)
    expect(page.locator("#turn-line")).to_have_text("Your turn: take the upcard or pass")
    clock = page.locator("#plate-you .clock")
    expect(clock).to_have_text(re.compile(r"^(1:5\d|2:00)$"))
    first = clock.text_content()
    expect(clock).not_to_have_text(first)  # it counts down
    expect(page.locator("#plate-them .clock")).to_have_count(0)
    expect(clock).not_to_have_class(re.compile(r"\blow\b"))
    shot(page, "table-timer")
    assert serious_violations(page) == []
    page.get_by_role("button", name="Pass").click()  # the computer answers; the clock starts again
    expect_my_turn(page, ": draw")
    expect(clock).to_have_text(re.compile(r"^(1:5\d|2:00)$"))
    expect(page.locator(".daily-banner")).to_have_count(0)  # not a Daily Gin match
    assert not page.errors
    page.context.close()


def test_a_daily_gin_match_says_so_on_its_table(browser, server, shot):
    from django.utils import timezone, translation
    from django.utils.formats import date_format

    from daily import seeds

    restore_rule_sets()
    page = new_page(browser, viewport={"width": 1280, "height": 800})
    sign_up(page, server, "Dee Daily")
    page.goto(server + "/daily/")
    page.get_by_role("button", name="Play today's deal").click()
    expect(page.locator("#hand-you .card").first).to_be_visible()
    banner = page.locator("a.daily-banner")
    with translation.override("en"):
        day = date_format(seeds.today(timezone.now()), "DATE_FORMAT")
    expect(banner).to_have_text(f"Daily Gin – {day}")
    expect(page.locator("#plate-you .clock:not(:empty), #plate-them .clock:not(:empty)")).to_have_count(0)
    shot(page, "table-daily")
    assert serious_violations(page) == []
    banner.click()
    page.wait_for_url(server + "/daily/")
    assert not page.errors
    page.context.close()
