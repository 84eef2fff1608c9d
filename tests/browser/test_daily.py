import re
from datetime import date

import pytest
from playwright.sync_api import expect

from daily import seeds

pytestmark = pytest.mark.browser


def test_the_daily_page_counts_down_and_the_verify_page_rebuilds_a_deal(browser, server, shot):
    context = browser.new_context(locale="en-US")
    page = context.new_page()
    page.goto(server + "/daily/")
    expect(page.locator("h1")).to_have_text(re.compile("^daily gin$", re.IGNORECASE))
    countdown = page.locator(".countdown")
    expect(countdown).to_have_text(re.compile(r"^\d\d:\d\d:\d\d$"))
    expect(countdown).not_to_have_text(countdown.inner_text())  # it counts down
    expect(page.locator("svg.chart")).to_be_visible()
    shot(page, "daily")

    page.get_by_role("link", name="Verify a deal").click()
    day = date(2024, 3, 1)
    page.get_by_label("Date (a closed day)").fill(day.isoformat())
    page.get_by_role("button", name="Rebuild the deal").click()
    expect(page.locator("#seed-hash")).to_have_text(seeds.seed_hash(seeds.day_seed(day)))
    expect(page.locator("#player-hand .pc")).to_have_count(10)
    expect(page.locator("#stock .pc")).to_have_count(31)
    shot(page, "daily-verify")
    context.close()
