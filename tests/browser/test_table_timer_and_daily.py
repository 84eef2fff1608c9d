"""The gin table's turn timer, and the Daily Gin's banner on its table."""

import re

import pytest

from tests.browser.table_play import create_room, new_page, restore_rule_sets, sign_up
from tests.browser.test_a11y import serious_violations

pytestmark = pytest.mark.browser


def timed_computer_room(name, seconds):
    """A room against the medium bot with a turn timer (the lobby's computer form has none)."""
    return create_room(name, ruleset="gin-classic", bot="medium", turn_seconds=seconds)


def test_the_turn_timer_counts_down_at_the_place_of_the_seat_to_play(browser, server, shot):
    restore_rule_sets()
    page = new_page(browser, viewport={"width": 1280, "height": 800})
    name = sign_up(page, server, "Tess Timer")
    room = timed_computer_room(name, 120)
    page.goto(f"{server}/r/{room.code}/")
    page.wait_for_selector("#hand-you .card")
    page.wait_for_selector("#turn-line:text-is('Your turn: take the upcard or pass')")
    clock = page.locator("#plate-you .clock")
    clock.wait_for()
    assert re.fullmatch(r"(1:5\d|2:00)", clock.text_content())
    first = clock.text_content()
    page.wait_for_function(f"document.querySelector('#plate-you .clock').textContent !== '{first}'")
    assert page.locator("#plate-them .clock").count() == 0
    assert "low" not in clock.get_attribute("class")
    shot(page, "table-timer")
    assert serious_violations(page) == []
    page.get_by_role("button", name="Pass").click()  # the computer answers; the clock starts again
    page.wait_for_selector("#turn-line:text-matches('^Your turn: draw')")
    page.wait_for_function("/^(1:5\\d|2:00)$/.test(document.querySelector('#plate-you .clock')?.textContent)")
    assert page.locator(".daily-banner").count() == 0  # not a Daily Gin match
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
    page.wait_for_selector("#hand-you .card")
    banner = page.locator("a.daily-banner")
    with translation.override("en"):
        day = date_format(seeds.today(timezone.now()), "DATE_FORMAT")
    assert banner.text_content().strip() == f"Daily Gin – {day}"
    assert page.locator("#plate-you .clock, #plate-them .clock").all_text_contents() in ([], [""])
    shot(page, "table-daily")
    assert serious_violations(page) == []
    banner.click()
    page.wait_for_url(server + "/daily/")
    assert not page.errors
    page.context.close()
