import re
from datetime import date

import pytest

from daily import seeds

pytestmark = pytest.mark.browser


def test_the_daily_page_counts_down_and_the_verify_page_rebuilds_a_deal(browser, server, shot):
    context = browser.new_context(locale="en-US")
    page = context.new_page()
    page.goto(server + "/daily/")
    assert page.locator("h1").inner_text().upper() == "DAILY GIN"
    countdown = page.locator(".countdown")
    assert re.fullmatch(r"\d\d:\d\d:\d\d", countdown.inner_text())
    first = countdown.inner_text()
    page.wait_for_function(f"document.querySelector('.countdown').textContent !== '{first}'")
    assert page.locator("svg.chart").is_visible()
    shot(page, "daily")

    page.get_by_role("link", name="Verify a deal").click()
    day = date(2024, 3, 1)
    page.get_by_label("Date (a closed day)").fill(day.isoformat())
    page.get_by_role("button", name="Rebuild the deal").click()
    assert page.locator("#seed-hash").inner_text() == seeds.seed_hash(seeds.day_seed(day))
    assert page.locator("#player-hand .pc").count() == 10 and page.locator("#stock .pc").count() == 31
    shot(page, "daily-verify")
    context.close()
