"""The Report link in an opponent's name plate opens the report form naming them and the room."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.table_play import new_page, restore_rule_sets, sign_up

pytestmark = pytest.mark.browser


def test_report_link_beside_the_opponents_name_prefills_the_form(browser, server, shot):
    restore_rule_sets()
    ana = new_page(browser, viewport={"width": 1280, "height": 800})
    bo = new_page(browser, viewport={"width": 1280, "height": 800})
    sign_up(ana, server, "Ana Report")
    sign_up(bo, server, "Bo Report")
    ana.goto(server + "/play/")
    ana.select_option("#room-ruleset", label="Classic Gin")
    ana.get_by_role("button", name="Create").click()
    code = re.search(r"/r/([^/]+)/", ana.url).group(1)
    bo.goto(f"{server}/r/{code}/")
    bo.get_by_role("button", name="Take a seat").click()

    plate = ana.locator("#plate-them")
    expect(plate.locator(".name")).to_have_text(re.compile("Bo Report", re.I))
    link = plate.get_by_role("link", name="Report Bo Report")
    expect(link).to_be_visible()
    expect(ana.locator("#plate-you .report-link")).to_have_count(0)  # never oneself
    shot(ana, "table-report-link")

    link.click()
    expect(ana).to_have_url(re.compile(r"/report/\?"))
    expect(ana.get_by_role("heading", level=1)).to_have_text("Report Bo Report")
    expect(ana.get_by_text(f"At room {code}.")).to_be_visible()
    assert not ana.errors and not bo.errors
    ana.context.close()
    bo.context.close()
